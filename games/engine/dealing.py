"""The deal from an explicit deck order.

Implements manille-2p.md, section *Shuffle, cut and deal* (the table of deck indices).
"""

from collections.abc import Sequence

from .cards import CARD_ORDER, CARD_SET
from .errors import MALFORMED, RuleError

DECK_SIZE = 32
STACK_COUNT = 4

# The table of deck indices, by role: [0] the non-dealer, [1] the dealer. `core.py` deals its
# playouts from the same table.
HAND_POSITIONS = ((0, 1, 2, 14, 15, 26, 27, 28), (3, 4, 5, 16, 17, 29, 30, 31))
# Stack 1 to 4: the face-up card and the face-down card under it.
UP_POSITIONS = ((18, 20, 22, 24), (19, 21, 23, 25))
DOWN_POSITIONS = ((6, 8, 10, 12), (7, 9, 11, 13))


def validate_deck(deck: object) -> tuple[str, ...]:
    """Return the deck as a tuple, or raise RuleError `malformed` naming what is wrong."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise RuleError(MALFORMED, "a deck must be a list of 32 cards")
    cards = tuple(deck)
    if len(cards) != DECK_SIZE:
        raise RuleError(MALFORMED, f"a deck holds 32 cards, not {len(cards)}")
    for card in cards:
        if not isinstance(card, str) or card not in CARD_SET:
            raise RuleError(MALFORMED, f"unknown card {card!r} in the deck")
    if len(set(cards)) != DECK_SIZE:
        seen: set[str] = set()
        duplicates = sorted({card for card in cards if card in seen or seen.add(card)})
        raise RuleError(MALFORMED, f"duplicate cards in the deck: {', '.join(duplicates)}")
    return cards


def _hand(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def deal_cards(deck: tuple[str, ...], dealer: int):
    """Split a validated deck into (hands, stacks), both indexed by seat.

    Non-dealer first each time; table cards alternate non-dealer stack 1, dealer stack 1, ...
    """
    hands = [(), ()]
    stacks = [(), ()]
    for role, seat in ((0, 1 - dealer), (1, dealer)):
        hands[seat] = _hand([deck[position] for position in HAND_POSITIONS[role]])
        stacks[seat] = tuple(
            (deck[up], deck[down])
            for up, down in zip(UP_POSITIONS[role], DOWN_POSITIONS[role], strict=True)
        )
    return (hands[0], hands[1]), (stacks[0], stacks[1])
