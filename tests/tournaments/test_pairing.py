"""Pairings of the three formats (tournaments/pairing.py), checked exhaustively on small fields."""

import itertools
import random
from collections import Counter

import pytest

from tournaments.pairing import (
    SwissEntrant,
    bracket_seed_order,
    bracket_size,
    elimination_first_round,
    elimination_next_round,
    elimination_round_count,
    round_robin_round_count,
    round_robin_schedule,
    swiss_pairings,
)

# --- Single elimination -----------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 34))
def test_a_bracket_gives_its_byes_to_the_top_seeds_and_halves_every_round(count):
    size = bracket_size(count)
    first_round = elimination_first_round(count)

    byes = sorted(first for first, second in first_round if second is None)
    assert byes == list(range(1, size - count + 1))
    seeds = sorted(seed for pair in first_round for seed in pair if seed is not None)
    assert seeds == list(range(1, count + 1))
    assert all(second is None or first < second for first, second in first_round)
    # Every round halves the field until one player is left.
    players = [first for first, _second in first_round]  # say the better seed always wins
    rounds = 1
    while len(players) > 1:
        players = [first for first, _second in elimination_next_round(players)]
        rounds += 1
    assert players == [1]
    assert rounds == elimination_round_count(count) == (size.bit_length() - 1)
    assert len(first_round) == size // 2


def test_the_bracket_order_keeps_the_best_seeds_apart_until_the_end():
    assert bracket_seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert elimination_first_round(5) == [(1, None), (4, 5), (2, None), (3, None)]
    # 1 and 2 are in different halves, 1..4 in different quarters of a 16 bracket.
    order = bracket_seed_order(16)
    assert {order.index(1) // 8, order.index(2) // 8} == {0, 1}
    assert sorted(order.index(seed) // 4 for seed in (1, 2, 3, 4)) == [0, 1, 2, 3]


def test_the_next_round_pairs_neighbouring_winners():
    assert elimination_next_round(["a", "b", "c", "d"]) == [("a", "b"), ("c", "d")]


# --- Round robin ------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 14))
def test_a_round_robin_meets_every_pair_once_and_is_balanced(count):
    schedule = round_robin_schedule(count)

    assert len(schedule) == round_robin_round_count(count)
    met = Counter()
    rests = Counter()
    seats = Counter()
    for pairs in schedule:
        in_round = [player for pair in pairs for player in pair if player is not None]
        assert sorted(in_round) == list(range(count))  # each plays or rests once a round
        for first, second in pairs:
            if second is None:
                rests[first] += 1
                continue
            met[frozenset((first, second))] += 1
            seats[(first, 0)] += 1
            seats[(second, 1)] += 1
    assert set(met.values()) == {1}
    assert len(met) == count * (count - 1) // 2
    assert rests == (Counter(range(count)) if count % 2 else Counter())
    for player in range(count):
        assert abs(seats[(player, 0)] - seats[(player, 1)]) == (count - 1) % 2


# --- Swiss ------------------------------------------------------------------------------------


def entrants(scores, opponents=None, byes=()):
    opponents = opponents or {}
    return [
        SwissEntrant(
            player=player,
            score=score,
            opponents=frozenset(opponents.get(player, ())),
            has_had_bye=player in byes,
        )
        for player, score in scores
    ]


def test_the_first_swiss_round_pairs_the_top_half_with_the_bottom_half():
    pairs, bye = swiss_pairings(entrants([(seed, 0) for seed in range(1, 9)]))

    assert pairs == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert bye is None


def test_an_odd_field_gives_the_bye_to_the_lowest_player_who_has_not_had_one():
    field = entrants([(1, 2), (2, 1), (3, 1), (4, 1), (5, 0)], byes={5})

    pairs, bye = swiss_pairings(field)

    assert bye == 4
    assert sorted(player for pair in pairs for player in pair) == [1, 2, 3, 5]


def test_swiss_pairs_inside_score_groups_and_avoids_a_rematch():
    field = entrants(
        [(1, 2), (2, 2), (3, 1), (4, 1)],
        opponents={1: {2, 3}, 2: {1, 4}, 3: {4, 1}, 4: {3, 2}},
    )

    pairs, bye = swiss_pairings(field)

    # 1–2 would be a rematch, as would 3–4: the only fresh pairing is 1–4 and 2–3.
    assert pairs == [(1, 4), (2, 3)]
    assert bye is None


def _simulate(count: int, rounds: int, seed: int):
    """Play a Swiss event with random winners; yield each round's (field, pairs, bye)."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(count), 0)
    opponents = {player: set() for player in range(count)}
    byes: set = set()
    for _round in range(rounds):
        order = sorted(scores, key=lambda player: (-scores[player], player))
        field = entrants(
            [(player, scores[player]) for player in order], opponents=opponents, byes=byes
        )
        pairs, bye = swiss_pairings(field)
        yield field, pairs, bye
        for first, second in pairs:
            opponents[first].add(second)
            opponents[second].add(first)
            scores[rng.choice((first, second))] += 1
        if bye is not None:
            byes.add(bye)
            scores[bye] += 1


def _perfect_matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, second in enumerate(rest):
        for matching in _perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, second), *matching]


def _fewest_rematches(field) -> int:
    """Brute force: the fewest rematches of any pairing with a bye to a player without one."""
    players = [entrant.player for entrant in field]
    met = {entrant.player: entrant.opponents for entrant in field}
    bye_choices = (
        [entrant.player for entrant in field if not entrant.has_had_bye]
        if len(players) % 2
        else [None]
    )
    best = None
    for bye in bye_choices:
        for matching in _perfect_matchings([player for player in players if player != bye]):
            rematches = sum(1 for first, second in matching if second in met[first])
            best = rematches if best is None else min(best, rematches)
    return best


@pytest.mark.parametrize(("count", "seed"), list(itertools.product((3, 5, 6, 7, 8), range(6))))
def test_swiss_never_repeats_a_pairing_that_could_be_avoided_nor_a_bye(count, seed):
    rounds = round_robin_round_count(count)
    byes = []
    for field, pairs, bye in _simulate(count, rounds, seed):
        met = {entrant.player: entrant.opponents for entrant in field}
        rematches = sum(1 for first, second in pairs if second in met[first])
        assert rematches == _fewest_rematches(field)
        assert sorted(
            [*(p for pair in pairs for p in pair), *([bye] if bye is not None else [])]
        ) == (list(range(count)))
        if count % 2:
            byes.append(bye)
    assert len(byes) == len(set(byes))  # a different player each round


def test_swiss_with_odd_numbers_over_several_rounds_hands_out_distinct_byes():
    for count in (5, 7, 9, 11):
        rounds = 4
        byes = [bye for _field, _pairs, bye in _simulate(count, rounds, seed=count)]
        assert None not in byes
        assert len(set(byes)) == rounds
