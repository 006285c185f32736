"""The websocket of a table, /ws/parties/<id>/, whatever the game (docs/protocol.md, *Table*).

Anyone may connect: a member seated at the table gets his seat's view, everyone else a
spectator's. Members take seats and act; the seat always comes from the member, never from a
message. Each connection rebuilds its own view on every `game.changed`: a broadcast carries no
card.
"""

import asyncio
import json
import logging

from django.core.exceptions import SynchronousOnlyOperation
from django.utils import timezone, translation

from cartomaniak import metrics
from cartomaniak.database import database_call
from games import events
from games.errors import GameError
from games.heartbeats import heartbeat_touch
from games.models import Game
from games.sockets import JsonConsumer, is_int

from . import hub, selectors, services, talk

logger = logging.getLogger(__name__)

# Set-up messages of an open table, each its service, and whether it names a seat.
SEAT_MESSAGES = {
    "take_seat": (services.game_seat_take, True),
    "leave_seat": (services.game_seat_leave, False),
    "empty_seat": (services.game_seat_empty, True),
    "start": (services.game_start, False),
    "cancel": (services.game_cancel, False),
}


# The reads of a table's news in progress: (the message, the read) by (message type, table).
_reads_in_progress: dict[tuple[str, int], tuple[dict, asyncio.Future]] = {}


async def _read_shared(event: dict | None, game_id: int, read) -> dict | None:
    """Return `read()`'s frame (run on a database thread) for a socket that heard `event`.

    The table's hub hands one message to every socket of the table in the process (the same
    dict: games/tables/hub.py), so a presence or rematch change that every socket of a watched
    table must show is read by the first socket that handles it and shared by the others, instead
    of one read each. A read started once the message was heard is after the change it tells of:
    only sockets of that same message share it. Without a message (a socket's own request), the
    socket reads alone."""
    if event is None:
        return await database_call(read)()
    key = (event["type"], game_id)
    in_progress = _reads_in_progress.get(key)
    if in_progress is None or in_progress[0] is not event:
        task = asyncio.ensure_future(database_call(read)())
        in_progress = _reads_in_progress[key] = (event, task)

        def done(finished: asyncio.Future, key=key, in_progress=in_progress) -> None:
            if _reads_in_progress.get(key) is in_progress:
                del _reads_in_progress[key]
            if not finished.cancelled():
                finished.exception()  # retrieved: each socket that waited on it has it raised

        task.add_done_callback(done)
    # Shielded: a socket that goes away meanwhile does not cancel the others' read.
    return await asyncio.shield(in_progress[1])


class TableConsumer(JsonConsumer):
    """One table of any game: players act, anyone may watch (spectators get the public view)."""

    socket_kind = "game"
    sent_version: int | None = None
    # The seat this socket's member holds, as its last frame said (None: a spectator).
    seat: int | None = None
    # Setting a table up counts against the member's waiting-room actions (games.limits).
    rate_limited_types = ("take_seat", "leave_seat", "fill_seat", "empty_seat", "start", "cancel")

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        # Listen before reading the game: a change committed in between is not missed. The
        # table's news comes from this process's hub, not from the channel layer (hub.py).
        self.group = events.game_group(self.game_id)
        self.hub = await hub.table_join(self.group, self.game_id, self, self.channel_layer)
        try:
            await self._greet()
        except BaseException:
            # Failed before it was served (the database or the layer down): no `disconnect`
            # follows, so the hub lets go of the socket here.
            await self.hub.leave(self.game_id, self)
            raise

    async def _greet(self) -> None:
        # A signed-in member also hears of his next game starting (a competition's next round).
        if self.is_authenticated:
            self.member_group = events.member_group(self.user.pk)
            await self.channel_layer.group_add(self.member_group, self.channel_name)
        opened = await database_call(self._open)()
        if opened is None:
            await self.close(code=4404)
            return
        await self.accept()
        game, state, presence, rematch = opened
        selectors.game_remember(game)
        await self.send_frame(state, force=True)
        await self.send_json(presence)
        if rematch is not None:
            await self.send_json(rematch)

    async def disconnect(self, code):
        if self.seat is not None:
            await database_call(services.game_connection_close)(
                game_id=self.game_id, channel_name=self.channel_name, now=timezone.now()
            )
        table_hub = getattr(self, "hub", None)
        if table_hub is not None:
            await table_hub.leave(self.game_id, self)
        member_group = getattr(self, "member_group", None)
        if member_group:
            try:
                await self.channel_layer.group_discard(member_group, self.channel_name)
            except Exception as error:  # the layer is down: the subscription dies with it
                logger.warning("Leaving group %s failed: %r", member_group, error)

    def _open(self) -> tuple[Game, dict, dict, dict | None] | None:
        """Everything a socket needs when it opens, in one database call: the deadlines settled,
        the state frame, its player counted present, the presence and rematch frames. None when
        there is no such game (or a table cancelled before it started)."""
        now = timezone.now()
        services.game_enforce_deadlines(now=now, game_ids=[self.game_id])
        try:
            game = selectors.game_get(game_id=self.game_id)
        except GameError:
            return None
        state = self._frame(game, now)
        presence = {"type": "presence", "presence": selectors.game_presence(game=game, now=now)}
        return game, state, presence, selectors.game_rematch(game=game)

    def _seat_follow(self, game: Game, now) -> int | None:
        """Return this member's seat at the game, counting him present there when he has just
        sat down (and away from the seat he has just left)."""
        seat = selectors.game_seat_for_user(game=game, user=self.user)
        if seat != self.seat:
            if self.seat is not None:
                services.game_connection_close(
                    game_id=game.pk, channel_name=self.channel_name, now=now
                )
            if seat is not None:
                services.game_connection_open(
                    game=game, seat=seat, channel_name=self.channel_name, now=now
                )
            self.seat = seat
        return seat

    def _frame(self, game: Game, now=None) -> dict:
        """This socket's `state` frame of `game` (its seat's view, or the public one)."""
        now = now or timezone.now()
        # No query: the seats come with the game. A write only when the seat changed, which
        # happens at an open table, read on a database thread (never a remembered game).
        seat = self._seat_follow(game, now)
        with translation.override(self._language()):
            return selectors.game_frame(game=game, seat=seat, now=now)

    def _presence_frame(self) -> dict:
        game = selectors.game_get(game_id=self.game_id)
        return {"type": "presence", "presence": selectors.game_presence(game=game)}

    def _rematch_frame(self) -> dict | None:
        return selectors.game_rematch(game=selectors.game_get(game_id=self.game_id))

    async def send_presence(self, event: dict | None = None) -> None:
        """Send the table's presence frame; for the table's `event`, read once for all the
        sockets of the process that heard it (`_read_shared`)."""
        await self.send_json(await _read_shared(event, self.game_id, self._presence_frame))

    async def send_rematch(self, event: dict | None = None) -> None:
        frame = await _read_shared(event, self.game_id, self._rematch_frame)
        if frame is not None:
            await self.send_json(frame)

    def _state_frame(self, settle_deadline: bool) -> tuple[Game, dict]:
        now = timezone.now()
        if settle_deadline:
            services.game_enforce_deadlines(now=now, game_ids=[self.game_id])
        game = selectors.game_get(game_id=self.game_id)
        return game, self._frame(game, now)

    def _act(self, version: int, action: dict, broadcasts: list) -> tuple[Game, dict]:
        # The sender's own new view is built from the row just written: one round trip fewer.
        # The table hears of it from the loop, after this call (`events.broadcasts_send`).
        with events.broadcasts_collected(broadcasts):
            game = services.game_act(
                game_id=self.game_id, user=self.user, action=action, expected_version=version
            )
        return game, self._frame(game)

    def _phrase(self, phrase) -> dict:
        # A refusal's message counts the seconds to wait: in the page's language.
        with translation.override(self._language()):
            return talk.table_phrase_say(game_id=self.game_id, user=self.user, phrase=phrase)

    def _set_up(self, service, arguments: dict) -> tuple[Game, dict]:
        service(**arguments)
        return self._state_frame(False)

    async def send_state(self, *, force: bool = False, settle_deadline: bool = False) -> None:
        game, frame = await database_call(self._state_frame)(settle_deadline)
        selectors.game_remember(game)
        await self.send_frame(frame, force=force)

    async def send_frame(self, frame: dict, *, force: bool = False) -> None:
        if not force and self.sent_version is not None and frame["version"] <= self.sent_version:
            return
        self.sent_version = frame["version"]
        await self.send_json(frame)

    def _spectator_frame_text(self, game: Game) -> str:
        """A spectator's `state` frame of a held row, as JSON: built and encoded once per
        language for all the spectators of this process that hear of this version (a watched
        table's); kept with the row itself, so it goes when the next version's row replaces it.
        A player's frame is his seat's alone: built for his socket, as before. Called on the
        event loop only.

        A frame counts the seconds left to its deadline: one text serves within the second it
        was built in, as a frame built apart would."""
        now = timezone.now()
        return game.frame_text(
            (None, self._language(), int(now.timestamp())),
            lambda: json.dumps(self._frame(game, now)),  # as Channels' `send_json` encodes
        )

    def _require_member(self) -> None:
        if not self.is_authenticated:
            raise GameError("not_authenticated")

    async def receive_json(self, content, **kwargs):
        message_type = content.get("type")
        try:
            if message_type == "act":
                version = content.get("version")
                action = content.get("action")
                if not is_int(version) or not isinstance(action, dict):
                    raise GameError("malformed")
                broadcasts: list = []
                try:
                    with metrics.move_timed(kind="game"):
                        game, frame = await database_call(self._act)(version, action, broadcasts)
                        await self.send_frame(frame)
                finally:
                    # Also after a refusal that committed something (a decision too late: the
                    # forfeit on time).
                    await events.broadcasts_send(broadcasts)
            elif message_type == "snapshot":
                await self.send_state(force=True, settle_deadline=True)
            elif message_type == "leave":
                await database_call(services.game_leave)(game_id=self.game_id, user=self.user)
            elif message_type == "ping":
                if self.seat is not None:
                    heartbeat_touch(services.game_connection_touch, self.channel_name)
                await self.send_state_if_behind()
                await self.send_json({"type": "pong"})
            elif message_type == "rematch_offer":
                await database_call(services.rematch_offer)(game_id=self.game_id, user=self.user)
            elif message_type in ("rematch_accept", "rematch_decline"):
                await database_call(services.rematch_answer)(
                    game_id=self.game_id, user=self.user, accept=message_type == "rematch_accept"
                )
            elif message_type == "phrase":
                # Not the game's: no version, no state; every socket of the table hears it.
                frame = await database_call(self._phrase)(content.get("phrase"))
                await events.broadcast(self.group, {**frame, "type": "game.phrase"})
            elif message_type == "fill_seat":
                self._require_member()
                seat = content.get("seat")
                level = content.get("level")
                if not is_int(seat) or not isinstance(level, str):
                    raise GameError("malformed")
                arguments = {"game_id": self.game_id, "user": self.user, "seat": seat}
                await self._send_set_up(services.game_seat_fill, {**arguments, "level": level})
            elif isinstance(message_type, str) and message_type in SEAT_MESSAGES:
                self._require_member()
                service, names_seat = SEAT_MESSAGES[message_type]
                arguments = {"game_id": self.game_id, "user": self.user}
                if names_seat:
                    seat = content.get("seat")
                    if not is_int(seat):
                        raise GameError("malformed")
                    arguments["seat"] = seat
                await self._send_set_up(service, arguments)
            else:
                raise GameError("unknown_type")
        except GameError as error:
            await self.send_error(error)
            if error.code == "rematch_expired":
                await self.send_rematch()
            if error.code in ("stale_version", "time_over"):
                await self.send_state(force=True)

    async def _send_set_up(self, service, arguments: dict) -> None:
        """Apply a set-up message, then send this socket its new frame at once (its seat may
        have changed with it)."""
        game, frame = await database_call(self._set_up)(service, arguments)
        selectors.game_remember(game)
        await self.send_frame(frame)

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
        game = selectors.game_recalled(self.game_id, event["version"])
        if game is not None:
            # Built here on the loop, from the row this process holds: no query. Unless the
            # member's seat changed with this version (his presence is then written), or the row
            # lacks something the frame reads: then on a database thread, below.
            try:
                if selectors.game_seat_for_user(game=game, user=self.user) == self.seat:
                    if self.seat is None:
                        self.sent_version = game.version
                        await self.send(text_data=self._spectator_frame_text(game))
                    else:
                        await self.send_frame(self._frame(game))
                    return
            except SynchronousOnlyOperation:
                logger.warning("Table %s: a held row's frame needed a query", self.game_id)
        await self.send_state()

    async def game_started(self, event):
        await self.send_json(
            {"type": "game_started", "game_id": event["game_id"], "url": event["url"]}
        )

    async def game_presence(self, event):
        await self.send_presence(event)

    async def game_phrase(self, event):
        await self.send_json({"type": "phrase", "seat": event["seat"], "phrase": event["phrase"]})

    async def game_rematch(self, event):
        await self.send_rematch(event)
