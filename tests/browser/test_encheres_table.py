"""A table of *Manille aux enchères* in a real browser, at four and at three: a member opens it
from the waiting room with computer players and plays a whole match.

He bids the maximum (*la vole*) whenever he speaks: nobody can go over it, so he names trump;
when he fails, every defender scores the bid, and after two such deals every other seat has
reached 100: the match ends with him as its loser, which the end says. On the way: the auction's
picker and line, the trump buttons, the legal cards in view at a laptop's and a phone's size,
no card of another hand in the page, axe at zero.
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.engine.variants import variant_get
from games.models import Game
from games.tables.selectors import COMPUTER_SEAT_NAMES
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, keep_screenshot, resize
from tests.browser.test_partnership_table import assert_in_view

# A decision (a bid, trump, a card), a summary to close, or the end.
ASKED_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && (document.querySelector("#announcements button")
            || document.querySelector("#hand-bottom button.card.is-legal")))"""


def hidden_cards(table_id: int) -> set[str]:
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    if state.deal is None or state.is_finished:
        return set()
    played = {played["card"] for played in variant.player_view(state, 0)["plays"]}
    return {
        card
        for other, hand in enumerate(state.deal.hands)
        if other != 0
        for card in hand
        if card not in played
    }


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.05)
class EncheresTableTests(BrowserTestCase):
    def play_a_whole_match(self, label: str, computers: int, maximum: int, name: str) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)
        page.goto("/salle/")
        page.locator("#four-tables label").get_by_text(label, exact=True).click()
        # The default format, 100 (both games share its name: the chosen game's group holds it).
        expect(page.locator("#table-format")).to_have_value("to-100")
        page.click("#table-create-button")
        page.wait_for_url("**/parties/*/")
        table_id = int(page.url.rstrip("/").split("/")[-1])
        # The table's socket is open before its first set-up message is sent.
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        for seat in range(1, computers + 1):
            page.select_option(f"#level-{seat}", "moyen")
            page.click(f"button[data-fill='{seat}']")
            expect(page.locator(f"button[data-fill='{seat}']")).to_have_count(0)
        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        page.click("#draw-panel .overlay-close")

        bids = trumps = 0
        for _turn in range(120):
            page.wait_for_function(ASKED_OR_OVER, timeout=60_000)
            if page.locator("#table").get_attribute("data-status") == "finished":
                break
            if page.locator("#deal-summary").is_visible():
                page.click("#deal-summary-close")
                continue
            shown = set(
                page.locator("[data-card]").evaluate_all(
                    "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
                )
            )
            assert not hidden_cards(table_id) & shown
            version = page.locator("#table").get_attribute("data-version")
            if page.locator("#bid-points").count():
                # The auction: one list of the points allowed, the lowest first.
                options = page.locator("#bid-points option").evaluate_all(
                    "nodes => nodes.map(n => Number(n.value))"
                )
                assert options == sorted(options) and options[-1] == maximum
                if not bids:
                    for size in (PHONE, LAPTOP):
                        resize(page, size)
                        assert_in_view(page, "#announcements button")
                    keep_screenshot(page, f"{name}-auction")
                    assert_accessible(page, f"{name}: the auction")
                page.select_option("#bid-points", str(maximum))
                expect(page.locator("button[data-action='bid']")).to_have_text(
                    f"Enchérir {maximum}"
                )
                page.click("button[data-action='bid']")
                bids += 1
            elif page.locator("#announcements button[data-action='trump']").count():
                expect(page.locator("#announce-info")).to_contain_text(
                    f"Enchère : {maximum} par alice"
                )
                if not trumps:
                    keep_screenshot(page, f"{name}-trump")
                page.locator("#announcements button[data-action='trump']").first.click()
                trumps += 1
            else:
                for size in (PHONE, LAPTOP):
                    resize(page, size)
                    assert_in_view(page, "#hand-bottom button.card.is-legal")
                page.locator("#hand-bottom button.card.is-legal").first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        game = Game.objects.get(pk=table_id)
        assert game.status == Game.Status.FINISHED and game.winner_team is None
        assert bids >= 1 and trumps >= 1
        variant = variant_get(game.variant)
        state = variant.state_from_json(game.state)
        page.wait_for_function("!document.getElementById('match-end').hidden", timeout=15_000)
        loser = state.loser
        expected = (
            "Vous perdez la partie."
            if loser == 0
            else f"Vous gagnez : {COMPUTER_SEAT_NAMES[loser]} (moyen) perd la partie."
        )
        expect(page.locator("#match-end-title")).to_have_text(expected)
        expect(page.locator("#match-end-reason")).to_contain_text("dernier à ne pas avoir atteint")
        for size in (PHONE, LAPTOP):
            resize(page, size)
            assert_in_view(page, "#lobby-link")
        keep_screenshot(page, f"{name}-match-end")
        assert_accessible(page, f"{name}: the end of the match")

    def test_a_whole_match_at_four(self) -> None:
        self.play_a_whole_match("Manille aux enchères", 3, 68, "encheres")

    def test_a_whole_match_at_three(self) -> None:
        self.play_a_whole_match("Manille aux enchères à trois", 2, 70, "encheres-3")
