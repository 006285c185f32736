"""Websocket consumers of the games app: parse, authorise, call one service, answer.

A domain error becomes one `error` frame and the socket stays open (docs/protocol.md). The abuse
limits of `games.limits` (sockets per member, messages per socket, waiting-room actions) are
applied here, in the base class, before any consumer's own code runs.
"""

import json
import logging
from collections import OrderedDict

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import timezone, translation

from cartomaniak import metrics
from cartomaniak.database import database_call

from . import events, limits, lobby, selectors, services
from .errors import GameError
from .models import Game

logger = logging.getLogger(__name__)

# Every client message is small; anything bigger is refused before it is even parsed.
MAX_FRAME_CHARS = 4096


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Answers to a challenge, each the service it calls.
CHALLENGE_ANSWERS = {
    "challenge_accept": services.challenge_accept,
    "challenge_decline": services.challenge_decline,
    "challenge_cancel": services.challenge_cancel,
}


# The game row as this process last wrote or read it, per game (the most recent games only). A
# version is written once, so a row held for the version a broadcast announces is that version:
# the other sockets of the table in this process build their frames from it instead of reading
# the game again (the opponent's view of a move costs no query when both players sit on the
# same process). Touched only on the event loop's thread.
GAMES_REMEMBERED = 2000
_games_remembered: OrderedDict[int, Game] = OrderedDict()


def _game_remember(game: Game) -> None:
    held = _games_remembered.get(game.pk)
    if held is not None and held.version > game.version:
        return
    _games_remembered[game.pk] = game
    _games_remembered.move_to_end(game.pk)
    while len(_games_remembered) > GAMES_REMEMBERED:
        _games_remembered.popitem(last=False)


def _game_recalled(game_id: int, version: int) -> Game | None:
    """The row of this version of the game, if this process holds it and a frame of it needs no
    query (a finished ranked game's frame reads the ladder points: from the database)."""
    game = _games_remembered.get(game_id)
    if game is None or game.version != version or game.status != Game.Status.IN_PROGRESS:
        return None
    return game


class _JsonConsumer(metrics.SocketCounted, limits.SocketLimits, AsyncJsonWebsocketConsumer):
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
            if content.get("type") in self.rate_limited_types:
                await sync_to_async(limits.lobby_action_check)(user=self.user)
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
        frame carries ("Ordinateur (fort)" / "Computer (strong)")."""
        supported = {code for code, _name in settings.LANGUAGES}
        cookie = (self.scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
        if cookie in supported:
            return cookie
        preferred = getattr(self.user, "preferred_language", "")
        return preferred if preferred in supported else settings.LANGUAGE_CODE


class LobbyConsumer(_JsonConsumer):
    """The waiting room: presence, open games, create / cancel / join.

    The room itself comes from the process's hub (games/lobby.py), built once per change for
    every socket; this socket only adds what is its member's own (`you`).
    """

    socket_kind = "lobby"
    hub = None
    you: dict | None = None

    rate_limited_types = ("create", "cancel", "join", "play_now", "challenge")

    async def connect(self):
        if not self.is_authenticated:
            await self.close(code=4401)
            return
        await self.channel_layer.group_add(events.member_group(self.user.pk), self.channel_name)
        await self.accept()
        self.you = await database_call(self._join)()
        self.hub = await lobby.hub_attach(self, self.channel_layer)
        await self.send_lobby()

    async def disconnect(self, code):
        if not self.is_authenticated:
            return
        if self.hub is not None:
            await self.hub.detach(self)
        await database_call(services.lobby_presence_leave)(channel_name=self.channel_name)
        await self.channel_layer.group_discard(events.member_group(self.user.pk), self.channel_name)

    def _join(self) -> dict:
        services.game_enforce_deadlines(now=timezone.now())
        services.lobby_presence_join(user=self.user, channel_name=self.channel_name)
        return selectors.lobby_member(user=self.user)

    async def send_lobby(self) -> None:
        """Send the whole room as this process holds it, with this member's own part."""
        hub = self.hub
        await self.send_json({"type": "lobby", "version": hub.version, **hub.room, "you": self.you})

    async def send_room_text(self, text: str) -> None:
        """Called by the hub with a change already encoded for every socket."""
        await self.send(text_data=text)

    async def receive_json(self, content, **kwargs):
        message_type = content.get("type")
        try:
            if message_type == "ping":
                await database_call(services.lobby_presence_touch)(channel_name=self.channel_name)
                await self.send_json({"type": "pong"})
            elif message_type == "snapshot":
                self.you = await database_call(selectors.lobby_member)(user=self.user)
                await self.send_lobby()
            elif message_type == "create":
                game_format = content.get("format")
                is_ranked = content.get("is_ranked", False)
                if not isinstance(game_format, str) or not isinstance(is_ranked, bool):
                    raise GameError("malformed")
                game = await database_call(services.game_create)(
                    user=self.user, format=game_format, is_ranked=is_ranked
                )
                await self.send_json({"type": "created", "game_id": game.pk})
            elif message_type == "play_now":
                game_format = content.get("format")
                is_ranked = content.get("is_ranked", False)
                if not isinstance(game_format, str) or not isinstance(is_ranked, bool):
                    raise GameError("malformed")
                game, is_started = await database_call(services.game_play_now)(
                    user=self.user, format=game_format, is_ranked=is_ranked
                )
                # A started game reaches both players as `game_started` (their member group).
                if not is_started:
                    await self.send_json({"type": "created", "game_id": game.pk})
            elif message_type == "challenge":
                name = content.get("name")
                game_format = content.get("format")
                if not isinstance(name, str) or not isinstance(game_format, str):
                    raise GameError("malformed")
                await database_call(services.challenge_create)(
                    challenger=self.user, challenged_name=name, format=game_format
                )
            elif isinstance(message_type, str) and message_type in CHALLENGE_ANSWERS:
                challenge_id = content.get("challenge_id")
                if not _is_int(challenge_id):
                    raise GameError("malformed")
                await database_call(CHALLENGE_ANSWERS[message_type])(
                    challenge_id=challenge_id, user=self.user
                )
            elif message_type in ("cancel", "join"):
                game_id = content.get("game_id")
                if not _is_int(game_id):
                    raise GameError("malformed")
                service = services.game_cancel if message_type == "cancel" else services.game_join
                await database_call(service)(game_id=game_id, user=self.user)
            else:
                raise GameError("unknown_type")
        except GameError as error:
            await self.send_error(error)

    async def game_started(self, event):
        await self.send_json(
            {"type": "game_started", "game_id": event["game_id"], "url": event["url"]}
        )

    async def challenge_changed(self, event):
        """A challenge of this member's was made or answered: only his sockets hear of it."""
        challenge = event["challenge"]
        others = [c for c in self.you["challenges"] if c["id"] != challenge["id"]]
        is_pending = challenge["status"] == "pending"
        self.you = {**self.you, "challenges": [*others, challenge] if is_pending else others}
        await self.send_json({"type": "challenge", "challenge": challenge})


class GameConsumer(_JsonConsumer):
    """One game table: players act, anyone may watch (spectators get the public view)."""

    socket_kind = "game"
    sent_version: int | None = None

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        # Listen before reading the game: a change committed in between is not missed.
        self.group = events.game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        # A seated member also hears of his next game starting (a competition's next round).
        if self.is_authenticated:
            self.member_group = events.member_group(self.user.pk)
            await self.channel_layer.group_add(self.member_group, self.channel_name)
        opened = await database_call(self._open)()
        if opened is None:
            await self.close(code=4404)
            return
        await self.accept()
        game, state, presence, rematch = opened
        _game_remember(game)
        await self.send_frame(state, force=True)
        await self.send_json(presence)
        if rematch is not None:
            await self.send_json(rematch)

    async def disconnect(self, code):
        if getattr(self, "seat", None) is not None:
            await database_call(services.game_connection_close)(
                channel_name=self.channel_name, now=timezone.now()
            )
        for group in (getattr(self, "group", None), getattr(self, "member_group", None)):
            if not group:
                continue
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception as error:  # the layer is down: the subscription dies with it
                logger.warning("Leaving group %s failed: %r", group, error)

    def _open(self) -> tuple[Game, dict, dict, dict | None] | None:
        """Everything a socket needs when it opens, in one database call: the deadlines settled,
        the state frame, its player counted present, the presence and rematch frames. None when
        there is no such game."""
        now = timezone.now()
        services.game_enforce_deadlines(now=now, game_ids=[self.game_id])
        try:
            game = selectors.game_get(game_id=self.game_id)
        except GameError:
            return None
        # Only a seated player counts as present at the table; spectators come and go unseen.
        self.seat = selectors.game_seat_for_user(game=game, user=self.user)
        with translation.override(self._language()):
            state = selectors.game_frame(game=game, seat=self.seat, now=now)
        if self.seat is not None:
            services.game_connection_open(
                game=game, seat=self.seat, channel_name=self.channel_name, now=now
            )
        presence = {"type": "presence", "presence": selectors.game_presence(game=game, now=now)}
        return game, state, presence, selectors.game_rematch(game=game)

    def _presence_frame(self) -> dict:
        game = selectors.game_get(game_id=self.game_id)
        return {"type": "presence", "presence": selectors.game_presence(game=game)}

    def _rematch_frame(self) -> dict | None:
        return selectors.game_rematch(game=selectors.game_get(game_id=self.game_id))

    async def send_presence(self) -> None:
        await self.send_json(await database_call(self._presence_frame)())

    async def send_rematch(self) -> None:
        frame = await database_call(self._rematch_frame)()
        if frame is not None:
            await self.send_json(frame)

    def _frame(self, game: Game, now=None) -> dict:
        """This socket's `state` frame of `game` (its seat's view, or the public one)."""
        seat = selectors.game_seat_for_user(game=game, user=self.user)
        with translation.override(self._language()):
            return selectors.game_frame(game=game, seat=seat, now=now)

    def _state_frame(self, settle_deadline: bool) -> tuple[Game, dict]:
        now = timezone.now()
        if settle_deadline:
            services.game_enforce_deadlines(now=now, game_ids=[self.game_id])
        game = selectors.game_get(game_id=self.game_id)
        return game, self._frame(game, now)

    def _act(self, version: int, action: dict) -> tuple[Game, dict]:
        # The sender's own new view is built from the row just written: one round trip fewer.
        game = services.game_act(
            game_id=self.game_id, user=self.user, action=action, expected_version=version
        )
        return game, self._frame(game)

    async def send_state(self, *, force: bool = False, settle_deadline: bool = False) -> None:
        game, frame = await database_call(self._state_frame)(settle_deadline)
        _game_remember(game)
        await self.send_frame(frame, force=force)

    async def send_frame(self, frame: dict, *, force: bool = False) -> None:
        if not force and self.sent_version is not None and frame["version"] <= self.sent_version:
            return
        self.sent_version = frame["version"]
        await self.send_json(frame)

    async def receive_json(self, content, **kwargs):
        message_type = content.get("type")
        try:
            if message_type == "act":
                version = content.get("version")
                action = content.get("action")
                if not _is_int(version) or not isinstance(action, dict):
                    raise GameError("malformed")
                with metrics.move_timed(kind="game"):
                    game, frame = await database_call(self._act)(version, action)
                    _game_remember(game)
                    await self.send_frame(frame)
            elif message_type == "snapshot":
                await self.send_state(force=True, settle_deadline=True)
            elif message_type == "leave":
                await database_call(services.game_leave)(game_id=self.game_id, user=self.user)
            elif message_type == "ping":
                if getattr(self, "seat", None) is not None:
                    await database_call(services.game_connection_touch)(
                        channel_name=self.channel_name, now=timezone.now()
                    )
                await self.send_state_if_behind()
                await self.send_json({"type": "pong"})
            elif message_type == "rematch_offer":
                await database_call(services.rematch_offer)(game_id=self.game_id, user=self.user)
            elif message_type in ("rematch_accept", "rematch_decline"):
                await database_call(services.rematch_answer)(
                    game_id=self.game_id, user=self.user, accept=message_type == "rematch_accept"
                )
            else:
                raise GameError("unknown_type")
        except GameError as error:
            await self.send_error(error)
            if error.code == "rematch_expired":
                await self.send_rematch()
            if error.code in ("stale_version", "time_over"):
                await self.send_state(force=True)

    async def send_state_if_behind(self) -> None:
        """Send the current state if the game moved on since this socket's last frame.

        The heartbeat's catch-up: a broadcast lost while the channel layer was down reaches
        this socket at its next ping (every 20 s) at the latest.
        """
        version = await database_call(selectors.game_version_get)(game_id=self.game_id)
        if self.sent_version is None or (version is not None and version > self.sent_version):
            await self.send_state()

    async def game_changed(self, event):
        if self.sent_version is not None and event["version"] <= self.sent_version:
            return
        game = _game_recalled(self.game_id, event["version"])
        if game is None:
            await self.send_state()
        else:
            await self.send_frame(self._frame(game))

    async def game_started(self, event):
        await self.send_json(
            {"type": "game_started", "game_id": event["game_id"], "url": event["url"]}
        )

    async def game_presence(self, event):
        await self.send_presence()

    async def game_rematch(self, event):
        await self.send_rematch()
