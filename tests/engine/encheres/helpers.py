"""Helpers of the enchères tests: decks built from the hands wanted, actions, whole deals."""

from games.engine import encheres
from games.engine.cards import CARDS

FOUR = encheres.VARIANT_FOUR
THREE = encheres.VARIANT_THREE
# The three-player deck of these tests: the black sevens out.
CARDS_OF_THREE = tuple(card for card in CARDS if card not in ("7S", "7C"))


def deck_for(variant: str, dealer: int, hands: dict[int, list[str]]) -> list[str]:
    """Return a deck that deals `hands` (by seat) to those seats, the rest anywhere."""
    ruleset = encheres.RULESETS[variant]
    cards = CARDS if ruleset.seat_count == 4 else CARDS_OF_THREE
    deck: list[str | None] = [None] * ruleset.deck_size
    for seat, hand in hands.items():
        for index, card in zip(encheres.hand_indices(ruleset, dealer, seat), hand, strict=False):
            deck[index] = card
    wanted = {card for hand in hands.values() for card in hand}
    rest = iter(card for card in cards if card not in wanted)
    return [card if card is not None else next(rest) for card in deck]


def action(variant: str, seat: int, kind: str, **keys):
    return encheres.ACTION_CLASSES[variant](seat=seat, type=kind, **keys)


def bid(variant: str, seat: int, points: int):
    return action(variant, seat, "bid", points=points)


def pass_(variant: str, seat: int):
    return action(variant, seat, "pass")


def started(variant: str = FOUR, *, dealer: int = 0, hands=None, format=None, deck=None):
    """Return a match whose first deal (dealt by `dealer`) is in its auction."""
    state = encheres.new_match(variant=variant, first_dealer=dealer, format=format)
    if deck is None:
        deck = deck_for(variant, dealer, hands or {})
    return encheres.deal_start(state, deck)


def apply_all(state, actions):
    for each in actions:
        state = encheres.apply(state, each)
    return state


def play_first_legal(state):
    """Play the deal in play to its end, each seat its first legal card."""
    while state.phase == "play":
        seat = encheres.seat_to_act(state)
        state = encheres.apply(state, encheres.legal_actions(state, seat)[0])
    return state


def auction_won(state, bidder: int, points: int, suit: str):
    """Run the auction in play: `bidder` bids `points` at his turn, every other seat in the
    auction passes; then he names `suit`."""
    variant = state.variant
    while state.phase == "bid":
        seat = encheres.seat_to_act(state)
        state = encheres.apply(
            state, bid(variant, seat, points) if seat == bidder else pass_(variant, seat)
        )
    return encheres.apply(state, action(variant, bidder, "trump", suit=suit))
