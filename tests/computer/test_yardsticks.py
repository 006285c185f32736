"""The yardsticks of benchmarks/yardsticks/ (greedy determinized, ISMCTS) and fort's playouts
with and without its policy in the duplicate arena: legal, repeatable, from the view alone."""

import random

import pytest

from benchmarks.duplicate_arena import LEVEL_STRONG_INFERRING, LEVEL_STRONG_POLICY, play_pair
from benchmarks.yardsticks import greedy, ismcts
from games.computer import LEVEL_MEDIUM, choose_action, strong
from games.computer.arena import play_partnership_match
from games.engine import (
    FORMAT_FIRST_TO_71,
    Action,
    apply,
    deal_start,
    new_match,
    player_view,
    shuffled_deck,
)
from games.engine.core import play_greedily, play_randomly

YARDSTICKS = {greedy.LEVEL_GREEDY: greedy, ismcts.LEVEL_ISMCTS: ismcts}
# Few playouts: legality and repeatability do not depend on the budget.
SMALL = {"yardstick_playouts": 12, "policy_playouts": 24}


def _views(level: str) -> list[dict]:
    seen: list[dict] = []

    def on_decision(first_seat, view, action) -> None:
        assert action in view["legal_actions"]
        if view["seat"] == first_seat and len(view["legal_actions"]) > 1:
            seen.append(view)

    result = play_pair(
        level, LEVEL_MEDIUM, seed=5, fort_playouts=24, budgets=SMALL, on_decision=on_decision
    )
    assert all(state.is_finished for state in result["states"])
    assert result["decisions"][level] > 0
    return seen


@pytest.mark.parametrize("level", sorted(YARDSTICKS))
def test_a_yardstick_plays_whole_matches_legally_and_repeats_its_decisions(level: str) -> None:
    module = YARDSTICKS[level]

    views = _views(level)

    phases = {view["phase"] for view in views}
    assert {"trump", "play"} <= phases
    for view in views[:: max(1, len(views) // 12)]:
        first = module.choose_action(view, seed=3, playouts=40)
        assert first in view["legal_actions"]
        assert module.choose_action(view, seed=3, playouts=40) == first


@pytest.mark.parametrize("level", sorted(YARDSTICKS))
def test_a_yardstick_with_a_time_budget_answers_a_legal_action(level: str) -> None:
    state = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), shuffled_deck(random.Random(3))
    )
    state = apply(state, Action(seat=0, type="trump", suit="H"))
    state = apply(state, Action(seat=1, type="pass"))
    view = player_view(state, 1)

    action = YARDSTICKS[level].choose_action(view, seed=1, seconds=0.02)

    assert action in view["legal_actions"] and action["type"] == "play"


def test_fort_inferring_plays_whole_matches_legally_in_the_arena() -> None:
    views = _views(LEVEL_STRONG_INFERRING)

    assert {"trump", "play"} <= {view["phase"] for view in views}


def test_fort_with_policy_playouts_stays_in_the_arena_and_is_repeatable() -> None:
    _views(LEVEL_STRONG_POLICY)
    state = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=1), shuffled_deck(random.Random(6))
    )
    view = player_view(state, 1)

    with_policy = strong.decide(view, random.Random(2), 200, policy=play_greedily)
    at_random = strong.decide(view, random.Random(2), 200, policy=play_randomly)

    assert with_policy == strong.decide(view, random.Random(2), 200, policy=play_greedily)
    assert at_random == strong.decide(view, random.Random(2), 200, policy=play_randomly)
    assert with_policy[0] in view["legal_actions"] and at_random[0] in view["legal_actions"]


@pytest.mark.parametrize(
    "variant_name,options",
    [("manille-flemish", {"blind": True, "mee_tegen": True}), ("manille-french", None)],
)
def test_the_four_player_ismcts_plays_a_whole_match_legally_and_repeats_itself(
    variant_name: str, options: dict | None
) -> None:
    seen: list[dict] = []

    def choose(level, view, *, seed):
        if level == LEVEL_MEDIUM:
            return choose_action(level, view, seed=seed)
        action = ismcts.choose_partnership_action(view, seed=seed, playouts=30)
        if len(view["legal_actions"]) > 1 and view["phase"] == "play":
            seen.append(view)
        return action

    def legal(view, action) -> None:
        assert action in view["legal_actions"]

    levels = (ismcts.LEVEL_ISMCTS, LEVEL_MEDIUM) * 2
    state = play_partnership_match(
        variant_name,
        levels,
        seed=4,
        format="first-to-34" if options is None else "boom-101",
        options=options,
        choose=choose,
        on_decision=legal,
    )

    assert state.is_finished and seen
    for view in seen[:: max(1, len(seen) // 8)]:
        first = ismcts.choose_partnership_action(view, seed=2, playouts=40)
        assert first in view["legal_actions"]
        assert ismcts.choose_partnership_action(view, seed=2, playouts=40) == first
    timed = ismcts.choose_partnership_action(seen[0], seed=2, seconds=0.02)
    assert timed in seen[0]["legal_actions"]
