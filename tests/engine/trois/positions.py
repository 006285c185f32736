"""Decks and positions of *Manille à trois* built card by card, for the tests."""

from games.engine.cards import CARDS
from games.engine.trois import deal_start, hand_indices, new_match
from games.engine.trois.deck import TURNED_UP_INDEX

SEVENS_BLACK = ("7S", "7C")
SEVENS_RED = ("7H", "7D")
# The 30 cards without the black sevens, in the canonical order.
THIRTY = tuple(card for card in CARDS if card not in SEVENS_BLACK)


def deck_for(dealer: int, hands: dict[int, list[str]], *, talon: tuple[str, ...] = ()) -> list:
    """Return the deck that deals `hands` (ten cards by seat) when `dealer` deals, the dealer's
    first card turned up (index 29), `talon` at 30-31."""
    size = 30 + len(talon)
    deck: list = [None] * size
    for seat, cards in hands.items():
        indices = list(hand_indices(dealer, seat))
        if seat == dealer:
            # The turned-up card goes last.
            indices.remove(TURNED_UP_INDEX)
            indices.append(TURNED_UP_INDEX)
            cards = list(cards[1:]) + [cards[0]]
        for index, card in zip(indices, cards, strict=True):
            deck[index] = card
    deck[30:] = talon
    return deck


def dealt(deck, *, dealer: int = 0, options=None, format=None):
    """Return a match whose first deal, by `dealer`, is `deck`."""
    state = new_match(first_dealer=dealer, options=options, format=format)
    return deal_start(state, deck)


def position(trick, hand, *, trump: str, seat: int, dealer: int = 0):
    """Return a state where `seat` is to play `hand` on `trick` ((seat, card) pairs in order),
    `trump` the trump suit: a real deal whose hands and trick are put in place."""
    state = dealt(list(THIRTY), dealer=dealer)
    hands = list(state.deal.hands)
    hands[seat] = tuple(hand)
    deal = state.deal._replace(hands=tuple(hands), trick=tuple(trick), to_act=seat, trump=trump)
    return state.__class__(
        state.format, state.options, state.phase, state.dealer, state.progress, deal
    )
