"""Complete random legal deals per CPU-second: the engine of a given commit against today's.

Three paths, measured in the same run, one after the other, each for the same number of seconds:

- **baseline**: the public API (`legal_actions` + `apply` on immutable states) of the engine as it
  was at BASELINE_COMMIT, loaded from git into a temporary package (skipped without git);
- **public API**: the same loop on today's engine;
- **fast core**: `games.engine.core`, integer cards and a mutable deal (`Playout`,
  `play_randomly`), what the computer players use;
- **fast core, policy**: the same deals played with `play_greedily`, the strong level's policy
  playouts (a cheap rule, a random card one time in eight).

Each deal: shuffle and cut, deal, a random trump-or-roll, a random buque (and sur-buque), then
random legal cards until the sixteenth trick; scores added up, a new match at 71.
Run: `.venv/bin/python benchmarks/engine_playouts.py [SECONDS per path]`.
"""

import importlib
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(ROOT))

from games.engine import core  # noqa: E402

# The last commit before the fast core: the engine the issue measured (~6,000 deals/s).
BASELINE_COMMIT = "7550f52"


def load_baseline():
    """Import the engine of BASELINE_COMMIT as the package `baseline_engine`, or return None."""
    try:
        listing = subprocess.run(
            ["git", "ls-tree", "-r", "--name-only", BASELINE_COMMIT, "games/engine"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return None
    directory = Path(tempfile.mkdtemp())
    for name in listing:
        if not name.endswith(".py"):
            continue
        source = subprocess.run(
            ["git", "show", f"{BASELINE_COMMIT}:{name}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        target = directory / "baseline_engine" / Path(name).relative_to("games/engine")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
    sys.path.insert(0, str(directory))
    return importlib.import_module("baseline_engine")


def public_api_deals(engine, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Play random deals through `engine`'s public API; return (deals, CPU seconds)."""
    apply = engine.apply
    legal_actions = engine.legal_actions
    seat_to_act = engine.seat_to_act
    dealing = engine.Phase.DEALING
    over = engine.Phase.MATCH_OVER
    choice = rng.choice
    state = engine.new_match(format=engine.FORMAT_FIRST_TO_71, first_dealer=0)
    deals = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            state = engine.deal_start(state, engine.shuffled_deck(rng))
            while state.phase is not dealing and state.phase is not over:
                state = apply(state, choice(legal_actions(state, seat_to_act(state))))
            deals += 1
            if state.phase is over:
                state = engine.new_match(format=engine.FORMAT_FIRST_TO_71, first_dealer=deals % 2)
    return deals, time.process_time() - started


def fast_core_deals(
    rng: random.Random, seconds: float, play=core.play_randomly
) -> tuple[int, float]:
    """Play deals through the fast core, each played out by `play`; return (deals, CPU
    seconds)."""
    random_ = rng.random
    shuffle = rng.shuffle
    randrange = rng.randrange
    play_out = play
    dealt = core.Playout.dealt
    deck = list(range(32))
    totals = [0, 0]
    dealer = 0
    deals = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            shuffle(deck)
            cut = randrange(1, 32)
            choice = randrange(5)  # four suits or roll
            rolled = choice == 4
            playout = dealt(deck[cut:] + deck[:cut], dealer, core.NO_TRUMP if rolled else choice)
            factor = 2 if rolled else 1
            if random_() < 0.5:  # buque
                factor *= 4 if random_() < 0.5 else 2  # sur-buque or pass
            playout.multiplier = factor
            score = play_out(playout, random_).score()
            totals[0] += score[0]
            totals[1] += score[1]
            deals += 1
            dealer = 1 - dealer
            if totals[0] >= 71 or totals[1] >= 71:
                totals = [0, 0]
    return deals, time.process_time() - started


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    import games.engine as today

    rows = []
    baseline = load_baseline()
    if baseline is None:
        print(f"git or commit {BASELINE_COMMIT} unavailable: no baseline")
    else:
        rows.append(
            (
                f"baseline public API ({BASELINE_COMMIT})",
                *public_api_deals(baseline, random.Random(1), seconds),
            )
        )
    rows.append(("public API today", *public_api_deals(today, random.Random(1), seconds)))
    rows.append(("fast core (Playout)", *fast_core_deals(random.Random(1), seconds)))
    rows.append(
        (
            "fast core, policy (play_greedily)",
            *fast_core_deals(random.Random(1), seconds, core.play_greedily),
        )
    )
    reference = rows[0][1] / rows[0][2]
    print(f"{'path':<34} {'deals':>8} {'CPU s':>7} {'deals/CPU-s':>12} {'vs first':>9}")
    for name, deals, cpu in rows:
        rate = deals / cpu
        print(f"{name:<34} {deals:>8} {cpu:>7.2f} {rate:>12,.0f} {rate / reference:>8.2f}x")


if __name__ == "__main__":
    main()
