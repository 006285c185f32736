import random

import pytest

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    FORMAT_SIX_DEALS,
    Action,
    Phase,
    RuleError,
    apply,
    deal_start,
    forfeit,
    is_roll_forced,
    legal_actions,
    new_match,
    shuffled_deck,
)

from .positions import TIE_DECK, play, play_deal, play_first_legal, started
from .test_scoring import CAPOT_FOR_SEAT_0, CAPOT_FOR_SEAT_1


def test_first_to_71_goes_on_below_71_and_ends_as_soon_as_a_player_has_71() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)

    state = play_deal(state, CAPOT_FOR_SEAT_1, ["trump:S", "pass"])
    state = play_deal(state, CAPOT_FOR_SEAT_0, ["trump:S", "pass"])
    assert (state.phase, state.totals, state.dealer) == (Phase.DEALING, (60, 60), 0)
    state = play_deal(state, CAPOT_FOR_SEAT_1, ["trump:S", "pass"])

    assert (state.phase, state.totals, state.winner) == (Phase.MATCH_OVER, (60, 120), 1)
    assert (state.is_finished, state.completed_deal_count, state.end) == (True, 3, None)


def _six_deals_up_to_the_sixth():
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)
    for _ in range(4):
        state = play_deal(state, TIE_DECK, ["trump:S", "pass"])
    # Deal 5: seat 0's forced roll, a 30-30.
    return play_deal(state, TIE_DECK, ["roll", "pass"])


def test_six_deals_the_higher_total_wins_after_six_deals() -> None:
    state = _six_deals_up_to_the_sixth()
    assert (state.totals, state.phase, state.dealer) == ((4, 4), Phase.DEALING, 1)

    state = play_deal(state, shuffled_deck(random.Random(0)), ["roll", "pass"])

    assert state.progress.summaries[5].score == (20, 0)
    assert (state.phase, state.totals, state.winner) == (Phase.MATCH_OVER, (24, 4), 0)
    assert state.completed_deal_count == 6


def test_six_deals_equal_totals_play_further_deals_until_they_differ() -> None:
    state = _six_deals_up_to_the_sixth()
    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    assert (state.totals, state.completed_deal_count) == ((4, 4), 6)
    assert (state.phase, state.dealer) == (Phase.DEALING, 0)

    state = deal_start(state, TIE_DECK)
    # A further deal: rolling optional again, the 30-30 doubling carried.
    assert is_roll_forced(state) is False
    assert len(legal_actions(state, 0)) == 5
    assert state.deal.doubled_by_tie is True
    state = apply(state, Action(seat=0, type="trump", suit="S"))
    state = apply(state, Action(seat=1, type="pass"))
    state = play_first_legal(state)

    assert state.progress.summaries[6].score == (0, 4)
    assert (state.phase, state.totals, state.winner) == (Phase.MATCH_OVER, (4, 8), 1)


def test_six_deals_stops_early_when_a_player_reaches_71() -> None:
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)

    state = play_deal(state, CAPOT_FOR_SEAT_1, ["roll", "pass"])

    assert (state.phase, state.totals, state.winner) == (Phase.MATCH_OVER, (0, 120), 1)


def test_forfeit_during_a_deal_ends_the_match_and_keeps_the_cut_deal() -> None:
    state = play(
        started(list(CARDS)),
    )
    state = apply(state, Action(seat=0, type="trump", suit="S"))
    state = apply(state, Action(seat=1, type="buque"))
    state = apply(state, Action(seat=0, type="pass"))
    state = play(state, "KC", "AC")

    state = forfeit(state, seat=1, reason="timeout")

    assert (state.phase, state.winner, state.is_finished) == (Phase.MATCH_OVER, 0, True)
    assert state.end == {"type": "forfeit", "seat": 1, "reason": "timeout"}
    assert [summary.to_json() for summary in state.progress.summaries] == [
        {
            "dealer": 0,
            "trump": "S",
            "rolled": False,
            "buque": "buque",
            "tricks": [1, 0],
            "card_points": [7, 0],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 2,
            "score": [0, 0],
            "complete": False,
        }
    ]
    assert state.completed_deal_count == 0


def test_forfeit_between_deals_adds_no_deal() -> None:
    state = play_deal(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), TIE_DECK, ["roll", "pass"]
    )

    state = forfeit(state, seat=0, reason="left")

    assert (state.winner, state.completed_deal_count, len(state.progress.summaries)) == (1, 1, 1)


def test_nothing_is_possible_once_the_match_is_over() -> None:
    state = forfeit(started(list(CARDS)), seat=0, reason="left")

    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=0, type="roll"))
    assert (caught.value.code, caught.value.message) == (
        "wrong_phase",
        "rolling is not possible now: the match is over",
    )
    with pytest.raises(RuleError) as again:
        forfeit(state, seat=1, reason="timeout")
    assert again.value.code == "wrong_phase"
    assert legal_actions(state, 0) == legal_actions(state, 1) == []


def test_forfeit_reason_must_be_timeout_or_left() -> None:
    with pytest.raises(RuleError) as caught:
        forfeit(started(list(CARDS)), seat=0, reason="bored")

    assert caught.value.code == "malformed"
