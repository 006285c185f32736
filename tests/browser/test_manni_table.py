"""A table of Manni in a real browser: a member opens it from the waiting room with two computer
players and plays a whole match, to 10 plus points.

At each deal he picks cards to give back to the Manni (two, or fewer than his limit allows) and
confirms, then plays; the cut card and its contract are in the deal's line, the summaries count
plus and minus points; no card of another hand, another seat's discards or the Manni's is ever
in the page; the decisions are in view at a laptop's and a phone's size; axe finds nothing.
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.engine.variants import variant_get
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, keep_screenshot, resize
from tests.browser.test_partnership_table import assert_in_view

ASKED_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && (document.querySelector("#announcements button")
            || document.querySelector("#hand-bottom button.card.is-legal")))"""


def secret_cards(table_id: int) -> set[str]:
    """The cards seat 0 may not know now: the other hands, the Manni, the others' discards."""
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    if state.deal is None or state.is_finished:
        return set()
    view = variant.player_view(state, 0)
    known = set(view["hand"]) | set(view["discards"]) | {p["card"] for p in view["plays"]}
    known.add(view["cut"])
    return set(state.deal.deck) - known


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.05)
class ManniTableTests(BrowserTestCase):
    def test_a_member_plays_a_whole_match_of_manni(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)
        page.goto("/salle/")
        page.locator("#four-tables label").get_by_text("Manni", exact=True).click()
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
        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        page.click("#draw-panel .overlay-close")

        exchanges = 0
        for _turn in range(400):
            page.wait_for_function(ASKED_OR_OVER, timeout=60_000)
            if page.locator("#table").get_attribute("data-status") == "finished":
                break
            if page.locator("#deal-summary").is_visible():
                # Plus and minus points, one column per player.
                expect(page.locator("#summary-body [data-row='plus']")).to_have_count(3)
                if exchanges == 1:
                    keep_screenshot(page, "manni-deal-end")
                page.click("#deal-summary-close")
                continue
            shown = set(
                page.locator("[data-card]").evaluate_all(
                    "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
                )
            )
            assert not secret_cards(table_id) & shown
            version = page.locator("#table").get_attribute("data-version")
            exchange = page.locator("button[data-action='exchange']")
            if exchange.count():
                expect(page.locator("#announce-info")).to_contain_text("Coupe")
                expect(exchange).to_have_text("Garder mes cartes")
                cards = page.locator("#hand-bottom button.card")
                cards.nth(0).click()
                cards.nth(1).click()
                expect(exchange).to_have_text("Échanger 2 cartes")
                # A second click puts a card back; a third takes it again.
                cards.nth(1).click()
                expect(exchange).to_have_text("Échanger 1 carte")
                cards.nth(1).click()
                picked = page.locator("#hand-bottom button.card.is-picked").evaluate_all(
                    "nodes => nodes.map(n => n.dataset.card)"
                )
                assert len(picked) == 2
                if not exchanges:
                    for size in (PHONE, LAPTOP):
                        resize(page, size)
                        assert_in_view(page, "button[data-action='exchange']")
                        assert_in_view(page, "#hand-bottom button.card")
                    keep_screenshot(page, "manni-exchange")
                    assert_accessible(page, "Manni: the exchange")
                exchange.click()
                exchanges += 1
                page.wait_for_function(
                    f"document.getElementById('table').dataset.version !== '{version}'"
                )
                hand = set(
                    page.locator("#hand-bottom .card[data-card]").evaluate_all(
                        "nodes => nodes.map(n => n.dataset.card)"
                    )
                )
                # The two cards went back to the Manni, two others came from it.
                assert not hand & set(picked) and len(hand) == 12
                continue
            if exchanges == 1 and page.locator("#trick .played").count() == 1:
                for size in (PHONE, LAPTOP):
                    resize(page, size)
                    assert_in_view(page, "#hand-bottom button.card.is-legal")
                keep_screenshot(page, "manni-play")
                assert_accessible(page, "Manni: the table in play")
            page.locator("#hand-bottom button.card.is-legal").first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        game = Game.objects.get(pk=table_id)
        assert game.status == Game.Status.FINISHED and game.end_reason == "points"
        assert exchanges >= 1
        page.wait_for_function("!document.getElementById('match-end').hidden", timeout=15_000)
        expect(page.locator("#match-end-title")).to_contain_text("la partie")
        keep_screenshot(page, "manni-match-end")
        assert_accessible(page, "Manni: the end of the match")
