"""The computer players of *Manille aux enchères* at four and at three: legal play from the
view alone, repeatable decisions, the levels found by the game (not by its seat count), the
easy level's auction, the medium level's rules of thumb, and medium against easy
(docs/computer.md)."""

import random
from collections import Counter

import pytest

from games.computer import LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG, LEVELS, _choosers, choose_action
from games.computer.arena import play_match
from games.computer.encheres import easy, medium
from games.computer.partnership import medium as partnership_medium
from games.computer.trois import medium as trois_medium
from games.engine.variants import VARIANTS

FOUR = "manille-encheres"
THREE = "manille-encheres-3"


def test_every_registered_game_has_its_own_levels() -> None:
    assert {name: set(_choosers({"variant": name})) for name in VARIANTS} == {
        name: set(LEVELS) for name in VARIANTS
    }
    assert _choosers({"variant": FOUR})[LEVEL_MEDIUM] is medium.choose
    assert _choosers({"variant": THREE})[LEVEL_MEDIUM] is medium.choose
    assert _choosers({"variant": "manille-french"})[LEVEL_MEDIUM] is partnership_medium.choose
    assert _choosers({"variant": "manille-a-trois"})[LEVEL_MEDIUM] is trois_medium.choose
    assert _choosers({"variant": FOUR})[LEVEL_STRONG] is medium.choose


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", [FOUR, THREE])
def test_every_level_plays_whole_matches_legally_from_the_view_alone(level, variant) -> None:
    def checked(view, action):
        assert action in view["legal_actions"]
        assert choose_action(level, view, seed=5) == choose_action(level, view, seed=5)

    seats = 4 if variant == FOUR else 3
    for seed in range(2):
        levels = tuple(level if seat % 2 == 0 else LEVEL_EASY for seat in range(seats))
        state = play_match(levels, seed=seed, variant=variant, on_decision=checked)
        assert (state.is_finished, state.winner) == (True, None)


def _bid_view(hand, lowest=18, *, seat=1):
    return {
        "variant": FOUR,
        "phase": "bid",
        "seat": seat,
        "hand": list(hand),
        "hand_counts": [8, 8, 8, 8],
        "bid_lowest": lowest,
        "legal_actions": [{"seat": seat, "type": "pass"}]
        + [{"seat": seat, "type": "bid", "points": points} for points in range(lowest, 69)],
    }


def test_the_easy_level_passes_or_bids_the_lowest_bid_only() -> None:
    view = _bid_view(["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"], lowest=30)

    chosen = Counter(
        str(easy.choose(view, random.Random(seed)).get("points")) for seed in range(200)
    )

    assert set(chosen) == {"None", "30"}
    assert 70 < chosen["30"] < 130


def test_the_medium_level_bids_a_strong_hand_and_names_its_suit() -> None:
    hand = ["TH", "AH", "KH", "QH", "JH", "TS", "AS", "TD"]
    view = _bid_view(hand)

    assert choose_action(LEVEL_MEDIUM, view, seed=1) == {"seat": 1, "type": "bid", "points": 18}
    trump_view = {
        **view,
        "phase": "trump",
        "legal_actions": [{"seat": 1, "type": "trump", "suit": suit} for suit in "SHDC"],
    }
    assert choose_action(LEVEL_MEDIUM, trump_view, seed=1)["suit"] == "H"
    assert medium.best_trump(hand, 4)[1] > 40


def test_the_medium_level_passes_a_weak_hand_and_does_not_overbid() -> None:
    weak = _bid_view(["7S", "8S", "7H", "8H", "7D", "8D", "7C", "9C"])
    strong_but_high = _bid_view(["TH", "AH", "7S", "8S", "7D", "8D", "7C", "9C"], lowest=50)

    assert choose_action(LEVEL_MEDIUM, weak, seed=1)["type"] == "pass"
    assert choose_action(LEVEL_MEDIUM, strong_but_high, seed=1)["type"] == "pass"


def test_a_defender_loads_points_on_a_fellow_defenders_safe_trick() -> None:
    # Seat 2 is the bidder and has played; seat 0's T♠ wins and seat 3, last and void in
    # spades, is a fellow defender: he throws his king on it.
    view = {
        "variant": FOUR,
        "phase": "play",
        "seat": 3,
        "trump": "H",
        "hand": ["KD", "7D", "8C"],
        "hand_counts": [3, 3, 2, 3],
        "partners": [0, 1],
        "removed": None,
        "trick": [{"seat": 0, "card": "TS"}, {"seat": 1, "card": "7S"}, {"seat": 2, "card": "9S"}],
        "plays": [{"seat": 0, "card": "TS"}, {"seat": 1, "card": "7S"}, {"seat": 2, "card": "9S"}],
        "legal_actions": [{"seat": 3, "type": "play", "card": card} for card in ("KD", "7D", "8C")],
    }

    assert choose_action(LEVEL_MEDIUM, view, seed=1)["card"] == "KD"


@pytest.mark.parametrize(("variant", "seats"), [(FOUR, 4), (THREE, 3)])
def test_medium_is_the_loser_far_less_often_than_easy(variant, seats) -> None:
    """Twelve matches on fixed seeds, the medium seat turning round the table, the others
    easy: chance would make medium the loser in one match of `seats`; its bids are sound (it
    bids only what its hand should make) while easy's fail about half the time, each failed
    bid scoring for every defender."""
    losers = Counter()
    made = Counter()
    bids = Counter()
    for seed in range(12):
        levels = tuple(
            LEVEL_MEDIUM if seat == seed % seats else LEVEL_EASY for seat in range(seats)
        )
        state = play_match(levels, seed=seed, variant=variant)
        losers[levels[state.loser]] += 1
        for summary in state.progress.summaries:
            if summary.bidder is not None:
                bids[levels[summary.bidder]] += 1
                made[levels[summary.bidder]] += summary.made

    assert losers[LEVEL_MEDIUM] <= 1
    assert made[LEVEL_MEDIUM] / bids[LEVEL_MEDIUM] > made[LEVEL_EASY] / bids[LEVEL_EASY]
