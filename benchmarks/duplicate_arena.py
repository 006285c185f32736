"""Two-player levels against each other on duplicate decks: each match's decks played twice, the
sides swapped, so that the luck of the cards cancels out.

Pair k plays the match of seed `--seed + k` twice with the same first dealer: A in seat 0, then A
in seat 1. `games.computer.arena.play_match` draws every deck from its seed alone (the deal's
deck does not depend on what was played), so deal n of both plays gives seat 0 the same cards:
each level holds, in one of the plays, the cards its opponent held in the other
(tests/computer/test_duplicate_arena.py checks it).

Levels: facile, moyen, fort (`--fort-playouts` playouts a decision, its own budget by default);
fortpolicy, fort with the fast core's policy playouts (`--fortpolicy-playouts`, 12,800 by
default); fortinfer, fort drawing the opponent's hands as his announcements make likely
(`games/computer/inference.py`, `--fortinfer-playouts`, fort's budget by default); fortwhole,
fort playing its whole budget at every decision (no stop once settled: `games/computer/search.py`,
fort's budget); club, the
club player's rules of thumb (benchmarks/club_rules.py); greedy and ismcts, the yardsticks of
benchmarks/yardsticks/, with `--yardstick-seconds` of CPU a decision (to compare them with fort
at the same time; the arena prints each level's CPU time a decision), or
`--yardstick-playouts`. Figures: A's matches won with the 95% Wilson interval; A's score a deal
minus B's (multiplied as the deal was), mean with its 95% interval over deals, and over paired
decks (the mean of a deal's two plays, for the deals both plays reached); the decisions and the
CPU time of each level.

    .venv/bin/python benchmarks/duplicate_arena.py --pair moyen-club --matches 400 --processes 1
    .venv/bin/python benchmarks/duplicate_arena.py --pair fort-moyen --matches 40 \
        --fort-playouts 1000
    .venv/bin/python benchmarks/duplicate_arena.py --pair fort-greedy --matches 100 \
        --fort-playouts 1000 --yardstick-seconds 0.012
"""

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import club_rules  # noqa: E402
from benchmarks.computer_strength import wilson  # noqa: E402
from benchmarks.yardsticks import greedy, ismcts  # noqa: E402
from games.computer import LEVEL_STRONG, LEVELS, choose_action, strong  # noqa: E402
from games.computer.arena import play_match  # noqa: E402
from games.engine import FORMATS  # noqa: E402
from games.engine.core import play_greedily  # noqa: E402

# fort with the fast core's policy playouts (`core.play_greedily`), 12,800 a decision by
# default: the time of fort's 16,000 random ones.
LEVEL_STRONG_POLICY = "fortpolicy"
STRONG_POLICY_PLAYOUTS = 12800
# fort drawing the opponent's hands as his announcements make likely (`--fort-playouts`).
LEVEL_STRONG_INFERRING = "fortinfer"
# fort without its stop once the choice is settled: the whole budget at every decision.
LEVEL_STRONG_WHOLE = "fortwhole"
YARDSTICKS = {greedy.LEVEL_GREEDY: greedy.choose_action, ismcts.LEVEL_ISMCTS: ismcts.choose_action}
ARENA_LEVELS = (
    *LEVELS,
    LEVEL_STRONG_POLICY,
    LEVEL_STRONG_INFERRING,
    LEVEL_STRONG_WHOLE,
    club_rules.LEVEL_CLUB,
    *YARDSTICKS,
)


class Chooser:
    """Decide for any arena level, counting each level's decisions and time."""

    def __init__(
        self,
        fort_playouts: int | None = None,
        *,
        policy_playouts: int | None = None,
        inferring_playouts: int | None = None,
        yardstick_seconds: float | None = None,
        yardstick_playouts: int | None = None,
    ) -> None:
        self.fort_playouts = fort_playouts
        self.policy_playouts = policy_playouts or STRONG_POLICY_PLAYOUTS
        self.inferring_playouts = inferring_playouts or fort_playouts
        self.yardstick_seconds = yardstick_seconds
        self.yardstick_playouts = yardstick_playouts
        self.decisions: dict[str, int] = {}
        self.seconds: dict[str, float] = {}

    def __call__(self, level: str, view: dict, *, seed: int) -> dict:
        started = time.process_time()
        if level == club_rules.LEVEL_CLUB:
            action = club_rules.choose_action(view, seed=seed)
        elif level == LEVEL_STRONG:
            action = strong.decide(view, random.Random(seed), self.fort_playouts)[0]
        elif level == LEVEL_STRONG_WHOLE:
            action = strong.decide(view, random.Random(seed), self.fort_playouts, settle=False)[0]
        elif level == LEVEL_STRONG_INFERRING:
            action = strong.decide(view, random.Random(seed), self.inferring_playouts, infer=True)[
                0
            ]
        elif level == LEVEL_STRONG_POLICY:
            action = strong.decide(
                view, random.Random(seed), self.policy_playouts, policy=play_greedily
            )[0]
        elif level in YARDSTICKS:
            action = YARDSTICKS[level](
                view,
                seed=seed,
                playouts=self.yardstick_playouts,
                seconds=self.yardstick_seconds,
            )
        else:
            action = choose_action(level, view, seed=seed)
        self.seconds[level] = self.seconds.get(level, 0.0) + time.process_time() - started
        self.decisions[level] = self.decisions.get(level, 0) + 1
        return action


def play_pair(
    first: str,
    second: str,
    *,
    seed: int,
    first_dealer: int = 0,
    format: str | None = None,
    fort_playouts: int | None = None,
    budgets: dict | None = None,
    on_decision=None,
) -> dict:
    """Play the match of `seed` twice, `first` in seat 0 then in seat 1; return what happened:
    `wins` (matches `first` won, 0 to 2), `nets` (per play, `first`'s score minus `second`'s for
    each deal), `decisions` and `seconds` per level, and the two final states.

    `budgets` are the other levels' (`Chooser`'s keyword arguments). `on_decision(first_seat,
    view, action)`, if given, sees every decision of both plays."""
    chooser = Chooser(fort_playouts, **(budgets or {}))
    states = []
    for first_seat in (0, 1):
        levels = (first, second) if first_seat == 0 else (second, first)
        seen = None
        if on_decision is not None:

            def seen(view, action, first_seat=first_seat):
                on_decision(first_seat, view, action)

        states.append(
            play_match(
                levels,
                seed=seed,
                format=format,
                first_dealer=first_dealer,
                choose=chooser,
                on_decision=seen,
            )
        )
    nets = [
        [
            summary.score[first_seat] - summary.score[1 - first_seat]
            for summary in state.progress.summaries
        ]
        for first_seat, state in enumerate(states)
    ]
    return {
        "wins": sum(state.winner == first_seat for first_seat, state in enumerate(states)),
        "nets": nets,
        "decisions": chooser.decisions,
        "seconds": chooser.seconds,
        "states": states,
    }


def _pair_task(task) -> dict:
    first, second, seed, first_dealer, format, fort_playouts, budgets = task
    result = play_pair(
        first,
        second,
        seed=seed,
        first_dealer=first_dealer,
        format=format,
        fort_playouts=fort_playouts,
        budgets=budgets,
    )
    del result["states"]  # not needed across processes
    return result


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of `values` and the half width of its 95% normal interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.fmean(values), z * statistics.stdev(values) / math.sqrt(len(values))


def summarise(first: str, second: str, results: list[dict]) -> list[str]:
    """Return the report's lines for the pairs played."""
    matches = 2 * len(results)
    wins = sum(result["wins"] for result in results)
    low, high = wilson(wins, matches)
    deals = [net for result in results for play in result["nets"] for net in play]
    paired = [
        (one + other) / 2
        for result in results
        for one, other in zip(result["nets"][0], result["nets"][1], strict=False)
    ]
    mean, half = mean_interval(deals)
    paired_mean, paired_half = mean_interval(paired)
    lines = [
        f"{first} beats {second}: {wins}/{matches} matches = {wins / matches:.1%} "
        f"(95% Wilson {low:.1%}-{high:.1%}), {len(results)} deck pairs",
        f"  score a deal, {first} minus {second}: {mean:+.2f} ± {half:.2f} over {len(deals)} "
        f"deals; paired decks {paired_mean:+.2f} ± {paired_half:.2f} over {len(paired)} pairs",
    ]
    for level in sorted({level for result in results for level in result["decisions"]}):
        count = sum(result["decisions"].get(level, 0) for result in results)
        seconds = sum(result["seconds"].get(level, 0.0) for result in results)
        lines.append(
            f"  {level}: {count} decisions, {seconds:.1f} s CPU, "
            f"{1000 * seconds / max(count, 1):.2f} ms a decision"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches (two per deck pair)")
    parser.add_argument(
        "--pair", default="moyen-club", help="A-B, each one of " + ", ".join(ARENA_LEVELS)
    )
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2_000_000)
    parser.add_argument("--format", default=None, choices=sorted(FORMATS))
    parser.add_argument("--fort-playouts", type=int, default=None)
    parser.add_argument("--fortpolicy-playouts", type=int, default=None)
    parser.add_argument("--fortinfer-playouts", type=int, default=None)
    parser.add_argument("--yardstick-seconds", type=float, default=None)
    parser.add_argument("--yardstick-playouts", type=int, default=None)
    args = parser.parse_args()
    first, second = args.pair.split("-")
    for level in (first, second):
        if level not in ARENA_LEVELS:
            parser.error(f"unknown level {level!r}: one of {', '.join(ARENA_LEVELS)}")
    pairs = max(1, args.matches // 2)
    budget = args.fort_playouts or strong.PLAYOUTS
    budgets = {
        "policy_playouts": args.fortpolicy_playouts,
        "inferring_playouts": args.fortinfer_playouts,
        "yardstick_seconds": args.yardstick_seconds,
        "yardstick_playouts": args.yardstick_playouts,
    }
    yardstick = (
        f"{args.yardstick_seconds} s CPU"
        if args.yardstick_seconds is not None
        else f"{args.yardstick_playouts or greedy.DEFAULT_PLAYOUTS} playouts"
    )
    print(
        f"{first}-{second}: {2 * pairs} matches on {pairs} duplicate deck pairs, "
        f"format {args.format or 'the game default'}, seed {args.seed}, "
        f"fort: {budget} playouts a decision, "
        f"fortpolicy: {args.fortpolicy_playouts or STRONG_POLICY_PLAYOUTS} playouts, "
        f"fortinfer: {args.fortinfer_playouts or budget} playouts, "
        f"yardsticks: {yardstick} a decision, {args.processes} process(es)",
        flush=True,
    )
    tasks = [
        (first, second, args.seed + index, index % 2, args.format, args.fort_playouts, budgets)
        for index in range(pairs)
    ]
    started = time.perf_counter()
    pool = ProcessPoolExecutor(args.processes) if args.processes > 1 else None
    outcomes = pool.map(_pair_task, tasks, chunksize=2) if pool else map(_pair_task, tasks)
    results = []
    for result in outcomes:
        results.append(result)
        if len(results) % 25 == 0 and len(results) < pairs:
            # The figures so far, in case the run must be cut short.
            for line in summarise(first, second, results)[:2]:
                print(f"  ... {line.strip()}", flush=True)
    if pool is not None:
        pool.shutdown()
    for line in summarise(first, second, results):
        print(line)
    print(f"  {time.perf_counter() - started:.0f} s wall", flush=True)


if __name__ == "__main__":
    main()
