"""Measure the CPU time of one Swiss round's pairing for fields of 16 to 256 players.

Plays a Swiss event of ROUNDS rounds with random winners and reports, for each field size, the
slowest pairing (process CPU time, so other work on the machine hardly changes the figure).
Run: `.venv/bin/python benchmarks/tournament_pairing.py [ROUNDS]`.
"""

import random
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `tournaments` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import SwissEntrant, swiss_pairings  # noqa: E402


def slowest_pairing(count: int, rounds: int, rng: random.Random) -> float:
    scores = dict.fromkeys(range(count), 0)
    opponents = {player: set() for player in range(count)}
    byes: set = set()
    slowest = 0.0
    for _round in range(rounds):
        order = sorted(scores, key=lambda player: (-scores[player], player))
        field = [
            SwissEntrant(player, scores[player], frozenset(opponents[player]), player in byes)
            for player in order
        ]
        start = time.process_time()
        pairs, bye = swiss_pairings(field)
        slowest = max(slowest, time.process_time() - start)
        for first, second in pairs:
            opponents[first].add(second)
            opponents[second].add(first)
            scores[rng.choice((first, second))] += 1
        if bye is not None:
            byes.add(bye)
            scores[bye] += 1
    return slowest


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rng = random.Random(1)
    for count in (16, 32, 64, 128, 256):
        seconds = slowest_pairing(count, rounds, rng)
        print(f"{count:4d} players: slowest of {rounds} rounds {seconds * 1000:8.1f} ms CPU")


if __name__ == "__main__":
    main()
