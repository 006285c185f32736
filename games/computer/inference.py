"""What the opponent's announcements make likely of his hand (issue 23), two players.

A determinization (`knowledge.Knowledge.sample`) draws the opponent's hand among every hand
consistent with the rules; his announcements say more: the dealer names the suit where he is
long and strong, rolls with manilles and manillons, the non-dealer buques with a strong hand and
passes without one, the dealer sur-buques with a very strong one. `likely_hand(view, knowledge)`
reads them from `deal_actions` and returns a test of a drawn hand: does a club player holding it
announce so? The club player is *moyen*'s rules (`medium.py`: `suit_strength`, `buque_score`
and their thresholds, measured against the club yardstick), with a margin on each side: a
person does not announce by a table. `Knowledge.sample` keeps a hand that fails the test only
now and then (`Knowledge.UNLIKELY_KEPT`), so that an opponent who announces otherwise is still
dealt his hand sometimes.

What the opponent held when he announced: the hand drawn, the cards he played since, and his
face-up cards still covering a face-down one (a card turned up since was not his then; the
cards he played from the table are counted in, a card or two too many late in a deal).
"""

from collections.abc import Callable

from games.engine.core import NO_TRUMP, SUIT_INDEX, SUIT_MASK, mask_of

from . import medium
from .knowledge import Knowledge
from .medium import BUQUE_AT, ROLL_AT, SURBUQUE_AT

# How far from moyen's thresholds an announcement is still believed (points of worth).
MARGIN = 4.0
# A named trump is believed when it is within this of his best suit's strength (a card).
TRUMP_MARGIN = 2.0

# `medium.suit_strength` of each suit's byte of a mask, and the masks of every suit's manille
# and manillon: the tests run on every hand drawn, so they read tables, not lists of cards.
_STRENGTH = tuple(medium.suit_strength(byte, 0) for byte in range(256))
_MANILLES = 0x01010101
_MANILLONS = 0x02020202


def suit_strength(mask: int, suit: int) -> float:
    """`medium.suit_strength`, read from a table."""
    return _STRENGTH[mask >> (8 * suit) & 0xFF]


def best_strength(mask: int) -> float:
    """The strength of the best suit of `mask` for trump."""
    return max(
        _STRENGTH[mask & 0xFF],
        _STRENGTH[mask >> 8 & 0xFF],
        _STRENGTH[mask >> 16 & 0xFF],
        _STRENGTH[mask >> 24],
    )


def buque_score(mask: int, trump: int) -> float:
    """`medium.buque_score` on masks."""
    manilles = (mask & _MANILLES).bit_count()
    if trump == NO_TRUMP:
        return (
            medium.ROLLED_MANILLE * manilles
            + medium.ROLLED_MANILLON * (mask & _MANILLONS).bit_count()
        )
    has_manille = mask >> (8 * trump) & 1
    return (
        medium.TRUMP_CARD * (mask & SUIT_MASK[trump]).bit_count()
        + medium.TRUMP_MANILLE * has_manille
        + medium.TRUMP_MANILLON * (mask >> (8 * trump + 1) & 1)
        + medium.SIDE_MANILLE * (manilles - has_manille)
    )


def likely_hand(view: dict, knowledge: Knowledge) -> Callable[[int], bool] | None:
    """Return a test of the opponent's hand drawn (a mask): true when his announcements in this
    deal agree with it; None when he announced nothing that tells (no test)."""
    opponent = knowledge.opponent
    trump = knowledge.trump
    rolled = 1 if trump == NO_TRUMP else 0
    tests: list[Callable[[int], bool]] = []
    for action in view.get("deal_actions") or ():
        if action["seat"] != opponent:
            continue
        kind = action["type"]
        if kind == "trump":
            suit = SUIT_INDEX[action["suit"]]
            tests.append(
                lambda mask, suit=suit: (
                    suit_strength(mask, suit) + TRUMP_MARGIN >= best_strength(mask)
                )
            )
        elif kind == "roll" and not view.get("roll_forced"):
            tests.append(lambda mask: buque_score(mask, NO_TRUMP) >= ROLL_AT - MARGIN)
        elif kind == "buque":
            tests.append(lambda mask: buque_score(mask, trump) >= BUQUE_AT[rolled] - MARGIN)
        elif kind == "surbuque":
            tests.append(lambda mask: buque_score(mask, trump) >= SURBUQUE_AT[rolled] - MARGIN)
        elif kind == "pass" and action_phase(view, action) == "buque":
            tests.append(lambda mask: buque_score(mask, trump) < BUQUE_AT[rolled] + MARGIN)
    if not tests:
        return None
    played = mask_of(
        action["card"]
        for action in view.get("deal_actions") or ()
        if action["type"] == "play" and action["seat"] == opponent
    )
    covered = 0
    for card in knowledge.covered[opponent]:
        covered |= 1 << card
    known_then = played | covered

    def is_likely(hand: int) -> bool:
        mask = hand | known_then
        return all(test(mask) for test in tests)

    return is_likely


def action_phase(view: dict, action: dict) -> str:
    """The announcement a `pass` answered: the non-dealer's pass answers the trump (a buque
    declined), the dealer's a buque (a sur-buque declined)."""
    return "buque" if action["seat"] != view["dealer"] else "surbuque"


def informed(view: dict) -> Knowledge:
    """Return the seat's knowledge with the test of its opponent's announcements."""
    knowledge = Knowledge(view)
    knowledge.likely = likely_hand(view, knowledge)
    return knowledge
