"""Build decks and positions for the partnership engine tests."""

import dataclasses

from games.engine import CARDS
from games.engine.partnership import (
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    Action,
    MatchState,
    Phase,
    apply,
    deal_start,
    legal_actions,
    new_match,
    seat_to_act,
)
from games.engine.partnership.follower_examples import FollowerExample

# The deck indices each seat receives, by its place after the dealer (0 = the dealer himself),
# copied from manille-4p.md's *Deal* paragraphs rather than computed by the engine.
FLEMISH_INDICES = {
    1: [0, 1, 2, 12, 13, 20, 21, 22],
    2: [3, 4, 5, 14, 15, 23, 24, 25],
    3: [6, 7, 8, 16, 17, 26, 27, 28],
    0: [9, 10, 11, 18, 19, 29, 30, 31],
}
FRENCH_INDICES = {
    1: [0, 1, 2, 3, 16, 17, 18, 19],
    2: [4, 5, 6, 7, 20, 21, 22, 23],
    3: [8, 9, 10, 11, 24, 25, 26, 27],
    0: [12, 13, 14, 15, 28, 29, 30, 31],
}
INDICES = {VARIANT_FLEMISH: FLEMISH_INDICES, VARIANT_FRENCH: FRENCH_INDICES}


def deck_for(
    variant: str = VARIANT_FLEMISH,
    *,
    dealer: int = 0,
    hands: dict[int, list[str]] | None = None,
    turned_up: str | None = None,
) -> list[str]:
    """Return a deck that deals the given cards to the given seats (in their deck order); the
    rest in canonical order. French: `turned_up` is put at index 31, the dealer's last card."""
    deck: list[str | None] = [None] * 32
    if turned_up is not None:
        deck[31] = turned_up
    for seat, cards in (hands or {}).items():
        free = [index for index in INDICES[variant][(seat - dealer) % 4] if deck[index] is None]
        for index, card in zip(free, cards, strict=False):
            deck[index] = card
    used = [card for card in deck if card is not None]
    assert len(used) == len(set(used)), "a card is placed twice"
    rest = iter(card for card in CARDS if card not in used)
    return [card if card is not None else next(rest) for card in deck]


def flemish(
    deck, *, dealer: int = 0, options: dict | None = None, format: str = "boom-101"
) -> MatchState:
    """Return a Flemish match whose first deal (dealt by `dealer`) is `deck`."""
    state = new_match(variant=VARIANT_FLEMISH, format=format, first_dealer=dealer, options=options)
    return deal_start(state, deck)


def french(deck, *, dealer: int = 0, format: str = "first-to-34") -> MatchState:
    """Return a French match whose first deal (dealt by `dealer`) is `deck`, phase PLAY."""
    return deal_start(new_match(variant=VARIANT_FRENCH, format=format, first_dealer=dealer), deck)


def act(state: MatchState, *moves: str) -> MatchState:
    """Make `moves` in turn, each by the seat to act: `look`, `blind`, `trump:S`, `trump:-`
    (no trump), `mee`, `tegen`, `pass`, or a card (`TS`) to play."""
    for move in moves:
        seat = seat_to_act(state)
        kind, _, suit = move.partition(":")
        if kind in ("look", "blind", "mee", "tegen", "pass"):
            action = Action(seat=seat, type=kind)
        elif kind == "trump":
            action = Action(seat=seat, type="trump", suit=None if suit == "-" else suit)
        else:
            action = Action(seat=seat, type="play", card=move)
        state = apply(state, action)
    return state


def named(deck, trump: str | None = "S", *, dealer: int = 0, **options) -> MatchState:
    """Return the Flemish deal in PLAY after `trump` (None: no trump) and passes all round."""
    state = flemish(deck, dealer=dealer, options=options or None)
    state = act(state, "trump:" + (trump or "-"))
    while state.phase is not Phase.PLAY:
        state = act(state, "pass")
    return state


def follower_position(example: FollowerExample) -> MatchState:
    """Return a Flemish state in play where seat 0 follows `example.trick` holding its hand."""
    state = named(list(CARDS), example.trump)
    used = set(example.hand) | {card for _seat, card in example.trick}
    rest = [card for card in CARDS if card not in used]
    deal = state.deal._replace(
        hands=(tuple(example.hand), tuple(rest[:8]), tuple(rest[8:16]), tuple(rest[16:24])),
        trick=example.trick,
        to_act=0,
    )
    return dataclasses.replace(state, deal=deal)


def play_first_legal(state: MatchState) -> MatchState:
    """Play the first legal action until the deal is over."""
    while state.phase in (Phase.LOOK, Phase.TRUMP, Phase.MEE, Phase.TEGEN, Phase.PLAY):
        state = apply(state, legal_actions(state, seat_to_act(state))[0])
    return state


def play_deal(state: MatchState, deck, moves: list[str] = ()) -> MatchState:
    """Deal `deck`, make `moves`, then the first legal action until the deal is over."""
    return play_first_legal(act(deal_start(state, deck), *moves))
