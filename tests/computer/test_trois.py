"""The computer players of *Manille à trois*: legal play from the view alone, repeatable
decisions, the medium level's rules of thumb, and medium against easy (docs/computer.md)."""

import pytest

from games.computer import LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG, LEVELS, choose_action
from games.computer.arena import play_match
from games.computer.trois import medium

VARIANT = "manille-a-trois"


def _view(hand, trick, plays=(), *, seat, trump="H", legal=None, removed=("7S", "7C")):
    """A player view cut down to what the medium level reads."""
    cards = legal if legal is not None else hand
    return {
        "variant": VARIANT,
        "seat": seat,
        "trump": trump,
        "hand": list(hand),
        "removed": list(removed),
        "trick": [{"seat": s, "card": c} for s, c in trick],
        "plays": [{"seat": s, "card": c} for s, c in (*plays, *trick)],
        "legal_actions": [{"seat": seat, "type": "play", "card": card} for card in cards],
    }


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("options", [None, {"sevens_removed": False}])
def test_every_level_plays_whole_matches_legally_from_the_view_alone(level, options) -> None:
    def checked(view, action):
        assert action in view["legal_actions"]
        assert set(view) >= {"hand", "trick", "plays", "legal_actions"}
        assert choose_action(level, view, seed=5) == choose_action(level, view, seed=5)

    for seed in range(3):
        state = play_match(
            (level, LEVEL_EASY, level),
            seed=seed,
            variant=VARIANT,
            options=options,
            on_decision=checked,
        )
        assert state.is_finished


def test_the_last_to_play_takes_the_trick_with_the_cheapest_winner() -> None:
    view = _view(("TS", "KS", "7S"), ((1, "QS"), (2, "9S")), seat=0, legal=("TS", "KS"))

    assert medium.choose_card(view) == "KS"


def test_a_follower_who_cannot_win_keeps_his_points() -> None:
    view = _view(("KD", "8D", "QC"), ((1, "TS"),), seat=2, trump="H")

    assert medium.choose_card(view) == "8D"


def test_the_second_seat_takes_a_trick_with_a_master_card() -> None:
    # T♠ and A♠ are both outside the 9♠ led: only the manille is sure to hold.
    view = _view(("TS", "KS", "7D"), ((0, "9S"),), seat=1, legal=("TS", "KS"))

    assert medium.choose_card(view) == "TS"


def test_a_leader_cashes_a_master_with_points() -> None:
    view = _view(("TD", "8D", "9C", "7H"), (), seat=0)

    assert medium.choose_card(view) == "TD"


def test_the_strong_level_plays_the_medium_rules_at_three() -> None:
    view = _view(("TS", "KS", "7D"), ((0, "9S"),), seat=1, legal=("TS", "KS"))

    assert choose_action(LEVEL_STRONG, view, seed=1) == choose_action(LEVEL_MEDIUM, view, seed=1)


def test_medium_takes_more_points_than_easy() -> None:
    """Thirty matches on fixed seeds, the medium seat turning round the table, the two others
    easy: medium takes about 28 points a deal, each easy seat about 21 (a fair share is 23⅓),
    and wins about two matches in three where chance would give one in three."""
    points = {LEVEL_MEDIUM: 0, LEVEL_EASY: 0}
    deals = 0
    medium_wins = 0
    for seed in range(30):
        medium_seat = seed % 3
        levels = tuple(LEVEL_MEDIUM if seat == medium_seat else LEVEL_EASY for seat in range(3))
        state = play_match(
            levels,
            seed=seed,
            variant=VARIANT,
            first_dealer=seed % 3,
            options={"sevens_removed": seed % 2 == 0},
        )
        for summary in state.progress.summaries:
            deals += 1
            for seat in range(3):
                points[levels[seat]] += summary.card_points[seat]
        medium_wins += state.winner == medium_seat

    medium_per_deal = points[LEVEL_MEDIUM] / deals
    easy_per_deal = points[LEVEL_EASY] / (2 * deals)
    assert medium_per_deal - easy_per_deal > 4
    assert medium_wins >= 15
