import random

import pytest

from games.engine import RuleError, variant_get
from games.engine.cards import CARDS
from games.engine.trois import deal_deck, deal_hands, deal_start, hand_indices, new_match

from .positions import SEVENS_BLACK, SEVENS_RED, THIRTY, dealt

TROIS = variant_get("manille-a-trois")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_deal_is_four_four_two_from_the_seat_after_the_dealer(dealer: int) -> None:
    first, second = (dealer + 1) % 3, (dealer + 2) % 3

    assert hand_indices(dealer, first) == (0, 1, 2, 3, 12, 13, 14, 15, 24, 25)
    assert hand_indices(dealer, second) == (4, 5, 6, 7, 16, 17, 18, 19, 26, 27)
    assert hand_indices(dealer, dealer) == (8, 9, 10, 11, 20, 21, 22, 23, 28, 29)


def test_a_thirty_card_deck_deals_every_card_and_turns_up_the_dealers_last() -> None:
    state = dealt(list(THIRTY), dealer=1)
    deal = state.deal

    assert deal.hands[2] == tuple(THIRTY[i] for i in (0, 1, 2, 3, 12, 13, 14, 15, 24, 25))
    assert deal.hands[0] == tuple(THIRTY[i] for i in (4, 5, 6, 7, 16, 17, 18, 19, 26, 27))
    assert deal.hands[1] == tuple(THIRTY[i] for i in (8, 9, 10, 11, 20, 21, 22, 23, 28, 29))
    assert (deal.turned_up, deal.trump, deal.is_turned_up_held) == ("8C", "C", True)
    assert (state.phase, deal.to_act, deal.removed, deal.talon) == ("play", 2, SEVENS_BLACK, None)
    assert state.removed == SEVENS_BLACK


def test_a_thirty_two_card_deck_leaves_the_last_two_to_the_talon() -> None:
    deck = list(CARDS)

    state = dealt(deck, dealer=0, options={"sevens_removed": False})

    assert sorted(sum(state.deal.hands, ())) == sorted(CARDS[:30])
    assert (state.deal.talon, state.deal.turned_up, state.deal.trump) == (("8C", "7C"), "9C", "C")
    assert (state.deal.removed, state.removed) == (None, None)


@pytest.mark.parametrize(
    ("deck", "options", "message"),
    [
        (list(CARDS), None, "with sevens_removed a deck holds 30 cards, not 32"),
        (list(THIRTY), {"sevens_removed": False}, "without sevens_removed a deck holds the 32"),
        (
            [card for card in CARDS if card not in ("7S", "7H")],
            None,
            "a 30-card deck lacks one pair of sevens of one colour (7S 7C or 7H 7D), not 7S 7H",
        ),
        (list(CARDS[:31]), None, "a deck holds 30 or 32 cards, not 31"),
        (list(THIRTY[:29]) + ["TS"], None, "duplicate cards in the deck: TS"),
    ],
)
def test_a_deck_that_is_not_the_tables_is_malformed(deck, options, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        dealt(deck, options=options)

    assert caught.value.code == "malformed"
    assert caught.value.message.startswith(message)


def test_every_deal_of_a_match_lacks_the_same_pair() -> None:
    state = dealt(list(THIRTY))
    state = state.__class__(state.format, state.options, "dealing", 1, state.progress, state.deal)
    red_out = [card for card in CARDS if card not in SEVENS_RED]

    with pytest.raises(RuleError) as caught:
        deal_start(state, red_out)

    assert (caught.value.code, caught.value.message) == (
        "malformed",
        "this deck lacks 7H 7D, but the match's deals lack 7S 7C: every deal of a match leaves "
        "out the same pair of sevens",
    )


def test_the_server_draws_one_pair_for_the_whole_match() -> None:
    rng = random.Random(4)
    state = TROIS.advance(TROIS.new_match(first_dealer=0), rng)
    pair = state.removed
    pairs = set()
    for _deal in range(3):
        pairs.add(frozenset(CARDS) - frozenset(state.deal.deck))
        while state.is_deal_in_play:
            seat = TROIS.seat_to_act(state)
            state = TROIS.apply(state, TROIS.legal_actions(state, seat)[0])
        state = TROIS.advance(state, rng)
        if state.is_finished:
            break

    assert pairs == {frozenset(pair)}
    assert pair in (SEVENS_BLACK, SEVENS_RED)


def test_the_pair_out_is_black_or_red_at_random() -> None:
    pairs = {
        TROIS.advance(TROIS.new_match(first_dealer=0), random.Random(seed)).removed
        for seed in range(20)
    }

    assert pairs == {SEVENS_BLACK, SEVENS_RED}


def test_without_the_option_the_server_deals_the_32_cards() -> None:
    state = new_match(first_dealer=0, options={"sevens_removed": False})

    deck = deal_deck(state, random.Random(1))

    assert sorted(deck) == sorted(CARDS)


def test_deal_hands_sorts_each_hand() -> None:
    hands = deal_hands(tuple(reversed(THIRTY)), 0)

    assert [list(hand) == sorted(hand, key=CARDS.index) for hand in hands] == [True] * 3
