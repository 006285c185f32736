"""Measure complete random legal four-player deals per second, through the variant registry.

Each deal: deal_start with a shuffled deck, then legal_actions + apply with a random choice until
the deal is over (announcements included in Flemish). Run:
`.venv/bin/python benchmarks/partnership_playouts.py [SECONDS]` (split between the two games).
"""

import random
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.variants import variant_get  # noqa: E402


def measure(name: str, duration: float) -> None:
    variant = variant_get(name)
    rng = random.Random(2024)
    state = variant.new_match(first_dealer=0)
    deals = 0
    started = time.perf_counter()
    # CPU time too: on a busy machine the wall clock also counts time spent waiting for a core.
    cpu_started = time.process_time()
    while time.perf_counter() < started + duration:
        for _ in range(50):
            state = variant.deal_start(state, variant.shuffled_deck(rng))
            while (seat := variant.seat_to_act(state)) is not None:
                state = variant.apply(state, rng.choice(variant.legal_actions(state, seat)))
            deals += 1
            if state.is_finished:
                state = variant.new_match(first_dealer=deals % 4)
    elapsed = time.perf_counter() - started
    cpu_elapsed = time.process_time() - cpu_started
    print(
        f"{name}: {deals} deals in {elapsed:.2f} s, {deals / elapsed:.0f} deals/second "
        f"(wall clock), {deals / cpu_elapsed:.0f} deals/second of CPU time on one core"
    )


def main() -> None:
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    for name in ("manille-flemish", "manille-french"):
        measure(name, duration / 2)


if __name__ == "__main__":
    main()
