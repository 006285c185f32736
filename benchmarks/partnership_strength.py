"""Team against team between the computer levels in the four-player games, and the strong
level's decision time.

Each pairing plays --matches matches of each game (Flemish with every table option on, French):
the first level's team sits at seats 0 and 2 in even matches, 1 and 3 in odd ones, and the first
dealer turns round the table; each match has its own decks. Only player views reach the levels
(`games.computer.arena.play_partnership_match`). Besides the win rate (95% Wilson interval) it
prints the first team's mean score per deal minus the other's (95% normal interval): far more
deals than matches, so a finer measure for a short run.

    .venv/bin/python benchmarks/partnership_strength.py --matches 40
    .venv/bin/python benchmarks/partnership_strength.py --pairs fort-moyen --fort-playouts 400
    .venv/bin/python benchmarks/partnership_strength.py --duplicate 200 --fort-playouts 400
    .venv/bin/python benchmarks/partnership_strength.py --speed 60

--fort-playouts sets the strong level's playouts per decision (default: its own budget,
`games.computer.partnership.strong.PLAYOUTS`); a smaller budget makes a run affordable and
gives a lower bound of its strength. --speed SECONDS times the strong level's decisions at its
full budget (CPU time of this process, one core) in matches against the medium level.
--duplicate DEALS plays single deals twice, the same deck with the teams swapped, and prints the
first team's mean margin per deal (card points, and score with the multipliers): the luck of the
cards cancels out. Besides the site's levels, a pairing may name `ismcts`, the four-player side
of the yardstick in benchmarks/yardsticks/ismcts.py (budget --ismcts-seconds of CPU a
decision, or --ismcts-playouts), and `fortinfer`, fort dealing the other hands as the Flemish
announcements make likely (games/computer/partnership/inference.py, --fortinfer-playouts), and
`fortwhole`, fort playing its whole budget at every decision (no stop once its choice is
settled: games/computer/search.py; --fort-playouts); each
searching level's CPU per card decision is printed, so
that "at the same time" can be read. --games chooses the games of --duplicate, --jobs spreads
its decks over processes:

    .venv/bin/python benchmarks/partnership_strength.py --duplicate 100 --pairs fort-ismcts \
        --ismcts-seconds 0.19 --jobs 2
"""

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from computer_strength import wilson  # noqa: E402

from benchmarks.yardsticks import ismcts  # noqa: E402
from games.computer import LEVEL_MEDIUM, LEVEL_STRONG, choose_action  # noqa: E402
from games.computer.arena import play_partnership_match  # noqa: E402
from games.computer.partnership import strong  # noqa: E402

LEVEL_ISMCTS = ismcts.LEVEL_ISMCTS
# fort dealing the other hands as the announcements make likely (partnership/inference.py).
LEVEL_STRONG_INFERRING = "fortinfer"
# fort without its stop once the choice is settled: the whole budget at every decision.
LEVEL_STRONG_WHOLE = "fortwhole"
# The levels that search, whose decisions are timed.
SEARCHING = (LEVEL_STRONG, LEVEL_ISMCTS, LEVEL_STRONG_INFERRING, LEVEL_STRONG_WHOLE)

GAMES = {
    "manille-flemish": {"blind": True, "mee_tegen": True},
    "manille-french": None,
}


def _chooser(
    fort_playouts: int | None,
    timings: list | None = None,
    yardstick=None,
    fortinfer_playouts: int | None = None,
):
    """Return `choose(level, view, *, seed)` for the arena: the site's levels, and `ismcts`, the
    yardstick of benchmarks/yardsticks/ismcts.py, with `yardstick`'s budget ({"playouts": n}
    or {"seconds": s} of CPU a decision). `timings` collects (CPU seconds, phase, level) of
    every searched decision."""

    def choose(level, view, *, seed):
        if level not in SEARCHING:
            return choose_action(level, view, seed=seed)
        started = time.process_time()
        if level == LEVEL_ISMCTS:
            count = len(view["legal_actions"]) > 1
            action = ismcts.choose_partnership_action(view, seed=seed, **(yardstick or {}))
        else:
            inferring = level == LEVEL_STRONG_INFERRING
            action, count = strong.decide(
                view,
                random.Random(seed),
                (fortinfer_playouts or fort_playouts) if inferring else fort_playouts,
                infer=inferring,
                settle=level != LEVEL_STRONG_WHOLE,
            )
        if timings is not None and count:
            timings.append((time.process_time() - started, view["phase"], level))
        return action

    return choose


def _one_match(first: str, second: str, variant_name: str, index: int, args):
    """Play match `index`; return (first team won, first team's deal scores minus the other's)."""
    first_team = index % 2
    levels = tuple(first if seat % 2 == first_team else second for seat in range(4))
    state = play_partnership_match(
        variant_name,
        levels,
        seed=args.seed + index,
        format=args.flemish_format if variant_name == "manille-flemish" else args.french_format,
        options=GAMES[variant_name],
        first_dealer=(index // 2) % 4,
        choose=_chooser(args.fort_playouts),
    )
    margins = [
        summary.score[first_team] - summary.score[1 - first_team]
        for summary in state.progress.summaries
    ]
    return state.winner == first_team, margins


def strength(args) -> None:
    budget = args.fort_playouts or strong.PLAYOUTS
    print(
        f"{args.matches} matches per pairing and game ({args.flemish_format}, "
        f"{args.french_format}), seats alternated, fort: {budget} playouts per decision"
    )
    for pair in args.pairs.split(","):
        first, second = pair.split("-")
        for variant_name in GAMES:
            started = time.perf_counter()
            cpu_started = time.process_time()
            wins = 0
            margins: list[int] = []
            for index in range(args.matches):
                won, deal_margins = _one_match(first, second, variant_name, index, args)
                wins += won
                margins.extend(deal_margins)
            low, high = wilson(wins, args.matches)
            mean = statistics.fmean(margins)
            half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
            print(
                f"{variant_name}: team {first} beats team {second} {wins}/{args.matches} = "
                f"{wins / args.matches:.0%} (95% CI {low:.0%}-{high:.0%}); "
                f"{mean:+.2f} points per deal (95% CI {mean - half:+.2f} to {mean + half:+.2f}, "
                f"{len(margins)} deals); {time.perf_counter() - started:.0f} s, "
                f"{time.process_time() - cpu_started:.0f} s CPU",
                flush=True,
            )


def _duplicate_deck(task) -> tuple[int, int, list, list]:
    """Play deck `index` twice, the teams swapped; return the first team's card points and
    score minus the other's over both deals, the searched decisions' timings, and the
    doublings each level was asked for: (level, phase, said)."""
    variant_name, first, second, index, args = task
    from games.engine.variants import variant_get

    variant = variant_get(variant_name)
    timings: list = []
    choose = _chooser(args.fort_playouts, timings, _yardstick_budget(args), args.fortinfer_playouts)
    deck = variant.shuffled_deck(random.Random(args.seed + index))
    dealer = index % 4
    pair_points = pair_score = 0
    doublings: list = []
    for first_team in (0, 1):
        levels = [first if seat % 2 == first_team else second for seat in range(4)]
        state = variant.new_match(first_dealer=dealer, options=GAMES[variant_name])
        state = variant.deal_start(state, deck)
        decision = 0
        while (seat := variant.seat_to_act(state)) is not None:
            decision += 1
            view = variant.player_view(state, seat)
            action = choose(levels[seat], view, seed=(args.seed + index) * 1000 + decision)
            if view["phase"] in ("mee", "tegen"):
                doublings.append((levels[seat], view["phase"], action["type"] != "pass"))
            state = variant.apply(state, variant.action_from_json(action))
        summary = state.progress.summaries[-1]
        pair_points += summary.card_points[first_team] - summary.card_points[1 - first_team]
        pair_score += summary.score[first_team] - summary.score[1 - first_team]
    return pair_points, pair_score, timings, doublings


def _yardstick_budget(args) -> dict:
    if args.ismcts_seconds is not None:
        return {"seconds": args.ismcts_seconds}
    return {"playouts": args.ismcts_playouts}


def duplicate(args) -> None:
    """Single deals played twice, the same deck with the teams swapped: the luck of the cards
    cancels out, so a few hundred deals measure the difference between two levels. --jobs
    spreads the decks over processes (each decision's CPU time is still its own process's)."""
    import multiprocessing

    budget = args.fort_playouts or strong.PLAYOUTS
    yardstick = _yardstick_budget(args)
    for pair in args.pairs.split(","):
        first, second = pair.split("-")
        for variant_name in args.games.split(","):
            started = time.perf_counter()
            tasks = [(variant_name, first, second, index, args) for index in range(args.duplicate)]
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    results = pool.map(_duplicate_deck, tasks, chunksize=1)
            else:
                results = [_duplicate_deck(task) for task in tasks]
            points = [result[0] for result in results]
            scores = [result[1] for result in results]
            timings = [timing for result in results for timing in result[2]]
            doublings = [doubling for result in results for doubling in result[3]]

            def interval(values: list[int]) -> str:
                mean = statistics.fmean(values) / 2
                half = 1.96 * statistics.stdev(values) / 2 / math.sqrt(len(values))
                return f"{mean:+.2f} (95% CI {mean - half:+.2f} to {mean + half:+.2f})"

            budgets = []
            if {LEVEL_STRONG, LEVEL_STRONG_INFERRING, LEVEL_STRONG_WHOLE} & {first, second}:
                budgets.append(f"fort {budget} playouts")
            if LEVEL_ISMCTS in (first, second):
                budgets.append(
                    "ismcts " + ", ".join(f"{value} {name}" for name, value in yardstick.items())
                )
            print(
                f"{variant_name}, {args.duplicate} deals x 2 (teams swapped)"
                f"{''.join(', ' + words for words in budgets)}: "
                f"team {first} minus team {second} per deal: card points {interval(points)}, "
                f"score {interval(scores)}; {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            for level in sorted({level for _seconds, _phase, level in timings}):
                played = sorted(
                    seconds for seconds, phase, kind in timings if kind == level and phase == "play"
                )
                if played:
                    print(
                        f"  {level}: {len(played)} card decisions searched, CPU a decision mean "
                        f"{statistics.fmean(played):.3f} s, p50 {played[len(played) // 2]:.3f} s,"
                        f" p95 {played[int(0.95 * len(played))]:.3f} s",
                        flush=True,
                    )
            for level in sorted({level for level, _phase, _said in doublings}):
                asked = {
                    phase: [
                        said
                        for kind, asked_phase, said in doublings
                        if (kind, asked_phase) == (level, phase)
                    ]
                    for phase in ("mee", "tegen")
                }
                print(
                    f"  {level} doubles: "
                    + ", ".join(
                        f"{phase} {sum(said)} of {len(said)} times asked"
                        for phase, said in asked.items()
                    ),
                    flush=True,
                )


def speed(args) -> None:
    timings: list[tuple[float, str, str]] = []
    choose = _chooser(None, timings)
    deadline = time.perf_counter() + args.speed
    index = 0
    while time.perf_counter() < deadline:
        variant_name = list(GAMES)[index % 2]
        levels = (
            (LEVEL_STRONG, LEVEL_MEDIUM) * 2 if index % 4 < 2 else (LEVEL_MEDIUM, LEVEL_STRONG) * 2
        )
        _timed_match(variant_name, levels, args.seed + index, choose, deadline)
        index += 1
    times = sorted(seconds for seconds, _phase, _level in timings)

    def quantile(share: float) -> float:
        return times[min(len(times) - 1, int(share * len(times)))]

    print(
        f"fort, {strong.PLAYOUTS} playouts per decision: {len(times)} decisions, CPU per "
        f"decision p50 {quantile(0.5):.3f} s, p95 {quantile(0.95):.3f} s, max {times[-1]:.3f} s"
    )
    for phase in sorted({phase for _seconds, phase, _level in timings}):
        chosen = sorted(seconds for seconds, kind, _level in timings if kind == phase)
        print(f"  {phase}: {len(chosen)} decisions, p50 {chosen[len(chosen) // 2]:.3f} s")


def _timed_match(variant_name, levels, seed, choose, deadline) -> None:
    """Play a match until the deadline (the timings are what counts, not the result)."""

    class _Deadline(Exception):
        pass

    def guarded(level, view, *, seed):
        if time.perf_counter() > deadline:
            raise _Deadline
        return choose(level, view, seed=seed)

    try:
        play_partnership_match(
            variant_name, levels, seed=seed, options=GAMES[variant_name], choose=guarded
        )
    except _Deadline:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--pairs", default="moyen-facile,fort-moyen")
    parser.add_argument("--fort-playouts", type=int, default=None)
    parser.add_argument(
        "--fortinfer-playouts", type=int, default=None, help="default: --fort-playouts"
    )
    parser.add_argument("--flemish-format", default="boom-101")
    parser.add_argument("--french-format", default="first-to-34")
    parser.add_argument("--seed", type=int, default=2_000_000)
    parser.add_argument("--speed", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--duplicate", type=int, default=None, metavar="DEALS")
    parser.add_argument("--games", default=",".join(GAMES), help="the games of --duplicate")
    parser.add_argument("--ismcts-playouts", type=int, default=ismcts.DEFAULT_PLAYOUTS)
    parser.add_argument(
        "--ismcts-seconds", type=float, default=None, help="the yardstick's CPU a decision"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes of --duplicate")
    args = parser.parse_args()
    if args.speed:
        speed(args)
    elif args.duplicate:
        duplicate(args)
    else:
        strength(args)


if __name__ == "__main__":
    main()
