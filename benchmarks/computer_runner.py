"""Measure computer turns under the site's runner: how late after its pause each move lands.

--games members each play against computers of --level at once, in one process, and the
embedded runner (`games.robots.scheduling`, its pool of COMPUTER_THREADS threads) plays every
computer turn as on the site: decided as soon as it is scheduled, during the human-like pause,
played when the pause ends (`Game.computer_due_at`). A member answers his turn --member-seconds
after it comes, with a random legal action, and starts a new game when one ends. Four-player
games seat the member with three computers.

A computer turn's lateness is the time from its due time (the end of its pause) to its move
stored: the thinking and queueing the pause did not hide. The issue's bound is a p95 under one
second. The figures come from the runner's own path: `APPLY_JOB` and `DECIDE_JOB` point at
wrappers of the site's functions here that note the times, nothing else changes.

The data goes into a database of its own (benchmarks/computer_turns.py): PostgreSQL when
DATABASE_URL names one, else a SQLite file in the temporary directory.

    .venv/bin/python benchmarks/computer_runner.py --level fort --variant manille-2p --games 10
    .venv/bin/python benchmarks/computer_runner.py --level fort --variant manille-flemish \
        --games 5 --seconds 90
"""

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from computer_turns import bench_django_setup, percentile  # noqa: E402

# (seconds late, level) of each computer move stored, and wall seconds of each decision.
LATENESS: list[float] = []
DECISIONS: list[float] = []


def timed_decide(*, game_id: int, version: int):
    from games.robots.turns import computer_decide

    started = time.perf_counter()
    decision = computer_decide(game_id=game_id, version=version)
    if decision is not None:
        DECISIONS.append(time.perf_counter() - started)
    return decision


def timed_apply(*, game_id: int, version: int, seat: int, action: dict, due_at, level):
    from django.utils import timezone

    from games.robots.turns import computer_apply

    is_played = computer_apply(
        game_id=game_id, version=version, seat=seat, action=action, due_at=due_at, level=level
    )
    if is_played and due_at is not None:
        LATENESS.append((timezone.now() - due_at).total_seconds())
    return is_played


async def _member_plays(user, args, deadline: float, rng: random.Random) -> int:
    """Play the member's turns until the deadline, games after games; return the games ended."""
    from channels.db import database_sync_to_async

    from games.models import Game
    from games.robots.services import computer_game_start
    from games.tables import services as tables
    from games.tables.selectors import game_variant

    def start():
        return computer_game_start(
            user=user, level=args.level, format=args.format, variant=args.variant
        )

    def turn(game_id: int):
        """Return (game ended, the member's action or None, version)."""
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.IN_PROGRESS:
            return True, None, game.version
        variant = game_variant(game=game)
        state = game.state_decoded(variant)
        seat = variant.seat_to_act(state)
        if seat != 0:
            return False, None, game.version
        legal = variant.player_view(state, 0)["legal_actions"]
        action = dict(rng.choice(legal))
        action.pop("seat", None)
        return False, action, game.version

    def act(game_id: int, action: dict, version: int) -> None:
        tables.game_act(game_id=game_id, user=user, action=action, expected_version=version)

    ended = 0
    game = await database_sync_to_async(start)()
    while time.monotonic() < deadline:
        is_over, action, version = await database_sync_to_async(turn)(game.pk)
        if is_over:
            ended += 1
            game = await database_sync_to_async(start)()
            continue
        if action is None:
            await asyncio.sleep(0.1)
            continue
        await asyncio.sleep(args.member_seconds)
        await database_sync_to_async(act)(game.pk, action, version)
    return ended


async def _run(args, members) -> int:
    from games.robots import scheduling

    scheduling.computer_runner_ensure_started()
    deadline = time.monotonic() + args.seconds
    rngs = [random.Random(args.seed + index) for index in range(len(members))]
    ended = await asyncio.gather(
        *(_member_plays(user, args, deadline, rng) for user, rng in zip(members, rngs, strict=True))
    )
    scheduling.computer_runner_stop()
    return sum(ended)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="fort")
    parser.add_argument("--variant", default="manille-2p")
    parser.add_argument("--format", default=None, help="the game's format (default: its first)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--member-seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    where = bench_django_setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from games.engine.variants import variant_get
    from games.robots import scheduling

    if args.format is None:
        args.format = next(iter(variant_get(args.variant).formats))
    scheduling.DECIDE_JOB = "__main__.timed_decide"
    scheduling.APPLY_JOB = "__main__.timed_apply"
    members = [
        get_user_model().objects.create_user(username=f"bench{index}", password="unused-password")
        for index in range(args.games)
    ]
    load_before = os.getloadavg()[0]
    cpu_started = time.process_time()
    ended = asyncio.run(_run(args, members))
    cpu = time.process_time() - cpu_started
    print(
        f"{where}; {args.games} games of {args.variant} ({args.format}) against {args.level}, "
        f"{args.seconds:.0f} s, {settings.COMPUTER_THREADS} runner threads, pauses x"
        f"{settings.COMPUTER_PAUSE_SCALE:g}; load {load_before:.2f} -> {os.getloadavg()[0]:.2f}"
    )
    if not LATENESS:
        print("  no computer move was played")
        return
    print(
        f"  {len(LATENESS)} computer moves ({len(LATENESS) / args.seconds:.1f}/s), {ended} games "
        f"ended; this process {cpu / args.seconds:.0%} of a core"
    )
    print(
        f"  decision (wall): p50 {statistics.median(DECISIONS):.3f} s, "
        f"p95 {percentile(DECISIONS, 0.95):.3f} s, max {max(DECISIONS):.3f} s"
    )
    print(
        f"  late after the pause: p50 {statistics.median(LATENESS):.3f} s, "
        f"p95 {percentile(LATENESS, 0.95):.3f} s, max {max(LATENESS):.3f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
