"""A member alone on the site plays against the computer in a real browser.

The live server runs the embedded runner (its threads play the computer's turns) with a short
pause. Set SCREENSHOTS_DIR to keep the pages it goes through (waiting room, table, end).
"""

import os
from pathlib import Path

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.base import PASSWORD, BrowserTestCase, act_once, version_of

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def keep_screenshot(page: Page, name: str) -> None:
    directory = os.environ.get("SCREENSHOTS_DIR")
    if not directory:
        return
    size = page.viewport_size
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(Path(directory) / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(size)


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.2)
class ComputerGameTests(BrowserTestCase):
    def test_a_member_plays_a_deal_against_the_computer_then_plays_again(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.goto("/salle/")
        expect(page.locator("#computer-game")).to_be_visible()
        keep_screenshot(page, "lobby")

        page.check("#computer-game input[value=fort]")
        page.select_option("#computer-format", "six-deals")
        page.click("#computer-button")
        page.wait_for_url("**/parties/*/")

        expect(page.locator("#player-top .player-name")).to_have_text("Ordinateur (fort)")
        expect(page.locator("#game-kind")).to_have_text("contre l'ordinateur")
        expect(page.locator("#hand button.card")).to_have_count(8)
        # A few tricks, then the whole first deal: the computer answers by itself every time.
        while not page.locator("#deal-summary").is_visible():
            version = version_of(page)
            if version >= 6:
                keep_screenshot(page, "table") if version in (6, 7) else None
            act_once([page])
            page.wait_for_function(
                f"Number(document.getElementById('table').dataset.version) > {version}"
            )
        expect(page.locator("#deal-summary-title")).to_have_text("Fin de la donne 1")
        game = Game.objects.get()
        assert game.origin == Game.Origin.COMPUTER
        computer_moves = game.actions.filter(seat=1).count()
        assert computer_moves >= 8

        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#leave-button")
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#match-end-reason")).to_have_text(
            "Forfait : alice a quitté la partie."
        )
        expect(page.locator("#computer-replay-button")).to_be_visible()
        keep_screenshot(page, "end")

        page.click("#computer-replay-button")
        page.wait_for_url(lambda url: url.endswith(f"/parties/{game.pk + 1}/"))
        expect(page.locator("#player-top .player-name")).to_have_text("Ordinateur (fort)")
        replay = Game.objects.get(pk=game.pk + 1)
        assert (replay.format, replay.seat1_id, replay.is_ranked) == (
            "six-deals",
            game.seat1_id,
            False,
        )

        page.goto("/joueurs/alice/")
        expect(page.locator("table.data-table tbody tr").first).to_contain_text("Ordinateur (fort)")
        keep_screenshot(page, "history")
