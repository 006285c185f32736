"""The deal of a partnership game from an explicit deck order.

Implements manille-4p.md, *Flemish Manille* / *Deal* (3-2-3) and *French Manille muette* /
*Deal and trump* (4 by 4): packet after packet, to d+1, d+2, d+3, then the dealer d, from the
top of the deck (index 0). The deck itself is checked by the shared `validate_deck`.
"""

from ..cards import CARD_ORDER
from ..dealing import packet_indices, validate_deck
from .seats import SEAT_COUNT

__all__ = ["deal_hands", "hand_indices", "validate_deck"]


def hand_indices(packets: tuple[int, ...], dealer: int, seat: int) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals in `packets`."""
    return packet_indices(packets, dealer, seat, SEAT_COUNT)


def deal_hands(deck: tuple[str, ...], dealer: int, packets: tuple[int, ...]):
    """Split a validated deck into the four hands, by seat, each in the canonical order."""
    return tuple(
        tuple(
            sorted(
                (deck[index] for index in hand_indices(packets, dealer, seat)),
                key=CARD_ORDER.__getitem__,
            )
        )
        for seat in range(SEAT_COUNT)
    )
