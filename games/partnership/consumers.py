"""The websocket of a four-player table, /ws/tables/<id>/ (docs/protocol.md, *Four-player
tables*): parse, authorise, call one service, answer.

Built on the two-player table's base (`games.consumers._JsonConsumer`): the same limits (sockets
per member, messages per socket, table set-up actions counted like the waiting room's), frame
size, `error` frames, and the same state, heartbeat and snapshot behaviour as `GameConsumer`.
Each connection rebuilds its own view on every `table.changed`: a broadcast carries no card.
"""

import logging

from django.utils import timezone, translation

from cartomaniak import metrics
from cartomaniak.database import database_call
from games import events
from games.consumers import _is_int, _JsonConsumer
from games.errors import GameError

from . import selectors, services

logger = logging.getLogger(__name__)

# Set-up messages of an open table, each its service, and whether it names a seat.
SEAT_MESSAGES = {
    "take_seat": (services.seat_take, True),
    "leave_seat": (services.seat_leave, False),
    "empty_seat": (services.seat_empty, True),
    "start": (services.table_start, False),
    "cancel": (services.table_cancel, False),
}


class PartnershipTableConsumer(_JsonConsumer):
    """One four-player table: members take seats and act, anyone may watch (spectators get the
    public view). The seat always comes from the member, never from a message."""

    socket_kind = "table"
    sent_version: int | None = None
    # Setting a table up counts against the member's waiting-room actions (games.limits).
    rate_limited_types = ("take_seat", "leave_seat", "fill_seat", "empty_seat", "start", "cancel")

    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        exists = await database_call(self._table_exists)()
        if not exists:
            await self.close(code=4404)
            return
        self.group = events.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_state(force=True, settle_deadline=True)

    async def disconnect(self, code):
        group = getattr(self, "group", None)
        if not group:
            return
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except Exception as error:  # the layer is down: the subscription dies with it
            logger.warning("Leaving group %s failed: %r", group, error)

    def _table_exists(self) -> bool:
        try:
            selectors.table_get(table_id=self.table_id)
        except GameError:
            return False
        return True

    def _frame(self, table, now=None) -> dict:
        seat = selectors.table_seat_for_user(game=table, user=self.user)
        with translation.override(self._language()):
            return selectors.partnership_frame(game=table, seat=seat, now=now)

    def _state_frame(self, settle_deadline: bool) -> dict:
        now = timezone.now()
        if settle_deadline:
            services.table_enforce_deadlines(now=now, table_ids=[self.table_id])
        return self._frame(selectors.table_get(table_id=self.table_id), now=now)

    def _act(self, version: int, action: dict) -> dict:
        # The sender's own new view is built from the row just written: one round trip fewer.
        table = services.table_act(
            table_id=self.table_id, user=self.user, action=action, expected_version=version
        )
        return self._frame(table)

    async def send_state(self, *, force: bool = False, settle_deadline: bool = False) -> None:
        frame = await database_call(self._state_frame)(settle_deadline)
        await self.send_frame(frame, force=force)

    async def send_frame(self, frame: dict, *, force: bool = False) -> None:
        if not force and self.sent_version is not None and frame["version"] <= self.sent_version:
            return
        self.sent_version = frame["version"]
        await self.send_json(frame)

    def _require_member(self) -> None:
        if not self.is_authenticated:
            raise GameError("not_authenticated")

    async def receive_json(self, content, **kwargs):
        message_type = content.get("type")
        try:
            if message_type == "act":
                self._require_member()
                version = content.get("version")
                action = content.get("action")
                if not _is_int(version) or not isinstance(action, dict):
                    raise GameError("malformed")
                with metrics.move_timed(kind="table"):
                    frame = await database_call(self._act)(version, action)
                    await self.send_frame(frame)
            elif message_type == "snapshot":
                await self.send_state(force=True, settle_deadline=True)
            elif message_type == "ping":
                await self.send_state_if_behind()
                await self.send_json({"type": "pong"})
            elif message_type == "leave":
                self._require_member()
                await database_call(services.table_leave)(table_id=self.table_id, user=self.user)
                await self.send_state()
            elif message_type == "fill_seat":
                self._require_member()
                seat = content.get("seat")
                level = content.get("level")
                if not _is_int(seat) or not isinstance(level, str):
                    raise GameError("malformed")
                await database_call(services.seat_fill_computer)(
                    table_id=self.table_id, user=self.user, seat=seat, level=level
                )
                await self.send_state()
            elif isinstance(message_type, str) and message_type in SEAT_MESSAGES:
                self._require_member()
                service, names_seat = SEAT_MESSAGES[message_type]
                arguments = {"table_id": self.table_id, "user": self.user}
                if names_seat:
                    seat = content.get("seat")
                    if not _is_int(seat):
                        raise GameError("malformed")
                    arguments["seat"] = seat
                await database_call(service)(**arguments)
                await self.send_state()
            else:
                raise GameError("unknown_type")
        except GameError as error:
            await self.send_error(error)
            if error.code in ("stale_version", "time_over"):
                await self.send_state(force=True)

    async def send_state_if_behind(self) -> None:
        """Send the current state if the table moved on since this socket's last frame (the
        heartbeat's catch-up of a broadcast lost while the channel layer was down)."""
        version = await database_call(selectors.table_version_get)(table_id=self.table_id)
        if self.sent_version is None or (version is not None and version > self.sent_version):
            await self.send_state()

    async def table_changed(self, event):
        if self.sent_version is not None and event["version"] <= self.sent_version:
            return
        await self.send_state()
