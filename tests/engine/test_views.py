import json

from games.engine import CARDS, FORMAT_FIRST_TO_71, new_match, player_view, public_view

from .positions import announced, play, play_deal
from .test_scoring import CAPOT_FOR_SEAT_1


def test_player_view_of_a_deal_in_play() -> None:
    state = play(announced(list(CARDS), dealer=0, trump="S"), "KD")

    view = player_view(state, 0)

    assert view == {
        "format": "first-to-71",
        "seat": 0,
        "phase": "play",
        "deal_number": 1,
        "dealer": 0,
        "first_dealer": 0,
        "seat_to_act": 0,
        "trump": "S",
        "rolled": False,
        "roll_forced": False,
        "buque": "none",
        "doubled_by_tie": False,
        "multiplier": 1,
        "hand": ["QS", "JS", "9S", "TD", "AD", "9C", "8C", "7C"],
        "hand_counts": [8, 8],
        "stacks": [
            [
                {"up": "QD", "down": 1},
                {"up": "9D", "down": 1},
                {"up": "7D", "down": 1},
                {"up": "AC", "down": 1},
            ],
            [
                {"up": "8S", "down": 0},
                {"up": "JD", "down": 1},
                {"up": "8D", "down": 1},
                {"up": "TC", "down": 1},
            ],
        ],
        "trick": [{"seat": 1, "card": "KD"}],
        "last_trick": None,
        "deal_actions": [
            {"seat": 0, "type": "trump", "suit": "S"},
            {"seat": 1, "type": "pass"},
            {"seat": 1, "type": "play", "card": "KD"},
        ],
        "tricks_won": [0, 0],
        "card_points": [0, 0],
        "totals": [0, 0],
        "deals": [],
        "legal_actions": [
            {"seat": 0, "type": "play", "card": "TD"},
            {"seat": 0, "type": "play", "card": "AD"},
        ],
        "finished": False,
        "winner": None,
        "end": None,
        # Dealt without a salt: the deal is in the list, its commitment unknown.
        "commitments": [None],
    }


def test_public_view_shows_no_hand_and_no_legal_action() -> None:
    state = announced(list(CARDS), dealer=0, trump="S")

    view = public_view(state)

    assert (view["seat"], view["hand"], view["legal_actions"]) == (None, [], [])
    assert view["hand_counts"] == [8, 8]
    assert view["seat_to_act"] == 1


def test_the_opponent_hand_face_down_cards_and_deck_never_appear() -> None:
    state = announced(list(CARDS), dealer=0, trump="S")
    deal = state.deal
    face_down = {stack[1] for stacks in deal.stacks for stack in stacks}

    for seat in (0, 1):
        text = json.dumps(player_view(state, seat))
        hidden = set(deal.hands[1 - seat]) | face_down
        assert [card for card in hidden if f'"{card}"' in text] == []
        assert "deck" not in text
    public_text = json.dumps(public_view(state))
    assert [
        card
        for card in set(deal.hands[0]) | set(deal.hands[1]) | face_down
        if f'"{card}"' in public_text
    ] == []


def test_view_between_deals_shows_the_summary_and_the_next_deal_number() -> None:
    state = play_deal(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), CAPOT_FOR_SEAT_1, ["trump:S", "pass"]
    )

    view = player_view(state, 1)

    assert (view["phase"], view["deal_number"], view["dealer"], view["seat_to_act"]) == (
        "dealing",
        2,
        1,
        None,
    )
    assert (view["hand"], view["totals"], view["trump"]) == ([], [0, 60], None)
    assert view["deals"][0]["score"] == [0, 60]
    assert view["last_trick"]["winner"] == 1
