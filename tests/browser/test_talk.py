"""Table talk in a real browser: two members at one table, one on a laptop and one on a phone,
say preset phrases to each other; a bubble by the speaker's name covers neither the reader's
cards nor his decisions; the switch hides the others' phrases; the sixth in a row is refused."""

import random
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.lobby import services as lobby
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    close_overlays,
    in_view,
    leave_table,
)
from tests.browser.base import keep_screenshot as keep

PHRASES = {
    "desole": "Désolé !",
    "bonjour": "Bonjour !",
    "bonne_chance": "Bonne chance !",
    "merci": "Merci !",
    "plus_vite": "Plus vite, s'il vous plaît ?",
    "bien_joue": "Bien joué !",
}

# What a bubble must never cover on the reader's page.
PROTECTED = ("#hand-bottom", "#stacks-bottom", "#announcements")


def say(page: Page, phrase: str) -> None:
    page.click("#talk-button")
    page.click(f"#talk-panel button[data-phrase={phrase}]")


def boxes_overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def assert_bubble_by_the_top_seat(page: Page, seat: int, text: str) -> None:
    """The opponent's phrase: beside his name, in the window, over none of PROTECTED."""
    bubble = page.locator(f".talk-bubble[data-seat='{seat}']")
    expect(bubble).to_have_text(text)
    in_view(page, bubble)
    box = bubble.bounding_box()
    name = page.locator("#player-top").bounding_box()
    near = {"x": name["x"] - 12, "y": name["y"] - 12}
    near |= {"width": name["width"] + 24, "height": name["height"] + 24}
    assert boxes_overlap(box, near), (box, name)
    for selector in PROTECTED:
        for index in range(page.locator(selector).count()):
            other = page.locator(selector).nth(index).bounding_box()
            assert other is None or not boxes_overlap(box, other), (selector, box, other)


class TalkTests(BrowserTestCase):
    def member_page(self, username: str, viewport: dict) -> Page:
        return self.log_in(username, viewport=viewport)

    def test_two_members_see_each_others_phrases_until_one_mutes_them(self) -> None:
        alice, bob = (
            get_user_model().objects.create_user(
                username=name, email=f"{name}@example.com", password=PASSWORD
            )
            for name in ("alice", "bob")
        )

        def start():
            game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
            return lobby.game_join(game_id=game.pk, user=bob, rng=random.Random(5))

        # Services broadcast through async_to_sync, which Playwright's loop forbids here.
        with ThreadPoolExecutor(max_workers=1) as pool:
            game = pool.submit(start).result()
        alice_seat, bob_seat = game.seat_of(alice), game.seat_of(bob)
        alice_page, bob_page = self.member_page("alice", LAPTOP), self.member_page("bob", PHONE)
        for page in (alice_page, bob_page):
            page.goto(f"/parties/{game.pk}/")
            expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
            close_overlays(page)

        # The panel: the phrases of a table without partners (no *Bravo partenaire*), the switch.
        alice_page.click("#talk-button")
        expect(alice_page.locator("#talk-panel")).to_be_visible()
        expect(alice_page.locator("#talk-button")).to_have_attribute("aria-expanded", "true")
        expect(alice_page.locator(".talk-phrase")).to_have_count(8)
        expect(alice_page.locator("[data-phrase=bravo_partenaire]")).to_have_count(0)
        in_view(alice_page, alice_page.locator("#talk-panel"))
        assert_accessible(alice_page, "talk panel")
        keep(alice_page, "talk-panel")
        alice_page.click("#talk-panel button[data-phrase=bien_joue]")
        expect(alice_page.locator("#talk-panel")).to_be_hidden()

        # Bob, on a phone, reads it by alice's name, and hears it.
        assert_bubble_by_the_top_seat(bob_page, alice_seat, "Bien joué !")
        expect(bob_page.locator("#talk-announcer")).to_have_text("alice : Bien joué !")
        assert_accessible(bob_page, "talk bubble")
        keep(bob_page, "talk-bubble")

        # Alice, on a laptop, reads bob's answer.
        say(bob_page, "merci")
        assert_bubble_by_the_top_seat(alice_page, bob_seat, "Merci !")

        # Bob mutes the others: kept on his account; alice's next phrase never reaches his eyes,
        # his own still shows.
        bob_page.click("#talk-button")
        bob_page.check("#talk-mute")
        expect(bob_page.locator("#table")).to_have_attribute("data-talk-muted", "true")
        bob.refresh_from_db()
        assert bob.is_table_talk_muted is True
        bob_page.keyboard.press("Escape")
        expect(bob_page.locator("#talk-panel")).to_be_hidden()
        say(alice_page, "oups")
        expect(alice_page.locator(f".talk-bubble[data-seat='{alice_seat}']")).to_contain_text(
            "Oups !"
        )
        say(bob_page, "bonne_chance")
        expect(bob_page.locator(f".talk-bubble[data-seat='{bob_seat}']")).to_contain_text(
            "Bonne chance !"
        )
        expect(bob_page.locator("#talk-announcer")).to_have_text("bob : Bonne chance !")
        expect(bob_page.locator(".talk-bubble", has_text="Oups")).to_have_count(0)
        keep(bob_page, "talk-own-bubble-muted")

        # Alice goes on talking: five phrases in ten seconds, then one is refused in the panel,
        # with the wait, and the table's own error line stays free.
        for phrase in ("desole", "bonjour", "bonne_chance", "merci", "plus_vite", "bien_joue"):
            say(alice_page, phrase)
            alice_page.wait_for_function(
                "text => document.getElementById('talk-announcer').textContent === text"
                " || document.getElementById('talk-status').textContent !== ''",
                arg=f"alice : {PHRASES[phrase]}",
            )
            if alice_page.locator("#talk-status").inner_text():
                break
        expect(alice_page.locator("#talk-status")).to_contain_text("Trop de phrases d'affilée")
        expect(alice_page.locator("#talk-panel")).to_be_visible()
        expect(alice_page.locator("#rule-error")).to_be_hidden()
        assert_accessible(alice_page, "talk refused")
        keep(alice_page, "talk-refused")
        alice_page.keyboard.press("Escape")

        # The end of the match covers the table: bob's thanks show above its box, with his name.
        leave_table(alice_page)
        for page in (alice_page, bob_page):
            expect(page.locator("#match-end")).to_be_visible()
        say(bob_page, "merci_partie")
        thanks = alice_page.locator("#talk-over-box .talk-bubble")
        expect(thanks).to_have_text("bob : Merci pour la partie !")
        in_view(alice_page, thanks)
        assert_accessible(alice_page, "talk over the end of the match")
        keep(alice_page, "talk-over-the-end")
