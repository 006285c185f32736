"""manille-variants.md, *French Manille aux enchères* / *The auction* and *Trump and play*
(Decisions 1-5), with manille-4p.md, *Which error is reported*."""

import pytest

from games.engine import encheres
from games.engine.errors import (
    BID_TOO_HIGH,
    BID_TOO_LOW,
    MALFORMED,
    NOT_YOUR_TURN,
    WRONG_PHASE,
    RuleError,
)

from .helpers import FOUR, THREE, action, apply_all, bid, pass_, started


def _refused(state, each) -> str:
    with pytest.raises(RuleError) as error:
        encheres.apply(state, each)
    return error.value.code


def test_the_auction_goes_round_from_d_plus_1_and_a_pass_is_final():
    state = started(FOUR, dealer=2)
    turns = []

    for each in [bid(FOUR, 3, 18), pass_(FOUR, 0), bid(FOUR, 1, 20), bid(FOUR, 2, 25)]:
        turns.append(encheres.seat_to_act(state))
        state = encheres.apply(state, each)

    # Seat 0 passed: the turn skips him.
    assert (turns, encheres.seat_to_act(state)) == ([3, 0, 1, 2], 3)
    assert (state.deal.bidder, state.deal.bid) == (2, 25)


def test_the_auction_ends_when_every_other_seat_has_passed_after_the_highest_bid():
    state = started(FOUR, dealer=0)

    state = apply_all(
        state,
        [bid(FOUR, 1, 18), bid(FOUR, 2, 19), pass_(FOUR, 3), pass_(FOUR, 0), pass_(FOUR, 1)],
    )

    assert (state.phase, state.deal.to_act, state.deal.bidder, state.deal.bid) == (
        "trump",
        2,
        2,
        19,
    )


def test_a_bid_of_the_maximum_ends_the_auction_at_once():
    state = started(THREE, dealer=0)

    state = encheres.apply(state, bid(THREE, 1, 70))

    assert (state.phase, state.deal.to_act, state.deal.bids) == ("trump", 1, ((1, 70),))


def test_when_all_pass_the_deal_is_void_complete_scoring_nothing_and_the_next_seat_deals():
    state = started(FOUR, dealer=0)

    state = apply_all(state, [pass_(FOUR, seat) for seat in (1, 2, 3, 0)])

    summary = state.progress.summaries[0]
    assert (state.phase, state.dealer, state.totals) == ("dealing", 1, (0, 0, 0, 0))
    assert summary.to_json() == {
        "dealer": 0,
        "bids": [{"seat": seat, "points": None} for seat in (1, 2, 3, 0)],
        "bidder": None,
        "bid": None,
        "trump": None,
        "tricks": [0, 0, 0, 0],
        "card_points": [0, 0, 0, 0],
        "bidder_points": None,
        "made": None,
        "vole": False,
        "score": [0, 0, 0, 0],
        "complete": True,
    }


def test_the_legal_actions_are_a_pass_and_every_bid_from_the_lowest_allowed_to_the_maximum():
    state = apply_all(started(FOUR, dealer=0), [bid(FOUR, 1, 30)])

    actions = encheres.legal_actions(state, 2)

    assert actions[0].to_json() == {"seat": 2, "type": "pass"}
    assert [each.points for each in actions[1:]] == list(range(31, 69))
    assert encheres.legal_actions(state, 3) == []
    assert len(encheres.legal_actions(started(THREE), 1)) == 1 + 70 - 24 + 1


@pytest.mark.parametrize(
    ("previous", "points", "code"),
    [
        ([], 17, BID_TOO_LOW),
        ([], 69, BID_TOO_HIGH),
        ([bid(FOUR, 1, 30)], 30, BID_TOO_LOW),
        ([bid(FOUR, 1, 30)], 29, BID_TOO_LOW),
        ([bid(FOUR, 1, 68)], 69, WRONG_PHASE),
    ],
)
def test_a_bid_out_of_bounds_is_refused_with_its_code(previous, points, code):
    state = apply_all(started(FOUR, dealer=0), previous)
    seat = (previous[-1].seat + 1) % 4 if previous else 1
    if code == WRONG_PHASE:
        seat = 1

    assert _refused(state, bid(FOUR, seat, points)) == code
    assert encheres.seat_to_act(state) == seat


def test_the_minimum_and_maximum_at_three_are_24_and_70():
    state = started(THREE, dealer=0)

    assert (_refused(state, bid(THREE, 1, 23)), _refused(state, bid(THREE, 1, 71))) == (
        BID_TOO_LOW,
        BID_TOO_HIGH,
    )
    assert encheres.apply(state, bid(THREE, 1, 24)).deal.bid == 24


def test_which_error_first_not_your_turn_before_the_bids_own_codes():
    state = started(FOUR, dealer=0)

    assert _refused(state, bid(FOUR, 2, 10)) == NOT_YOUR_TURN
    assert _refused(state, action(FOUR, 1, "play", card="7S")) == WRONG_PHASE
    assert _refused(state, action(FOUR, 1, "trump", suit="H")) == WRONG_PHASE


def test_a_bid_once_the_deal_is_over_is_wrong_phase_before_not_your_turn():
    state = apply_all(started(FOUR, dealer=0), [pass_(FOUR, seat) for seat in (1, 2, 3, 0)])

    assert _refused(state, bid(FOUR, 3, 10)) == WRONG_PHASE


@pytest.mark.parametrize("points", [True, False, "20", 20.0, None, [20]])
def test_points_that_are_not_an_integer_are_malformed(points):
    with pytest.raises(RuleError) as error:
        encheres.Action.from_json({"seat": 1, "type": "bid", "points": points})

    assert error.value.code == MALFORMED


@pytest.mark.parametrize(
    "obj",
    [
        {"seat": 1, "type": "trump", "suit": None},
        {"seat": 1, "type": "trump"},
        {"seat": 1, "type": "pass", "points": 20},
        {"seat": 1, "type": "bid"},
        {"seat": 4, "type": "pass"},
    ],
)
def test_a_trump_without_a_suit_and_other_bad_shapes_are_malformed(obj):
    with pytest.raises(RuleError) as error:
        encheres.Action.from_json(obj)

    assert error.value.code == MALFORMED


def test_seat_3_is_no_seat_at_three():
    with pytest.raises(RuleError) as error:
        encheres.ActionThree.from_json({"seat": 3, "type": "pass"})

    assert error.value.code == MALFORMED


def test_the_bidder_names_a_suit_then_d_plus_1_leads_not_the_bidder():
    state = apply_all(started(FOUR, dealer=1), [pass_(FOUR, 2), bid(FOUR, 3, 40)])
    state = apply_all(state, [pass_(FOUR, 0), pass_(FOUR, 1)])

    assert _refused(state, action(FOUR, 2, "trump", suit="S")) == NOT_YOUR_TURN
    state = encheres.apply(state, action(FOUR, 3, "trump", suit="D"))

    assert (state.phase, state.deal.trump, state.deal.to_act) == ("play", "D", 2)
    assert [each.to_json() for each in encheres.legal_actions(started(FOUR), 1)][:1] == [
        {"seat": 1, "type": "pass"}
    ]


def test_the_trump_phase_offers_the_four_suits():
    state = encheres.apply(started(THREE, dealer=0), bid(THREE, 1, 70))

    assert [each.suit for each in encheres.legal_actions(state, 1)] == ["S", "H", "D", "C"]
    assert _refused(state, pass_(THREE, 1)) == WRONG_PHASE
