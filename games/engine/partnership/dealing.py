"""The deal of a partnership game from an explicit deck order.

Implements manille-4p.md, *Flemish Manille* / *Deal* (3-2-3) and *French Manille muette* /
*Deal and trump* (4 by 4): packet after packet, to d+1, d+2, d+3, then the dealer d, from the
top of the deck (index 0). The deck itself is checked by the shared `validate_deck`.
"""

from ..cards import CARD_ORDER
from ..dealing import validate_deck
from .seats import SEAT_COUNT

__all__ = ["deal_hands", "hand_indices", "validate_deck"]

# The dealer is served last in every round of packets.
DEALING_OFFSETS = (1, 2, 3, 0)


def hand_indices(packets: tuple[int, ...], dealer: int, seat: int) -> tuple[int, ...]:
    """Return the deck indices that go to `seat` when `dealer` deals in `packets`."""
    indices: list[int] = []
    index = 0
    for size in packets:
        for offset in DEALING_OFFSETS:
            if (dealer + offset) % SEAT_COUNT == seat:
                indices.extend(range(index, index + size))
            index += size
    return tuple(indices)


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
