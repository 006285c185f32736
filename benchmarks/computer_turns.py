"""Measure a computer player's turn on the site: decision plus write, per level.

Each measured turn is `games.robots.turns.computer_move`: read the game, build the computer's
frame, `choose_action`, then `games.tables.services.game_computer_act` (row lock, version check,
engine, the new version stored). The human-like pause is not in it (it is a wait, not work).
Between two computer turns a member plays a random legal action. Prints p50 / p95 / max per
level, and turns per second of one thread.

The data goes into a database of its own, never the development or test one: with DATABASE_URL
pointing at PostgreSQL the script (re)creates `cm_bench_computer` on that server; without it, a
SQLite file in the system's temporary directory.

Run: `.venv/bin/python benchmarks/computer_turns.py [TURNS_PER_LEVEL]` (default 300).
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DATABASE = "cm_bench_computer"


def bench_database_prepare() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        parts = urlsplit(url)
        admin_url = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {BENCH_DATABASE}")
        os.environ["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{BENCH_DATABASE}"))
        return f"PostgreSQL database {BENCH_DATABASE}"
    path = Path(tempfile.gettempdir()) / f"{BENCH_DATABASE}.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    return "SQLite file in the temporary directory"


def bench_django_setup() -> str:
    """Set Django up on the benchmark's own database (migrated), with the embedded background
    jobs and no broker; return where the data goes."""
    where = bench_database_prepare()
    os.environ.setdefault("DEBUG", "1")
    os.environ["BACKGROUND_JOBS"] = "embedded"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return where


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    turns_per_level = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    # No runner started and no broker: the benchmark calls the turn itself.
    where = bench_django_setup()
    from django.contrib.auth import get_user_model

    from games import computer, engine
    from games.models import Game
    from games.robots.services import computer_game_start
    from games.robots.turns import computer_move
    from games.tables import services as tables

    member = get_user_model().objects.create_user(username="bench", password="unused-password")
    rng = random.Random(2026)
    print(f"{where}; {turns_per_level} computer turns per level", flush=True)
    for level in computer.LEVELS:
        durations: list[float] = []
        game = None
        while len(durations) < turns_per_level:
            if game is None or game.status != Game.Status.IN_PROGRESS:
                game = computer_game_start(user=member, level=level, format="first-to-71")
            state = engine.state_from_json(game.state)
            if engine.seat_to_act(state) == 0:
                action = rng.choice(engine.legal_actions(state, 0)).to_json()
                action.pop("seat")
                tables.game_act(
                    game_id=game.pk, user=member, action=action, expected_version=game.version
                )
            else:
                started = time.perf_counter()
                assert computer_move(game_id=game.pk, version=game.version)
                durations.append(time.perf_counter() - started)
            game.refresh_from_db()
        if game.status == Game.Status.IN_PROGRESS:
            tables.game_leave(game_id=game.pk, user=member)
        total = sum(durations)
        print(
            f"  {level:7s} p50 {1000 * statistics.median(durations):6.1f} ms  "
            f"p95 {1000 * percentile(durations, 0.95):6.1f} ms  "
            f"max {1000 * max(durations):6.1f} ms  "
            f"{len(durations) / total:6.1f} turns/s on one thread",
            flush=True,
        )


if __name__ == "__main__":
    main()
