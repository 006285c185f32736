"""The three-player deck and its 4-4-2 deal, the turned-up card and the talon.

Implements manille-variants.md, *Common to the French variants* / *Three-player deck and deal*
(Decisions 10 and 11): the 32 cards less one pair of sevens of one colour (30 cards, no talon),
or the 32 cards with deck indices 30-31 as the talon; the deal 4, 4, 2 from d+1 (0-3, 12-15,
24-25 to d+1; 4-7, 16-19, 26-27 to d+2; 8-11, 20-23, 28-29 to the dealer); the same pair out
in every deal of a match, drawn by the server at the first deal. *French Manille à trois* /
*Trump* (Decision 12): index 29, the dealer's last card, is turned up.
"""

import random
from collections.abc import Sequence

from ..cards import CARD_ORDER, CARD_SET, CARDS, shuffled_deck
from ..dealing import packet_indices, validate_cards
from ..errors import MALFORMED, RuleError

SEAT_COUNT = 3
# Four to each seat, four again, then two: ten cards each.
PACKETS = (4, 4, 2)
HAND_SIZE = 10
DECK_WITH_TALON = 32
DECK_WITHOUT_SEVENS = 30
# The dealer's last card, turned up; the talon (32 cards only) is dealt to nobody.
TURNED_UP_INDEX = 29
TALON_START = 30

SEVENS_BLACK = ("7S", "7C")
SEVENS_RED = ("7H", "7D")
SEVENS_PAIRS = (SEVENS_BLACK, SEVENS_RED)


def removed_pair(cards: Sequence[str]) -> tuple[str, str] | None:
    """Return the pair of sevens missing from a deck of distinct cards (None when all 32 are
    there), or raise RuleError `malformed` when the missing cards are not such a pair."""
    missing = CARD_SET.difference(cards)
    if not missing:
        return None
    for pair in SEVENS_PAIRS:
        if missing == set(pair):
            return pair
    raise RuleError(
        MALFORMED,
        "a 30-card deck lacks one pair of sevens of one colour (7S 7C or 7H 7D), not "
        + " ".join(sorted(missing, key=CARD_ORDER.__getitem__)),
    )


def validate_deck(deck: object) -> tuple[str, ...]:
    """Return the deck as a tuple: 30 distinct cards (the 32 less a pair of sevens of one
    colour) or the 32; else raise RuleError `malformed` naming what is wrong."""
    cards = validate_cards(deck, sizes=(DECK_WITHOUT_SEVENS, DECK_WITH_TALON))
    removed_pair(cards)
    return cards


def check_deck(
    deck: object, *, is_sevens_removed: bool, removed: tuple[str, str] | None
) -> tuple[str, ...]:
    """Return the deck of the next deal of a match, checked against the match: 30 cards with
    the option `sevens_removed` (lacking `removed`, the match's pair, once it is known), else
    32. Raise RuleError `malformed` otherwise."""
    cards = validate_deck(deck)
    pair = removed_pair(cards)
    if is_sevens_removed and pair is None:
        raise RuleError(MALFORMED, "with sevens_removed a deck holds 30 cards, not 32")
    if not is_sevens_removed and pair is not None:
        raise RuleError(MALFORMED, "without sevens_removed a deck holds the 32 cards, not 30")
    if removed is not None and pair != removed:
        raise RuleError(
            MALFORMED,
            f"this deck lacks {' '.join(pair)}, but the match's deals lack {' '.join(removed)}: "
            "every deal of a match leaves out the same pair of sevens",
        )
    return cards


def check_match_decks(decks: Sequence[tuple[str, ...]], *, is_sevens_removed: bool) -> None:
    """Check every deck of a record against the option and the first deck (Decision 11: a
    record whose decks differ in the pair is malformed); raise RuleError `malformed`."""
    removed = None
    for index, deck in enumerate(decks):
        try:
            check_deck(deck, is_sevens_removed=is_sevens_removed, removed=removed)
        except RuleError as error:
            raise RuleError(MALFORMED, f"deal {index}: {error.message}") from error
        removed = removed_pair(deck)


def hand_indices(dealer: int, seat: int) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals."""
    return packet_indices(PACKETS, dealer, seat, SEAT_COUNT)


def deal_hands(deck: tuple[str, ...], dealer: int) -> tuple[tuple[str, ...], ...]:
    """Split a checked deck into the three hands, by seat, each in the canonical order."""
    return tuple(
        tuple(
            sorted(
                (deck[index] for index in hand_indices(dealer, seat)), key=CARD_ORDER.__getitem__
            )
        )
        for seat in range(SEAT_COUNT)
    )


def talon_of(deck: Sequence[str]) -> tuple[str, ...] | None:
    """Return the talon (deck indices 30-31), or None in a 30-card deal."""
    return tuple(deck[TALON_START:]) or None


def deal_deck(state, rng: random.Random) -> list[str]:
    """Return the next deal's deck, shuffled and cut: with `sevens_removed`, the 30 cards left
    once the match's pair is out (drawn now at the match's first deal: black or red, evenly),
    else the 32. The registry's `deal_deck` for *à trois*."""
    if not state.options.sevens_removed:
        return shuffled_deck(rng)
    pair = state.removed if state.removed is not None else rng.choice(SEVENS_PAIRS)
    return shuffled_deck(rng, tuple(card for card in CARDS if card not in pair))
