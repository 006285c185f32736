import json

import pytest

from games.engine import CARDS
from games.engine.partnership import forfeit, new_match, player_view, public_view

from .decks import FLEMISH_TIE
from .positions import act, flemish, french, named, play_deal


def _cards_in(view: dict) -> set[str]:
    text = json.dumps(view)
    return {card for card in CARDS if f'"{card}"' in text}


def test_the_dealers_partner_sees_eight_backs_until_trump_is_named() -> None:
    state = flemish(list(CARDS), dealer=1)

    partner = player_view(state, 3)

    assert (partner["hand"], partner["is_hand_hidden"], partner["hand_counts"]) == (
        [],
        True,
        [8, 8, 8, 8],
    )
    assert _cards_in(partner) == set()
    after = player_view(act(state, "trump:D"), 3)
    assert (after["hand"], after["is_hand_hidden"]) == (list(state.deal.hands[3]), False)


def test_the_dealer_and_his_opponents_see_their_cards_while_trump_is_chosen() -> None:
    state = flemish(list(CARDS), dealer=1)

    views = [player_view(state, seat) for seat in (0, 1, 2)]

    assert [view["hand"] for view in views] == [list(state.deal.hands[seat]) for seat in (0, 1, 2)]
    assert views[1]["legal_actions"][0] == {"seat": 1, "type": "trump", "suit": "S"}
    assert views[1]["legal_actions"][-1] == {"seat": 1, "type": "trump", "suit": None}


def test_with_the_blind_option_the_dealer_sees_his_cards_only_once_he_looks() -> None:
    state = flemish(list(CARDS), dealer=0, options={"blind": True})

    before = player_view(state, 0)
    looked = player_view(act(state, "look"), 0)
    blind = act(state, "blind")

    assert (before["hand"], before["is_hand_hidden"], _cards_in(before)) == ([], True, set())
    assert before["legal_actions"] == [{"seat": 0, "type": "look"}, {"seat": 0, "type": "blind"}]
    assert (looked["hand"], player_view(act(state, "look"), 2)["hand"]) == (
        list(state.deal.hands[0]),
        [],
    )
    # Blind names no trump: both see their cards from then on.
    assert player_view(blind, 0)["hand"] == list(state.deal.hands[0])
    assert player_view(blind, 2)["hand"] == list(state.deal.hands[2])
    assert (player_view(blind, 1)["blind"], player_view(blind, 1)["multiplier"]) == (True, 4)


def test_a_forfeit_before_trump_keeps_the_partners_cards_hidden() -> None:
    state = forfeit(flemish(list(CARDS), dealer=0), seat=1, reason="left")

    assert (player_view(state, 2)["hand"], player_view(state, 2)["is_hand_hidden"]) == ([], True)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_never_holds_another_seats_hand(seat: int) -> None:
    state = act(named(list(CARDS), "H", dealer=0), "TS", "QS")

    view = player_view(state, seat)

    others = {card for other in range(4) if other != seat for card in state.deal.hands[other]}
    assert _cards_in(view) & others == set()
    assert view["hand"] == list(state.deal.hands[seat])
    assert "deck" not in view
    assert (view["team"], view["partner"], view["teams"]) == (
        seat % 2,
        (seat + 2) % 4,
        [[0, 2], [1, 3]],
    )


def test_the_french_turned_up_card_is_in_every_view_for_the_whole_deal() -> None:
    # Dealer 0 holds the 7♣ (index 31, trump clubs).
    state = french(list(CARDS), dealer=0)

    for seat in range(4):
        assert player_view(state, seat)["turned_up"] == {"card": "7C", "seat": 0, "is_held": True}
    assert public_view(state)["turned_up"] == {"card": "7C", "seat": 0, "is_held": True}
    assert "7C" not in player_view(state, 1)["hand"]

    # Seat 1 leads the 10♠; seat 3 discards (his partner wins); the dealer, void in spades,
    # must trump: he takes the trick with the turned-up 7♣.
    state = act(state, "TS", "JS", "TH", "7C")
    view = player_view(state, 2)
    assert view["turned_up"] == {"card": "7C", "seat": 0, "is_held": False}
    assert view["last_trick"]["cards"][-1] == {"seat": 0, "card": "7C"}


def test_the_views_show_the_trick_the_cards_played_and_the_counts() -> None:
    # Seat 0, void in spades, trumps the 10♠ with the Q♥ and leads the A♥.
    state = act(named(list(CARDS), "H", dealer=0), "TS", "QS", "8S", "QH", "AH")

    view = player_view(state, 2)

    assert view["trick"] == [{"seat": 0, "card": "AH"}]
    assert view["plays"] == [
        {"seat": 1, "card": "TS"},
        {"seat": 2, "card": "QS"},
        {"seat": 3, "card": "8S"},
        {"seat": 0, "card": "QH"},
        {"seat": 0, "card": "AH"},
    ]
    assert view["last_trick"]["winner"] == 0
    assert (view["tricks_won"], view["card_points"]) == ([1, 0], [9, 0])
    assert view["hand_counts"] == [6, 7, 7, 7]
    assert (view["seat_to_act"], view["legal_actions"]) == (1, [])
    assert player_view(state, 1)["legal_actions"] == [
        {"seat": 1, "type": "play", "card": "JH"},
        {"seat": 1, "type": "play", "card": "9H"},
    ]


def test_a_spectator_sees_no_hand_and_no_action() -> None:
    state = flemish(list(CARDS), dealer=0)

    view = public_view(state)

    assert (view["seat"], view["hand"], view["legal_actions"], view["team"]) == (None, [], [], None)
    assert _cards_in(view) == set()


def test_between_deals_the_view_announces_the_pending_doubling() -> None:
    state = play_deal(
        new_match(variant="manille-flemish", first_dealer=0),
        FLEMISH_TIE,
        ["trump:S", "pass", "pass"],
    )

    view = player_view(state, 0)

    assert (view["phase"], view["dealer"], view["doubled_by_tie"], view["multiplier"]) == (
        "dealing",
        1,
        True,
        2,
    )
    assert (view["hand"], view["trick"], view["plays"]) == ([], [], [])
    assert view["deals"][0]["card_points"] == [30, 30]


def test_the_view_names_the_game_the_format_the_options_and_the_target() -> None:
    flemish_view = public_view(flemish(list(CARDS), options={"blind": True}))
    french_view = public_view(french(list(CARDS)))

    assert {key: flemish_view[key] for key in ("variant", "format", "options", "direction")} == {
        "variant": "manille-flemish",
        "format": "boom-101",
        "options": {"blind": True, "mee_tegen": True},
        "direction": "clockwise",
    }
    assert (flemish_view["target"], flemish_view["deal_count"]) == (101, None)
    assert (french_view["options"], french_view["direction"], french_view["target"]) == (
        {},
        "counter-clockwise",
        34,
    )
