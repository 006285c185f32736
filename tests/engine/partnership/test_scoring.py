import pytest

from games.engine import CARDS
from games.engine.partnership import (
    FLEMISH,
    FRENCH,
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    new_match,
)
from games.engine.partnership.scoring import deal_base, score_deal

from .decks import FLEMISH_DEALERS_CAPOT, FLEMISH_TIE, FRENCH_OPPONENTS_CAPOT, FRENCH_TIE
from .positions import named, play_deal

PASSES = ["trump:S", "pass", "pass"]


@pytest.mark.parametrize(
    ("tricks", "points", "expected"),
    [
        ((5, 3), (44, 16), (0, 14, False)),  # more than 30 scores the difference
        ((3, 5), (29, 31), (1, 1, False)),
        ((1, 7), (5, 55), (1, 25, False)),  # points, not tricks, decide
        ((8, 0), (60, 0), (0, 60, True)),  # capot: 60 instead of 30
        ((0, 8), (0, 60), (1, 60, True)),
        ((4, 4), (30, 30), (None, 0, False)),  # 30-30: nobody scores
    ],
)
def test_flemish_deal_base(tricks, points, expected) -> None:
    assert deal_base(FLEMISH, tricks, points) == expected


@pytest.mark.parametrize(
    ("tricks", "points", "expected"),
    [
        ((5, 3), (45, 23), (0, 11, False)),  # card points and one per trick, over 34
        ((2, 6), (20, 48), (1, 14, False)),
        ((8, 0), (68, 0), (0, 34, True)),  # all eight tricks: no bonus, 34
        ((4, 4), (34, 34), (None, 0, False)),  # 34-34: nobody scores
    ],
)
def test_french_deal_base(tricks, points, expected) -> None:
    assert deal_base(FRENCH, tricks, points) == expected


def test_a_deal_scores_its_base_times_the_multiplier_without_a_cap() -> None:
    deal = named(list(CARDS), "S").deal._replace(
        no_trump=True,
        blind=True,
        mee=True,
        tegen=True,
        doubled_by_tie=True,
        tricks_won=(8, 0),
        card_points=(60, 0),
    )

    summary = score_deal(FLEMISH, deal)

    # Capot 60 x blind 4 x tegen 4 x the 30-30 carried 2.
    assert (summary.multiplier, summary.score, summary.capot) == (32, (1920, 0), True)


def test_flemish_capot_scores_60() -> None:
    state = new_match(variant=VARIANT_FLEMISH, first_dealer=0)

    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)

    assert state.progress.summaries[-1].to_json() == {
        "dealer": 0,
        "trump": "S",
        "blind": False,
        "mee": False,
        "tegen": False,
        "turned_up": None,
        "tricks": [8, 0],
        "card_points": [60, 0],
        "capot": True,
        "doubled_by_tie": False,
        "multiplier": 1,
        "score": [60, 0],
        "complete": True,
    }
    assert state.totals == (60, 0)


def test_a_flemish_30_30_doubles_the_next_deal_and_a_won_deal_clears_it() -> None:
    state = new_match(variant=VARIANT_FLEMISH, first_dealer=0)

    state = play_deal(state, FLEMISH_TIE, PASSES)
    tie = state.progress.summaries[-1]
    state = play_deal(state, FLEMISH_DEALERS_CAPOT, ["trump:S", "mee", "tegen"])
    doubled = state.progress.summaries[-1]

    assert (tie.card_points, tie.score, state.progress.summaries[0].doubled_by_tie) == (
        (30, 30),
        (0, 0),
        False,
    )
    # Dealer 1's team (seats 1 and 3) takes the capot: 60 x tegen 4 x the tie 2.
    assert (doubled.doubled_by_tie, doubled.multiplier, doubled.score) == (True, 8, (0, 480))
    assert state.progress.is_tie_pending is False


def test_two_flemish_ties_in_a_row_still_double_once() -> None:
    state = new_match(variant=VARIANT_FLEMISH, first_dealer=0)

    state = play_deal(state, FLEMISH_TIE, PASSES)
    state = play_deal(state, FLEMISH_TIE, PASSES)
    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)

    assert [summary.doubled_by_tie for summary in state.progress.summaries] == [False, True, True]
    assert [summary.multiplier for summary in state.progress.summaries] == [1, 2, 2]
    assert state.progress.summaries[-1].score == (120, 0)


def test_a_french_deal_counts_one_point_per_trick() -> None:
    state = new_match(variant=VARIANT_FRENCH, first_dealer=0)

    state = play_deal(state, FRENCH_OPPONENTS_CAPOT)

    assert state.progress.summaries[-1].to_json() == {
        "dealer": 0,
        "trump": "S",
        "blind": False,
        "mee": False,
        "tegen": False,
        "turned_up": "KS",
        "tricks": [0, 8],
        "card_points": [0, 68],
        "capot": True,
        "doubled_by_tie": False,
        "multiplier": 1,
        "score": [0, 34],
        "complete": True,
    }


def test_a_french_34_34_carries_nothing() -> None:
    state = new_match(variant=VARIANT_FRENCH, first_dealer=0)

    state = play_deal(state, FRENCH_TIE)
    tie = state.progress.summaries[-1]
    state = play_deal(state, FRENCH_TIE)

    assert (tie.tricks, tie.card_points, tie.score) == ((4, 4), (34, 34), (0, 0))
    assert state.progress.summaries[-1].doubled_by_tie is False
    assert state.progress.summaries[-1].multiplier == 1
    assert state.progress.is_tie_pending is False


def test_the_points_of_a_deal_add_up_to_60_or_68() -> None:
    flemish_state = play_deal(new_match(variant=VARIANT_FLEMISH, first_dealer=2), list(CARDS))
    french_state = play_deal(new_match(variant=VARIANT_FRENCH, first_dealer=2), list(CARDS))

    assert sum(flemish_state.progress.summaries[-1].card_points) == 60
    assert sum(french_state.progress.summaries[-1].card_points) == 68
