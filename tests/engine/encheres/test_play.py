"""manille-variants.md, *French Manille aux enchères* / *Trump and play* (Decision 6: the
defenders are partners) and *Common to the French variants* / *Follower rule*: every row of the
worked examples, and the codes through `apply`."""

import pytest

from games.engine import encheres
from games.engine.errors import MUST_BEAT, MUST_TRUMP, RuleError

from .helpers import FOUR, action, auction_won, started


def _deal(trick, follower, hand):
    """Bidder seat 2, trump hearts (the spec's table), `follower` holding `hand`."""
    hands = [()] * 4
    hands[follower] = tuple(hand)
    return encheres.DealState(
        dealer=0,
        deck=(),
        hands=tuple(hands),
        to_act=follower,
        bids=((2, 30),),
        bidder=2,
        bid=30,
        trump="H",
        trick=tuple(trick),
        last_trick=(),
        last_winner=None,
        tricks_won=(0, 0, 0, 0),
        card_points=(0, 0, 0, 0),
        actions=(),
    )


@pytest.mark.parametrize(
    ("trick", "follower", "hand", "allowed"),
    [
        ([(0, "9S")], 1, ["KS", "7S", "8D"], ["KS", "7S"]),  # 1, partner winning
        ([(2, "9S")], 3, ["KS", "7S", "8D"], ["KS"]),  # 1, beat the bidder
        ([(1, "9S")], 2, ["KS", "7S", "8D"], ["KS"]),  # 1, beat a defender
        ([(0, "AS")], 1, ["7H", "8D"], ["7H", "8D"]),  # 2, partner winning
        ([(2, "AS")], 3, ["7H", "8D"], ["7H"]),  # 3, a winning trump
        ([(0, "AS"), (1, "9H"), (2, "QH")], 3, ["KH", "7H", "8D"], ["KH"]),  # 3, over-trump
        ([(2, "AS"), (3, "9H")], 0, ["KH", "7H", "8D"], ["KH", "7H", "8D"]),  # 2, fellow trumped
    ],
)
def test_every_worked_example_of_the_follower_rule(trick, follower, hand, allowed):
    deal = _deal(trick, follower, hand)

    assert sorted(encheres.legal_cards(deal, follower)) == sorted(allowed)


# Dealer 3: seat 0 leads; seat 2 bids 30 and names hearts.
HANDS = {
    0: ["7S", "TS", "JS", "QS", "7C", "8C", "9C", "JC"],
    1: ["8S", "KS", "QC", "KC", "AC", "TC", "7D", "8D"],
    2: ["AS", "9S", "TH", "AH", "KH", "9D", "JD", "QD"],
    3: ["7H", "8H", "9H", "JH", "QH", "KD", "AD", "TD"],
}


def _in_play():
    return auction_won(started(FOUR, dealer=3, hands=HANDS), 2, 30, "H")


def _refused(state, seat, card) -> str:
    with pytest.raises(RuleError) as error:
        encheres.apply(state, action(FOUR, seat, "play", card=card))
    return error.value.code


def test_through_apply_the_bidder_must_beat_a_defenders_card_and_a_defender_trump_his():
    state = _in_play()
    state = encheres.apply(state, action(FOUR, 0, "play", card="7S"))
    # On a fellow defender's 7: any spade.
    assert [each.card for each in encheres.legal_actions(state, 1)] == ["KS", "8S"]
    state = encheres.apply(state, action(FOUR, 1, "play", card="KS"))

    assert _refused(state, 2, "9S") == MUST_BEAT
    state = encheres.apply(state, action(FOUR, 2, "play", card="AS"))
    assert _refused(state, 3, "TD") == MUST_TRUMP
    assert len(encheres.legal_actions(state, 3)) == 5
    state = encheres.apply(state, action(FOUR, 3, "play", card="7H"))
    assert (state.deal.last_winner, state.deal.tricks_won) == (3, (0, 0, 0, 1))
