"""Whole random matches of both variants: every card played once per played deal, 68 (70)
points in it, the canonical JSON round trip, no view holding another seat's hand, and the legal
cards equal to a brute-force reading of the follower rule (manille-variants.md, *Common to the
French variants* / *Follower rule*, sides {bidder} / {others})."""

import json
import random

import pytest

from games.engine import variant_get

RANKS_HIGH_TO_LOW = "TAKQJ987"


def _stronger(card: str, other: str) -> bool:
    return RANKS_HIGH_TO_LOW.index(card[0]) < RANKS_HIGH_TO_LOW.index(other[0])


def _brute_force_cards(hand, trick, trump, seat, bidder):
    if not trick:
        return set(hand)
    led = trick[0][1][1]
    winning_seat, winning = trick[0]
    for other_seat, card in trick[1:]:
        if card[1] == winning[1] and _stronger(card, winning):
            winning_seat, winning = other_seat, card
        elif card[1] == trump and winning[1] != trump:
            winning_seat, winning = other_seat, card
    is_partner = seat != bidder and winning_seat != bidder
    following = [card for card in hand if card[1] == led]
    if following:
        if not is_partner and winning[1] == led:
            higher = [card for card in following if _stronger(card, winning)]
            if higher:
                return set(higher)
        return set(following)
    if is_partner:
        return set(hand)
    winning_trumps = [
        card
        for card in hand
        if card[1] == trump and (winning[1] != trump or _stronger(card, winning))
    ]
    return set(winning_trumps or hand)


def _views_hold_no_other_hand(game, state):
    deal = state.deal
    if deal is None or state.phase == "dealing":
        return
    for seat in game.seats:
        view = game.player_view(state, seat)
        others = {card for other in game.seats if other != seat for card in deal.hands[other]}
        assert not others & set(view["hand"])
        text = json.dumps({key: value for key, value in view.items() if key != "legal_actions"})
        assert not any(f'"{card}"' in text for card in others)
        assert "deck" not in view
    public = json.dumps(game.public_view(state))
    assert not any(f'"{card}"' in public for hand in deal.hands for card in hand)


@pytest.mark.parametrize("name", ["manille-encheres", "manille-encheres-3"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_random_match_keeps_every_invariant(name, seed):
    game = variant_get(name)
    rng = random.Random(seed)
    state = game.advance(game.new_match(first_dealer=seed % game.seat_count), rng)
    decisions = 0
    while not state.is_finished:
        seat = game.seat_to_act(state)
        actions = game.legal_actions(state, seat)
        if state.phase == "play":
            deal = state.deal
            expected = _brute_force_cards(
                deal.hands[seat], deal.trick, deal.trump, seat, deal.bidder
            )
            assert {action.card for action in actions} == expected
        if state.phase == "bid":
            # Bid rarely and low, so that deals are played out.
            action = actions[0] if rng.random() < 0.6 else actions[min(len(actions) - 1, 3)]
        else:
            action = rng.choice(actions)
        state = game.advance(game.apply(state, action), rng)
        decisions += 1
        if decisions % 7 == 0:
            _views_hold_no_other_hand(game, state)
            assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state

    ruleset_points = 68 if game.seat_count == 4 else 70
    deck_size = 32 if game.seat_count == 4 else 30
    for summary, record in zip(state.progress.summaries, state.progress.records, strict=True):
        plays = [action.card for action in record.actions if action.type == "play"]
        if summary.bidder is None:
            assert (plays, summary.score) == ([], (0,) * game.seat_count)
            continue
        assert sorted(plays) == sorted(record.deck)
        assert len(plays) == deck_size
        assert sum(summary.card_points) == ruleset_points
    assert len(state.progress.records) >= 2
    assert sum(1 for at in state.reached if at is None) == 1
    assert state.loser == state.reached.index(None)
    assert state.winner is None
    assert game.winning_seats(state) == tuple(s for s in game.seats if s != state.loser)
    assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state
