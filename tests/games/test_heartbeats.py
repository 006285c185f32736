"""A process's heartbeats are written together, once a second (games/heartbeats.py)."""

import asyncio
import logging
import random
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import heartbeats
from games.lobby import services as lobby
from games.models import GameConnection, LobbyPresence
from games.tables import services as tables
from tests.games.websocket import open_socket, receive_until, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_async_machinery"),
]


def _age_lobby_presence() -> None:
    LobbyPresence.objects.update(last_seen=timezone.now() - timedelta(seconds=40))


async def test_the_waiting_room_s_pings_are_written_together_within_a_second(
    alice, bob, make_member
):
    carol = await sync_to_async(make_member)("carol")
    cookies = await sync_to_async(lambda: [session_cookie(m) for m in (alice, bob, carol)])()
    sockets = []
    for cookie in cookies:
        socket, connected, _code = await open_socket("/ws/salle/", cookie)
        assert connected
        await receive_until(socket, lambda frame: frame["type"] == "lobby")
        sockets.append(socket)
    await sync_to_async(_age_lobby_presence)()
    aged = timezone.now() - timedelta(seconds=30)

    for socket in sockets:
        await socket.send_json_to({"type": "ping"})
        assert (await receive_until(socket, lambda frame: frame["type"] == "pong")) == {
            "type": "pong"
        }
    before = await sync_to_async(lambda: LobbyPresence.objects.filter(last_seen__gt=aged).count())()
    await asyncio.sleep(heartbeats.FLUSH_SECONDS + 0.5)
    after = await sync_to_async(lambda: LobbyPresence.objects.filter(last_seen__gt=aged).count())()

    # The pong does not wait for the database; the three heartbeats land together.
    assert (before, after) == (0, 3)
    for socket in sockets:
        await socket.disconnect()


async def test_a_batch_is_one_statement_for_every_socket_and_pings_after_it_wait_for_the_next():
    calls = []

    def write(*, channel_names, now):
        calls.append(channel_names)

    for name in ("c", "a", "b", "a"):
        heartbeats.heartbeat_touch(write, name)
    await heartbeats.heartbeats_flush()
    heartbeats.heartbeat_touch(write, "d")
    await asyncio.sleep(heartbeats.FLUSH_SECONDS + 0.3)

    assert calls == [["a", "b", "c"], ["d"]]


async def test_a_table_s_heartbeats_are_one_update_whatever_the_number_of_sockets(alice, bob):
    game = await sync_to_async(_table_of)(alice, bob)
    long_ago = timezone.now() - timedelta(seconds=40)

    def open_connections() -> None:
        for seat in (0, 1):
            tables.game_connection_open(
                game=game, seat=seat, channel_name=f"seat-{seat}", now=long_ago
            )

    await sync_to_async(open_connections)()
    statements = []

    def write(**arguments):
        with CaptureQueriesContext(connection) as queries:
            tables.game_connection_touch(**arguments)
        statements.append(len(queries))

    for name in ("seat-0", "seat-1", "gone"):
        heartbeats.heartbeat_touch(write, name)
    await heartbeats.heartbeats_flush()
    fresh = await sync_to_async(
        lambda: GameConnection.objects.filter(last_seen__gt=long_ago).count()
    )()

    assert statements == [1]
    assert fresh == 2


async def test_a_heartbeat_that_cannot_be_written_is_logged_and_the_next_goes_through(caplog):
    calls = []

    def write(*, channel_names, now):
        calls.append(channel_names)
        if len(calls) == 1:
            raise RuntimeError("database down")

    heartbeats.heartbeat_touch(write, "a")
    with caplog.at_level(logging.ERROR, logger="games.heartbeats"):
        await heartbeats.heartbeats_flush()
    heartbeats.heartbeat_touch(write, "a")
    await heartbeats.heartbeats_flush()

    assert calls == [["a"], ["a"]]
    assert [record.getMessage() for record in caplog.records] == [
        "heartbeats of 1 sockets not written"
    ]


def _table_of(alice, bob):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    return lobby.game_join(game_id=game.pk, user=bob, rng=random.Random(1))
