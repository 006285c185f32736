"""The decks and deals of *Manille aux enchères*: the 32 cards 4 by 4 at four, the 30-card deck
4-4-2 at three, no card turned up.

Implements manille-variants.md, *French Manille aux enchères* / *Seats, deal* (the map of
`manille-french` at four: 0-3 d+1, 4-7 d+2, 8-11 d+3, 12-15 d, 16-19 d+1, ...; the three-player
deck and its 4-4-2 map at three, Decision 9: always a pair of sevens out, the same all match;
Decision 1: index 31, or 29, dealt face down like the others), through the shared packets
(`dealing.packet_indices`) and the deck of *à trois* (`trois.deck`).
"""

import random
from collections.abc import Sequence

from ..cards import CARD_ORDER, CARDS, shuffled_deck
from ..dealing import packet_indices
from ..dealing import validate_deck as validate_deck_of_32
from ..errors import MALFORMED, RuleError
from ..trois import deck as trois_deck
from .state import FOUR, THREE, Ruleset


def validate_deck_four(deck: object) -> tuple[str, ...]:
    """Return the deck of a deal at four (the 32 distinct cards), or raise `malformed`."""
    return validate_deck_of_32(deck)


def validate_deck_three(deck: object) -> tuple[str, ...]:
    """Return the deck of a deal at three: the 32 cards less a pair of sevens of one colour;
    the 32 are `malformed` (Decision 9: no talon at three)."""
    cards = trois_deck.validate_deck(deck)
    if len(cards) != THREE.deck_size:
        raise RuleError(MALFORMED, f"{THREE.variant} deals 30 cards (a pair of sevens out), not 32")
    return cards


VALIDATE_DECK = {FOUR.variant: validate_deck_four, THREE.variant: validate_deck_three}


def check_deck(ruleset: Ruleset, deck: object, removed: tuple[str, str] | None) -> tuple[str, ...]:
    """Return the deck of the next deal of a match, checked against the match: at three it
    lacks `removed`, the match's pair, once the first deal has fixed it."""
    if ruleset is FOUR:
        return validate_deck_four(deck)
    validate_deck_three(deck)
    return trois_deck.check_deck(deck, is_sevens_removed=True, removed=removed)


def check_match_decks(variant: str, options: object, decks: Sequence[tuple[str, ...]]) -> None:
    """Check every deck of a record at three lacks the same pair (Decision 11); raise
    `malformed`. At four each deck stands alone."""
    if variant == THREE.variant:
        trois_deck.check_match_decks(decks, is_sevens_removed=True)


def hand_indices(ruleset: Ruleset, dealer: int, seat: int) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals."""
    return packet_indices(ruleset.packets, dealer, seat, ruleset.seat_count)


def deal_hands(ruleset: Ruleset, deck: tuple[str, ...], dealer: int) -> tuple[tuple[str, ...], ...]:
    """Split a checked deck into the hands, by seat, each in the canonical order."""
    return tuple(
        tuple(
            sorted(
                (deck[index] for index in hand_indices(ruleset, dealer, seat)),
                key=CARD_ORDER.__getitem__,
            )
        )
        for seat in ruleset.seats
    )


def deal_deck(state, rng: random.Random) -> list[str]:
    """Return the next deal's deck, shuffled and cut: the 32 cards at four; at three the 30
    left once the match's pair of sevens is out (drawn at the first deal, black or red evenly).
    The registry's `deal_deck` for enchères."""
    if state.ruleset is FOUR:
        return shuffled_deck(rng)
    pair = state.removed if state.removed is not None else rng.choice(trois_deck.SEVENS_PAIRS)
    return shuffled_deck(rng, tuple(card for card in CARDS if card not in pair))
