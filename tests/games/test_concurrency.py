import random
import threading
from datetime import timedelta

import pytest
from django.db import connection

from games.errors import GameError
from games.lobby import services as lobby
from games.models import Game, GameAction
from games.tables import services as tables
from tests.games.conftest import random_legal_action, seated_user

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(*calls) -> list:
    """Run each call in its own thread (own database connection), released together."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait()
            outcomes[index] = ("ok", call())
        except GameError as error:
            outcomes[index] = ("error", error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_the_same_action_submitted_twice_at_once_is_applied_once(alice, bob):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    game = lobby.game_join(game_id=game.pk, user=bob)
    seat, action = random_legal_action(game, random.Random(1))
    player = seated_user(game, seat)

    def submit():
        return tables.game_act(
            game_id=game.pk, user=player, action=action, expected_version=1
        ).version

    outcomes = run_at_once(submit, submit)

    assert sorted(outcomes) == [("error", "stale_version"), ("ok", 2)]
    assert GameAction.objects.filter(game=game).count() == 2
    assert Game.objects.get(pk=game.pk).version == 2


def test_two_members_joining_one_game_at_once_seat_one(alice, bob, make_member):
    carol = make_member("carol")
    game = lobby.game_open(user=alice, format="six-deals", is_ranked=False)

    outcomes = run_at_once(
        lambda: lobby.game_join(game_id=game.pk, user=bob).player_at(1).pk,
        lambda: lobby.game_join(game_id=game.pk, user=carol).player_at(1).pk,
    )

    game.refresh_from_db()
    assert sorted(kind for kind, _ in outcomes) == ["error", "ok"]
    assert ("error", "game_not_open") in outcomes
    assert ("ok", game.player_at(1).pk) in outcomes
    assert GameAction.objects.filter(game=game).count() == 1


def test_one_member_creating_twice_at_once_gets_one_game(alice):
    def create():
        return lobby.game_open(user=alice, format="first-to-71", is_ranked=False).pk

    outcomes = run_at_once(create, create)

    assert sorted(kind for kind, _ in outcomes) == ["error", "ok"]
    assert ("error", "already_in_game") in outcomes
    assert Game.objects.filter(host=alice).count() == 1


def test_a_move_and_the_deadline_sweeper_at_once_give_one_outcome(alice, bob):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    game = lobby.game_join(game_id=game.pk, user=bob)
    seat, action = random_legal_action(game, random.Random(9))
    player = seated_user(game, seat)
    at = game.deadline

    outcomes = run_at_once(
        lambda: (
            tables.game_act(
                game_id=game.pk, user=player, action=action, expected_version=1, now=at
            ).version
        ),
        lambda: tables.game_enforce_deadlines(now=at + timedelta(milliseconds=1)),
    )

    game.refresh_from_db()
    kinds = list(GameAction.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds == ["start", "forfeit"]
    assert game.end_reason == "timeout"
    assert game.winner_seat == 1 - seat
    # Whichever took the lock first forfeited the game; the other one found it over.
    assert outcomes in (
        [("error", "time_over"), ("ok", [])],
        [("error", "game_not_in_progress"), ("ok", [game.pk])],
    )
