"""Decks and positions of Manni built card by card, for the tests."""

from games.engine.manni import (
    CARDS,
    CUT_INDEX,
    MANNI_DRAW_ORDER,
    Action,
    MatchState,
    Phase,
    apply,
    deal_start,
    hand_indices,
    new_match,
)


def deck_for(dealer: int, hands: dict[int, list[str]], manni: list[str], cut: str) -> list:
    """Return the deck that deals `hands` (by seat; the dealer's eleven besides `cut`), the
    Manni's 16 cards `manni` in the order they are drawn, and `cut` at index 51."""
    deck: list = [None] * len(CARDS)
    deck[CUT_INDEX] = cut
    for seat, cards in hands.items():
        indices = [index for index in hand_indices(dealer, seat) if index != CUT_INDEX]
        for index, card in zip(indices, cards, strict=True):
            deck[index] = card
    for index, card in zip(MANNI_DRAW_ORDER, manni, strict=True):
        deck[index] = card
    assert sorted(deck) == sorted(CARDS)
    return deck


def deck_with_cut(cut: str) -> list[str]:
    """Return the 52 cards in the canonical order, `cut` moved to index 51."""
    return [card for card in CARDS if card != cut] + [cut]


def dealt(deck, *, dealer: int = 0, state: MatchState | None = None) -> MatchState:
    """Return a match whose next deal, by `dealer` (or the match's), is `deck`."""
    if state is None:
        state = new_match(first_dealer=dealer)
    return deal_start(state, deck)


def without_exchanges(state: MatchState) -> MatchState:
    """Return the state after the three seats have exchanged nothing."""
    while state.phase is Phase.EXCHANGE:
        state = apply(state, Action(seat=state.deal.to_act, type="exchange", cards=()))
    return state


def finish_with_tricks(state: MatchState, tricks: tuple[int, int, int]) -> MatchState:
    """Return the state after the deal in play ends with `tricks` by seat: its eleven first
    tricks put in place, the last one really played (the seat with most tricks leads the
    king of spades, the others the deuce and the three: the king wins in every contract)."""
    state = without_exchanges(state)
    winner = max(range(3), key=lambda seat: tricks[seat])
    won = list(tricks)
    won[winner] -= 1
    others = [seat for seat in range(3) if seat != winner]
    hands = [()] * 3
    hands[winner] = ("KS",)
    hands[others[0]] = ("2S",)
    hands[others[1]] = ("3S",)
    deal = state.deal._replace(hands=tuple(hands), tricks_won=tuple(won), to_act=winner)
    state = MatchState(state.format, state.phase, state.dealer, state.progress, deal)
    for step in range(3):
        seat = (winner + step) % 3
        state = apply(state, Action(seat=seat, type="play", card=hands[seat][0]))
    return state


def position(trick, hands, *, cut: str, seat: int, dealer: int = 0) -> MatchState:
    """Return a state where `seat` is to play on `trick` ((seat, card) pairs in order), the
    seats holding `hands`, the contract named by `cut`: a real deal, exchanged, then put in
    place."""
    state = without_exchanges(dealt(deck_with_cut(cut), dealer=dealer))
    deal = state.deal._replace(
        hands=tuple(tuple(hand) for hand in hands), trick=tuple(trick), to_act=seat
    )
    return MatchState(state.format, state.phase, state.dealer, state.progress, deal)
