"""The table from the keyboard, the first game's hints and the lone card played by itself, in a
real browser against the computer (docs/table.md, *Keyboard*, *First-game hints*).

Each game is started through the services (the waiting room's path is tested elsewhere); the
embedded runner plays the computer's turns. Set SCREENSHOTS_DIR to keep the states shown.
"""

import random
import re

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Page, expect

from games.models import Game
from games.robots.services import computer_game_start
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    in_view_at_both_sizes,
    keep_screenshot,
    version_of,
)

# The member has a decision to make, or the first deal is over.
ASKED_OR_OVER = """() => !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && (document.querySelector("#announcements button.announce")
            || document.querySelector("#felt button.card.is-legal")))"""

# The focus is on the player's first legal card (or his first decision).
FOCUS_ON_TURN = """() => document.activeElement
    && document.activeElement.matches("#felt button.card.is-legal, #announcements button")"""

# The announcements a test makes: trump, or pass (no buque, no roll: a short deal).
TRUMP_OR_PASS = "#announcements button[data-action=trump], #announcements button[data-action=pass]"


def wait_for_new_version(page: Page, version: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) > {version}")


def keys_to_reach(index: int, count: int) -> list[str]:
    """The keys that take the focus from the first legal card to the `index`-th of `count`."""
    if index < 10:
        return [str((index + 1) % 10)]
    return ["ArrowLeft"] * (count - index)


class KeyCounter:
    """Press keys on a page, counting them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.1)
class KeyboardTests(BrowserTestCase):
    def start_game(
        self, username: str, *, size: dict, is_new: bool = False, plays_lone_card: bool = False
    ) -> Page:
        """A member at a new game against the computer, his table open at `size`: a new
        member sees the first game's hints."""
        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        user.dismissed_hints = [] if is_new else ["trump", "buque", "card"]
        user.plays_lone_card = plays_lone_card
        user.save(update_fields=["dismissed_hints", "plays_lone_card"])
        page = self.log_in(username)
        page.set_viewport_size(size)
        game = computer_game_start(
            user=user, level="facile", format="first-to-71", rng=random.Random(7)
        )
        page.goto(f"/parties/{game.pk}/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        return page

    def test_a_whole_deal_is_played_from_the_keyboard_each_card_two_keys_away(self) -> None:
        # The lone card played by itself is on: the last trick's card at least goes alone.
        page = self.start_game("alice", size=LAPTOP, plays_lone_card=True)
        expect(page.locator("#lone-card-button")).to_have_attribute("aria-pressed", "true")
        keys = KeyCounter(page)
        # The first dealer's draw is a box over the table: Escape closes it.
        expect(page.locator("#draw-panel")).to_be_visible()
        keys.press("Escape")
        expect(page.locator("#draw-panel")).to_be_hidden()
        cards_played = 0
        announcements_made = 0
        shot_taken = False
        for _turn in range(60):
            page.wait_for_function(ASKED_OR_OVER, timeout=30_000)
            if page.locator("#deal-summary").is_visible():
                break
            version = version_of(page)
            decisions = page.locator("#announcements button.announce")
            legal = page.locator("#felt button.card.is-legal")
            if not decisions.count() and legal.count() <= 1:
                # A lone legal card: the table plays it by itself, no key (it may have already).
                if legal.count():
                    wait_for_new_version(page, version)
                continue
            # On the player's turn his hand (or his decision) has the focus: no key needed.
            page.wait_for_function(FOCUS_ON_TURN)
            if decisions.count():
                # Each announcement is one key, the letter shown on its button.
                choice = page.locator(TRUMP_OR_PASS).first
                letter = choice.get_attribute("data-key")
                expect(choice.locator("kbd")).to_have_attribute("data-label", letter.upper())
                assert choice.get_attribute("aria-keyshortcuts") == letter
                if not shot_taken:
                    keep_screenshot(page, "keys-announcements")
                before = keys.count
                keys.press(letter)
                wait_for_new_version(page, version)
                assert keys.count - before == 1
                announcements_made += 1
                continue
            count = legal.count()
            expect(legal.first).to_be_focused()
            # Every legal card is at most two keys from the first: 1 to 9 and 0 (shown on the
            # cards once the keyboard is used), the last ones Left from the first.
            for index in range(count):
                page.keyboard.press("1")
                path = keys_to_reach(index, count)
                assert len(path) <= 2
                for key in path:
                    keys.press(key)
                expect(legal.nth(index)).to_be_focused()
                if index < 10:
                    expect(legal.nth(index).locator("kbd.card-key")).to_have_attribute(
                        "data-label", path[0]
                    )
                    expect(legal.nth(index).locator("kbd.card-key")).to_be_visible()
            if count > 1 and not shot_taken:
                keep_screenshot(page, "keys-cards")
                assert_accessible(page, "a card to play from the keyboard")
                shot_taken = True
            # ...and played with Enter: two keys for any of them.
            chosen = cards_played % min(count, 10)
            card = legal.nth(chosen).get_attribute("data-card")
            before = keys.count
            keys.press(str((chosen + 1) % 10))
            keys.press("Enter")
            wait_for_new_version(page, version)
            assert keys.count - before == 2
            expect(page.locator(f"#felt button.card[data-card='{card}']")).to_have_count(0)
            cards_played += 1
        expect(page.locator("#deal-summary")).to_be_visible()
        assert announcements_made >= 1
        assert shot_taken
        # Sixteen tricks in the two-player deal (a hand of eight, eight cards on the stacks):
        # those not played from the keyboard went by themselves, each once.
        game = Game.objects.get()
        assert game.actions.filter(seat=0, payload__type="play").count() == 16
        assert 16 - cards_played >= 1

    def test_the_first_game_explains_itself_once(self) -> None:
        page = self.start_game("bruno", size=PHONE, is_new=True)
        page.locator("#draw-panel .overlay-close").click()
        user = get_user_model().objects.get(username="bruno")
        # The lone card played by itself: off by default, switched on for the account (under
        # Réglages, which Escape folds again).
        page.locator("#table-settings summary").click()
        switch = page.locator("#lone-card-button")
        expect(switch).to_have_attribute("aria-pressed", "false")
        expect(switch).to_have_text("Carte seule : non")
        with page.expect_response("**/compte/table/"):
            switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        expect(switch).to_have_text("Carte seule : auto")
        assert_accessible(page, "settings open")
        keep_screenshot(page, "settings-open")
        user.refresh_from_db()
        assert user.plays_lone_card
        page.keyboard.press("Escape")
        expect(switch).to_be_hidden()
        seen = []
        for _turn in range(30):
            page.wait_for_function(ASKED_OR_OVER, timeout=30_000)
            hint = page.locator("#table-hint")
            expect(hint).to_be_visible()
            name = hint.get_attribute("data-hint")
            assert name not in seen
            if name == "card":
                # What is allowed and why: the lead, or the cards the follower rule leaves.
                if page.locator("#trick .played").count():
                    allowed = page.locator("#felt button.card.is-legal")
                    label = allowed.first.locator(".corner").inner_text().replace("\n", "")
                    expect(hint).to_contain_text(
                        re.compile(f"{re.escape(label)}|toutes vos cartes sont permises")
                    )
                else:
                    expect(hint).to_contain_text("Vous entamez le pli")
                decision = "#felt button.card.is-legal, #table-hint, #player-bottom"
            else:
                assert page.locator("#announcements button.announce").count()
                decision = "#announcements button.announce, #table-hint, #player-bottom"
            # The hint never hides the decision it explains.
            in_view_at_both_sizes(page, decision)
            keep_screenshot(page, f"hint-{name}")
            assert_accessible(page, f"the {name} hint")
            # Compris: the account keeps it.
            with page.expect_response("**/compte/conseils/") as response:
                page.click("#table-hint-dismiss")
            assert response.value.ok
            expect(hint).to_be_hidden()
            seen.append(name)
            user.refresh_from_db()
            assert name in user.dismissed_hints
            if name == "card":
                break
            # The decision itself, taken after the hint.
            version = version_of(page)
            page.locator(TRUMP_OR_PASS).first.click()
            wait_for_new_version(page, version)
        assert "card" in seen and len(seen) >= 2
        # Never again: not after a reload.
        page.reload()
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        page.wait_for_function(ASKED_OR_OVER, timeout=30_000)
        expect(page.locator("#felt button.card.is-legal").first).to_be_visible()
        expect(page.locator("#table-hint")).to_be_hidden()
