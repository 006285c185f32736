"""Perft: the number of card sequences from fixed deals, as chess libraries prove a move
generator (python-chess `examples/perft/`). Depth 2 is counted by hand below; the deeper counts
pin the generator down."""

import pytest

from games.engine.trois import apply, legal_actions, seat_to_act

from .positions import dealt

# Seat 1 leads (dealer 0), trump ♥ (the T♥ turned up). Seat 2 holds T♠ A♠ J♠ 9♠, A♥ Q♥,
# K♦ 7♦, T♣ A♣. Seat 1's ten leads and seat 2's answers: Q♠ → T♠ A♠ (2); K♥ → A♥ (1); J♥,
# 7♥ → A♥ Q♥ (2 each); J♦, 8♦ → K♦ (1 each); K♣ Q♣ J♣ 8♣ → T♣ A♣ (2 each): 17.
THIRTY_DECK = (
    "QC 8D KH 7H QH 9S AS 7D 8S 9H 8H AD JC KC QS 8C AH TC TS AC KS 9C 9D TD JD JH JS KD QD TH"
).split()
THIRTY_TWO_DECK = (
    "JS JH TC KS JC KH KD QC 9D AH QD TH 8S AD 9H 7H 9C QS 9S AS 7S 8H TS 7C JD 8C KC 8D AC QH "
    "7D TD"
).split()


def perft(state, depth: int) -> int:
    if depth == 0 or not state.is_deal_in_play:
        return 1
    seat = seat_to_act(state)
    return sum(perft(apply(state, action), depth - 1) for action in legal_actions(state, seat))


@pytest.mark.parametrize(
    ("deck", "dealer", "options", "counts"),
    [
        (THIRTY_DECK, 0, None, [10, 17, 21, 189, 322]),
        (THIRTY_TWO_DECK, 1, {"sevens_removed": False}, [10, 20, 30, 270, 514]),
    ],
)
def test_perft(deck, dealer: int, options, counts) -> None:
    state = dealt(deck, dealer=dealer, options=options)

    assert [perft(state, depth) for depth in range(1, 6)] == counts
