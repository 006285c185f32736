"""The contract between the computer players and the site: a legal action from a player view."""

import random

import pytest

from games.computer import LEVELS, choose_action, pause_seconds
from games.engine import (
    Action,
    apply,
    deal_start,
    new_match,
    player_view,
    seat_to_act,
    shuffled_deck,
)
from games.engine.variants import variant_get


def _state_after_deal(seed: int):
    state = new_match(format="first-to-71", first_dealer=0)
    return deal_start(state, shuffled_deck(random.Random(seed)))


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_deal_legally_from_the_view_alone(level: str) -> None:
    state = _state_after_deal(7)
    for step in range(200):
        seat = seat_to_act(state)
        if seat is None or state.is_finished:
            break
        view = player_view(state, seat)
        if not view["legal_actions"]:
            break
        action = choose_action(level, view, seed=step)
        assert action in view["legal_actions"]
        state = apply(state, Action.from_json(action))
    assert state.deal_number >= 1


@pytest.mark.parametrize("variant_name", ["manille-flemish", "manille-french", "manille-parlee"])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_four_player_deal_legally_from_the_view_alone(level, variant_name):
    """The same entry point answers the partnership games: the view names its game."""
    variant = variant_get(variant_name)
    state = variant.new_match(first_dealer=1)
    state = variant.deal_start(state, variant.shuffled_deck(random.Random(4)))
    decisions = 0
    while (seat := variant.seat_to_act(state)) is not None:
        view = variant.player_view(state, seat)
        action = choose_action(level, view, seed=decisions)
        assert action in view["legal_actions"]
        assert 0.3 <= pause_seconds(view, seed=decisions) < 1.5
        state = variant.apply(state, variant.action_from_json(action))
        decisions += 1
    assert decisions >= 32 and state.completed_deal_count == 1


def test_an_unknown_level_is_refused() -> None:
    view = player_view(_state_after_deal(1), 0)
    with pytest.raises(ValueError):
        choose_action("imbattable", view, seed=1)


def test_the_pause_is_shorter_when_only_one_action_is_legal() -> None:
    assert pause_seconds({"legal_actions": [{"seat": 0, "type": "roll"}]}, seed=1) < 0.8
    assert 0.8 <= pause_seconds({"legal_actions": [{}, {}]}, seed=1) < 1.5


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_spends_its_turn_on_a_question_in_parlee(level) -> None:
    variant = variant_get("manille-parlee")
    state = variant.deal_start(
        variant.new_match(first_dealer=1), variant.shuffled_deck(random.Random(4))
    )
    view = variant.player_view(state, 2)
    assert {action["type"] for action in view["legal_actions"]} == {
        "play",
        "ask_card",
        "ask_count",
        "show",
    }

    actions = [choose_action(level, view, seed=seed) for seed in range(8)]

    assert {action["type"] for action in actions} == {"play"}
    assert pause_seconds(view, seed=1) == pause_seconds(
        {
            **view,
            "legal_actions": [
                action for action in view["legal_actions"] if action["type"] == "play"
            ],
        },
        seed=1,
    )
