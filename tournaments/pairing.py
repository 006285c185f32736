"""Pairings of the three competition formats (docs/tournaments.md, *Formats and pairing*).

Pure: no Django, no database, no clock. Players are any hashable ids, given in seed order
(elimination, round robin) or in standing order (Swiss); the caller stores what comes out.

- **Single elimination**: a bracket of the next power of two; the missing players are byes,
  and they fall to the top seeds (seed 1 meets the last seed, so the byes go to 1, 2, 3, ...).
  Seeds are placed so that 1 and 2 can only meet in the final, 1–4 in the semi-finals, etc.
- **Round robin**: the circle method (Berger tables); with an odd number, one player rests in
  each round, each player exactly once.
- **Swiss**: one maximum-weight perfect matching (Edmonds' blossom algorithm, from networkx)
  whose weights rank what matters, most important first: a bye to a player who has not had one;
  as few rematches as possible; the bye to the lowest-placed such player; opponents of equal or
  close scores; inside a score group, the top half against the bottom half.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import networkx

# --- Single elimination -----------------------------------------------------------------------


def bracket_size(player_count: int) -> int:
    """Return the smallest power of two that holds `player_count` players (at least 2)."""
    if player_count < 2:
        raise ValueError("a bracket needs at least two players")
    size = 2
    while size < player_count:
        size *= 2
    return size


def elimination_round_count(player_count: int) -> int:
    """Return how many rounds a single-elimination bracket of this many players takes."""
    return bracket_size(player_count).bit_length() - 1


def bracket_seed_order(size: int) -> list[int]:
    """Return seeds 1..size in bracket order: [1, 8, 4, 5, 2, 7, 3, 6] for 8.

    Each pair of neighbours is a first-round match whose seeds add up to size + 1, and the
    halves are built the same way, so the best seeds meet as late as possible.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def elimination_first_round(player_count: int) -> list[tuple[int, int | None]]:
    """Return the first round as (seed, seed or None for a bye), in bracket order.

    The first seed of each pair is the better one; a bye always falls to a top seed.
    """
    order = bracket_seed_order(bracket_size(player_count))
    return [
        (order[index], order[index + 1] if order[index + 1] <= player_count else None)
        for index in range(0, len(order), 2)
    ]


def elimination_next_round(winners: Sequence[Hashable]) -> list[tuple[Hashable, Hashable]]:
    """Pair the winners of a round, in bracket order: matches 1 and 2 feed the first match."""
    if len(winners) % 2:
        raise ValueError("a bracket round has an even number of winners")
    return [(winners[index], winners[index + 1]) for index in range(0, len(winners), 2)]


# --- Round robin ------------------------------------------------------------------------------


def round_robin_round_count(player_count: int) -> int:
    return player_count - 1 if player_count % 2 == 0 else player_count


def round_robin_schedule(player_count: int) -> list[list[tuple[int, int | None]]]:
    """Return every round as pairs of player indices (0-based, seed order); None: a rest.

    Circle method: the first slot stays, the others turn one place each round; with an odd
    number the fixed slot is the rest, so whoever faces it rests. Seats alternate (Berger's
    rule) so that each player sits first in half of his matches (one apart at most when he
    plays an odd number of them).
    """
    if player_count < 2:
        raise ValueError("a round robin needs at least two players")
    slots: list[int | None] = list(range(player_count))
    if player_count % 2:
        slots.insert(0, None)
    size = len(slots)
    rounds = []
    rotating = slots[1:]
    for number in range(size - 1):
        arrangement = [slots[0], *rotating]
        pairs: list[tuple[int | None, int | None]] = []
        for index in range(size // 2):
            first, second = arrangement[index], arrangement[size - 1 - index]
            # Berger's rule: the fixed player changes side each round, the others by table.
            swap = number % 2 == 1 if index == 0 else index % 2 == 1
            pairs.append((second, first) if swap else (first, second))
        rounds.append([_rest_last(pair) for pair in pairs])
        rotating = [rotating[-1], *rotating[:-1]]
    return rounds


def _rest_last(pair: tuple[int | None, int | None]) -> tuple[int, int | None]:
    first, second = pair
    if first is None:
        return (second, None)
    return (first, second)


# --- Swiss ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwissEntrant:
    player: Hashable
    score: int
    opponents: frozenset
    has_had_bye: bool = False


_BYE = object()  # the extra vertex that an odd field pairs its bye with


def swiss_pairings(
    entrants: Sequence[SwissEntrant],
) -> tuple[list[tuple[Hashable, Hashable]], Hashable | None]:
    """Pair one Swiss round; return (pairs, bye player or None).

    `entrants` come in standing order, best first. Each pair lists the better-placed player
    first. With an odd number, one player gets the bye.
    """
    count = len(entrants)
    if count < 2:
        raise ValueError("a Swiss round needs at least two players")
    weights = _SwissWeights(entrants)
    graph = networkx.Graph()
    for first in range(count):
        for second in range(first + 1, count):
            graph.add_edge(first, second, weight=weights.pair(first, second))
    if count % 2:
        for index in range(count):
            graph.add_edge(index, _BYE, weight=weights.bye(index))
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    pairs = []
    bye = None
    for first, second in matching:
        if first is _BYE or second is _BYE:
            bye = entrants[second if first is _BYE else first].player
            continue
        pairs.append(tuple(sorted((first, second))))
    pairs.sort()
    return [(entrants[first].player, entrants[second].player) for first, second in pairs], bye


class _SwissWeights:
    """Edge weights whose sum ranks pairings lexicographically by the criteria of the module.

    Each criterion's unit is larger than the largest total the less important ones can reach
    in one round, so no amount of a lesser criterion outweighs one unit of a greater one. The
    matching maximises the sum of weights: a weight is a large constant minus the penalties.
    Whole numbers only, so networkx's blossom algorithm computes exactly.
    """

    def __init__(self, entrants: Sequence[SwissEntrant]) -> None:
        self.entrants = entrants
        count = len(entrants)
        tables = count // 2 + 1
        highest_score = max((entrant.score for entrant in entrants), default=0)
        lowest_score = min((entrant.score for entrant in entrants), default=0)
        score_spread = highest_score - lowest_score
        # Each unit is one more than the most that every lesser criterion can add up to.
        self.fold = 1  # per place away from "top half against bottom half" in a score group
        fold_total = self.fold * count * tables
        self.score = fold_total + 1  # per squared point of score difference
        score_total = self.score * score_spread**2 * tables + fold_total
        self.bye_rank = score_total + 1  # per place above the last one
        bye_rank_total = self.bye_rank * count + score_total
        self.rematch = bye_rank_total + 1
        rematch_total = self.rematch * tables + bye_rank_total
        self.repeated_bye = rematch_total + 1
        self.ceiling = self.repeated_bye * 2 + rematch_total  # every weight stays positive
        # Position of each entrant inside its score group, and that group's size.
        groups: dict[int, list[int]] = {}
        for index, entrant in enumerate(entrants):
            groups.setdefault(entrant.score, []).append(index)
        self.group_position = {}
        for members in groups.values():
            for position, index in enumerate(members):
                self.group_position[index] = (position, len(members))

    def pair(self, first_index: int, second_index: int) -> int:
        first, second = self.entrants[first_index], self.entrants[second_index]
        penalty = self.score * (first.score - second.score) ** 2
        if second.player in first.opponents or first.player in second.opponents:
            penalty += self.rematch
        if first.score == second.score:
            first_position, size = self.group_position[first_index]
            second_position, _size = self.group_position[second_index]
            penalty += self.fold * abs(abs(first_position - second_position) - size // 2)
        return self.ceiling - penalty

    def bye(self, index: int) -> int:
        penalty = self.bye_rank * (len(self.entrants) - 1 - index)
        if self.entrants[index].has_had_bye:
            penalty += self.repeated_bye
        return self.ceiling - penalty
