"""Standings and tie-breaks of the three formats (docs/tournaments.md, *Standings*).

A player who lost a match without a move of his (a no-show, withdrawn from the rounds after
it) never ranks above a player who played: in each format he comes after every player on the
same points (or knocked out in the same round), before any other tie-break.

Pure: no Django. A match is won or lost (Manille has no draw); a match's *deal points* are the
totals of its games' scores (for a best of three, the sum over the games played).

- **Swiss**: match points (a win 1, a bye 1, a loss 0), then present before absent, then
  **Buchholz** (the sum of the match points of the opponents met; a bye adds nothing), then
  **Sonneborn–Berger** (the sum of the match points of the opponents beaten), then the seed.
- **Round robin**: match points (a rest counts nothing: every player rests as often), then
  present before absent, then **head-to-head** (the match points won against the players on
  the same points), then the **deal points difference** (points scored minus points conceded
  over all matches), then the seed.
- **Single elimination**: the furthest round reached (the champion first, then the finalist,
  then the semi-finalists...), then, among players knocked out in the same round, those who
  played before a no-show, then the deal points difference, then the seed.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class MatchResult:
    player0: Hashable
    player1: Hashable | None  # None: a bye (Swiss, elimination) or a rest (round robin)
    winner: Hashable
    points0: int = 0  # deal points scored by player0 over the match
    points1: int = 0
    round_number: int = 1
    # The loser, when he never made a move in the match (a no-show) or was no longer there.
    absent: Hashable | None = None

    @property
    def is_bye(self) -> bool:
        return self.player1 is None

    def opponent_of(self, player: Hashable) -> Hashable | None:
        return self.player1 if player == self.player0 else self.player0

    def deal_difference_for(self, player: Hashable) -> int:
        if self.is_bye:
            return 0
        if player == self.player0:
            return self.points0 - self.points1
        return self.points1 - self.points0


@dataclass
class Standing:
    player: Hashable
    seed: int
    points: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    # Swiss: Buchholz and Sonneborn–Berger; round robin: head-to-head and deal difference;
    # elimination: the round reached and the deal difference.
    tiebreak1: int = 0
    tiebreak2: int = 0
    deal_difference: int = 0
    absences: int = 0  # matches lost without a move of his
    rank: int = 0
    opponents: list = field(default_factory=list)


def _tally(players: Sequence[Hashable], results: Sequence[MatchResult]) -> dict:
    table = {player: Standing(player=player, seed=seed) for seed, player in enumerate(players, 1)}
    for result in results:
        for player in (result.player0, result.player1):
            if player is None:
                continue
            standing = table[player]
            if result.is_bye:
                standing.byes += 1
                continue
            standing.opponents.append(result.opponent_of(player))
            if result.absent == player:
                standing.absences += 1
            standing.deal_difference += result.deal_difference_for(player)
            if result.winner == player:
                standing.wins += 1
            else:
                standing.losses += 1
    return table


def _ranked(table: dict, key) -> list[Standing]:
    ordered = sorted(table.values(), key=key)
    for rank, standing in enumerate(ordered, 1):
        standing.rank = rank
    return ordered


def swiss_standings(players: Sequence[Hashable], results: Sequence[MatchResult]) -> list[Standing]:
    """Return the Swiss standings: points, present first, Buchholz, Sonneborn–Berger, seed."""
    table = _tally(players, results)
    for standing in table.values():
        standing.points = standing.wins + standing.byes
    beaten: dict[Hashable, list] = {player: [] for player in table}
    for result in results:
        if not result.is_bye:
            beaten[result.winner].append(result.opponent_of(result.winner))
    for standing in table.values():
        standing.tiebreak1 = sum(table[opponent].points for opponent in standing.opponents)
        standing.tiebreak2 = sum(table[opponent].points for opponent in beaten[standing.player])
    return _ranked(table, lambda s: (-s.points, s.absences > 0, -s.tiebreak1, -s.tiebreak2, s.seed))


def round_robin_standings(
    players: Sequence[Hashable], results: Sequence[MatchResult]
) -> list[Standing]:
    """Return the round-robin standings: points, present first, head-to-head, deal points
    difference, seed."""
    table = _tally(players, results)
    for standing in table.values():
        standing.points = standing.wins
        standing.tiebreak2 = standing.deal_difference
    for result in results:
        if result.is_bye:
            continue
        loser = result.opponent_of(result.winner)
        # A win counts for head-to-head when both were level on points at the end.
        if table[result.winner].points == table[loser].points:
            table[result.winner].tiebreak1 += 1
    return _ranked(table, lambda s: (-s.points, s.absences > 0, -s.tiebreak1, -s.tiebreak2, s.seed))


def elimination_standings(
    players: Sequence[Hashable], results: Sequence[MatchResult]
) -> list[Standing]:
    """Return the final order of a bracket: round reached, present first, deal difference, seed.

    `tiebreak1` is the last round a player won or played in (the champion gets one more).
    """
    table = _tally(players, results)
    for standing in table.values():
        standing.points = standing.wins + standing.byes
        standing.tiebreak2 = standing.deal_difference
    for result in results:
        for player in (result.player0, result.player1):
            if player is None:
                continue
            reached = result.round_number + (1 if result.winner == player else 0)
            table[player].tiebreak1 = max(table[player].tiebreak1, reached)
    return _ranked(table, lambda s: (-s.tiebreak1, s.absences > 0, -s.tiebreak2, s.seed))
