"""The Manni deal: the cut card and the contract, the deal map, the Manni pile and its order.

Implements manille-variants.md, *Manni* / *The cut and the contract* (Decision 24: the card the
cut reveals is deck index 51, the dealer's, seen by all; 2-5 nullo, 6-9 trump in its suit, T-A
no-trump) and *The deal* (Decision 25: four to the Manni, then three to d+1, d+2 and the dealer,
four times over; the Manni's cards drawn from the top, the last dealt first: 42, 41, 40, 39, 29,
..., 3, 2, 1, 0).
"""

import random
from collections.abc import Sequence

from ..errors import MALFORMED, RuleError
from .cards import (
    CARD_SET,
    CONTRACT_NO_TRUMP,
    CONTRACT_NULLO,
    CONTRACT_TRUMP,
    DECK_SIZE,
    sort_hand,
)
from .cards import shuffled_deck as shuffled_cards

SEAT_COUNT = 3
HAND_SIZE = 12
MANNI_SIZE = 16
# The card revealed by the cut, at the bottom of the deck: the dealer's last card.
CUT_INDEX = 51
# Each round of the deal: four to the Manni, then three to each seat from the dealer's left.
MANNI_PACKET = 4
SEAT_PACKET = 3
ROUND_SIZE = MANNI_PACKET + SEAT_COUNT * SEAT_PACKET
ROUNDS = 4

# The Manni's cards, by deck index, in the order they are dealt.
MANNI_INDICES: tuple[int, ...] = tuple(
    round_ * ROUND_SIZE + offset for round_ in range(ROUNDS) for offset in range(MANNI_PACKET)
)
# Each packet is dealt card by card onto the pile, so the card dealt last lies on top.
MANNI_DRAW_ORDER: tuple[int, ...] = tuple(reversed(MANNI_INDICES))

# Ranks of the cut card -> the contract (the ace high here: T J Q K A are all no-trump).
_CONTRACT_OF_RANK = {
    **dict.fromkeys("2345", CONTRACT_NULLO),
    **dict.fromkeys("6789", CONTRACT_TRUMP),
    **dict.fromkeys("TJQKA", CONTRACT_NO_TRUMP),
}


def hand_indices(dealer: int, seat: int) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals: d+1 first after the
    Manni's packet, the dealer last."""
    position = (seat - dealer - 1) % SEAT_COUNT
    start = MANNI_PACKET + position * SEAT_PACKET
    return tuple(
        round_ * ROUND_SIZE + start + offset
        for round_ in range(ROUNDS)
        for offset in range(SEAT_PACKET)
    )


def validate_deck(deck: object) -> tuple[str, ...]:
    """Return the deck as a tuple of the 52 distinct cards, or raise RuleError `malformed`."""
    # The shared `dealing.validate_cards` knows the 32 Manille cards only.
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise RuleError(MALFORMED, f"a deck must be a list of {DECK_SIZE} cards")
    cards = tuple(deck)
    if len(cards) != DECK_SIZE:
        raise RuleError(MALFORMED, f"a deck holds {DECK_SIZE} cards, not {len(cards)}")
    for card in cards:
        if not isinstance(card, str) or card not in CARD_SET:
            raise RuleError(MALFORMED, f"unknown card {card!r} in the deck")
    if len(set(cards)) != DECK_SIZE:
        seen: set[str] = set()
        duplicates = sorted({card for card in cards if card in seen or seen.add(card)})
        raise RuleError(MALFORMED, f"duplicate cards in the deck: {', '.join(duplicates)}")
    return cards


def contract_of(cut: str) -> tuple[str, str | None]:
    """Return (contract, trump suit or None) that the cut card names."""
    contract = _CONTRACT_OF_RANK[cut[0]]
    return contract, cut[1] if contract == CONTRACT_TRUMP else None


def deal_hands(deck: tuple[str, ...], dealer: int, contract: str) -> tuple[tuple[str, ...], ...]:
    """Split a checked deck into the three hands, by seat, each in `contract`'s order."""
    return tuple(
        sort_hand((deck[index] for index in hand_indices(dealer, seat)), contract)
        for seat in range(SEAT_COUNT)
    )


def manni_pile(deck: tuple[str, ...]) -> tuple[str, ...]:
    """Return the Manni's 16 cards in the order they are drawn, the top first."""
    return tuple(deck[index] for index in MANNI_DRAW_ORDER)


def deal_deck(state, rng: random.Random) -> list[str]:
    """Return the next deal's deck: the 52 cards shuffled and cut. The registry's `deal_deck`
    for Manni (the match changes nothing in it)."""
    return shuffled_cards(rng)
