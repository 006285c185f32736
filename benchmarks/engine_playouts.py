"""Measure complete random legal deals per second through the public engine API.

Each deal: deal_start with a shuffled deck, then legal_actions + apply with a random choice until
the deal is over. Run: `.venv/bin/python benchmarks/engine_playouts.py [SECONDS]`.
"""

import random
import sys
import time
from pathlib import Path

# Run from anywhere: the project root holds the `games` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (  # noqa: E402
    FORMAT_FIRST_TO_71,
    Phase,
    apply,
    deal_start,
    legal_actions,
    new_match,
    seat_to_act,
    shuffled_deck,
)


def play_deal(state, rng: random.Random):
    """Play one deal at random from a DEALING state; return the state after it."""
    state = deal_start(state, shuffled_deck(rng))
    phase_dealing = Phase.DEALING
    phase_over = Phase.MATCH_OVER
    choice = rng.choice
    while state.phase is not phase_dealing and state.phase is not phase_over:
        state = apply(state, choice(legal_actions(state, seat_to_act(state))))
    return state


def main() -> None:
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    rng = random.Random(2024)
    deals = 0
    matches = 0
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    started = time.perf_counter()
    # CPU time too: on a busy machine the wall clock also counts time spent waiting for a core.
    cpu_started = time.process_time()
    deadline = started + duration
    while time.perf_counter() < deadline:
        for _ in range(100):
            state = play_deal(state, rng)
            deals += 1
            if state.phase is Phase.MATCH_OVER:
                matches += 1
                state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=deals % 2)
    elapsed = time.perf_counter() - started
    cpu_elapsed = time.process_time() - cpu_started
    print(f"{deals} complete random deals ({matches} matches) in {elapsed:.2f} s")
    print(f"{deals / elapsed:.0f} deals/second (wall clock)")
    print(f"{deals / cpu_elapsed:.0f} deals/second of CPU time on one core")


if __name__ == "__main__":
    main()
