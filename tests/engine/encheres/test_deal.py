"""manille-variants.md, *French Manille aux enchères* / *Seats, deal*: the maps, no card turned
up, the 30-card deck at three."""

import pytest

from games.engine import encheres
from games.engine.cards import CARDS
from games.engine.errors import MALFORMED, RuleError

from .helpers import CARDS_OF_THREE, FOUR, THREE, apply_all, pass_, started


def test_at_four_the_32_cards_are_dealt_4_by_4_from_d_plus_1_as_in_muette():
    indices = [encheres.hand_indices(encheres.FOUR, 1, seat) for seat in range(4)]

    assert indices == [
        (8, 9, 10, 11, 24, 25, 26, 27),  # d+3
        (12, 13, 14, 15, 28, 29, 30, 31),  # the dealer
        (0, 1, 2, 3, 16, 17, 18, 19),  # d+1
        (4, 5, 6, 7, 20, 21, 22, 23),  # d+2
    ]


def test_at_three_the_30_cards_are_dealt_4_4_2_from_d_plus_1():
    indices = [encheres.hand_indices(encheres.THREE, 2, seat) for seat in range(3)]

    assert indices == [
        (0, 1, 2, 3, 12, 13, 14, 15, 24, 25),  # d+1
        (4, 5, 6, 7, 16, 17, 18, 19, 26, 27),  # d+2
        (8, 9, 10, 11, 20, 21, 22, 23, 28, 29),  # the dealer
    ]


def test_no_card_is_turned_up_index_31_is_the_dealers_face_down_and_d_plus_1_bids_first():
    state = started(FOUR, dealer=3)

    deal = state.deal
    assert (state.phase, deal.trump, deal.to_act) == ("bid", None, 0)
    assert deal.deck[31] in deal.hands[3]
    assert [len(hand) for hand in deal.hands] == [8, 8, 8, 8]
    assert "turned_up" not in encheres.player_view(state, 0)
    assert deal.deck[31] not in str(encheres.player_view(state, 0))


def test_at_three_ten_cards_each_and_the_pair_out_is_the_matchs():
    state = started(THREE, dealer=0, deck=list(CARDS_OF_THREE))

    assert [len(hand) for hand in state.deal.hands] == [10, 10, 10]
    assert (state.removed, state.deal.to_act) == (("7S", "7C"), 1)


def test_at_three_the_32_cards_are_malformed():
    state = encheres.new_match(variant=THREE, first_dealer=0)

    with pytest.raises(RuleError) as error:
        encheres.deal_start(state, list(CARDS))

    assert (error.value.code, state.phase) == (MALFORMED, "dealing")


def test_at_three_a_later_deck_lacking_the_other_pair_is_malformed():
    state = started(THREE, dealer=0, deck=list(CARDS_OF_THREE))
    state = apply_all(state, [pass_(THREE, 1), pass_(THREE, 2), pass_(THREE, 0)])
    other = [card for card in CARDS if card not in ("7H", "7D")]

    with pytest.raises(RuleError) as error:
        encheres.deal_start(state, other)

    assert (state.phase, state.dealer, error.value.code) == ("dealing", 1, MALFORMED)


def test_at_four_a_30_card_deck_is_malformed():
    state = encheres.new_match(variant=FOUR, first_dealer=0)

    with pytest.raises(RuleError) as error:
        encheres.deal_start(state, list(CARDS_OF_THREE))

    assert error.value.code == MALFORMED
