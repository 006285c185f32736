"""Whole random matches of *Manille à trois*, checked at every step."""

import json
import random

import pytest

from games.engine import POINTS, STRENGTH, variant_get
from games.engine.tricks import trick_winner
from games.engine.trois import SCORING, state_from_json, state_to_json

TROIS = variant_get("manille-a-trois")

CONFIGURATIONS = [
    ("first-to-34", None),
    ("first-to-44", {"sevens_removed": True}),
    ("first-to-34", {"sevens_removed": False}),
    ("first-to-44", {"sevens_removed": False}),
]


def _expected_legal_cards(hand: tuple[str, ...], trick: list[str], trump: str) -> set[str]:
    """The follower rule in the spec's words, every seat alone, independently of the engine:
    holding the led suit, a card of it that beats the winning card if one of the led suit wins
    and you can; void, a trump that would win the trick if you hold one; else anything."""
    if not trick:
        return set(hand)
    led = trick[0][1]
    winner = trick[trick_winner(list(enumerate(trick)), trump)]
    following = {card for card in hand if card[1] == led}
    if following:
        if winner[1] == led:
            higher = {card for card in following if STRENGTH[card] > STRENGTH[winner]}
            if higher:
                return higher
        return following
    winning_trumps = {
        card
        for card in hand
        if card[1] == trump and trick_winner(list(enumerate([*trick, card])), trump) == len(trick)
    }
    return winning_trumps or set(hand)


def _visible_cards(view: dict) -> set[str]:
    """Every card the view shows of the deal in play (the summaries of the deals over aside)."""
    cards = set(view["hand"])
    cards |= {entry["card"] for entry in view["trick"] + view["plays"]}
    if view["last_trick"]:
        cards |= {entry["card"] for entry in view["last_trick"]["cards"]}
    if view["turned_up"]:
        cards.add(view["turned_up"]["card"])
    cards |= set(view["talon"] or ())
    cards |= {action["card"] for action in view["legal_actions"]}
    return cards


def _check_views(state) -> None:
    deal = state.deal
    played = {card for _seat, card in deal.plays}
    views = [(seat, TROIS.player_view(state, seat)) for seat in range(3)]
    views.append((None, TROIS.public_view(state)))
    for seat, view in views:
        text = json.dumps(view)
        assert '"deck"' not in text and "salt" not in text
        own = set(deal.hands[seat]) if seat is not None else set()
        assert set(view["hand"]) == own
        allowed = own | played | {deal.turned_up}
        if not state.is_deal_in_play:
            allowed |= set(deal.talon or ())
        assert _visible_cards(view) <= allowed
        assert view["hand_counts"] == [len(hand) for hand in deal.hands]
        assert view["talon_count"] == (0 if state.options.sevens_removed else 2)
        assert view["removed"] == (None if state.removed is None else list(state.removed))
        if state.is_deal_in_play:
            assert view["talon"] is None
            # No summary of the deal in play: its talon is in none of them yet.
            assert len(view["deals"]) == len(state.progress.summaries)
            assert view["turned_up"] == {
                "card": deal.turned_up,
                "seat": deal.dealer,
                "is_held": deal.turned_up in deal.hands[deal.dealer],
            }


def _play_match(seed: int, format: str, options) -> list:
    """Play a match with random legal cards, checking every step; return its final state."""
    rng = random.Random(seed)
    state = TROIS.advance(
        TROIS.new_match(first_dealer=seed % 3, format=format, options=options), rng
    )
    deals_seen = 0
    while not state.is_finished:
        deal = state.deal
        _check_views(state)
        seat = TROIS.seat_to_act(state)
        actions = TROIS.legal_actions(state, seat)
        expected = _expected_legal_cards(
            deal.hands[seat], [card for _seat, card in deal.trick], deal.trump
        )
        assert {action.card for action in actions} == expected
        for other in range(3):
            if other != seat:
                assert TROIS.legal_actions(state, other) == []
        state = TROIS.apply(state, rng.choice(actions))
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
        if len(state.progress.summaries) > deals_seen:
            deals_seen = len(state.progress.summaries)
            _check_views(state)
            state = TROIS.advance(state, rng)
        if seed % 5 == 0 and deals_seen == 1 and state.is_deal_in_play and rng.random() < 0.05:
            state = TROIS.forfeit(state, seat=rng.randrange(3), reason="left")
    _check_views(state)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_keep_every_invariant(seed: int) -> None:
    format, options = CONFIGURATIONS[seed % len(CONFIGURATIONS)]

    state = _play_match(seed, format, options)

    records = state.progress.records
    removed = {frozenset(record.deck) for record in records}
    assert len(removed) == 1  # the same cards (the same pair out) in every deal
    for summary, record in zip(state.progress.summaries, records, strict=True):
        plays = [action.card for action in record.actions]
        assert len(plays) == len(set(plays))
        assert set(plays) <= set(record.deck[:30])
        assert summary.talon == (tuple(record.deck[30:]) or None)
        if summary.complete:
            # Every card played once; the deal holds 70 points with either deck.
            assert sorted(plays) == sorted(record.deck[:30])
            assert sum(summary.card_points) == 70
            assert sum(summary.tricks) == 10
            assert summary.score == tuple(max(0, points - 17) for points in summary.card_points)
            assert (
                sum(POINTS[card] for card in plays)
                + sum(POINTS[card] for card in summary.talon or ())
                == 60
            )
        else:
            assert summary.score == (0, 0, 0)
    totals = [sum(summary.score[seat] for summary in state.progress.summaries) for seat in range(3)]
    assert list(state.totals) == totals
    if state.end is None:
        best = max(totals)
        assert best >= state.match_format.target
        assert totals.count(best) == 1 and state.winner == totals.index(best)
    assert SCORING.half == 17


def test_legal_move_counts_match_the_brute_force_rule_over_random_positions() -> None:
    rng = random.Random(99)
    counts = []
    for _match in range(3):
        state = TROIS.advance(TROIS.new_match(first_dealer=0), rng)
        while state.is_deal_in_play:
            seat = TROIS.seat_to_act(state)
            actions = TROIS.legal_actions(state, seat)
            deal = state.deal
            expected = _expected_legal_cards(
                deal.hands[seat], [card for _seat, card in deal.trick], deal.trump
            )
            counts.append((len(actions), len(expected)))
            state = TROIS.apply(state, rng.choice(actions))
    assert len(counts) == 90
    assert all(found == expected for found, expected in counts)
