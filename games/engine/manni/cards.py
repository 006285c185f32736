"""The 52 cards of Manni, their order in each contract, the first-dealer draw and the shuffle.

Implements manille-variants.md, *Manni* / *Cards* (ranks `2 3 4 5 6 7 8 9 T J Q K A` in S H D C,
the ace high, low in a nullo deal only; no card points: Manni counts tricks) and *Seats,
direction, dealer* (the first dealer: the highest card, the ace high, suits not counting, ties
drawing again). The shared `games.engine.cards` is the 32-card Manille deck that every other game
sees; nothing here changes it.
"""

import random
from collections.abc import Iterable

from ..cards import SUIT_SYMBOLS, SUITS
from ..cards import shuffled_deck as shuffled_cards

# Strongest first when the ace is high (trump and no-trump contracts, the draw).
RANKS = "AKQJT98765432"

CONTRACT_NULLO = "nullo"
CONTRACT_TRUMP = "trump"
CONTRACT_NO_TRUMP = "no-trump"
CONTRACTS = (CONTRACT_NULLO, CONTRACT_TRUMP, CONTRACT_NO_TRUMP)

# Canonical order: by suit (S H D C), the ace first.
CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_SET = frozenset(CARDS)
DECK_SIZE = len(CARDS)

# Higher number = stronger card in its suit: the ace 14 when high, 1 in a nullo deal.
_RANK_VALUES = {rank: 14 - index for index, rank in enumerate(RANKS)}
STRENGTH = {card: _RANK_VALUES[card[0]] for card in CARDS}
NULLO_STRENGTH = {card: 1 if card[0] == "A" else STRENGTH[card] for card in CARDS}


def strengths(contract: str) -> dict[str, int]:
    """Return the strength of every card in `contract`: the ace is low in a nullo deal only."""
    return NULLO_STRENGTH if contract == CONTRACT_NULLO else STRENGTH


def is_card(value: object) -> bool:
    """Tell whether `value` is one of the 52 cards in the notation (`2C`, `TD`, `AS`)."""
    return isinstance(value, str) and value in CARD_SET


def sort_hand(cards: Iterable[str], contract: str) -> tuple[str, ...]:
    """Return cards by suit (S H D C), strongest first in `contract`'s order (the ace last in a
    nullo deal), the order a hand is kept and shown in."""
    strength = strengths(contract)
    return tuple(sorted(cards, key=lambda card: (SUITS.index(card[1]), -strength[card])))


def card_label(card: str) -> str:
    """Write a card for people: `9H` -> `9♥`."""
    return card[0] + SUIT_SYMBOLS[card[1]]


def cards_label(cards: Iterable[str], contract: str) -> str:
    """Write cards strongest first, `A♥, K♥ or 2♥`."""
    labels = [card_label(card) for card in sort_hand(cards, contract)]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def shuffled_deck(rng: random.Random) -> list[str]:
    """Shuffle the 52 cards, then cut them at a random point (the site passes a secure
    source): the card the cut reveals ends at index 51 (Decision 24)."""
    return shuffled_cards(rng, CARDS)


def draw_first_dealer(rng: random.Random, seats: tuple[int, ...]) -> tuple[list[list], int]:
    """Draw one card per seat; the highest rank deals, the ace high, suits not counting; the
    seats tied for highest draw again among themselves, each round from a fresh deck.

    Return every round as `[(seat, card), ...]` in seat order, and the dealer's seat: the
    registry's `draw_first_dealer` shape.
    """
    rounds: list[list[tuple[int, str]]] = []
    drawing = tuple(seats)
    while True:
        cards = rng.sample(CARDS, len(drawing))
        rounds.append(list(zip(drawing, cards, strict=True)))
        highest = max(STRENGTH[card] for card in cards)
        drawing = tuple(
            seat for seat, card in zip(drawing, cards, strict=True) if STRENGTH[card] == highest
        )
        if len(drawing) == 1:
            return rounds, drawing[0]
