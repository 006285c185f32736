import pytest

from games.engine import RuleError
from games.engine.trois import Action, apply, forfeit, legal_actions, legal_cards

from .positions import THIRTY, dealt, position

# Trump hearts in every position; (trick so far, the follower's hand, the cards allowed, each
# other card with the code it is refused with). Every seat plays alone: the winning card is
# always an opponent's.
FOLLOWER_CASES = {
    "leader_plays_anything": ((), ("KS", "7S", "8D"), ("KS", "7S", "8D"), {}),
    "beat_the_led_card": (
        ((1, "9S"),),
        ("KS", "7S", "8D"),
        ("KS",),
        {"7S": "must_beat", "8D": "must_follow_suit"},
    ),
    "beat_the_winning_card_not_the_led_card": (
        ((0, "QS"), (1, "AS")),
        ("TS", "KS", "7C"),
        ("TS",),
        {"KS": "must_beat", "7C": "must_follow_suit"},
    ),
    "cannot_beat_any_of_the_suit": (
        ((1, "TS"),),
        ("KS", "7S", "8D"),
        ("KS", "7S"),
        {"8D": "must_follow_suit"},
    ),
    "a_trump_wins_any_of_the_led_suit": (
        ((0, "9S"), (1, "7H")),
        ("KS", "7S", "8D"),
        ("KS", "7S"),
        {"8D": "must_follow_suit"},
    ),
    "void_trump_to_win": (
        ((0, "AS"),),
        ("7H", "8D"),
        ("7H",),
        {"8D": "must_trump"},
    ),
    "void_overtrump": (
        ((0, "AS"), (1, "9H")),
        ("KH", "7H", "8D"),
        ("KH",),
        {"7H": "must_beat", "8D": "must_trump"},
    ),
    "void_no_trump_wins_anything": (
        ((0, "AS"), (1, "TH")),
        ("KH", "7H", "8D"),
        ("KH", "7H", "8D"),
        {},
    ),
    "void_no_trump_held_anything": (((1, "AS"),), ("8D", "8C"), ("8D", "8C"), {}),
}


@pytest.mark.parametrize("case", list(FOLLOWER_CASES))
def test_the_follower_rule_with_every_seat_alone(case: str) -> None:
    trick, hand, allowed, refused = FOLLOWER_CASES[case]
    seat = (trick[-1][0] + 1) % 3 if trick else 0
    state = position(trick, hand, trump="H", seat=seat)

    assert legal_cards(state.deal, seat) == allowed
    assert [action.card for action in legal_actions(state, seat)] == list(allowed)
    for card, code in refused.items():
        with pytest.raises(RuleError) as caught:
            apply(state, Action(seat=seat, type="play", card=card))
        assert caught.value.code == code
    assert set(allowed) | set(refused) == set(hand)


def test_a_refusal_names_the_cards_allowed() -> None:
    state = position(((1, "9S"),), ("KS", "7S", "8D"), trump="H", seat=2)

    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=2, type="play", card="8D"))

    assert caught.value.message == "must follow suit with a spade higher than the 9♠: K♠"


def test_the_seat_after_the_dealer_leads() -> None:
    state = dealt(list(THIRTY), dealer=2)

    assert (state.deal.to_act, [len(legal_actions(state, seat)) for seat in range(3)]) == (
        0,
        [10, 0, 0],
    )


def test_the_trick_goes_to_its_winner_who_leads_next() -> None:
    state = position((), ("AS", "7D"), trump="H", seat=0)
    hands = list(state.deal.hands)
    hands[1] = ("TS", "8D")
    hands[2] = ("9S", "KH")
    state = state.__class__(
        state.format,
        state.options,
        state.phase,
        state.dealer,
        state.progress,
        state.deal._replace(hands=tuple(hands)),
    )

    for seat, card in ((0, "AS"), (1, "TS"), (2, "9S")):
        state = apply(state, Action(seat=seat, type="play", card=card))

    deal = state.deal
    assert (deal.last_winner, deal.to_act, deal.tricks_won, deal.card_points) == (
        1,
        1,
        (0, 1, 0),
        (0, 9, 0),
    )
    assert deal.trick == ()


def test_the_turned_up_card_is_the_dealers_until_he_plays_it() -> None:
    state = dealt(list(THIRTY), dealer=0)
    dealer_hand = state.deal.hands[0]
    assert state.deal.turned_up in dealer_hand and state.deal.is_turned_up_held

    deal = state.deal._replace(hands=(dealer_hand[:0] + ("AS",),) + state.deal.hands[1:])

    assert not deal.is_turned_up_held


# manille-4p.md, *Which error is reported*: the deal over, then the turn, then the card held,
# then the follower rule.
def test_errors_are_reported_in_order() -> None:
    state = position(((1, "9S"),), ("KS", "7S", "8D"), trump="H", seat=2)
    over = forfeit(state, seat=0, reason="left")

    cases = [
        (over, Action(seat=2, type="play", card="8D"), "wrong_phase"),
        (state, Action(seat=0, type="play", card="QC"), "not_your_turn"),
        (state, Action(seat=2, type="play", card="AS"), "card_not_available"),
        (state, Action(seat=2, type="play", card="8D"), "must_follow_suit"),
    ]

    codes = []
    for given, action, _code in cases:
        with pytest.raises(RuleError) as caught:
            apply(given, action)
        codes.append(caught.value.code)
    assert codes == [code for _given, _action, code in cases]


def test_an_action_of_another_game_or_shape_is_malformed() -> None:
    with pytest.raises(RuleError) as caught:
        Action(seat=3, type="play", card="AS")
    assert (caught.value.code, caught.value.message) == (
        "malformed",
        "an action's seat must be 0 to 2, not 3",
    )
    with pytest.raises(RuleError) as caught:
        Action(seat=0, type="pass")
    assert caught.value.message == "unknown action type 'pass': one of play"
