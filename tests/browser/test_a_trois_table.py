"""A table of *Manille à trois* in a real browser: a member opens it from the waiting room with
two computer players and plays a whole deal, then leaves.

Three seats around the table (the next seat on the player's right: the French games go
counter-clockwise), the pair of sevens out of the deck named, the turned-up trump, the deal's
summary by player; no card of another hand is ever in the page; the legal cards are in view at a
laptop's and a phone's size; axe finds nothing.
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.engine.variants import variant_get
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    keep_screenshot,
    leave_table,
    resize,
)
from tests.browser.test_partnership_table import assert_in_view

ASKED_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && document.querySelector("#hand-bottom button.card.is-legal"))"""


def hidden_cards(table_id: int) -> set[str]:
    """The cards seat 0 may not know now: the two other hands (but the turned-up card and the
    cards played)."""
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    view = variant.player_view(state, 0)
    public = {played["card"] for played in view["plays"]}
    if view["turned_up"]:
        public.add(view["turned_up"]["card"])
    return {card for other in (1, 2) for card in state.deal.hands[other] if card not in public}


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.1)
class ATroisTableTests(BrowserTestCase):
    def test_a_member_plays_a_whole_deal_at_three_then_leaves(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)
        page.goto("/salle/")
        block = page.locator("#four-tables")
        block.locator("label", has_text="Manille à trois").click()
        expect(page.locator("#table-option-sevens_removed")).to_be_checked()
        expect(block.get_by_role("link", name="Manille à trois")).to_have_attribute(
            "href", "/regles/manille-a-trois/"
        )
        page.click("#table-create-button")
        page.wait_for_url("**/parties/*/")
        table_id = int(page.url.rstrip("/").split("/")[-1])
        # The table's socket is open before its first set-up message is sent.
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        expect(page.locator("#table")).to_have_attribute("data-layout", "three")
        for seat in (1, 2):
            page.select_option(f"#level-{seat}", "moyen")
            page.click(f"button[data-fill='{seat}']")
            expect(page.locator(f"button[data-fill='{seat}']")).to_have_count(0)
        # Two computers of one level, each named after its seat.
        expect(page.locator("#player-right .player-name")).to_have_text("Louise (moyen)")
        expect(page.locator("#player-left .player-name")).to_have_text("Hugo (moyen)")
        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        page.click("#draw-panel .overlay-close")
        # Seat 1 plays after seat 0: on his right, counter-clockwise.
        expect(page.locator("#seat-right")).to_have_attribute("data-place", "right")
        expect(page.locator("#hand-right")).to_have_attribute("data-seat", "1")
        expect(page.locator("#announce-info")).to_contain_text("Sans les 7")
        expect(page.locator("#turned-up-info")).to_contain_text("Carte retournée")

        shot = False
        for _turn in range(40):
            page.wait_for_function(ASKED_OR_OVER, timeout=60_000)
            if page.locator("#deal-summary").is_visible():
                expect(page.locator("#deal-summary-title")).to_contain_text("Fin de la donne")
                # One column per player, three of them.
                expect(page.locator("#summary-head th[data-team]")).to_have_count(3)
                keep_screenshot(page, "a-trois-deal-end")
                assert_accessible(page, "à trois: the end of a deal")
                break
            shown = set(
                page.locator("[data-card]").evaluate_all(
                    "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
                )
            )
            assert not hidden_cards(table_id) & shown
            for size in (PHONE, LAPTOP):
                resize(page, size)
                assert_in_view(page, "#hand-bottom button.card.is-legal")
            if not shot and page.locator("#trick .played").count() >= 1:
                shot = True
                keep_screenshot(page, "a-trois-play")
                assert_accessible(page, "à trois: the table in play")
            version = page.locator("#table").get_attribute("data-version")
            page.locator("#hand-bottom button.card.is-legal").first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        else:
            raise AssertionError("the deal did not end")
        assert shot
        game = Game.objects.get(pk=table_id)
        assert game.actions.filter(kind="action", seat=0).count() == 10
        page.click("#deal-summary-close")
        # Leaving forfeits: the match ends at once, the member lost it.
        leave_table(page)
        page.wait_for_function("!document.getElementById('match-end').hidden", timeout=15_000)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.forfeit_seat == 0
        keep_screenshot(page, "a-trois-match-end")
