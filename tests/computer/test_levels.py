"""Every level plays only legal actions, in both formats, from its player view alone."""

import pytest

from games.computer import LEVEL_EASY, LEVEL_MEDIUM, choose_action
from games.computer.arena import play_match
from games.engine import FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS


def _checked(choose):
    """Wrap a decision function: every action must be one of the view's legal actions."""
    counts = {"decisions": 0}

    def checked(level, view, *, seed):
        action = choose(level, view, seed=seed)
        assert action in view["legal_actions"], (level, action, view["legal_actions"])
        counts["decisions"] += 1
        return action

    return checked, counts


@pytest.mark.parametrize("format", [FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS])
@pytest.mark.parametrize("levels", [(LEVEL_EASY, LEVEL_MEDIUM), (LEVEL_MEDIUM, LEVEL_MEDIUM)])
def test_easy_and_medium_play_only_legal_actions_over_many_matches(levels, format) -> None:
    choose, counts = _checked(choose_action)
    winners = set()
    for seed in range(30):
        state = play_match(levels, seed=seed, format=format, first_dealer=seed % 2, choose=choose)
        assert state.is_finished and state.end is None
        winners.add(state.winner)
    assert counts["decisions"] > 30 * 20
    assert winners == {0, 1} or levels[0] != levels[1]


def test_medium_beats_easy_most_of_the_time() -> None:
    # Not a benchmark (benchmarks/computer_strength.py): a guard against a level that broke.
    won = 0
    for seed in range(40):
        medium_seat = seed % 2
        levels = (LEVEL_MEDIUM, LEVEL_EASY) if medium_seat == 0 else (LEVEL_EASY, LEVEL_MEDIUM)
        won += play_match(levels, seed=seed, first_dealer=seed % 3 % 2).winner == medium_seat
    assert won >= 30
