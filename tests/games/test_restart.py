"""A restarted server enforces the deadlines that ran out while nothing was running.

The embedded default has no Celery: the job loop lives in the Daphne process. This starts a real
`daphne` on the test database, with nobody connecting, and watches the overdue game end.
"""

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from games.lobby import services as lobby
from games.models import Game, GameAction

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    credentials = database["USER"] or ""
    if database["PASSWORD"]:
        credentials += f":{database['PASSWORD']}"
    return (
        f"postgres://{credentials}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def embedded_server():
    """Run a real `daphne` on the test database, with its embedded job loop and no Redis."""
    environment = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "BACKGROUND_JOBS": "embedded",
        "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
    }
    environment.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(free_port()),
            "cartomaniak.asgi:application",
        ],
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield server
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # A server busy at SIGTERM must not outlive the test and hold its database.
            server.kill()
            server.wait(timeout=10)


@pytest.mark.django_db(transaction=True)
def test_a_restarted_server_forfeits_an_overdue_game_before_anybody_connects(alice, bob) -> None:
    started = timezone.now() - timedelta(minutes=10)
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    game = lobby.game_join(game_id=game.pk, user=bob, now=started)
    assert game.deadline < timezone.now()
    # The first dealer names trump first: his clock is the one that ran out.
    first_dealer = game.actions.get(kind=GameAction.Kind.START).payload["first_dealer"]
    with embedded_server():
        # Generous: a loaded CI machine takes seconds to start Daphne and its first sweep.
        give_up_at = time.monotonic() + 60
        game.refresh_from_db()
        while game.status == Game.Status.IN_PROGRESS and time.monotonic() < give_up_at:
            time.sleep(0.25)
            game.refresh_from_db()

    assert (game.status, game.end_reason, game.winner_seat) == (
        Game.Status.FINISHED,
        Game.EndReason.TIMEOUT,
        1 - first_dealer,
    )
