"""The deal from an explicit deck order.

Implements manille-2p.md, section *Shuffle, cut and deal* (the table of deck indices), and
the deck check and the packets round the table that every game shares (manille-4p.md, *Deal*;
manille-variants.md, *Three-player deck and deal*).
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
    return validate_cards(deck, sizes=(DECK_SIZE,))


def validate_cards(deck: object, *, sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Return `deck` as a tuple of distinct known cards, as many as one of `sizes` (the
    three-player games take 30 or 32), or raise RuleError `malformed` naming what is wrong."""
    size_words = " or ".join(str(size) for size in sizes)
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise RuleError(MALFORMED, f"a deck must be a list of {size_words} cards")
    cards = tuple(deck)
    if len(cards) not in sizes:
        raise RuleError(MALFORMED, f"a deck holds {size_words} cards, not {len(cards)}")
    for card in cards:
        if not isinstance(card, str) or card not in CARD_SET:
            raise RuleError(MALFORMED, f"unknown card {card!r} in the deck")
    if len(set(cards)) != len(cards):
        seen: set[str] = set()
        duplicates = sorted({card for card in cards if card in seen or seen.add(card)})
        raise RuleError(MALFORMED, f"duplicate cards in the deck: {', '.join(duplicates)}")
    return cards


def packet_indices(
    packets: tuple[int, ...], dealer: int, seat: int, seat_count: int
) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals `packets` round the table:
    each round, one packet of that size to d+1, d+2, ..., the dealer last (manille-4p.md's
    3-2-3 and 4 by 4, manille-variants.md's 4-4-2 at three). Cards beyond the packets (the
    talon) go to nobody."""
    indices: list[int] = []
    index = 0
    for size in packets:
        for offset in range(1, seat_count + 1):
            if (dealer + offset) % seat_count == seat:
                indices.extend(range(index, index + size))
            index += size
    return tuple(indices)


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
