"""The admin never shows a hidden card of a game in progress, whoever looks."""

import json
import random

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from games.lobby import services as lobby
from games.models import Game
from games.tables import services as tables


def _operator_client() -> Client:
    operator = get_user_model().objects.create_superuser(
        username="operateur", email="operateur@example.com", password="secret-pass-123"
    )
    client = Client()
    client.force_login(operator)
    return client


def _game_in_progress(alice, bob) -> Game:
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    return lobby.game_join(game_id=game.pk, user=bob, rng=random.Random(7))


def test_the_admin_page_of_a_game_in_progress_hides_its_state(alice, bob) -> None:
    game = _game_in_progress(alice, bob)
    hand = game.state["deal"]["hands"][0]

    page = _operator_client().get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert json.dumps(hand, indent=2) not in page
    assert '"hands"' not in page
    assert escape("L'état d'une partie n'est montré qu'une fois la partie terminée.") in page


def test_the_admin_page_of_a_finished_game_shows_its_state(alice, bob) -> None:
    game = _game_in_progress(alice, bob)
    tables.game_leave(game_id=game.pk, user=bob)
    game.refresh_from_db()

    page = _operator_client().get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert game.status == Game.Status.FINISHED
    assert "&quot;hands&quot;" in page
