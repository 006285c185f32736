"""Seats one can tell apart, at a laptop's and a phone's size (issue 22: rows 3, 7, 9, 10, 11).

The other seats' decisions are made through the services, not by a runner: each test stops the
table exactly where it checks it. Set SCREENSHOTS_DIR to keep each state at both sizes.
"""

import random
import re
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.engine.variants import variant_get
from games.lobby import services as lobby
from games.models import Game
from games.robots import services as robot_services
from games.tables import services as tables
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    close_overlays,
    in_view_at_both_sizes,
    keep_screenshot,
    version_of,
)

CLOCK = re.compile(r"^\d+:\d\d$")

# Every time the page changes: a decision button drawn while the deal's summary covers it.
WATCH_BEHIND_SUMMARY = """() => {
  window.buttonsBehindSummary = 0;
  new MutationObserver(() => {
    if (document.querySelector("#announcements button")
        && !document.getElementById("deal-summary").hidden) window.buttonsBehindSummary += 1;
  }).observe(document.getElementById("table"), {subtree: true, childList: true, attributes: true});
}"""


def position(game_id: int):
    game = Game.objects.get(pk=game_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    return game, variant, state


def advance(
    game_id: int, until, *, prefer: tuple[str, ...] = ("look", "trump", "pass", "play")
) -> None:
    """Make every seat's decisions through the services until `until(seat, view)` holds (the
    seat to act and its view): the first legal action of the preferred types, in their order."""
    for _step in range(400):
        game, variant, state = position(game_id)
        seat = variant.seat_to_act(state)
        view = variant.player_view(state, seat) if seat is not None else None
        if until(seat, view):
            return
        # A trump suit rather than no trump, which would double the deal.
        ranked = sorted(
            view["legal_actions"],
            key=lambda action: (
                prefer.index(action["type"]) if action["type"] in prefer else len(prefer),
                action["type"] == "trump" and not action.get("suit"),
            ),
        )
        action = {key: value for key, value in ranked[0].items() if key != "seat"}
        taken = game.seats_by_number()[seat]
        if taken.is_computer:
            tables.game_computer_act(
                game_id=game_id, seat=seat, action=action, expected_version=game.version
            )
        else:
            tables.game_act(
                game_id=game_id, user=taken.user, action=action, expected_version=game.version
            )
    raise AssertionError("the table never reached the position")


def ask_for_the_state(page: Page) -> None:
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def complete_deals(view) -> list[dict]:
    return [deal for deal in view["deals"] if deal["complete"]]


def same_height(page: Page, *selectors: str) -> None:
    heights = {round(page.locator(selector).bounding_box()["height"]) for selector in selectors}
    assert len(heights) == 1, heights


class SeatsTests(BrowserTestCase):
    def setUp(self) -> None:
        super().setUp()
        # Services broadcast through async_to_sync, which Playwright's loop forbids here.
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.addCleanup(self.pool.shutdown)
        for name in ("alice", "olivier"):
            get_user_model().objects.create_user(
                username=name, email=f"{name}@example.com", password=PASSWORD
            )

    def run_in_pool(self, function, *args, **kwargs):
        return self.pool.submit(function, *args, **kwargs).result()

    def advance_to(self, page: Page, game_id: int, until, **options) -> None:
        """Advance the table, then wait until the page shows its new version, held trick over.

        The services run in this process, the table's socket in the live server's: the page
        asks for the state as a tab coming back to the front does."""
        self.run_in_pool(advance, game_id, until, **options)
        version = Game.objects.get(pk=game_id).version
        ask_for_the_state(page)
        page.wait_for_function(
            f"Number(document.getElementById('table').dataset.version) >= {version}"
            " && document.getElementById('table').dataset.holding === 'false'"
        )

    def member_page(self, username: str, viewport: dict) -> Page:
        page = self.log_in(username)
        page.set_viewport_size(viewport)
        return page

    def test_two_players_the_turn_a_refused_card_the_score_explained_and_the_end(self) -> None:
        alice, olivier = (get_user_model().objects.get(username=n) for n in ("alice", "olivier"))

        def start() -> Game:
            game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
            return lobby.game_join(game_id=game.pk, user=olivier, rng=random.Random(5))

        game = self.run_in_pool(start)
        mine = game.seat_of(alice)
        theirs = 1 - mine
        page = self.member_page("alice", LAPTOP)
        page.goto(f"/parties/{game.pk}/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        close_overlays(page)

        # Row 3: olivier's turn, "d'" before his vowel; his clock by his name; the avatars.
        # The non-dealer buques, the dealer lets it be: the first deal counts double.
        buquing = ("trump", "buque", "pass", "play")
        self.advance_to(page, game.pk, lambda seat, view: seat == theirs, prefer=buquing)
        expect(page.locator("#turn-text")).to_have_text(re.compile(r"^Au tour d'olivier"))
        expect(page.locator("#player-top .seat-clock")).to_have_text(CLOCK)
        expect(page.locator("#player-bottom .seat-clock")).to_be_hidden()
        expect(page.locator("#player-top .avatar")).to_have_text("O")
        expect(page.locator("#player-bottom .avatar")).to_have_text("A")
        in_view_at_both_sizes(page, "#player-top .seat-clock")
        keep_screenshot(page, "seats-their-turn")
        assert_accessible(page, "two players: the other's turn, his clock by his name")

        # Row 7: a refused card is said in the turn line, over none of the table's cards.
        def refusable(seat, view) -> bool:
            if seat != mine:
                return False
            legal = {action["card"] for action in view["legal_actions"] if action["type"] == "play"}
            return bool(legal) and bool(set(view["hand"]) - legal)

        self.advance_to(page, game.pk, refusable, prefer=buquing)
        # Playwright holds an aria-disabled button for not enabled; a person can click it.
        page.locator("#hand-bottom button.card[aria-disabled='true']:not(:disabled)").first.click(
            force=True
        )
        error = page.locator("#turn-line #rule-error")
        expect(error).to_contain_text("Vous devez")
        expect(page.locator("#turn-text")).to_be_hidden()
        said = error.bounding_box()
        cards = page.locator("#felt .card")
        for index in range(cards.count()):
            box = cards.nth(index).bounding_box()
            apart = (
                box["x"] + box["width"] <= said["x"]
                or said["x"] + said["width"] <= box["x"]
                or box["y"] + box["height"] <= said["y"]
                or said["y"] + said["height"] <= box["y"]
            )
            assert apart, (box, said)
        in_view_at_both_sizes(page, "#rule-error")
        keep_screenshot(page, "seats-refused-card")

        # Rows 10 and 11: the deal's summary explains its score (the buque and who said it),
        # and the next deal's decision waits behind it, drawn once it is closed.
        page.evaluate(WATCH_BEHIND_SUMMARY)
        self.advance_to(
            page,
            game.pk,
            lambda seat, view: seat == mine and bool(complete_deals(view)),
            prefer=buquing,
        )
        expect(page.locator("#deal-summary")).to_be_visible()
        _game, variant, state = position(game.pk)
        deal = complete_deals(variant.public_view(state))[0]
        side = max(range(2), key=lambda seat: deal["score"][seat])
        buquer = "alice" if deal["dealer"] == theirs else "olivier"
        points = deal["card_points"][side]
        assert deal["buque"] == "buque" and deal["multiplier"] == 2 and not deal["capot"]
        expect(page.locator("#summary-arithmetic")).to_have_text(
            f"{'alice' if side == mine else 'olivier'} : {points} − 30 = "
            f"{points - 30}, × 2 (buqué par {buquer}) = {deal['score'][side]}"
        )
        expect(page.locator("#announcements button")).to_have_count(0)
        keep_screenshot(page, "seats-deal-summary")
        assert_accessible(page, "two players: the deal's score explained")
        page.click("#deal-summary-close")
        decision = page.locator("#announcements button").first
        expect(decision).to_be_visible()
        version = version_of(page)
        decision.click()
        page.wait_for_function(
            f"Number(document.getElementById('table').dataset.version) > {version}"
        )
        assert page.evaluate("window.buttonsBehindSummary") == 0

        # Row 9: the end's buttons, one primary; the rematch sentence above its buttons.
        self.run_in_pool(tables.game_leave, game_id=game.pk, user=olivier)
        ask_for_the_state(page)
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#rematch-button")).to_have_class(re.compile(r"\bis-primary\b"))
        expect(page.locator("#lobby-link")).not_to_have_class(re.compile(r"\bis-primary\b"))
        same_height(page, "#rematch-button", "#lobby-link")
        # Olivier, back at the table, offers a rematch.
        other = self.member_page("olivier", LAPTOP)
        other.goto(f"/parties/{game.pk}/")
        other.click("#rematch-button")
        status = page.locator("#rematch-status")
        expect(status).to_have_text("olivier vous propose une revanche.")
        expect(page.locator("#rematch-accept")).to_have_class(re.compile(r"\bis-primary\b"))
        expect(page.locator("#rematch-decline")).not_to_have_class(re.compile(r"\bis-primary\b"))
        same_height(page, "#rematch-accept", "#rematch-decline", "#lobby-link")
        for button in ("#rematch-accept", "#rematch-decline", "#lobby-link"):
            above = status.bounding_box()
            assert above["y"] + above["height"] <= page.locator(button).bounding_box()["y"]
        in_view_at_both_sizes(page, "#match-end .end-action:visible")
        keep_screenshot(page, "seats-rematch-received")
        assert_accessible(page, "two players: a rematch offered")

    def test_four_seats_named_by_their_seat_with_an_avatar_and_the_score_explained(self) -> None:
        alice = get_user_model().objects.get(username="alice")
        game = self.run_in_pool(
            robot_services.computer_game_start,
            user=alice,
            level="facile",
            format="boom-61",
            variant="manille-flemish",
            rng=random.Random(3),
        )
        page = self.member_page("alice", PHONE)
        page.goto(f"/parties/{game.pk}/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")

        # The draw names each computer by its seat.
        expect(page.locator("#draw-panel")).to_be_visible()
        for name in ("Louise", "Hugo", "Inès"):
            expect(page.locator("#draw-list")).to_contain_text(f"{name} (facile) :")
        keep_screenshot(page, "seats-draw")
        close_overlays(page)
        names = page.locator(".player-card .player-name").all_text_contents()
        assert sorted(names) == ["Hugo (facile)", "Inès (facile)", "Louise (facile)", "alice"]
        initials = page.locator(".player-card .avatar").all_text_contents()
        assert sorted(initials) == ["A", "H", "I", "L"]
        colours = page.locator(".player-card .avatar").evaluate_all(
            "nodes => nodes.map(node => getComputedStyle(node).backgroundColor)"
        )
        assert len(set(colours)) == 4
        expect(page.locator("#player-top .player-tag")).to_contain_text("ordinateur")

        # "d'" before Hugo and Inès, "de" before Louise; the clock by the name of each.
        turns = ((1, "Louise", "Au tour de Louise"), (2, "Hugo", "Au tour d'Hugo"))
        for seat, name, sentence in (*turns, (3, "Inès", "Au tour d'Inès")):
            self.advance_to(page, game.pk, lambda to_act, view, seat=seat: to_act == seat)
            expect(page.locator("#turn-text")).to_have_text(re.compile(f"^{sentence} \\(facile\\)"))
            acting = page.locator(".player-card.is-to-act")
            expect(acting.locator(".player-name")).to_have_text(f"{name} (facile)")
            expect(acting.locator(".seat-clock")).to_have_text(CLOCK)
            expect(page.locator(".player-card .seat-clock:visible")).to_have_count(1)
        keep_screenshot(page, "seats-four-their-turn")
        assert_accessible(page, "four seats: avatars, the clock by the name")

        # Row 10 at four: the summary's score from the card points.
        self.advance_to(page, game.pk, lambda seat, view: bool(complete_deals(view)))
        expect(page.locator("#deal-summary")).to_be_visible()
        _game, variant, state = position(game.pk)
        deal = complete_deals(variant.public_view(state))[0]
        # This deal (its deck and the first legal cards) is a capot of alice's team.
        assert (deal["capot"], deal["score"], deal["multiplier"]) == (True, [60, 0], 1)
        expect(page.locator("#summary-arithmetic")).to_have_text("Nous : capot = 60")
        keep_screenshot(page, "seats-four-deal-summary")
        assert_accessible(page, "four seats: the deal's score explained")

        # Row 9 against computers: Rejouer is the primary action, the way back secondary.
        page.click("#deal-summary-close")
        self.run_in_pool(tables.game_leave, game_id=game.pk, user=alice)
        ask_for_the_state(page)
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#again-button")).to_have_class(re.compile(r"\bis-primary\b"))
        expect(page.locator("#lobby-link")).not_to_have_class(re.compile(r"\bis-primary\b"))
        same_height(page, "#again-button", "#lobby-link")
        in_view_at_both_sizes(page, "#match-end .end-action:visible")
        keep_screenshot(page, "seats-four-match-end")
        assert_accessible(page, "four seats: the end against computers")
