"""Helpers to drive the real websocket stack (origin check, session auth, router) in tests."""

import asyncio

from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from cartomaniak.routing import websocket_application

# The stack of cartomaniak.asgi without its embedded job loop, which tests call explicitly.
APPLICATION = websocket_application


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def open_socket(path: str, session: str | None = None, origin: str = "http://testserver"):
    # A browser sends the Host it connects to; a page of the site has that same origin.
    headers = [(b"host", b"testserver"), (b"origin", origin.encode())]
    if session:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    communicator = WebsocketCommunicator(APPLICATION, path, headers=headers)
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected, code


async def receive_until(communicator, predicate, timeout: float = 5.0) -> dict:
    """Read frames until one matches `predicate`; return it."""
    async with asyncio.timeout(timeout):
        while True:
            frame = await communicator.receive_json_from(timeout=timeout)
            if predicate(frame):
                return frame


async def state_at(communicator, version: int, timeout: float = 5.0) -> dict:
    return await receive_until(
        communicator, lambda f: f["type"] == "state" and f["version"] >= version, timeout
    )
