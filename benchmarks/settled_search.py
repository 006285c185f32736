"""What stopping a settled search saves: *fort* with and without `settle`, decision by decision.

Plays --matches matches of fort against moyen (two players, and four-player Flemish with every
table option and French), and at each of fort's decisions with more than one legal action
decides twice from the same view and seed: with the whole budget (`settle=False`) and as the
site does (`settle=True`, `games/computer/search.py`). Prints, by game and phase, the CPU a
decision of each (mean, p50, p95), the playouts run, and how often the two chose the same action.
The match is played on with the site's choice. The two run alternately on the same core, so the
machine's load touches both alike; CPU per decision is the figure to read.

    .venv/bin/python benchmarks/settled_search.py --matches 4 [--seed 700]
"""

import argparse
import random
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.computer import LEVEL_MEDIUM, LEVEL_STRONG, choose_action, strong  # noqa: E402
from games.computer.arena import play_match, play_partnership_match  # noqa: E402
from games.computer.partnership import strong as partnership_strong  # noqa: E402

PARTNERSHIP_GAMES = {
    "manille-flemish": {"blind": True, "mee_tegen": True},
    "manille-french": None,
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _chooser(decide, rows: list):
    """Return the arena's `choose`: fort decides twice at each choice (whole budget, settled),
    the others as on the site; `rows` collects (phase, CPU whole, CPU settled, playouts whole,
    playouts settled, same action)."""

    def choose(level, view, *, seed):
        if level != LEVEL_STRONG:
            return choose_action(level, view, seed=seed)
        if len(view["legal_actions"]) == 1:
            return view["legal_actions"][0]
        started = time.process_time()
        whole, whole_count = decide(view, random.Random(seed), settle=False)
        middle = time.process_time()
        settled, settled_count = decide(view, random.Random(seed), settle=True)
        ended = time.process_time()
        if not whole_count:
            # A rule of thumb (look or blind): no search to compare.
            return settled
        rows.append(
            (
                view["phase"],
                middle - started,
                ended - middle,
                whole_count,
                settled_count,
                whole == settled,
            )
        )
        return settled

    return choose


def report(name: str, rows: list) -> None:
    print(name)
    print(
        f"  {'decisions':<10} {'n':>5} {'whole CPU mean/p50/p95':>26} "
        f"{'settled CPU mean/p50/p95':>28} {'playouts whole':>15} {'settled':>8} {'same':>7}"
    )
    phases = sorted({row[0] for row in rows})
    for phase in ["all", *phases]:
        chosen = [row for row in rows if phase == "all" or row[0] == phase]
        whole = [row[1] for row in chosen]
        settled = [row[2] for row in chosen]

        def figures(cpu: list[float]) -> str:
            return (
                f"{sum(cpu) / len(cpu):.3f} / {percentile(cpu, 0.5):.3f} / "
                f"{percentile(cpu, 0.95):.3f} s"
            )

        print(
            f"  {phase:<10} {len(chosen):>5} {figures(whole):>26} {figures(settled):>28} "
            f"{sum(row[3] for row in chosen) / len(chosen):>15.0f} "
            f"{sum(row[4] for row in chosen) / len(chosen):>8.0f} "
            f"{sum(row[5] for row in chosen) / len(chosen):>7.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--games", default="two,four", help="two, four, or both")
    args = parser.parse_args()
    games = args.games.split(",")
    if "two" in games:
        rows: list = []
        choose = _chooser(strong.decide, rows)
        for index in range(args.matches):
            levels = (
                (LEVEL_STRONG, LEVEL_MEDIUM) if index % 2 == 0 else (LEVEL_MEDIUM, LEVEL_STRONG)
            )
            play_match(levels, seed=args.seed + index, first_dealer=(index // 2) % 2, choose=choose)
        report(f"two players, fort {strong.PLAYOUTS} playouts at most", rows)
    if "four" in games:
        for variant_name, options in PARTNERSHIP_GAMES.items():
            rows = []
            choose = _chooser(partnership_strong.decide, rows)
            for index in range(args.matches):
                levels = (
                    (LEVEL_STRONG, LEVEL_MEDIUM) * 2
                    if index % 2 == 0
                    else ((LEVEL_MEDIUM, LEVEL_STRONG) * 2)
                )
                play_partnership_match(
                    variant_name,
                    levels,
                    seed=args.seed + index,
                    options=options,
                    first_dealer=index % 4,
                    choose=choose,
                )
            report(f"{variant_name}, fort {partnership_strong.PLAYOUTS} playouts at most", rows)


if __name__ == "__main__":
    main()
