from games.engine.cards import CARDS
from games.engine.trois import Action, apply, forfeit, player_view, public_view

from .positions import dealt
from .test_perft import THIRTY_DECK


def _mid_deal():
    state = dealt(THIRTY_DECK, dealer=0)
    for seat, card in ((1, "QS"), (2, "AS"), (0, "KS"), (2, "TC")):
        state = apply(state, Action(seat=seat, type="play", card=card))
    return state


def test_a_seats_view_mid_deal() -> None:
    assert player_view(_mid_deal(), 0) == {
        "variant": "manille-a-trois",
        "format": "first-to-34",
        "options": {"sevens_removed": True},
        "direction": "counter-clockwise",
        "target": 34,
        "deal_count": None,
        "teams": [[0], [1], [2]],
        "seat": 0,
        "team": 0,
        "partner": None,
        "phase": "play",
        "deal_number": 1,
        "dealer": 0,
        "first_dealer": 0,
        "seat_to_act": 0,
        "trump": "H",
        "doubled_by_tie": False,
        "multiplier": 1,
        "turned_up": {"card": "TH", "seat": 0, "is_held": True},
        "removed": ["7S", "7C"],
        "talon_count": 0,
        "talon": None,
        "hand": ["8S", "TH", "9H", "8H", "TD", "AD", "QD", "9D", "9C"],
        "is_hand_hidden": False,
        "hand_counts": [9, 9, 8],
        "trick": [{"seat": 2, "card": "TC"}],
        "plays": [
            {"seat": 1, "card": "QS"},
            {"seat": 2, "card": "AS"},
            {"seat": 0, "card": "KS"},
            {"seat": 2, "card": "TC"},
        ],
        "last_trick": {
            "cards": [
                {"seat": 1, "card": "QS"},
                {"seat": 2, "card": "AS"},
                {"seat": 0, "card": "KS"},
            ],
            "winner": 2,
        },
        "tricks_won": [0, 0, 1],
        "card_points": [0, 0, 10],
        "legal_actions": [{"seat": 0, "type": "play", "card": "9C"}],
        "totals": [0, 0, 0],
        "deals": [],
        "finished": False,
        "winner": None,
        "end": None,
        "commitments": [None],
        "loser": None,
    }


def test_a_spectator_sees_no_hand_and_no_action() -> None:
    view = public_view(_mid_deal())

    assert (view["seat"], view["team"], view["hand"], view["legal_actions"]) == (None, None, [], [])
    assert view["hand_counts"] == [9, 9, 8]


def test_the_talon_is_two_backs_until_the_deal_is_over() -> None:
    talon = ("KC", "9D")
    deck = [card for card in CARDS if card not in talon] + list(talon)
    state = dealt(deck, dealer=2, options={"sevens_removed": False})

    during = [player_view(state, seat) for seat in range(3)] + [public_view(state)]
    over = forfeit(state, seat=0, reason="left")
    after = [player_view(over, seat) for seat in range(3)] + [public_view(over)]

    assert {(view["talon_count"], view["talon"], view["removed"]) for view in during} == {
        (2, None, None)
    }
    assert [view["talon"] for view in after] == [["KC", "9D"]] * 4
    assert [view["loser"] for view in after] == [0] * 4
