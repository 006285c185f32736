"""The base of every websocket consumer of the games app: parse, authorise, call one service,
answer.

A domain error becomes one `error` frame and the socket stays open (docs/protocol.md). The abuse
limits of `games.limits` (sockets per member, messages per socket, set-up actions) are applied
here, before any consumer's own code runs.
"""

import asyncio
import functools
import json
import logging

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings

from cartomaniak import metrics
from cartomaniak.database import database_call

from . import limits
from .errors import GameError

logger = logging.getLogger(__name__)

# Every client message is small; anything bigger is refused before it is even parsed.
MAX_FRAME_CHARS = 4096


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class LocallyFedConsumer(AsyncJsonWebsocketConsumer):
    """Channels' consumer with one more source of messages besides the client and the channel
    layer: `local_messages`, which this process's table hub fills (games/tables/hub.py). The
    three are dispatched one message at a time, as Channels dispatches its two."""

    async def __call__(self, scope, receive, send):
        # Channels' `AsyncConsumer.__call__` (channels 4.3), the queue added to its sources.
        self.scope = scope
        self.local_messages: asyncio.Queue = asyncio.Queue()
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        sources = [receive, self.local_messages.get]
        if self.channel_layer is not None:
            self.channel_name = await self.channel_layer.new_channel()
            self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
            sources.append(self.channel_receive)
        self.base_send = send
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass


class JsonConsumer(metrics.SocketCounted, limits.SocketLimits, LocallyFedConsumer):
    # Message types that count against the member's waiting-room actions (games.limits).
    rate_limited_types: tuple[str, ...] = ()
    is_started = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except Exception as error:
            if self.is_started:
                raise
            # Before the handshake, only the channel layer can fail (Redis is down): refuse this
            # socket cleanly; the client retries with its backoff (docs/security.md).
            logger.warning("Socket refused, channel layer unreachable: %r", error)
            await send({"type": "websocket.close", "code": 1013})

    async def websocket_connect(self, message):
        self.is_started = True
        await super().websocket_connect(message)

    async def dispatch(self, message):
        """Channels' dispatch, without its hop to the process's one synchronous thread before
        every message (`aclose_old_connections`): each frame in and each broadcast heard queued
        there, behind every other socket's and every page's work. No code of these consumers
        touches the database on the event loop: every call goes through `database_call`, which
        gives the connections the same care on its own thread, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not await self.message_admitted():
            return
        raw = text_data if text_data is not None else bytes_data
        if raw is None:
            await self.send_error(GameError("malformed"))
            return
        if len(raw) > MAX_FRAME_CHARS:
            await self.send_error(GameError("frame_too_large"))
            return
        try:
            content = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            await self.send_error(GameError("bad_json"))
            return
        except RecursionError:
            # Valid JSON nested deeper than the parser goes: no message of ours is, it is no
            # object either (`[[[…]]]`).
            await self.send_error(GameError("malformed"))
            return
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            # A `type` that is no string is a frame of the wrong shape, not an unknown message.
            await self.send_error(GameError("malformed"))
            return
        try:
            # A visitor's set-up messages are refused unread (not_authenticated): counted, they
            # would all share one count (no member), one visitor's spending every other's.
            if content.get("type") in self.rate_limited_types and self.user.is_authenticated:
                await database_call(limits.lobby_action_check)(user=self.user)
            await self.receive_json(content)
        except GameError as error:
            await self.send_error(error)
        except Exception:
            # A fault of ours must not close the socket (1011) on the player: logged, answered.
            logger.exception("Websocket message failed: %.200r", raw)
            await self.send_error(GameError("server_error"))

    async def send_error(self, error: GameError) -> None:
        await self.send_json(error.to_frame(version=getattr(self, "sent_version", None)))

    @property
    def user(self):
        return self.scope.get("user")

    @property
    def is_authenticated(self) -> bool:
        user = self.user
        return user is not None and user.is_authenticated

    def _language(self) -> str:
        """The page's language (cookie, else the member's choice, else French), for the names a
        frame carries ("Ordinateur (fort)" / "Computer (strong)"). Found once per socket: the
        cookie and the member are the handshake's, and every frame asks."""
        language = self.__dict__.get("_language_found")
        if language is None:
            language = self._language_found = self._language_find()
        return language

    def _language_find(self) -> str:
        supported = {code for code, _name in settings.LANGUAGES}
        cookie = (self.scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
        if cookie in supported:
            return cookie
        preferred = getattr(self.user, "preferred_language", "")
        return preferred if preferred in supported else settings.LANGUAGE_CODE
