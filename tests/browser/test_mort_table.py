"""A table of *Manille avec un mort* in a real browser: a member opens it from the waiting room
with two computer players, the draw seats him as the dummy's holder or as a defender, and he
plays a whole deal.

The dummy's hand lies face up at its seat from the deal on; its holder plays it from there at
its turn (the turn line says so); no card of another hand is ever in the page; the decision is
in view at a laptop's and a phone's size; axe finds nothing.
"""

import random

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.engine.cards import draw_dealer_among
from games.engine.variants import variant_get
from games.models import Game, Seat
from games.tables import services as tables
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, keep_screenshot, resize
from tests.browser.test_partnership_table import assert_in_view

DUMMY, HOLDER = 3, 1

DECISION_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && document.querySelector("button.card.is-legal"))"""


def hidden_cards(table_id: int, seat: int) -> set[str]:
    """The cards `seat` may not know now: the hands of the two other people (but the
    turned-up card and the cards played); the dummy's is everyone's."""
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    view = variant.player_view(state, seat)
    public = {played["card"] for played in view["plays"]}
    if view["turned_up"]:
        public.add(view["turned_up"]["card"])
    others = [other for other in variant.person_seats if other != seat]
    return {card for other in others for card in state.deal.hands[other] if card not in public}


def _seed_where(is_holder: bool) -> int:
    """A seed whose draw for the dummy the host (seat 0 at the open table) wins or loses."""
    return next(
        seed
        for seed in range(100)
        if (draw_dealer_among(random.Random(seed), (0, 1, 2))[1] == 0) == is_holder
    )


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.1)
class MortTableTests(BrowserTestCase):
    def _table(self, *, is_holder: bool) -> tuple[object, int, int]:
        alice = get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        table = tables.game_create(host=alice, variant="manille-mort", format="first-to-34")
        for seat in (1, 2):
            tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="moyen")
        tables.game_start(game_id=table.pk, user=alice, rng=random.Random(_seed_where(is_holder)))
        seat = Seat.objects.get(game=table, user=alice).seat
        assert (seat == HOLDER) == is_holder
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)
        page.goto(f"/parties/{table.pk}/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        return page, table.pk, seat

    def _play_a_deal(self, page, table_id: int, seat: int, name: str) -> None:
        shot = False
        for _turn in range(40):
            page.wait_for_function(DECISION_OR_OVER, timeout=60_000)
            if page.locator("#deal-summary").is_visible():
                expect(page.locator("#deal-summary-title")).to_contain_text("Fin de la donne")
                keep_screenshot(page, f"{name}-deal-end")
                assert_accessible(page, f"{name}: the end of a deal")
                return
            shown = set(
                page.locator("[data-card]").evaluate_all(
                    "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
                )
            )
            assert not hidden_cards(table_id, seat) & shown
            # The dummy lies face up, its cards named, wherever it sits.
            dummy_hand = page.locator(".hand[data-seat='3']")
            assert "is-shown" in (dummy_hand.get_attribute("class") or "")
            legal = page.locator("button.card.is-legal")
            is_dummy_turn = legal.first.evaluate("n => n.closest('.hand').dataset.seat") == "3"
            if is_dummy_turn:
                # Only the holder is ever given the dummy's cards, with the turn line saying so.
                assert seat == HOLDER
                expect(page.locator("#turn-text")).to_contain_text("pour le mort")
            for size in (PHONE, LAPTOP):
                resize(page, size)
                assert_in_view(page, "button.card.is-legal")
            if (
                not shot
                and page.locator("#trick .played").count() >= 1
                and (is_dummy_turn or seat != HOLDER)
            ):
                shot = True
                keep_screenshot(page, f"{name}-play")
                assert_accessible(page, f"{name}: the table in play")
            version = page.locator("#table").get_attribute("data-version")
            legal.first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        raise AssertionError("the deal did not end")

    def test_the_holder_plays_his_hand_and_the_dummy_s_through_a_deal(self) -> None:
        page, table_id, seat = self._table(is_holder=True)
        # The draw says who took the dummy; the dummy sits opposite its holder.
        expect(page.locator("#dummy-draw-result")).to_contain_text("joue avec le mort")
        page.click("#draw-panel .overlay-close")
        expect(page.locator("#hand-top")).to_have_attribute("data-seat", str(DUMMY))
        expect(page.locator("#player-top .player-name")).to_have_text("alice (mort)")

        self._play_a_deal(page, table_id, seat, "mort-holder")

        game = Game.objects.get(pk=table_id)
        # Eight cards from his hand, eight from the dummy's, every one sent by him.
        assert game.actions.filter(kind="action", seat=HOLDER).count() == 8
        assert game.actions.filter(kind="action", seat=DUMMY).count() == 8

    def test_a_defender_sees_the_dummy_face_up_through_a_deal(self) -> None:
        page, table_id, seat = self._table(is_holder=False)
        page.click("#draw-panel .overlay-close")
        expect(page.locator(".hand[data-seat='3'] .card")).to_have_count(8)
        expect(page.locator(".hand[data-seat='3'] button")).to_have_count(0)

        self._play_a_deal(page, table_id, seat, "mort-defender")

        game = Game.objects.get(pk=table_id)
        assert game.actions.filter(kind="action", seat=seat).count() == 8
