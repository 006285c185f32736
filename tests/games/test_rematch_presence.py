"""Presence at a table and the rematch, through the real websocket stack."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.lobby import services as lobby
from games.models import Game, GameConnection, RematchOffer
from games.tables import selectors as table_selectors
from games.tables import services as tables
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_async_machinery"),
]


@pytest.fixture
def sessions(alice, bob):
    return session_cookie(alice), session_cookie(bob)


async def finished_game(alice, bob, *, is_ranked: bool = False, format: str = "six-deals"):
    def play():
        game = lobby.game_open(user=alice, format=format, is_ranked=is_ranked)
        game = lobby.game_join(game_id=game.pk, user=bob)
        return tables.game_leave(game_id=game.pk, user=bob)

    return await sync_to_async(play)()


async def both_at_the_table(game, sessions):
    sockets = []
    for session in sessions:
        socket, connected, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
        assert connected
        await state_at(socket, game.version)
        sockets.append(socket)
    # The first one hears the second arrive.
    await receive_until(
        sockets[0],
        lambda f: f["type"] == "presence" and all(p["connected"] for p in f["presence"]),
    )
    return sockets


def is_rematch(status: str):
    return lambda frame: frame["type"] == "rematch" and frame["status"] == status


async def test_presence_says_who_is_at_the_table_and_since_when_the_other_is_away(
    alice, bob, sessions
):
    game = await sync_to_async(
        lambda: lobby.game_join(
            game_id=lobby.game_open(user=alice, format="first-to-71", is_ranked=False).pk,
            user=bob,
        )
    )()
    alice_socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    alone = await receive_until(alice_socket, lambda f: f["type"] == "presence")
    bob_socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[1])
    together = await receive_until(
        alice_socket, lambda f: f["type"] == "presence" and f["presence"][1]["connected"]
    )

    await bob_socket.disconnect()
    away = await receive_until(
        alice_socket, lambda f: f["type"] == "presence" and not f["presence"][1]["connected"]
    )

    assert alone["presence"] == [
        {"connected": True, "away_seconds": None},
        {"connected": False, "away_seconds": None},
    ]
    assert together["presence"][0]["connected"] is True
    assert away["presence"][1]["connected"] is False
    assert away["presence"][1]["away_seconds"] == 0
    await alice_socket.disconnect()


async def test_a_rematch_accepted_starts_the_same_kind_of_game_for_both(alice, bob, sessions):
    game = await finished_game(alice, bob, format="six-deals")
    alice_socket, bob_socket = await both_at_the_table(game, sessions)

    await alice_socket.send_json_to({"type": "rematch_offer"})
    offered = await receive_until(bob_socket, is_rematch("offered"))
    await bob_socket.send_json_to({"type": "rematch_accept"})
    seen_by_alice = await receive_until(alice_socket, is_rematch("accepted"))
    seen_by_bob = await receive_until(bob_socket, is_rematch("accepted"))

    new_game = await sync_to_async(table_selectors.game_get)(game_id=seen_by_alice["game_id"])
    assert offered["by_seat"] == 0
    assert (offered["accepted_seats"], seen_by_alice["accepted_seats"]) == ([], [1])
    assert seen_by_alice["url"] == seen_by_bob["url"] == f"/parties/{new_game.pk}/"
    assert (new_game.status, new_game.format, new_game.is_ranked) == (
        Game.Status.IN_PROGRESS,
        "six-deals",
        False,
    )
    assert {new_game.player_at(0), new_game.player_at(1)} == {alice, bob}
    await alice_socket.disconnect()
    await bob_socket.disconnect()


async def test_a_ranked_game_gives_a_ranked_rematch(alice, bob, sessions):
    game = await finished_game(alice, bob, is_ranked=True, format="first-to-71")
    alice_socket, bob_socket = await both_at_the_table(game, sessions)

    await bob_socket.send_json_to({"type": "rematch_offer"})
    await receive_until(alice_socket, is_rematch("offered"))
    await alice_socket.send_json_to({"type": "rematch_accept"})
    accepted = await receive_until(bob_socket, is_rematch("accepted"))

    new_game = await sync_to_async(Game.objects.get)(pk=accepted["game_id"])
    assert (new_game.format, new_game.is_ranked) == ("first-to-71", True)
    await alice_socket.disconnect()
    await bob_socket.disconnect()


async def test_a_rematch_declined_is_said_and_starts_nothing(alice, bob, sessions):
    game = await finished_game(alice, bob)
    alice_socket, bob_socket = await both_at_the_table(game, sessions)

    await alice_socket.send_json_to({"type": "rematch_offer"})
    await receive_until(bob_socket, is_rematch("offered"))
    await bob_socket.send_json_to({"type": "rematch_decline"})
    declined = await receive_until(alice_socket, is_rematch("declined"))
    await alice_socket.send_json_to({"type": "rematch_offer"})
    again = await receive_until(alice_socket, lambda f: f["type"] == "error")

    assert declined["game_id"] is None
    assert again["code"] == "rematch_already_offered"
    assert await sync_to_async(Game.objects.count)() == 1
    await alice_socket.disconnect()
    await bob_socket.disconnect()


async def test_a_rematch_accepted_too_late_has_expired(alice, bob, sessions):
    game = await finished_game(alice, bob)
    alice_socket, bob_socket = await both_at_the_table(game, sessions)
    await alice_socket.send_json_to({"type": "rematch_offer"})
    await receive_until(bob_socket, is_rematch("offered"))
    await sync_to_async(
        lambda: RematchOffer.objects.filter(game=game).update(
            expires_at=RematchOffer.objects.get(game=game).created_at - timedelta(seconds=1)
        )
    )()

    await bob_socket.send_json_to({"type": "rematch_accept"})
    error = await receive_until(bob_socket, lambda f: f["type"] == "error")
    told = await receive_until(alice_socket, is_rematch("expired"))

    assert error["code"] == "rematch_expired"
    assert told["by_seat"] == 0
    assert await sync_to_async(Game.objects.count)() == 1
    await alice_socket.disconnect()
    await bob_socket.disconnect()


async def test_no_rematch_when_the_opponent_has_left_the_table(alice, bob, sessions):
    game = await finished_game(alice, bob)
    alice_socket, bob_socket = await both_at_the_table(game, sessions)
    await bob_socket.disconnect()
    await receive_until(
        alice_socket, lambda f: f["type"] == "presence" and not f["presence"][1]["connected"]
    )

    await alice_socket.send_json_to({"type": "rematch_offer"})
    error = await receive_until(alice_socket, lambda f: f["type"] == "error")

    assert error["code"] == "rematch_opponent_gone"
    assert await sync_to_async(RematchOffer.objects.count)() == 0
    await alice_socket.disconnect()


async def test_nobody_else_answers_a_rematch_and_a_game_in_progress_has_none(
    alice, bob, make_member, sessions
):
    game = await sync_to_async(
        lambda: lobby.game_join(
            game_id=lobby.game_open(user=alice, format="first-to-71", is_ranked=False).pk,
            user=bob,
        )
    )()
    alice_socket, _bob_socket = await both_at_the_table(game, sessions)

    await alice_socket.send_json_to({"type": "rematch_offer"})
    error = await receive_until(alice_socket, lambda f: f["type"] == "error")

    assert error["code"] == "rematch_not_possible"
    await alice_socket.disconnect()
    await _bob_socket.disconnect()


def _statements(queries) -> list[str]:
    """The statements a block ran, without the transaction's own (BEGIN, COMMIT, savepoints:
    which of them are logged depends on the database)."""
    return [
        query["sql"].split()[0]
        for query in queries.captured_queries
        if "SAVEPOINT" not in query["sql"] and query["sql"].split()[0] not in ("BEGIN", "COMMIT")
    ]


def test_a_socket_s_opening_and_closing_write_its_connection_in_few_statements(alice, bob):
    game = lobby.game_join(
        game_id=lobby.game_open(user=alice, format="first-to-71", is_ranked=False).pk, user=bob
    )
    now = timezone.now()
    tables.game_connection_open(game=game, seat=0, channel_name="first", now=now)
    tables.game_connection_close(game_id=game.pk, channel_name="first", now=now)

    # A new socket of the same seat: the closed one goes, the new one is written, at once.
    with CaptureQueriesContext(connection) as opening:
        tables.game_connection_open(game=game, seat=0, channel_name="second", now=now)
    # The same socket again (its member took another seat): the same row, moved.
    tables.game_connection_open(game=game, seat=1, channel_name="second", now=now)
    with CaptureQueriesContext(connection) as closing:
        tables.game_connection_close(
            game_id=game.pk, channel_name="second", now=now + timedelta(seconds=5)
        )
    # Closed twice (a socket's seat change, then its end): it keeps the time it left.
    tables.game_connection_close(
        game_id=game.pk, channel_name="second", now=now + timedelta(seconds=30)
    )

    assert _statements(opening) == ["DELETE", "INSERT"]
    assert _statements(closing) == ["UPDATE"]
    assert list(GameConnection.objects.values_list("channel_name", "seat", "closed_at")) == [
        ("second", 1, now + timedelta(seconds=5))
    ]
    presence = table_selectors.game_presence(game=game, now=now + timedelta(seconds=35))
    assert presence == [
        {"connected": False, "away_seconds": None},
        {"connected": False, "away_seconds": 30},
    ]


def test_a_game_that_is_not_finished_reads_no_rematch_offer(alice, bob):
    game = lobby.game_join(
        game_id=lobby.game_open(user=alice, format="first-to-71", is_ranked=False).pk, user=bob
    )

    with CaptureQueriesContext(connection) as reading:
        assert table_selectors.game_rematch(game=game) is None

    assert reading.captured_queries == []
