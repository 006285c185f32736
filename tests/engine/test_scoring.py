import pytest

from games.engine import CARDS, FORMAT_FIRST_TO_71, Phase, deal_start, new_match
from games.engine.scoring import score_deal

from .positions import TIE_DECK, deck_for, play_deal, started

CAPOT_FOR_SEAT_1 = deck_for(
    dealer=0,
    hands={1: ["TS", "AS", "KS", "QS", "JS", "9S", "8S", "7S"]},
    up={1: ["TH", "AH", "KH", "QH"]},
    down={1: ["JH", "9H", "8H", "7H"]},
)
CAPOT_FOR_SEAT_0 = deck_for(
    dealer=1,
    hands={0: ["TS", "AS", "KS", "QS", "JS", "9S", "8S", "7S"]},
    up={0: ["TH", "AH", "KH", "QH"]},
    down={0: ["JH", "9H", "8H", "7H"]},
)


def _finished_deal(*, tricks, card_points, rolled=False, buque="none", doubled_by_tie=False):
    deal = started(list(CARDS)).deal
    return deal._replace(
        tricks_won=tricks,
        card_points=card_points,
        rolled=rolled,
        buque=buque,
        doubled_by_tie=doubled_by_tie,
        trump=None if rolled else "S",
    )


@pytest.mark.parametrize(
    ("tricks", "card_points", "score", "capot"),
    [
        ((9, 7), (46, 14), (16, 0), False),
        ((7, 9), (14, 46), (0, 16), False),
        ((8, 8), (31, 29), (1, 0), False),
        ((8, 8), (30, 30), (0, 0), False),
        ((16, 0), (60, 0), (60, 0), True),
        ((0, 16), (0, 60), (0, 60), True),
        # Capot is about tricks: all 60 points but one trick lost scores the excess only.
        ((15, 1), (60, 0), (30, 0), False),
    ],
)
def test_deal_scores_the_excess_over_30_or_60_for_capot(tricks, card_points, score, capot):
    summary = score_deal(_finished_deal(tricks=tricks, card_points=card_points))

    assert (summary.score, summary.capot, summary.multiplier) == (score, capot, 1)


@pytest.mark.parametrize(
    ("rolled", "buque", "doubled_by_tie", "multiplier"),
    [
        (False, "none", False, 1),
        (True, "none", False, 2),
        (False, "buque", False, 2),
        (False, "surbuque", False, 4),
        (False, "none", True, 2),
        (True, "buque", False, 4),
        (True, "surbuque", False, 8),
        (True, "none", True, 4),
        (False, "buque", True, 4),
        (False, "surbuque", True, 8),
        (True, "buque", True, 8),
        (True, "surbuque", True, 16),
    ],
)
def test_factors_multiply(rolled: bool, buque: str, doubled_by_tie: bool, multiplier: int):
    summary = score_deal(
        _finished_deal(
            tricks=(9, 7),
            card_points=(40, 20),
            rolled=rolled,
            buque=buque,
            doubled_by_tie=doubled_by_tie,
        )
    )

    assert summary.multiplier == multiplier
    assert summary.score == (10 * multiplier, 0)


@pytest.mark.parametrize(
    ("tricks", "card_points", "rolled", "buque", "doubled_by_tie", "score"),
    [
        # The spec's examples: 46 plain, 40 rolled and buqued, capot rolled buqued after a tie.
        ((9, 7), (46, 14), False, "none", False, 16),
        ((9, 7), (40, 20), True, "buque", False, 40),
        ((16, 0), (60, 0), True, "buque", True, 480),
        # 60 x 2 x 4 x 2 = 960 and 60 x 4 x 2 ... the cap holds every deal to 480.
        ((16, 0), (60, 0), True, "surbuque", True, 480),
        ((16, 0), (60, 0), True, "surbuque", False, 480),
        ((9, 7), (59, 1), True, "surbuque", True, 464),
        ((9, 7), (60, 0), True, "surbuque", True, 480),
    ],
)
def test_examples_and_the_480_cap(tricks, card_points, rolled, buque, doubled_by_tie, score):
    summary = score_deal(
        _finished_deal(
            tricks=tricks,
            card_points=card_points,
            rolled=rolled,
            buque=buque,
            doubled_by_tie=doubled_by_tie,
        )
    )

    assert summary.score == (score, 0)


def test_a_played_capot_scores_60_times_the_factors() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)

    state = play_deal(state, CAPOT_FOR_SEAT_1, ["trump:S", "pass"])

    summary = state.progress.summaries[0]
    assert (summary.tricks, summary.card_points, summary.capot) == ((0, 16), (0, 60), True)
    assert (summary.score, state.totals, state.phase) == ((0, 60), (0, 60), Phase.DEALING)


def test_a_30_30_deal_scores_nothing_and_doubles_the_next_deal() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)

    state = play_deal(state, TIE_DECK, ["roll", "pass"])

    summary = state.progress.summaries[0]
    assert (summary.card_points, summary.score, state.totals) == ((30, 30), (0, 0), (0, 0))
    assert state.progress.is_tie_pending is True
    assert deal_start(state, list(CARDS)).deal.doubled_by_tie is True


def test_two_ties_in_a_row_still_make_one_doubling_until_a_deal_is_won() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])

    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    assert state.progress.summaries[1].doubled_by_tie is True
    assert state.progress.summaries[1].multiplier == 4
    state = play_deal(state, CAPOT_FOR_SEAT_1, ["trump:S", "pass"])

    third = state.progress.summaries[2]
    assert (third.doubled_by_tie, third.multiplier, third.score) == (True, 2, (0, 120))
    assert state.progress.is_tie_pending is False
    assert state.is_finished is True


def test_capot_rolled_buqued_after_a_tie_scores_the_maximum_480() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])

    # Rolled after a 30-30: the buque goes straight to play, no sur-buque.
    state = play_deal(state, CAPOT_FOR_SEAT_0, ["roll", "buque"])

    summary = state.progress.summaries[1]
    assert (summary.capot, summary.multiplier, summary.score) == (True, 8, (480, 0))
    assert (state.totals, state.winner) == ((480, 0), 0)
