"""The search shared by the strong levels (`games/computer/search.py`)."""

import random
import time

from games.computer.search import (
    MINIMUM_SHARE,
    SETTLE_CHECKS,
    best_of,
    best_trump,
    mean_value,
    thinking_until,
)
from games.engine.core import NO_TRUMP, SUIT_INDEX


class Deal:
    """A stand-in playout: which determinization it is, and what was done to it."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.trump = None
        self.multiplier = 3

    def copy(self) -> "Deal":
        other = Deal(self.number)
        other.trump, other.multiplier = self.trump, self.multiplier
        return other


def _numbered_samples():
    numbers = iter(range(1000))
    return lambda: Deal(next(numbers))


def test_every_candidate_is_played_in_the_same_determinizations() -> None:
    seen = {"a": [], "b": [], "c": []}

    def prepare(deal: Deal, candidate: str) -> None:
        seen[candidate].append(deal.number)

    best, count = best_of(
        ["a", "b", "c"],
        sample=_numbered_samples(),
        finish=lambda deal: 0,
        playouts=10,
        prepare=prepare,
    )

    assert seen == {"a": [0, 1, 2], "b": [0, 1, 2], "c": [0, 1, 2]}
    assert (best, count) == (0, 9)


def test_the_best_total_wins_and_the_smallest_rank_breaks_a_tie() -> None:
    values = {"a": 1, "b": 3, "c": 3}

    def prepare(deal: Deal, candidate: str) -> None:
        deal.trump = candidate

    def finish(deal: Deal) -> int:
        return values[deal.trump]

    by_position = best_of(
        ["a", "b", "c"], sample=_numbered_samples(), finish=finish, playouts=3, prepare=prepare
    )
    by_rank = best_of(
        ["a", "b", "c"],
        sample=_numbered_samples(),
        finish=finish,
        playouts=3,
        prepare=prepare,
        ranks=[0, 9, 5],
    )

    assert (by_position, by_rank) == ((1, 3), (2, 3))


def test_past_its_end_in_time_a_search_plays_its_minimum_share_only() -> None:
    def search() -> tuple[int, int]:
        return best_of(
            ["a", "b"],
            sample=_numbered_samples(),
            finish=lambda deal: 0,
            playouts=80,
            prepare=lambda deal, candidate: None,
        )

    with thinking_until(time.monotonic() - 1):
        late = search()
        late_mean, late_count = mean_value(
            sample=_numbered_samples(), finish=lambda deal: 2, playouts=80
        )
    with thinking_until(time.monotonic() + 60):
        in_time = search()

    # 40 rounds of two candidates planned; late, an eighth of them.
    assert late == (0, 2 * 40 // MINIMUM_SHARE)
    assert (late_mean, late_count) == (2, 80 // MINIMUM_SHARE)
    assert in_time == search() == (0, 80)


def test_no_trump_doubles_the_deal_and_a_suit_names_trump() -> None:
    view = {
        "legal_actions": [
            {"seat": 0, "type": "trump", "suit": "H"},
            {"seat": 0, "type": "roll"},
            {"seat": 0, "type": "trump", "suit": None},
        ]
    }
    played = []

    def finish(deal: Deal) -> int:
        played.append((deal.trump, deal.multiplier))
        return 0

    best_trump(view, sample=_numbered_samples(), finish=finish, playouts=3, multiplier=3)

    assert played == [(SUIT_INDEX["H"], 3), (NO_TRUMP, 6), (NO_TRUMP, 6)]


def test_the_mean_value_is_over_every_playout() -> None:
    assert mean_value(sample=_numbered_samples(), finish=lambda deal: deal.number, playouts=4) == (
        1.5,
        4,
    )


# --- A settled search stops early -------------------------------------------------------------


def _noisy_search(worth: dict[str, float], *, settle: bool, playouts: int = 800):
    """best_of over `worth`'s candidates, each playout worth its candidate's value plus the
    determinization's own noise (shared by the candidates) and a candidate's own noise."""
    rng = random.Random(5)
    noise = {}

    def sample() -> Deal:
        deal = Deal(len(noise))
        noise[deal.number] = rng.randint(-20, 20)
        return deal

    def prepare(deal: Deal, candidate: str) -> None:
        deal.trump = candidate

    def finish(deal: Deal) -> int:
        return round(worth[deal.trump] + noise[deal.number] + rng.randint(-3, 3))

    return best_of(
        list(worth), sample=sample, finish=finish, playouts=playouts, prepare=prepare, settle=settle
    )


def test_a_clearly_better_candidate_settles_the_search_at_its_first_check() -> None:
    worth = {"a": 0, "b": 6, "c": 1}

    assert _noisy_search(worth, settle=False) == (1, 798)
    # 266 rounds planned, checked first after an eighth of them.
    assert _noisy_search(worth, settle=True) == (1, 3 * (266 // SETTLE_CHECKS))


def test_candidates_of_equal_worth_settle_on_the_smallest_rank() -> None:
    best, count = best_of(
        ["a", "b", "c"],
        sample=_numbered_samples(),
        finish=lambda deal: deal.number % 7,
        playouts=900,
        prepare=lambda deal, candidate: None,
        settle=True,
    )

    assert (best, count) == (0, 3 * (300 // SETTLE_CHECKS))


def test_close_candidates_are_searched_with_the_whole_budget() -> None:
    worth = {"a": 0, "b": 0.3, "c": 0}

    best, count = _noisy_search(worth, settle=True)

    assert count == 798
    assert (best, count) == _noisy_search(worth, settle=False)


def test_a_doubling_far_from_its_margin_settles_and_a_close_one_does_not() -> None:
    def far(deal: Deal) -> int:
        return 20 + deal.number % 5

    def close(deal: Deal) -> int:
        return 8 + (deal.number % 5) - 2

    settled = mean_value(sample=_numbered_samples(), finish=far, playouts=800, margin=6.0)
    whole = mean_value(sample=_numbered_samples(), finish=close, playouts=800, margin=8.0)

    assert settled[1] == 800 // SETTLE_CHECKS
    assert settled[0] > 20
    assert whole == (8.0, 800)
