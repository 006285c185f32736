"""Perft: the number of legal card sequences from fixed deals, counted twice.

Once through the engine (`legal_actions` then `apply`), once by an independent brute force
written from manille-4p.md's words in this file (its own trick winner; rule 3 asked as "would
this trump win the trick?"). The counts are stated, and both must find them.
"""

import random

import pytest

from games.engine import CARDS, STRENGTH, shuffled_deck
from games.engine.partnership import apply, legal_actions, seat_to_act

from .positions import french, named, play_first_legal

# Two decks from a seeded shuffle, kept literally.
DECK_A = (
    "QC TS TC KS JS 7C JH 7D QS AH 7H TH 9S QD JD KC 9H 8S KH 8D 9C 8H KD JC 9D AC QH TD 7S AS "
    "8C AD"
).split()
DECK_B = (
    "QS JC 9H QH TC JS 8H TS AH AD 8C TH 7H 7C 9S 7S TD JH 9D KH QD QC KS 7D 8D JD AS KC KD 9C "
    "AC 8S"
).split()


def _engine_perft(state, depth: int) -> int:
    if depth == 0 or seat_to_act(state) is None:
        return 1
    return sum(
        _engine_perft(apply(state, action), depth - 1)
        for action in legal_actions(state, seat_to_act(state))
    )


def _engine_counts(state, max_depth: int) -> list[int]:
    """Return the perft counts of depths 1 to `max_depth` in one walk of the tree (the deal
    does not end before: every sequence counted has exactly that many cards)."""
    counts = [0] * max_depth

    def walk(state, ply: int) -> None:
        for action in legal_actions(state, seat_to_act(state)):
            counts[ply] += 1
            if ply + 1 < max_depth:
                walk(apply(state, action), ply + 1)

    walk(state, 0)
    return counts


def _rank(card: str, led: str, trump: str | None) -> tuple[bool, bool, int]:
    return (card[1] == trump, card[1] == led, STRENGTH[card])


def _spec_playable(hand: set[str], trick: list[tuple[int, str]], seat: int, trump) -> set[str]:
    if not trick:
        return set(hand)
    led = trick[0][1][1]
    winner, winning = max(trick, key=lambda played: _rank(played[1], led, trump))
    partner_wins = (winner - seat) % 2 == 0
    same_suit = {card for card in hand if card[1] == led}
    if same_suit:
        above = {card for card in same_suit if STRENGTH[card] > STRENGTH[winning]}
        return above if (above and not partner_wins and winning[1] == led) else same_suit
    if partner_wins or trump is None:
        return set(hand)
    would_win = {
        card
        for card in hand
        if card[1] == trump and _rank(card, led, trump) > _rank(winning, led, trump)
    }
    return would_win or set(hand)


def _spec_perft(hands, trick, seat: int, trump, depth: int, tricks_left: int) -> int:
    if depth == 0 or tricks_left == 0:
        return 1
    count = 0
    for card in _spec_playable(hands[seat], trick, seat, trump):
        after = [hand - {card} if index == seat else hand for index, hand in enumerate(hands)]
        played = trick + [(seat, card)]
        if len(played) == 4:
            led = played[0][1][1]
            winner = max(played, key=lambda entry: _rank(entry[1], led, trump))[0]
            count += _spec_perft(after, [], winner, trump, depth - 1, tricks_left - 1)
        else:
            count += _spec_perft(after, played, (seat + 1) % 4, trump, depth - 1, tricks_left)
    return count


def _spec_count(state, depth: int) -> int:
    deal = state.deal
    tricks_left = 8 - sum(deal.tricks_won)
    hands = [set(hand) for hand in deal.hands]
    return _spec_perft(hands, list(deal.trick), deal.to_act, deal.trump, depth, tricks_left)


POSITIONS = {
    "flemish-canonical-hearts": lambda: named(list(CARDS), "H"),
    "flemish-a-spades": lambda: named(DECK_A, "S"),
    "flemish-a-no-trump": lambda: named(DECK_A, None),
    "french-b": lambda: french(DECK_B),
}

# Sequences of 1 to 8 cards (two whole tricks) from the first lead.
COUNTS = {
    "flemish-canonical-hearts": [8, 16, 28, 78, 546, 1296, 3516, 7464],
    "flemish-a-spades": [8, 19, 71, 93, 651, 1338, 2298, 6288],
    "flemish-a-no-trump": [8, 25, 114, 166, 1162, 4068, 20917, 46343],
    "french-b": [8, 11, 20, 28, 196, 327, 542, 1726],
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_from_fixed_deals(name: str) -> None:
    state = POSITIONS[name]()

    assert _engine_counts(state, 8) == COUNTS[name]
    assert [_spec_count(state, depth) for depth in range(1, 9)] == COUNTS[name]


def _late_position():
    """Five tricks played by a seeded random choice from a shuffled French deal."""
    rng = random.Random(7)
    state = french(shuffled_deck(rng), dealer=2)
    while sum(state.deal.tricks_won) < 5:
        state = apply(state, rng.choice(legal_actions(state, seat_to_act(state))))
    return state


def test_perft_of_the_last_three_tricks_to_the_end_of_the_deal() -> None:
    state = _late_position()

    # Every sequence of the twelve remaining cards (three each), until the deal is scored.
    assert [len(hand) for hand in state.deal.hands] == [3, 3, 3, 3]
    assert _engine_perft(state, 12) == _spec_count(state, 12) == 84


def test_the_last_card_played_ends_the_deal() -> None:
    state = play_first_legal(_late_position())

    assert (state.phase, seat_to_act(state), sum(state.progress.summaries[-1].tricks)) == (
        "dealing",
        None,
        8,
    )
