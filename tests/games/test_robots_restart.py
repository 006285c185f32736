"""A game against the computer survives a restart: the computer's turn, due while no server ran,
is played by a freshly started server before anybody connects (its sweep, then its runner).

Like tests/games/test_restart.py, a real `daphne` runs on the test database in another process.
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.robots import scheduling
from games.robots import services as robot_services
from games.tables import services as tables
from tests.games.test_restart import embedded_server


@pytest.mark.django_db(transaction=True)
def test_a_restarted_server_plays_the_computer_turn_that_was_due(alice) -> None:
    a_minute_ago = timezone.now() - timedelta(minutes=1)
    for _ in range(50):
        game = robot_services.computer_game_start(
            user=alice, level="fort", format="first-to-71", now=a_minute_ago
        )
        if game.computer_due_at is not None:
            break
        tables.game_leave(game_id=game.pk, user=alice)
    assert game.computer_due_at < timezone.now() - timedelta(seconds=scheduling.SWEEP_GRACE_SECONDS)
    version = game.version
    with embedded_server():
        give_up_at = time.monotonic() + 30
        game.refresh_from_db()
        while game.version == version and time.monotonic() < give_up_at:
            time.sleep(0.25)
            game.refresh_from_db()

    assert game.status == Game.Status.IN_PROGRESS
    assert game.version > version
    assert game.actions.get(version=version + 1).seat == 1
