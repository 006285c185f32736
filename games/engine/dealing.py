"""The deal from an explicit deck order.

Implements manille-2p.md, section *Shuffle, cut and deal* (the table of deck indices).
"""

from collections.abc import Sequence

from .cards import CARD_ORDER, CARD_SET
from .errors import MALFORMED, RuleError

DECK_SIZE = 32
STACK_COUNT = 4


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
    non_dealer = 1 - dealer
    hands = [(), ()]
    hands[non_dealer] = _hand(deck[0:3] + deck[14:16] + deck[26:29])
    hands[dealer] = _hand(deck[3:6] + deck[16:18] + deck[29:32])
    stacks = [[], []]
    for index in range(STACK_COUNT):
        stacks[non_dealer].append((deck[18 + 2 * index], deck[6 + 2 * index]))
        stacks[dealer].append((deck[19 + 2 * index], deck[7 + 2 * index]))
    return (hands[0], hands[1]), (tuple(stacks[0]), tuple(stacks[1]))
