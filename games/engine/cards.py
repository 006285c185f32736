"""Cards, notation, the first-dealer draw and the shuffled deck.

Implements manille-2p.md, sections *Cards*, *Seats and the first dealer* and *Shuffle, cut and
deal* (the shuffle and the cut; the deal itself is in `dealing.py`).
"""

import random

# Strongest first: 10 (manille), A (manillon), K, Q, J, 9, 8, 7.
RANKS = "TAKQJ987"
SUITS = "SHDC"
RANK_POINTS = {"T": 5, "A": 4, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0}

# Canonical order: by suit (S H D C), strongest first inside a suit.
CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_SET = frozenset(CARDS)
CARD_ORDER = {card: index for index, card in enumerate(CARDS)}
# Higher number = stronger card in its suit.
STRENGTH = {card: 7 - RANKS.index(card[0]) for card in CARDS}
POINTS = {card: RANK_POINTS[card[0]] for card in CARDS}

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def is_card(value: object) -> bool:
    """Tell whether `value` is a card in the notation (`TS`, `AH`, `7C`)."""
    return isinstance(value, str) and value in CARD_SET


def card_label(card: str) -> str:
    """Write a card for people: `9H` -> `9♥`."""
    return card[0] + SUIT_SYMBOLS[card[1]]


def cards_label(cards: list[str] | tuple[str, ...]) -> str:
    """Write cards strongest first, `T♥, A♥ or K♥`."""
    ordered = sorted(cards, key=CARD_ORDER.__getitem__)
    labels = [card_label(card) for card in ordered]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def sort_cards(cards) -> list[str]:
    """Sort cards in the canonical order (suits S H D C, strongest first)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


def draw_first_dealer(rng: random.Random) -> tuple[list[tuple[str, str]], int]:
    """Draw one card per seat until the ranks differ; the higher card deals.

    Suits do not count: equal ranks draw again (Decision in *Seats and the first dealer*).
    Return every draw as (seat 0 card, seat 1 card) and the first dealer's seat.
    """
    draws: list[tuple[str, str]] = []
    while True:
        card0, card1 = rng.sample(CARDS, 2)
        draws.append((card0, card1))
        if STRENGTH[card0] != STRENGTH[card1]:
            return draws, 0 if STRENGTH[card0] > STRENGTH[card1] else 1


def shuffled_deck(rng: random.Random, cards: tuple[str, ...] = CARDS) -> list[str]:
    """Shuffle the 32 cards (or the game's `cards`: the three-player deck lacks a pair of
    sevens), then cut at a random point on the non-dealer's behalf."""
    deck = list(cards)
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck))
    return deck[cut:] + deck[:cut]


def draw_dealer_among(
    rng: random.Random, seats: tuple[int, ...]
) -> tuple[list[tuple[tuple[int, str], ...]], int]:
    """Draw one card per seat; the highest rank deals, seats tied for highest draw again.

    Shared by every seat count (manille-4p.md, *First dealer*: the manille is high, suits do
    not count; two seats is manille-2p.md's draw). Each round is a fresh shuffled deck. Return
    every round as ((seat, card), ...) in seat order, and the dealer's seat.
    """
    draws: list[tuple[tuple[int, str], ...]] = []
    drawing = tuple(seats)
    while True:
        cards = rng.sample(CARDS, len(drawing))
        draws.append(tuple(zip(drawing, cards, strict=True)))
        highest = max(STRENGTH[card] for card in cards)
        drawing = tuple(
            seat for seat, card in zip(drawing, cards, strict=True) if STRENGTH[card] == highest
        )
        if len(drawing) == 1:
            return draws, drawing[0]
