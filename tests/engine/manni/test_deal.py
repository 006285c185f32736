"""The Manni deal: the map, the Manni's order, the cut card and the contract, the first
dealer."""

import random

import pytest

from games.engine import RuleError
from games.engine.manni import (
    CARDS,
    MANNI_DRAW_ORDER,
    MANNI_INDICES,
    contract_of,
    deal_deck,
    draw_first_dealer,
    hand_indices,
    new_match,
    validate_deck,
)
from games.engine.manni.cards import sort_hand
from games.engine.variants import variant_get

from .positions import dealt, deck_with_cut


def test_the_deal_map_gives_sixteen_to_the_manni_and_twelve_to_each_seat_from_the_left():
    assert MANNI_INDICES == (0, 1, 2, 3, 13, 14, 15, 16, 26, 27, 28, 29, 39, 40, 41, 42)
    assert hand_indices(dealer=0, seat=1) == (4, 5, 6, 17, 18, 19, 30, 31, 32, 43, 44, 45)
    assert hand_indices(dealer=0, seat=2) == (7, 8, 9, 20, 21, 22, 33, 34, 35, 46, 47, 48)
    assert hand_indices(dealer=0, seat=0) == (10, 11, 12, 23, 24, 25, 36, 37, 38, 49, 50, 51)
    assert hand_indices(dealer=2, seat=0) == hand_indices(dealer=0, seat=1)
    assert hand_indices(dealer=2, seat=1) == hand_indices(dealer=0, seat=2)


def test_the_manni_is_drawn_from_the_top_the_card_dealt_last_first():
    assert MANNI_DRAW_ORDER == (42, 41, 40, 39, 29, 28, 27, 26, 16, 15, 14, 13, 3, 2, 1, 0)


def test_a_deal_puts_every_card_in_its_place():
    deck = list(CARDS)
    random.Random(4).shuffle(deck)

    state = dealt(deck, dealer=1)

    deal = state.deal
    assert (state.phase, deal.to_act, deal.cut) == ("exchange", 2, deck[51])
    for seat in range(3):
        expected = sort_hand((deck[index] for index in hand_indices(1, seat)), deal.contract)
        assert deal.hands[seat] == expected
    assert deal.manni == tuple(deck[index] for index in MANNI_DRAW_ORDER)
    assert deck[51] in deal.hands[1]


@pytest.mark.parametrize(
    ("cut", "contract", "trump"),
    [
        ("2H", "nullo", None),
        ("3S", "nullo", None),
        ("4D", "nullo", None),
        ("5C", "nullo", None),
        ("6H", "trump", "H"),
        ("7S", "trump", "S"),
        ("8D", "trump", "D"),
        ("9C", "trump", "C"),
        ("TH", "no-trump", None),
        ("JS", "no-trump", None),
        ("QD", "no-trump", None),
        ("KC", "no-trump", None),
        ("AH", "no-trump", None),
    ],
)
def test_the_cut_card_names_the_contract(cut, contract, trump):
    assert contract_of(cut) == (contract, trump)
    deal = dealt(deck_with_cut(cut)).deal
    assert (deal.cut, deal.contract, deal.trump) == (cut, contract, trump)


def test_a_hand_is_kept_by_suit_strongest_first_the_ace_last_in_nullo():
    cards = ["2S", "AS", "5H", "KS", "AH"]

    assert sort_hand(cards, "nullo") == ("KS", "2S", "AS", "5H", "AH")
    assert sort_hand(cards, "trump") == ("AS", "KS", "2S", "AH", "5H")
    assert sort_hand(cards, "no-trump") == ("AS", "KS", "2S", "AH", "5H")


@pytest.mark.parametrize(
    "deck",
    [
        list(CARDS[:32]),
        list(CARDS[:-1]) + ["AS"],
        list(CARDS[:-1]) + ["1S"],
        "AS KS",
    ],
)
def test_a_deck_that_is_not_the_52_distinct_cards_is_malformed(deck):
    with pytest.raises(RuleError) as error:
        validate_deck(deck)
    assert error.value.code == "malformed"


def test_the_registry_deals_52_cards_shuffled_and_cut():
    manni = variant_get("manni")

    deck = deal_deck(None, random.Random(3))

    assert sorted(deck) == sorted(CARDS)
    assert manni.deal_deck(None, random.Random(3)) == deck
    assert manni.advance(manni.new_match(first_dealer=2), random.Random(3)).deal.deck == tuple(
        deal_deck(None, random.Random(3))
    )


def test_the_first_dealer_is_the_highest_card_the_ace_high_ties_drawing_again():
    seeds = range(200)
    results = [draw_first_dealer(random.Random(seed), (0, 1, 2)) for seed in seeds]

    ranks = "23456789TJQKA"
    for rounds, dealer in results:
        assert [seat for seat, _card in rounds[0]] == [0, 1, 2]
        for before, after in zip(rounds, rounds[1:], strict=False):
            best = max(ranks.index(card[0]) for _seat, card in before)
            tied = [seat for seat, card in before if ranks.index(card[0]) == best]
            assert [seat for seat, _card in after] == tied
        last = rounds[-1]
        best = max(ranks.index(card[0]) for _seat, card in last)
        assert [seat for seat, card in last if ranks.index(card[0]) == best] == [dealer]
    assert any(len(rounds) > 1 for rounds, _dealer in results)
    assert any(card[0] == "A" for rounds, _ in results for _seat, card in rounds[-1])
    registry_draw = variant_get("manni").draw_first_dealer(random.Random(8))
    assert registry_draw == draw_first_dealer(random.Random(8), (0, 1, 2))


def test_a_match_has_one_format_and_no_option():
    state = new_match(first_dealer=1, options={})

    assert (state.format, state.phase, state.dealer) == ("manni-10", "dealing", 1)
    with pytest.raises(RuleError) as error:
        new_match(first_dealer=0, options={"sevens_removed": True})
    assert error.value.code == "options_not_allowed"
    with pytest.raises(RuleError) as error:
        new_match(first_dealer=0, format="first-to-34")
    assert error.value.code == "malformed"
