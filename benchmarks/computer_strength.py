"""Win rates between the computer levels over whole matches, with 95% confidence intervals.

Each pairing plays --matches matches (first to 71 by default): seats and the first dealer
alternate, each match has its own decks. Only player views reach the levels
(`games.computer.arena.play_match`).

    .venv/bin/python benchmarks/computer_strength.py --matches 400 --processes 1
    .venv/bin/python benchmarks/computer_strength.py --pairs fort-moyen --fort-playouts 2000

--fort-playouts sets the strong level's playouts per decision (default: its own budget,
`games.computer.strong.PLAYOUTS`); a smaller budget makes a long run affordable and gives a
lower bound of its strength.
"""

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.computer import LEVEL_STRONG, choose_action, strong  # noqa: E402
from games.computer.arena import play_match  # noqa: E402
from games.engine import FORMAT_FIRST_TO_71, FORMATS  # noqa: E402

_FORT_PLAYOUTS: int | None = None


def _choose(level, view, *, seed):
    if level == LEVEL_STRONG:
        return strong.decide(view, random.Random(seed), _FORT_PLAYOUTS)[0]
    return choose_action(level, view, seed=seed)


def _one_match(task) -> tuple[bool, int]:
    """Play match `index` of `first` against `second`; return (first won, deals played)."""
    global _FORT_PLAYOUTS
    first, second, index, format, fort_playouts, base_seed = task
    _FORT_PLAYOUTS = fort_playouts
    first_seat = index % 2
    levels = (first, second) if first_seat == 0 else (second, first)
    state = play_match(
        levels,
        seed=base_seed + index,
        format=format,
        first_dealer=(index // 2) % 2,
        choose=_choose,
    )
    return state.winner == first_seat, len(state.progress.summaries)


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return 0.0, 1.0
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--format", default=FORMAT_FIRST_TO_71, choices=sorted(FORMATS))
    parser.add_argument(
        "--pairs",
        default="moyen-facile,fort-moyen",
        help="comma-separated FIRST-SECOND pairings (the win rate is FIRST's)",
    )
    parser.add_argument("--fort-playouts", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1_000_000)
    args = parser.parse_args()
    budget = args.fort_playouts or strong.PLAYOUTS
    print(
        f"{args.matches} matches per pairing, {args.format}, seats alternated, "
        f"fort: {budget} playouts per decision, {args.processes} process(es)"
    )
    for pair in args.pairs.split(","):
        first, second = pair.split("-")
        tasks = [
            (first, second, index, args.format, args.fort_playouts, args.seed)
            for index in range(args.matches)
        ]
        started = time.perf_counter()
        cpu_started = time.process_time()
        results = []
        pool = ProcessPoolExecutor(args.processes) if args.processes > 1 else None
        outcomes = pool.map(_one_match, tasks, chunksize=4) if pool else map(_one_match, tasks)
        for result in outcomes:
            results.append(result)
            if len(results) % 50 == 0 and len(results) < len(tasks):
                wins = sum(1 for won, _deals in results if won)
                print(f"  ... {first}-{second} {wins}/{len(results)}", flush=True)
        if pool is not None:
            pool.shutdown()
        elapsed = time.perf_counter() - started
        wins = sum(1 for won, _deals in results if won)
        deals = sum(deals for _won, deals in results)
        low, high = wilson(wins, len(results))
        cpu = f", {time.process_time() - cpu_started:.0f} s CPU" if args.processes == 1 else ""
        print(
            f"{first} beats {second}: {wins}/{len(results)} = {wins / len(results):.1%} "
            f"(95% CI {low:.1%}-{high:.1%}), {deals / len(results):.1f} deals per match, "
            f"{elapsed:.0f} s{cpu}",
            flush=True,
        )


if __name__ == "__main__":
    main()
