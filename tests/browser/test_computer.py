"""A member alone on the site plays against the computer in a real browser.

The live server runs the embedded runner (its threads play the computer's turns) with a short
pause. Set SCREENSHOTS_DIR to keep the pages it goes through (waiting room, table, end).
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Game
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    act_once,
    keep_screenshot,
    leave_table,
    resize,
    version_of,
)
from tests.browser.test_partnership_table import assert_in_view

# The member has a decision to make, or the first deal is over.
ASKED_OR_OVER = """() => !document.getElementById("deal-summary").hidden
    || document.querySelector("#announcements button.announce")
    || document.querySelector("#felt button.card.is-legal:not([aria-disabled])")"""


def decide_when_asked(page: Page) -> bool:
    """Wait for the member's next decision (the computer plays by itself meanwhile) and make
    it; return False once the first deal is over."""
    page.wait_for_function(ASKED_OR_OVER, timeout=30_000)
    if page.locator("#deal-summary").is_visible():
        return False
    version = version_of(page)
    try:
        act_once([page])
    except (PlaywrightTimeoutError, AssertionError):
        # The table moved on between seeing the decision and clicking it: look again.
        return True
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) > {version}")
    return True


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.2)
class ComputerGameTests(BrowserTestCase):
    def test_a_member_plays_a_deal_against_the_computer_then_plays_again(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.goto("/salle/")
        expect(page.locator("#computer-game")).to_be_visible()
        keep_screenshot(page, "lobby", full_page=True)

        # The level is a segmented choice: a person clicks its label.
        page.locator("#computer-game label[for=id_level_2]").click()
        expect(page.locator("#computer-game input[value=fort]")).to_be_checked()
        page.select_option("#computer-format", "six-deals")
        page.click("#computer-button")
        page.wait_for_url("**/parties/*/")

        expect(page.locator("#player-top .player-name")).to_have_text("Louise (fort)")
        expect(page.locator("#game-kind")).to_have_text("contre l'ordinateur")
        expect(page.locator("#hand-bottom button.card")).to_have_count(8)
        # A few tricks, then the whole first deal: the computer answers by itself every time.
        for _turn in range(200):
            if not decide_when_asked(page):
                break
            if version_of(page) in (6, 7):
                keep_screenshot(page, "table")
        expect(page.locator("#deal-summary-title")).to_have_text("Fin de la donne 1")
        game = Game.objects.get()
        assert game.origin == Game.Origin.COMPUTER
        computer_moves = game.actions.filter(seat=1).count()
        assert computer_moves >= 8

        leave_table(page)
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#match-end-reason")).to_have_text(
            "Forfait : alice a quitté la partie."
        )
        # Rejouer: the same game against the same computer, at once.
        expect(page.locator("#again-button")).to_be_visible()
        expect(page.locator("#rematch-button")).to_be_hidden()
        keep_screenshot(page, "end")
        # The deals opened from the end go back to it, with Rejouer, when closed (by the button
        # or Escape); the table seen behind a closed end keeps a way back to it.
        for close in ("#history .overlay-close", "Escape"):
            page.click("#match-end-history")
            expect(page.locator("#history")).to_be_visible()
            if close == "Escape":
                page.keyboard.press("Escape")
            else:
                page.click(close)
            expect(page.locator("#history")).to_be_hidden()
            expect(page.locator("#again-button")).to_be_visible()
        page.click("#match-end .overlay-close")
        expect(page.locator("#match-end")).to_be_hidden()
        for size in (PHONE, LAPTOP):
            resize(page, size)
            assert_in_view(page, "#result-button")
        keep_screenshot(page, "end-closed")
        page.click("#result-button")
        expect(page.locator("#again-button")).to_be_visible()

        page.click("#again-button")
        page.wait_for_url(lambda url: url.endswith(f"/parties/{game.pk + 1}/"))
        expect(page.locator("#player-top .player-name")).to_have_text("Louise (fort)")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        replay = Game.objects.get(pk=game.pk + 1)
        assert (replay.format, replay.player_at(1).pk, replay.is_ranked, replay.origin) == (
            "six-deals",
            game.player_at(1).pk,
            False,
            Game.Origin.COMPUTER,
        )

        page.goto("/joueurs/alice/")
        expect(page.locator("table.data-table tbody tr").first).to_contain_text("Louise (fort)")
        keep_screenshot(page, "history", full_page=True)
