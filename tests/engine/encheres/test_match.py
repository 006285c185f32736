"""manille-variants.md, *French Manille aux enchères* / *The match* (Decision 8): the worked
example, the seats that have reached skipped in the auction, forfeits (Decision 16)."""

import pytest

from games.engine import encheres
from games.engine.errors import WRONG_PHASE, RuleError

from .helpers import FOUR, THREE, apply_all, auction_won, deck_for, pass_, play_first_legal

ALL_HEARTS = ["TH", "AH", "KH", "QH", "JH", "9H", "8H", "7H"]
SEVENS_AND_EIGHTS = ["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"]


def _deal(state, bidder, points, hand, suit):
    deck = deck_for(state.variant, state.dealer, {bidder: hand})
    state = encheres.deal_start(state, deck)
    return play_first_legal(auction_won(state, bidder, points, suit))


def _worked_example():
    state = encheres.new_match(variant=FOUR, first_dealer=0, format="to-100")
    state = _deal(state, 1, 68, ALL_HEARTS, "H")
    state = _deal(state, 1, 40, ALL_HEARTS, "H")
    after_two = state
    state = _deal(state, 2, 60, SEVENS_AND_EIGHTS, "S")
    after_three = state
    state = _deal(state, 2, 45, SEVENS_AND_EIGHTS, "S")
    return after_two, after_three, state


def test_the_worked_example_to_100():
    after_two, after_three, state = _worked_example()

    assert (after_two.totals, after_two.reached) == ((0, 108, 0, 0), (None, 1, None, None))
    assert (after_three.totals, after_three.phase) == ((60, 108, 0, 60), "dealing")
    assert [summary.made for summary in state.progress.summaries] == [True, True, False, False]
    assert (state.totals, state.reached) == ((105, 108, 0, 105), (3, 1, None, 3))
    assert (state.phase, state.loser, state.winner, state.is_finished) == (
        "match_over",
        2,
        None,
        True,
    )


def test_a_seat_that_has_reached_is_skipped_in_the_auction_and_writes_nothing():
    after_two, _after_three, _state = _worked_example()
    # Dealer 2: seat 3 opens; seat 1 has reached.
    state = encheres.deal_start(after_two, deck_for(FOUR, 2, {}))

    state = apply_all(state, [pass_(FOUR, 3), pass_(FOUR, 0)])

    assert encheres.seat_to_act(state) == 2
    state = encheres.apply(state, pass_(FOUR, 2))
    assert [seat for seat, _points in state.progress.summaries[-1].bids] == [3, 0, 2]
    assert state.phase == "dealing"


def test_a_seat_that_has_reached_still_plays_as_a_defender():
    _after_two, after_three, _state = _worked_example()

    deal = after_three.progress.summaries[2]

    assert (deal.bidder, deal.tricks[1] + deal.tricks[0] + deal.tricks[3] + deal.tricks[2]) == (
        2,
        8,
    )
    assert deal.score == (60, 0, 0, 60)


def test_the_view_and_the_replay_say_reached_and_loser():
    *_rest, state = _worked_example()

    view = encheres.public_view(state)
    record = encheres.record_from_state(state, players=["a", "b", "c", "d"])
    status, output = encheres.replay_document(record, variant=FOUR)

    assert (view["reached"], view["loser"], view["winner"], view["finished"]) == (
        [3, 1, None, 3],
        2,
        None,
        True,
    )
    assert status == 0
    assert (output["reached"], output["loser"], output["winner"], output["totals"]) == (
        [3, 1, None, 3],
        2,
        None,
        [105, 108, 0, 105],
    )


def test_a_forfeit_ends_at_once_and_the_forfeiter_is_the_loser_even_having_reached():
    after_two, _after_three, _state = _worked_example()

    state = encheres.forfeit(after_two, seat=1, reason="left")

    assert (state.phase, state.loser, state.winner, state.end) == (
        "match_over",
        1,
        None,
        {"type": "forfeit", "seat": 1, "reason": "left"},
    )
    with pytest.raises(RuleError) as error:
        encheres.forfeit(state, seat=0, reason="left")
    assert error.value.code == WRONG_PHASE


def test_a_forfeit_mid_deal_keeps_it_cut_short_scoring_nothing():
    state = encheres.new_match(variant=THREE, first_dealer=0)
    state = auction_won(encheres.deal_start(state, deck_for(THREE, 0, {})), 1, 30, "C")

    state = encheres.forfeit(state, seat=0, reason="timeout")

    summary = state.progress.summaries[-1]
    assert (summary.complete, summary.made, summary.score, summary.bid) == (
        False,
        None,
        (0, 0, 0),
        30,
    )
    assert (state.loser, state.totals) == (0, (0, 0, 0))
