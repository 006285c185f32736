"""What one move costs the server, without the network: the writer, then both players' frames.

For each game the player to act plays a legal action through the one writer (`game_act`: the
row locked, the version checked, the engine, the state and the action row written, committed),
then the frame of every seat is built from the row just written (`game_frame`), as the sockets
of a table do. Prints the CPU time and the SQL queries per move, for the two-player game and a
four-player table (a member and three computers, the computers' turns played by the runner's
own function), on the database of the environment (the embedded default, or DATABASE_URL).

    .venv/bin/python benchmarks/move_cost.py --games 20 --moves 400

Run it twice, beside the engine alone (the same moves' `apply` and views without the database:
the floor of what a move must cost), on a quiet machine.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
# A development tool: the development default unless the environment says otherwise.
os.environ.setdefault("DEBUG", "1")
# A database of its own, created for the run and dropped after it.
os.environ.setdefault("SQLITE_TEST_NAME", "/tmp/cartomaniak-move-cost.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from games import events  # noqa: E402
from games.engine.variants import variant_get  # noqa: E402
from games.robots.turns import computer_move  # noqa: E402
from games.tables import selectors, services  # noqa: E402


def _legal_action(game, rng):
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    seat = variant.seat_to_act(state)
    action = rng.choice(variant.legal_actions(state, seat)).to_json()
    action.pop("seat")
    return seat, action


def _games(count: int, variant: str, rng: random.Random) -> list:
    User = get_user_model()
    games = []
    for index in range(count):
        members = [
            User.objects.create_user(f"{variant}-{index}-{seat}", password=None)
            for seat in range(2 if variant == "manille-2p" else 1)
        ]
        if variant == "manille-2p":
            game = services.game_start_between(
                players=members, format="first-to-71", origin="lobby", rng=rng
            )
        else:
            game = services.game_create(host=members[0], variant=variant, format="boom-101")
            for seat in (1, 2, 3):
                services.game_seat_fill(game_id=game.pk, user=members[0], seat=seat, level="facile")
            game = services.game_start(game_id=game.pk, user=members[0], rng=rng)
        games.append(game.pk)
    return games


def _play(game_ids: list[int], moves: int, rng: random.Random) -> tuple[float, int, int]:
    """Play `moves` moves round the games; return (CPU seconds, queries, moves played)."""
    played = 0
    queries = 0
    cpu = 0.0
    while played < moves:
        for game_id in game_ids:
            game = selectors.game_get(game_id=game_id)
            if not game.is_in_progress:
                continue
            seat, action = _legal_action(game, rng)
            taken = game.seats_by_number()[seat]
            reset_queries()
            started = time.process_time()
            # A socket leaves its broadcasts to the event loop (`events.broadcasts_collected`):
            # their sending is the loop's work, measured with the rest by `load.py`.
            with events.broadcasts_collected([]):
                if taken.is_computer:
                    computer_move(game_id=game_id, version=game.version)
                    game = selectors.game_get(game_id=game_id)
                else:
                    game = services.game_act(
                        game_id=game_id,
                        user=taken.user,
                        action=action,
                        expected_version=game.version,
                        rng=rng,
                    )
            for frame_seat in [*game.seats_by_number(), None]:
                selectors.game_frame(game=game, seat=frame_seat)
            cpu += time.process_time() - started
            queries += len(connection.queries)
            played += 1
            if played >= moves:
                break
    return cpu, queries, played


def _engine_floor(moves: int, variant_name: str, rng: random.Random) -> float:
    """CPU seconds of the same kind of moves in the engine alone: JSON in, apply, JSON out,
    every seat's view and the spectator's."""
    variant = variant_get(variant_name)
    state = variant.advance(variant.new_match(first_dealer=0), rng)
    cpu = 0.0
    for _ in range(moves):
        if state.is_finished:
            state = variant.advance(variant.new_match(first_dealer=0), rng)
        stored = variant.state_to_json(state)
        started = time.process_time()
        state = variant.state_from_json(stored)
        seat = variant.seat_to_act(state)
        state = variant.apply(state, rng.choice(variant.legal_actions(state, seat)))
        state = variant.advance(state, rng)
        variant.state_to_json(state)
        for frame_seat in variant.seats:
            variant.player_view(state, frame_seat)
        variant.public_view(state)
        cpu += time.process_time() - started
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--variant", action="append", help="only this game (repeat for several); default: both"
    )
    arguments = parser.parse_args()
    settings.COMPUTER_PAUSE_SCALE = 0
    setup_test_environment()
    old_config = connection.creation.create_test_db(verbosity=0, keepdb=False)
    # Count the queries without DEBUG's other costs.
    connection.force_debug_cursor = True
    try:
        for variant in arguments.variant or ("manille-2p", "manille-flemish"):
            rng = random.Random(arguments.seed)
            game_ids = _games(arguments.games, variant, rng)
            cpu, queries, played = _play(game_ids, arguments.moves, rng)
            floor = _engine_floor(played, variant, random.Random(arguments.seed))
            print(
                f"{variant:16} {played} moves: {1000 * cpu / played:.2f} ms CPU a move "
                f"(writer and every seat's frame), {queries / played:.1f} queries a move; "
                f"the engine alone {1000 * floor / played:.3f} ms"
            )
    finally:
        connection.creation.destroy_test_db(old_config, verbosity=0)


if __name__ == "__main__":
    main()
