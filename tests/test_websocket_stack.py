"""The websocket stack every socket of the site goes through (cartomaniak/routing.py)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from django.conf import settings

from cartomaniak.routing import websocket_application
from tests.games.websocket import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_frame_for_a_client_that_has_just_closed_is_dropped_without_an_error(alice):
    # Daphne's own `send` raises while the client's close is on its way to it: the socket's
    # consumer used to crash ("Exception inside application", an ERROR and its traceback).
    cookie = await sync_to_async(session_cookie)(alice)
    scope = {
        "type": "websocket",
        "path": "/ws/salle/",
        "raw_path": b"/ws/salle/",
        "query_string": b"",
        "headers": [
            (b"host", b"testserver"),
            (b"origin", b"http://testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "subprotocols": [],
    }
    incoming: asyncio.Queue = asyncio.Queue()
    sent: list[str] = []
    frames_refused: list[str] = []

    async def receive():
        return await incoming.get()

    async def send(message):
        if message["type"] == "websocket.send":
            frames_refused.append(message["text"])
            raise Disconnected("Attempt to send on a closed protocol")
        sent.append(message["type"])

    await incoming.put({"type": "websocket.connect"})
    socket = asyncio.create_task(websocket_application(scope, receive, send))
    async with asyncio.timeout(10):
        while not frames_refused:
            await asyncio.sleep(0.05)
    await incoming.put({"type": "websocket.disconnect", "code": 1006})
    await asyncio.wait_for(socket, timeout=10)

    assert sent == ["websocket.accept"]
    assert '"type": "lobby"' in frames_refused[0]
    assert socket.exception() is None
