"""The search shared by the strong levels (`games/computer/search.py`)."""

import time

from games.computer.search import MINIMUM_SHARE, best_of, best_trump, mean_value, thinking_until
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
        late_mean = mean_value(sample=_numbered_samples(), finish=lambda deal: 2, playouts=80)
    with thinking_until(time.monotonic() + 60):
        in_time = search()

    # 40 rounds of two candidates planned; late, an eighth of them.
    assert late == (0, 2 * 40 // MINIMUM_SHARE)
    assert late_mean == 2
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
    assert (
        mean_value(sample=_numbered_samples(), finish=lambda deal: deal.number, playouts=4) == 1.5
    )
