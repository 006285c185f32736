import random

from games.engine import (
    CARDS,
    POINTS,
    RANKS,
    STRENGTH,
    card_label,
    draw_first_dealer,
    shuffled_deck,
)


class ScriptedRandom(random.Random):
    """A random source whose draws are given in advance (the draw's two cards each time)."""

    def __init__(self, draws: list[list[str]]) -> None:
        super().__init__(0)
        self.draws = list(draws)

    def sample(self, population, k, *, counts=None):
        return self.draws.pop(0)


def test_the_deck_has_32_cards_in_the_notation() -> None:
    assert len(CARDS) == 32
    assert len(set(CARDS)) == 32
    assert CARDS[:8] == ("TS", "AS", "KS", "QS", "JS", "9S", "8S", "7S")
    assert {card[1] for card in CARDS} == {"S", "H", "D", "C"}


def test_rank_order_is_ten_ace_king_queen_jack_nine_eight_seven() -> None:
    assert RANKS == "TAKQJ987"
    hearts = ["7H", "8H", "9H", "JH", "QH", "KH", "AH", "TH"]
    assert sorted(hearts, key=STRENGTH.__getitem__) == hearts


def test_card_points_are_five_four_three_two_one_and_zero() -> None:
    assert [POINTS[rank + "D"] for rank in RANKS] == [5, 4, 3, 2, 1, 0, 0, 0]
    assert sum(POINTS.values()) == 60


def test_card_label_uses_the_suit_symbol() -> None:
    assert [card_label(card) for card in ("9H", "TS", "AD", "7C")] == ["9♥", "T♠", "A♦", "7♣"]


def test_first_dealer_is_the_higher_card() -> None:
    draws, dealer = draw_first_dealer(ScriptedRandom([["9S", "JD"]]))

    assert draws == [("9S", "JD")]
    assert dealer == 1


def test_first_dealer_draw_ignores_suits_and_draws_again_on_equal_ranks() -> None:
    draws, dealer = draw_first_dealer(ScriptedRandom([["TS", "TH"], ["7C", "7D"], ["AC", "KD"]]))

    assert draws == [("TS", "TH"), ("7C", "7D"), ("AC", "KD")]
    assert dealer == 0


def test_first_dealer_draw_with_a_seeded_random_draws_until_ranks_differ() -> None:
    draws, dealer = draw_first_dealer(random.Random(21))

    assert draws == [("KH", "KC"), ("KC", "KD"), ("8C", "9H")]
    assert dealer == 1


def test_shuffled_deck_is_a_permutation_fixed_by_the_seed() -> None:
    deck = shuffled_deck(random.Random(3))

    assert sorted(deck) == sorted(CARDS)
    assert deck == shuffled_deck(random.Random(3))
    assert deck != shuffled_deck(random.Random(4))
