"""What each seat and a spectator see of a Manni deal: their own hand and discards, the cut
card, how many cards each exchanged, never another's cards nor the Manni's."""

from games.engine.manni import Action, apply, player_view, public_view

from .positions import dealt
from .test_exchange import DECK, _exchange

HEARTS_HAND = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H"]


def _head(seat):
    return {
        "variant": "manni",
        "format": "manni-10",
        "options": {},
        "direction": "clockwise",
        "target": 10,
        "deal_count": None,
        "teams": [[0], [1], [2]],
        "seat": seat,
        "team": seat,
        "partner": None,
    }


def _tail(legal_actions):
    return {
        "is_hand_hidden": False,
        "last_trick": None,
        "plus": [0, 0, 0],
        "minus": [0, 0, 0],
        "legal_actions": legal_actions,
        "totals": [0, 0, 0],
        "deals": [],
        "finished": False,
        "winner": None,
        "end": None,
        "commitments": [None],
        "loser": None,
    }


def _in_play():
    state = _exchange(_exchange(_exchange(dealt(DECK), 1, ["AS", "KS", "QS"]), 2, ["3H"]), 0, [])
    return apply(state, Action(seat=1, type="play", card="JS"))


def test_the_seat_to_exchange_sees_his_limit_and_no_exchange_as_the_action_listed():
    state = _exchange(dealt(DECK), 1, ["AS", "KS", "QS"])

    assert player_view(state, 2) == {
        **_head(2),
        "phase": "exchange",
        "deal_number": 1,
        "dealer": 0,
        "first_dealer": 0,
        "seat_to_act": 2,
        "cut": "KC",
        "contract": "no-trump",
        "trump": None,
        "exchanged": [None, 3, None],
        "exchange_limit": 5,
        "manni_count": 13,
        "discards": [],
        "hand": HEARTS_HAND,
        "hand_counts": [12, 12, 12],
        "trick": [],
        "plays": [],
        "tricks_won": [0, 0, 0],
        **_tail([{"seat": 2, "type": "exchange", "cards": []}]),
    }


def test_a_seat_sees_his_own_discards_and_what_he_drew():
    assert player_view(_in_play(), 1) == {
        **_head(1),
        "phase": "play",
        "deal_number": 1,
        "dealer": 0,
        "first_dealer": 0,
        "seat_to_act": 2,
        "cut": "KC",
        "contract": "no-trump",
        "trump": None,
        "exchanged": [0, 3, 1],
        "exchange_limit": None,
        "manni_count": 12,
        "discards": ["AS", "KS", "QS"],
        "hand": ["TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "4C", "3C", "2C"],
        "hand_counts": [12, 11, 12],
        "trick": [{"seat": 1, "card": "JS"}],
        "plays": [{"seat": 1, "card": "JS"}],
        "tricks_won": [0, 0, 0],
        **_tail([]),
    }


def test_the_others_see_neither_his_discards_nor_his_cards():
    state = _in_play()
    seat_two = player_view(state, 2)
    spectator = public_view(state)

    assert (seat_two["discards"], spectator["discards"], spectator["hand"]) == (["3H"], [], [])
    assert seat_two["hand"] == [*HEARTS_HAND[:-1], "5C"]
    assert seat_two["legal_actions"] == [
        {"seat": 2, "type": "play", "card": card} for card in seat_two["hand"]
    ]
    assert spectator["exchanged"] == [0, 3, 1]


def test_the_cut_card_stays_in_view_after_the_dealer_discards_it():
    state = _exchange(_exchange(_exchange(dealt(DECK), 1, []), 2, []), 0, ["KC"])

    assert [player_view(state, seat)["cut"] for seat in range(3)] == ["KC"] * 3
    assert public_view(state)["cut"] == "KC"
    assert "KC" not in player_view(state, 0)["hand"]
    assert player_view(state, 0)["discards"] == ["KC"]
