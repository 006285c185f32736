"""Issue 22's small rows, each at the size it concerns: the compact header at the table on a
phone (row 8), leaving through the page's own dialog (12c), the replay's names and width (6),
and the phone waiting room with who is here near the top (12b). The English words (row 5) and
the confirmation link used twice (12d) are checked without a browser (tests/test_english_words.py,
tests/accounts/test_registration.py)."""

import random
import re

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.models import Game
from games.robots.services import computer_game_start
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, close_overlays
from tests.games.partnership_helpers import full_table, play_out


def member(username: str):
    return get_user_model().objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD
    )


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# The finished games are played out here, without the computers' pause.
@override_settings(COMPUTER_PAUSE_SCALE=0)
class PolishTests(BrowserTestCase):
    def test_the_phone_table_has_a_one_line_header_and_leaving_asks_in_the_page(self) -> None:
        alice = member("alice")
        game = computer_game_start(
            user=alice, level="facile", format="six-deals", rng=random.Random(3)
        )
        page = self.log_in("alice")
        page.set_viewport_size(PHONE)
        page.goto(f"/parties/{game.pk}/")
        expect(page.locator("#hand-bottom button.card")).to_have_count(8)
        close_overlays(page)
        expect(page.locator("#draw-panel")).to_be_hidden()

        # Row 8: the logo and Menu on one line; the navigation waits behind the button.
        header = page.locator("#site-header").bounding_box()
        assert header["height"] <= 56, header
        expect(page.locator("#site-nav")).to_be_hidden()
        menu = page.locator("#site-menu-button")
        expect(menu).to_have_attribute("aria-expanded", "false")
        menu.click()
        expect(menu).to_have_attribute("aria-expanded", "true")
        expect(
            page.locator("#site-nav").get_by_role("link", name="Salle d'attente")
        ).to_be_visible()
        assert_accessible(page, "phone table, menu open")
        page.keyboard.press("Escape")
        expect(page.locator("#site-nav")).to_be_hidden()
        expect(menu).to_be_focused()
        # The table's bar under it: its tools on one line (the game's number is in the page's
        # title), what is played on the next.
        tools = [box.bounding_box() for box in page.locator(".table-tools .tool:visible").all()]
        tops = [box["y"] for box in tools]
        assert max(tops) - min(tops) < 4, tools
        assert page.locator(".table-bar").bounding_box()["height"] <= 60

        # 12c: the page's own dialog, Rester first; Escape keeps the seat.
        browser_dialogs = []
        page.on("dialog", lambda dialog: (browser_dialogs.append(dialog.message), dialog.dismiss()))
        page.click("#leave-button")
        dialog = page.locator("#leave-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Quitter la partie ? Vous la perdez par forfait.")
        expect(page.locator("#leave-stay")).to_be_focused()
        assert_accessible(page, "leave dialog")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        page.click("#leave-button")
        page.locator("#leave-stay").click()
        expect(dialog).to_be_hidden()
        game.refresh_from_db()
        assert game.status == Game.Status.IN_PROGRESS

        # On a laptop the header is whole, without the Menu button.
        page.set_viewport_size(LAPTOP)
        expect(page.locator("#site-nav")).to_be_visible()
        expect(menu).to_be_hidden()

        page.click("#leave-button")
        dialog.get_by_role("button", name="Quitter la partie").click()
        expect(page.locator("#table")).to_have_attribute("data-status", "finished")
        game.refresh_from_db()
        assert game.forfeit_seat == 0
        assert browser_dialogs == []

    def test_the_replays_name_their_players_and_fit_a_laptop(self) -> None:
        alice = member("alice")
        two = play_out(
            computer_game_start(
                user=alice, level="facile", format="six-deals", rng=random.Random(3)
            ),
            rng=random.Random(5),
        )
        bob = member("bob")
        four = play_out(
            full_table(host=bob, computers=3, variant="manille-flemish", format="boom-61"),
            rng=random.Random(4),
        )
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)

        # Two players: display names only, the deals beside the table without a sideways scroll.
        page.goto(f"/parties/{two.pk}/revoir/")
        computer = page.locator("#player-top .player-name").inner_text()
        expect(page.locator("#replay-deals-head th[data-team='1']")).to_have_text(computer)
        assert page_width(page) <= LAPTOP["width"]
        page.select_option("#replay-deal", index=page.locator("#replay-deal option").count() - 1)
        while page.locator("#replay-next-trick").is_enabled():
            page.click("#replay-next-trick")
        expect(page.locator("#replay-result")).not_to_have_text("")
        assert page_width(page) <= LAPTOP["width"]
        assert "ordinateur-" not in page.locator("body").inner_text()
        deals = page.locator(".replay-deals").bounding_box()
        assert deals["x"] + deals["width"] <= LAPTOP["width"], deals

        # Four players: the teams by their players' names, not numbers; the dealer who must
        # name the atout is tagged the dealer, and the turn line says what he must do.
        page.goto(f"/parties/{four.pk}/revoir/")
        head = page.locator("#replay-deals-head")
        expect(head).to_contain_text("bob")
        expect(head).not_to_contain_text("Équipe")
        dealer = page.locator(".player-card", has_text="donneur")
        expect(dealer).to_have_count(1)
        expect(dealer).not_to_contain_text("à jouer")
        dealer_name = dealer.locator(".player-name").inner_text()
        expect(page.locator("#dealer-info")).to_contain_text(dealer_name)
        expect(page.locator("#turn-text")).to_contain_text(dealer_name)
        expect(page.locator("#turn-text")).to_contain_text("nommer l'atout")
        assert page_width(page) <= LAPTOP["width"]
        assert "ordinateur-" not in page.locator("body").inner_text()
        assert_accessible(page, "four-player replay")

    def test_the_phone_waiting_room_puts_who_is_here_near_the_top(self) -> None:
        member("alice")
        page = self.log_in("alice")
        page.set_viewport_size(PHONE)
        page.goto("/salle/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")

        # 12b: Présents (and its Défier buttons) before the forms, within the first screen.
        present = page.locator("#present-title").bounding_box()
        assert present["y"] < page.locator("#create-title").bounding_box()["y"]
        assert present["y"] + present["height"] <= PHONE["height"]
        # The games of the tables in two even columns, each row aligned.
        labels = page.locator("#table-form .segmented label")
        boxes = [labels.nth(index).bounding_box() for index in range(labels.count())]
        assert len({round(box["x"]) for box in boxes}) == 2, boxes
        assert len({round(box["width"]) for box in boxes}) == 1, boxes
        for left, right in zip(boxes[::2], boxes[1::2], strict=False):
            assert round(left["y"]) == round(right["y"]), (left, right)
        assert page_width(page) <= PHONE["width"]
        assert_accessible(page, "phone waiting room")

        # 12a: the championships of a fresh site say what to expect.
        page.goto("/tournois/")
        expect(page.locator("#tournament-intro")).to_contain_text(
            "L'équipe du site annonce chaque championnat"
        )
        assert_accessible(page, "championships, none yet")

    def test_the_english_table_uses_the_game_words_as_terms_without_glosses(self) -> None:
        # Row 5: atout, rouler, pli, donne stay French, in English sentences, never glossed twice.
        alice = member("alice")
        alice.preferred_language = "en"
        alice.save(update_fields=["preferred_language"])
        game = computer_game_start(
            user=alice, level="facile", format="six-deals", rng=random.Random(3)
        )
        page = self.log_in("alice")
        page.context.add_cookies(
            [{"name": "django_language", "value": "en", "url": self.live_server_url}]
        )
        for size in (LAPTOP, PHONE):
            page.set_viewport_size(size)
            page.goto(f"/parties/{game.pk}/")
            expect(page.locator("#hand-bottom button.card")).to_have_count(8)
            close_overlays(page)
            expect(page.locator("#turn-text")).to_have_text(
                re.compile(r"'s turn: name the atout, or rouler$")
            )
            expect(page.locator("#table-format")).to_have_text("6 donnes")
            felt = page.locator("#felt").inner_text()
            assert not re.search(r"\btrumps?\b|\btricks?\b|\s:\s", felt), felt
            assert_accessible(page, f"English table at {size['width']}")
