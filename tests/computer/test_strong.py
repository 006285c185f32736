"""The strong level: legal play, what it infers from the view, and the information boundary."""

import random

import pytest

from games.computer import LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG, LEVELS, choose_action, strong
from games.computer.arena import play_match
from games.computer.knowledge import Knowledge
from games.engine import (
    FORMAT_FIRST_TO_71,
    FORMAT_SIX_DEALS,
    Action,
    Phase,
    RuleError,
    apply,
    deal_start,
    new_match,
    player_view,
    seat_to_act,
    shuffled_deck,
)
from games.engine.core import mask_of

# Few playouts: legality does not depend on the budget, and the tests stay fast.
SMALL_BUDGET = 24


def _choose_small(level, view, *, seed):
    if level == LEVEL_STRONG:
        action, _count = strong.decide(view, random.Random(seed), SMALL_BUDGET)
    else:
        action = choose_action(level, view, seed=seed)
    assert action in view["legal_actions"], (level, action, view["legal_actions"])
    return action


@pytest.mark.parametrize("format", [FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS])
@pytest.mark.parametrize("opponent", [LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG])
def test_strong_plays_only_legal_actions_over_many_matches(opponent: str, format: str) -> None:
    for seed in range(4):
        levels = (LEVEL_STRONG, opponent) if seed % 2 else (opponent, LEVEL_STRONG)
        state = play_match(
            levels, seed=seed, format=format, first_dealer=seed // 2, choose=_choose_small
        )
        assert state.is_finished and state.end is None


def _hidden_from(state, seat: int) -> int:
    deal = state.deal
    face_down = [card for stacks in deal.stacks for stack in stacks for card in stack[1:]]
    return mask_of(deal.hands[1 - seat]) | mask_of(face_down)


def test_what_it_infers_from_the_view_is_true_of_the_hidden_cards() -> None:
    rng = random.Random(5)
    checked = 0
    for match in range(12):
        state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=match % 2)
        for step in range(400):
            if state.phase is Phase.MATCH_OVER:
                break
            if state.phase is Phase.DEALING:
                state = deal_start(state, shuffled_deck(rng))
                continue
            seat = seat_to_act(state)
            view = player_view(state, seat)
            knowledge = Knowledge(view)
            opponent_hand = mask_of(state.deal.hands[1 - seat])
            # The unknown cards are exactly the hidden ones; what it rules out of the
            # opponent's hand is not there; every resampled deal keeps the visible cards.
            assert knowledge.unknown == _hidden_from(state, seat)
            assert knowledge.forbidden & opponent_hand == 0
            sample = knowledge.sample(rng)
            assert sample.hands[seat] == mask_of(state.deal.hands[seat])
            assert sample.hands[1 - seat] & ~knowledge.unknown == 0
            assert sample.hands[1 - seat] & knowledge.forbidden == 0
            assert sample.hands[1 - seat].bit_count() == len(state.deal.hands[1 - seat])
            checked += 1
            level = LEVEL_MEDIUM if step % 3 else LEVEL_EASY
            state = apply(state, Action.from_json(choose_action(level, view, seed=step)))
    assert checked > 1000


def _still_hidden_positions(state, seat: int) -> list[int]:
    deal = state.deal
    cards = set(deal.hands[1 - seat]) | {
        card for stacks in deal.stacks for stack in stacks for card in stack[1:]
    }
    return [index for index, card in enumerate(deal.deck) if card in cards]


def _replayed(deck, dealer: int, actions):
    state = deal_start(new_match(format=FORMAT_FIRST_TO_71, first_dealer=dealer), deck)
    for action in actions:
        state = apply(state, action)
    return state


def _twin_with_other_hidden_cards(state, seat: int, rng: random.Random):
    """A state that differs from `state` only in cards `seat` cannot see, or None."""
    deal = state.deal
    positions = _still_hidden_positions(state, seat)
    for _attempt in range(200):
        shuffled = positions[:]
        rng.shuffle(shuffled)
        deck = list(deal.deck)
        for source, target in zip(positions, shuffled, strict=True):
            deck[target] = deal.deck[source]
        if deck == list(deal.deck):
            continue
        try:
            # The opponent's past plays must stay legal with the other hidden cards.
            twin = _replayed(deck, deal.dealer, deal.actions)
        except RuleError:
            continue
        if twin.deal.hands[1 - seat] != deal.hands[1 - seat] or twin.deal.stacks != deal.stacks:
            return twin
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_two_states_differing_only_in_hidden_cards_give_the_same_decision(level: str) -> None:
    rng = random.Random(11)
    compared = 0
    for game in range(6):
        dealer = game % 2
        deck = shuffled_deck(rng)
        state = deal_start(new_match(format=FORMAT_FIRST_TO_71, first_dealer=dealer), deck)
        # Decisions at the trump choice, the buque, and at a few points of the play.
        stops = {0, 1, 2, 7, 16}
        for step in range(34):
            if state.phase not in (Phase.TRUMP, Phase.BUQUE, Phase.SURBUQUE, Phase.PLAY):
                break
            seat = seat_to_act(state)
            view = player_view(state, seat)
            if step in stops:
                twin = _twin_with_other_hidden_cards(state, seat, rng)
                if twin is not None:
                    twin_view = player_view(twin, seat)
                    # Only hidden cards differ: the seat's view is the same...
                    assert twin_view == view
                    # ...and so is the decision, for the same seed.
                    assert choose_action(level, twin_view, seed=step) == choose_action(
                        level, view, seed=step
                    )
                    compared += 1
            state = apply(state, Action.from_json(choose_action(LEVEL_MEDIUM, view, seed=step)))
    assert compared >= 12


def test_the_strong_level_is_repeatable_and_counts_its_playouts() -> None:
    state = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), shuffled_deck(random.Random(3))
    )
    state = apply(state, Action(seat=0, type="trump", suit="H"))
    state = apply(state, Action(seat=1, type="pass"))
    view = player_view(state, 1)
    first, count = strong.decide(view, random.Random(9), 400)
    again, _count = strong.decide(view, random.Random(9), 400)
    assert first == again and first in view["legal_actions"]
    assert 0 < count <= 400
