"""The points matrix (ladder.md, *Points*). Pure: no Django import."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Stake:
    won: int  # points the winner gains
    lost: int  # points the loser loses (a positive number)


# Winner's group (row) against loser's group (column), exactly as the spec's table.
POINTS_MATRIX: dict[int, dict[int, Stake]] = {
    1: {1: Stake(5, 3), 2: Stake(6, 4), 3: Stake(7, 5)},
    2: {1: Stake(4, 2), 2: Stake(5, 3), 3: Stake(6, 4)},
    3: {1: Stake(3, 1), 2: Stake(4, 2), 3: Stake(5, 3)},
}


def stake_for(*, winner_stars: int, loser_stars: int) -> Stake:
    """Return what the winner gains and the loser loses, given their groups at match start."""
    return POINTS_MATRIX[winner_stars][loser_stars]


def points_after(*, points: int, delta: int) -> int:
    """Apply a delta to a ladder's points; they never go below 0."""
    return max(0, points + delta)
