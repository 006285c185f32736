"""How long the strong level (*fort*) takes per decision, on one core, and how many playouts.

Plays --matches matches of fort against moyen (seats alternated) and times every decision fort
makes with more than one legal action: CPU time (what one core costs) and wall clock (what the
player waits on this machine as it is loaded). Forced decisions cost nothing and are not counted.

    .venv/bin/python benchmarks/computer_speed.py --matches 6 [--playouts N]
"""

import argparse
import random
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.computer import LEVEL_MEDIUM, LEVEL_STRONG, choose_action, strong  # noqa: E402
from games.computer.arena import play_match  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=None)
    args = parser.parse_args()
    budget = args.playouts or strong.PLAYOUTS
    samples: dict[str, list[tuple[float, float, int]]] = {}

    def choose(level, view, *, seed):
        if level != LEVEL_STRONG:
            return choose_action(level, view, seed=seed)
        wall = time.perf_counter()
        cpu = time.process_time()
        action, count = strong.decide(view, random.Random(seed), budget)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        if len(view["legal_actions"]) > 1:
            samples.setdefault(view["phase"], []).append((cpu, wall, count))
        return action

    for index in range(args.matches):
        levels = (LEVEL_STRONG, LEVEL_MEDIUM) if index % 2 == 0 else (LEVEL_MEDIUM, LEVEL_STRONG)
        play_match(levels, seed=500 + index, first_dealer=(index // 2) % 2, choose=choose)

    every = [sample for phase in samples.values() for sample in phase]
    print(f"fort, {budget} playouts per decision at most, {args.matches} matches against moyen")
    print(
        f"{'decisions':<12} {'n':>5} {'CPU p50':>9} {'CPU p95':>9} {'CPU max':>9} "
        f"{'wall p95':>9} {'playouts mean':>14} {'playouts/CPU-s':>15}"
    )
    for name, rows in [("all", every)] + sorted(samples.items()):
        cpu = [row[0] for row in rows]
        wall = [row[1] for row in rows]
        counts = [row[2] for row in rows]
        figures = [
            f"{percentile(cpu, 0.5):>8.3f}s",
            f"{percentile(cpu, 0.95):>8.3f}s",
            f"{max(cpu):>8.3f}s",
            f"{percentile(wall, 0.95):>8.3f}s",
            f"{sum(counts) / len(counts):>14.0f}",
            f"{sum(counts) / sum(cpu):>15,.0f}",
        ]
        print(f"{name:<12} {len(rows):>5} " + " ".join(figures))


if __name__ == "__main__":
    main()
