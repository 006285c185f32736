"""The exchange with the Manni: d+1 up to 7, d+2 up to 5, the dealer up to what is left, drawn
from the top; the errors and their order."""

import pytest

from games.engine import RuleError
from games.engine.manni import Action, apply, exchange_limit, legal_actions, player_view

from .positions import dealt, deck_for

SPADES = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
HEARTS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H"]
DIAMONDS = ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D"]
MANNI = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "AC"]
MANNI += ["2S", "2H", "3D", "2D"]
# Dealer 0; d+1 is seat 1, d+2 seat 2; the king of clubs cut: no-trump.
DECK = deck_for(0, {1: SPADES, 2: HEARTS, 0: DIAMONDS}, MANNI, "KC")


def _exchange(state, seat, cards):
    return apply(state, Action(seat=seat, type="exchange", cards=tuple(cards)))


def _code(state, action) -> str:
    with pytest.raises(RuleError) as error:
        apply(state, action)
    return error.value.code


def test_d1_exchanges_up_to_seven_and_draws_from_the_top_of_the_manni():
    state = dealt(DECK)

    state = _exchange(state, 1, SPADES[:7])

    deal = state.deal
    assert deal.hands[1] == (
        *("7S", "6S", "5S", "4S", "3S"),
        *("8C", "7C", "6C", "5C", "4C", "3C", "2C"),
    )
    assert deal.discards == ((), tuple(SPADES[:7]), ())
    assert deal.exchanged == (None, 7, None)
    assert deal.manni == tuple(MANNI[7:])
    assert (state.phase, deal.to_act) == ("exchange", 2)


def test_the_limits_are_seven_five_and_what_is_left():
    state = dealt(DECK)
    assert exchange_limit(state.deal, 1) == 7
    assert _code(state, Action(seat=1, type="exchange", cards=tuple(SPADES[:8]))) == (
        "exchange_limit"
    )
    state = _exchange(state, 1, SPADES[:7])
    assert exchange_limit(state.deal, 2) == 5
    assert _code(state, Action(seat=2, type="exchange", cards=tuple(HEARTS[:6]))) == (
        "exchange_limit"
    )
    state = _exchange(state, 2, HEARTS[:5])
    assert exchange_limit(state.deal, 0) == 4
    assert _code(state, Action(seat=0, type="exchange", cards=tuple(DIAMONDS[:5]))) == (
        "exchange_limit"
    )

    state = _exchange(state, 0, DIAMONDS[:4])

    assert state.deal.manni == ()
    assert state.deal.exchanged == (4, 7, 5)
    assert state.deal.hands[0] == (
        *("2S", "2H"),
        *("TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"),
        "KC",
    )


def test_the_dealer_may_exchange_the_whole_manni_when_the_others_keep_their_cards():
    state = _exchange(_exchange(dealt(DECK), 1, []), 2, [])

    assert exchange_limit(state.deal, 0) == 16
    state = _exchange(state, 0, DIAMONDS + ["KC"])

    assert state.deal.hands[0] == tuple(f"{rank}C" for rank in "AQJT98765432")
    assert state.deal.exchanged == (12, 0, 0)
    assert state.deal.manni == ("2S", "2H", "3D", "2D")


def test_no_exchange_is_the_one_legal_action_listed_with_the_limit_beside_it():
    state = dealt(DECK)

    assert legal_actions(state, 1) == [Action(seat=1, type="exchange", cards=())]
    assert legal_actions(state, 0) == legal_actions(state, 2) == []
    view = player_view(state, 1)
    assert (view["legal_actions"], view["exchange_limit"]) == (
        [{"seat": 1, "type": "exchange", "cards": []}],
        7,
    )


def test_after_the_dealers_exchange_d1_leads():
    state = _exchange(_exchange(_exchange(dealt(DECK), 1, ["3S"]), 2, []), 0, ["4D", "5D"])

    assert (state.phase, state.deal.to_act, state.deal.exchanged) == ("play", 1, (2, 1, 0))
    assert legal_actions(state, 1)[0].type == "play"


def test_a_card_not_held_is_reported_before_the_limit():
    state = dealt(DECK)
    # Eight cards, one of them a heart seat 1 does not hold.
    action = Action(seat=1, type="exchange", cards=tuple(SPADES[:7]) + ("AH",))

    assert _code(state, action) == "card_not_available"
    assert _code(state, Action(seat=1, type="exchange", cards=("2C",))) == "card_not_available"


def test_turn_and_phase_come_before_the_cards():
    state = dealt(DECK)

    assert _code(state, Action(seat=2, type="exchange", cards=("AD",))) == "not_your_turn"
    assert _code(state, Action(seat=1, type="play", card="AS")) == "wrong_phase"
    state = _exchange(_exchange(_exchange(state, 1, []), 2, []), 0, [])
    assert _code(state, Action(seat=1, type="exchange", cards=())) == "wrong_phase"


def test_a_discarded_card_is_out_of_play():
    state = _exchange(_exchange(_exchange(dealt(DECK), 1, ["AS"]), 2, []), 0, [])

    assert _code(state, Action(seat=1, type="play", card="AS")) == "card_not_available"


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ({"seat": 1, "type": "exchange"}, "needs its cards"),
        ({"seat": 1, "type": "exchange", "cards": None}, "needs its cards"),
        ({"seat": 1, "type": "exchange", "cards": "AS"}, "a list of cards"),
        ({"seat": 1, "type": "exchange", "cards": ["AS", "AS"]}, "each card once"),
        ({"seat": 1, "type": "exchange", "cards": ["1S"]}, "unknown card"),
        ({"seat": 1, "type": "exchange", "cards": [7]}, "unknown card"),
        ({"seat": 1, "type": "exchange", "cards": [], "card": "AS"}, "has no card"),
        ({"seat": 1, "type": "play", "card": "AS", "cards": ["AS"]}, "has no cards"),
        ({"seat": 1, "type": "play"}, "needs a card"),
        ({"seat": 3, "type": "exchange", "cards": []}, "seat must be 0 to 2"),
        ({"seat": 1, "type": "trump", "suit": "S"}, "unknown action type"),
    ],
)
def test_an_exchange_that_is_not_a_list_of_distinct_known_cards_is_malformed(obj, words):
    with pytest.raises(RuleError) as error:
        Action.from_json(obj)

    assert error.value.code == "malformed"
    assert words in error.value.message


def test_an_exchange_round_trips_through_its_record_form():
    action = Action.from_json({"seat": 2, "type": "exchange", "cards": ["5H", "2C"]})

    assert action == Action(seat=2, type="exchange", cards=("5H", "2C"))
    assert action.to_json() == {"seat": 2, "type": "exchange", "cards": ["5H", "2C"]}
    assert Action.from_json({"seat": 0, "type": "play", "card": "2C"}).to_json() == {
        "seat": 0,
        "type": "play",
        "card": "2C",
    }
