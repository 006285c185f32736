"""The shared scoring of a deal (`match_scoring.py`), for any number of sides."""

import pytest

from games.engine.formats import SCORING as TWO_PLAYER
from games.engine.match_scoring import Scoring, deal_base, deal_score, side_points
from games.engine.partnership import FLEMISH, FRENCH

# Three sides, ten tricks, a point a trick, no capot bonus, a cap: none of the games so far.
THREE_SIDES = Scoring(
    tricks_per_deal=10,
    trick_points=1,
    half=23,
    capot_base=None,
    maximum_score=50,
    is_tie_carried=False,
)


def test_each_side_counts_its_card_points_and_its_tricks_points() -> None:
    assert side_points(THREE_SIDES, (6, 3, 1), (40, 20, 0)) == (46, 23, 1)
    assert side_points(TWO_PLAYER, (9, 7), (46, 14)) == (46, 14)


@pytest.mark.parametrize(
    ("tricks", "points", "expected"),
    [
        ((6, 3, 1), (46, 23, 1), (0, 23, False)),
        ((1, 3, 6), (1, 23, 46), (2, 23, False)),
        ((4, 3, 3), (23, 23, 24), (2, 1, False)),
        # All the tricks without a capot bonus: the excess only, and capot is said.
        ((10, 0, 0), (70, 0, 0), (0, 47, True)),
        ((3, 4, 3), (23, 23, 23), (None, 0, False)),
    ],
)
def test_the_deal_base_of_three_sides(tricks, points, expected) -> None:
    assert deal_base(THREE_SIDES, tricks, points) == expected


@pytest.mark.parametrize(
    ("scoring", "tricks", "card_points", "multiplier", "score"),
    [
        (TWO_PLAYER, (16, 0), (60, 0), 16, (480, 0)),
        (TWO_PLAYER, (7, 9), (14, 46), 2, (0, 32)),
        (FLEMISH.scoring, (0, 8), (0, 60), 32, (0, 1920)),
        (FRENCH.scoring, (5, 3), (41, 19), 1, (12, 0)),
        (THREE_SIDES, (10, 0, 0), (60, 0, 0), 4, (50, 0, 0)),
    ],
)
def test_a_deal_scores_its_base_times_the_multiplier_up_to_the_cap(
    scoring, tricks, card_points, multiplier, score
) -> None:
    assert deal_score(scoring, tricks, card_points, multiplier) == score
