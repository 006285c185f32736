"""Build decks and positions for the engine tests."""

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    Action,
    Phase,
    apply,
    deal_start,
    legal_actions,
    new_match,
    seat_to_act,
)

# With the "first legal card" policy after roll + pass, this deck ends 30-30 whichever seat
# deals (the play is the same with the seats swapped).
TIE_DECK = (
    "KC TH 9C JH AC 8S KS 7C QD QH QS AD JS KD TS QC "
    "9S 8D 8C 7D TC AH 9H 9D KH TD JD 7S 8H AS 7H JC"
).split()


def hand_indices(dealer: int, seat: int) -> list[int]:
    if seat == dealer:
        return [3, 4, 5, 16, 17, 29, 30, 31]
    return [0, 1, 2, 14, 15, 26, 27, 28]


def up_indices(dealer: int, seat: int) -> list[int]:
    offset = 19 if seat == dealer else 18
    return [offset + 2 * stack for stack in range(4)]


def down_indices(dealer: int, seat: int) -> list[int]:
    offset = 7 if seat == dealer else 6
    return [offset + 2 * stack for stack in range(4)]


def deck_for(
    *,
    dealer: int = 0,
    hands: dict[int, list[str]] | None = None,
    up: dict[int, list[str]] | None = None,
    down: dict[int, list[str]] | None = None,
) -> list[str]:
    """Return a deck that deals the given cards where asked; the rest in canonical order."""
    deck: list[str | None] = [None] * 32
    placements = [
        (hands or {}, hand_indices),
        (up or {}, up_indices),
        (down or {}, down_indices),
    ]
    for cards_by_seat, indices in placements:
        for seat, cards in cards_by_seat.items():
            for index, card in zip(indices(dealer, seat), cards, strict=False):
                deck[index] = card
    used = {card for card in deck if card is not None}
    assert len(used) == sum(card is not None for card in deck), "a card is placed twice"
    rest = iter(card for card in CARDS if card not in used)
    return [card if card is not None else next(rest) for card in deck]


def started(deck, *, dealer: int = 0, format: str = FORMAT_FIRST_TO_71):
    """Return a match whose first deal (dealt by `dealer`) is `deck`, phase TRUMP."""
    return deal_start(new_match(format=format, first_dealer=dealer), deck)


def announced(deck, *, dealer: int = 0, trump: str | None = "S", format=FORMAT_FIRST_TO_71):
    """Return the deal in PLAY after trump (or a roll when `trump` is None) and a pass."""
    state = started(deck, dealer=dealer, format=format)
    if trump is None:
        state = apply(state, Action(seat=dealer, type="roll"))
    else:
        state = apply(state, Action(seat=dealer, type="trump", suit=trump))
    return apply(state, Action(seat=1 - dealer, type="pass"))


def play(state, *cards: str):
    """Play `cards` in turn, each by the seat to act."""
    for card in cards:
        state = apply(state, Action(seat=seat_to_act(state), type="play", card=card))
    return state


def play_first_legal(state):
    """Play the first legal card until the deal is over."""
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state, seat_to_act(state))[0])
    return state


def play_deal(state, deck, announcements: list[str]):
    """Deal `deck`, make the announcements (`roll`, `trump:S`, `buque`, `pass`, ...) in turn,
    then play the first legal card until the deal is over."""
    state = deal_start(state, deck)
    for announcement in announcements:
        kind, _, suit = announcement.partition(":")
        state = apply(state, Action(seat=seat_to_act(state), type=kind, suit=suit or None))
    return play_first_legal(state)
