import dataclasses
import random

import pytest

import games.engine as two_player
from games.engine import CARDS, RuleError
from games.engine.partnership import Action, apply, legal_actions, seat_to_act
from games.engine.partnership.follower_examples import FOLLOWER_EXAMPLES, FollowerExample
from games.engine.tricks import obligation, trick_winner, winning_index

from .positions import act, follower_position, named


def _refusal(state, card: str) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=seat_to_act(state), type="play", card=card))
    return caught.value.code, caught.value.message


@pytest.mark.parametrize("example", FOLLOWER_EXAMPLES, ids=lambda example: example.key)
def test_each_worked_example_allows_exactly_its_cards(example: FollowerExample) -> None:
    state = follower_position(example)

    legal = [action.card for action in legal_actions(state, 0)]

    assert sorted(legal) == sorted(example.allowed)
    assert sorted(card for card, _code in example.refused) == sorted(
        set(example.hand) - set(example.allowed)
    )
    for card, code in example.refused:
        assert _refusal(state, card)[0] == code
    for card in example.allowed:
        assert apply(state, Action(seat=0, type="play", card=card)).deal.hands[0] == tuple(
            held for held in example.hand if held != card
        )


@pytest.mark.parametrize("example", FOLLOWER_EXAMPLES, ids=lambda example: example.key)
def test_each_worked_example_is_the_shared_rule(example: FollowerExample) -> None:
    cards = [card for _seat, card in example.trick]
    winning_seat = example.trick[winning_index(cards, example.trump)][0]

    rule = obligation(example.hand, cards, example.trump, is_partner_winning=winning_seat == 2)

    assert sorted(rule.allowed) == sorted(example.allowed)


def test_the_examples_cover_every_rule_and_every_code() -> None:
    assert sorted({example.rule for example in FOLLOWER_EXAMPLES}) == [1, 2, 3, 4]
    assert {code for example in FOLLOWER_EXAMPLES for _card, code in example.refused} == {
        "must_follow_suit",
        "must_beat",
        "must_trump",
    }
    assert len({example.key for example in FOLLOWER_EXAMPLES}) == len(FOLLOWER_EXAMPLES)


def _example(key: str) -> FollowerExample:
    return next(example for example in FOLLOWER_EXAMPLES if example.key == key)


def test_a_card_breaking_follow_and_beat_is_must_follow_suit_naming_the_allowed_cards() -> None:
    # Decision: the first obligation broken; the message names what was allowed (the 10♥).
    state = follower_position(_example("beat_the_opponents_card"))

    assert _refusal(state, "KS") == (
        "must_follow_suit",
        "must follow suit with a heart higher than the 9♥: T♥",
    )
    assert _refusal(state, "8H") == ("must_beat", "must beat the 9♥ with a higher heart: T♥")


def test_the_messages_name_the_rule_and_the_allowed_cards() -> None:
    follow = follower_position(_example("cannot_beat_follow_with_any"))
    trump = follower_position(_example("void_any_trump_wins"))
    overtrump = follower_position(_example("void_overtrump"))

    assert _refusal(follow, "AS") == (
        "must_follow_suit",
        "must follow suit with a heart: 8♥ or 7♥",
    )
    assert _refusal(trump, "TD") == (
        "must_trump",
        "must trump with a heart, having no spade: 9♥ or 7♥",
    )
    assert _refusal(overtrump, "8D") == (
        "must_trump",
        "must trump with a heart higher than the J♥, having no club: T♥",
    )
    assert _refusal(overtrump, "9H") == ("must_beat", "must beat the J♥ with a higher heart: T♥")


def test_a_card_the_seat_does_not_hold_is_refused_before_the_follower_rule() -> None:
    state = follower_position(_example("beat_the_opponents_card"))

    # The 8♣ is another seat's card and breaks "follow suit" too: card_not_available first.
    assert _refusal(state, "8C") == (
        "card_not_available",
        "the 8♣ is not in seat 0's hand; playable: T♥",
    )


def test_the_leader_plays_any_card() -> None:
    state = named(list(CARDS), "H", dealer=3)

    assert sorted(action.card for action in legal_actions(state, 0)) == sorted(state.deal.hands[0])


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (["9H", "TH", "AH", "7H"], "S", 1),  # the highest card of the led suit
        (["9H", "TD", "AC", "7H"], "S", 0),  # another suit never wins
        (["9H", "TH", "7S", "AH"], "S", 2),  # a trump beats the led suit
        (["9H", "8S", "JS", "TH"], "S", 2),  # the highest trump
        (["9S", "TS", "AH", "KS"], "S", 1),  # trump led: the highest trump
        (["KC", "TD", "AH", "QC"], None, 0),  # no trump: the led suit only
    ],
)
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit(
    cards: list[str], trump: str | None, winner: int
) -> None:
    assert trick_winner(list(enumerate(cards)), trump) == winner


def test_a_whole_trick_goes_to_its_winners_team_who_leads_next() -> None:
    # Seat 1 leads the 7♥, seat 2 beats it with the K♥, seat 3 (void) trumps, seat 0 follows
    # with his heart: the trump wins for team 1.
    state = named(list(CARDS), "S", mee_tegen=False)
    hands = (("TH", "AS", "8D"), ("7H", "TD", "9C"), ("KH", "7D", "8C"), ("7S", "AD", "7C"))
    state = dataclasses.replace(state, deal=state.deal._replace(hands=hands))

    state = act(state, "7H", "KH", "7S", "TH")

    assert (state.deal.last_winner, seat_to_act(state)) == (3, 3)
    assert (state.deal.tricks_won, state.deal.card_points) == ((0, 1), (0, 8))
    assert state.deal.last_trick == ((1, "7H"), (2, "KH"), (3, "7S"), (0, "TH"))


def test_with_two_seats_the_shared_rule_is_the_two_player_rule() -> None:
    # Nobody has a partner and the winning card is the opponent's led card: random two-player
    # deals give the same playable cards through both engines at every follower's turn.
    rng = random.Random(20240611)
    compared = 0
    for _ in range(30):
        state = two_player.new_match(format="first-to-71", first_dealer=0)
        state = two_player.deal_start(state, two_player.shuffled_deck(rng))
        while two_player.seat_to_act(state) is not None:
            seat = two_player.seat_to_act(state)
            actions = two_player.legal_actions(state, seat)
            if state.phase is two_player.Phase.PLAY and state.deal.trick:
                led = [card for _seat, card in state.deal.trick]
                shared = obligation(
                    two_player.available_cards(state.deal, seat),
                    led,
                    state.deal.trump,
                    is_partner_winning=False,
                )
                assert sorted(shared.allowed) == sorted(action.card for action in actions)
                compared += 1
            state = two_player.apply(state, rng.choice(actions))

    assert compared == 30 * 16
