"""The waiting room's websocket, /ws/salle/ (docs/protocol.md, *Waiting room*)."""

from django.utils import timezone

from cartomaniak.database import database_call
from games import events
from games.errors import GameError
from games.heartbeats import heartbeat_touch
from games.sockets import JsonConsumer, is_int
from games.tables.services import game_cancel, game_enforce_deadlines

from . import hub as lobby_hub
from . import selectors, services

# Answers to a challenge, each the service it calls.
CHALLENGE_ANSWERS = {
    "challenge_accept": services.challenge_accept,
    "challenge_decline": services.challenge_decline,
    "challenge_cancel": services.challenge_cancel,
}


class LobbyConsumer(JsonConsumer):
    """The waiting room: presence, open games, create / cancel / join.

    The room itself comes from the process's hub (`games.lobby.hub`), built once per change for
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
        self.hub = await lobby_hub.hub_attach(self, self.channel_layer)
        await self.send_lobby()

    async def disconnect(self, code):
        if not self.is_authenticated:
            return
        if self.hub is not None:
            await self.hub.detach(self)
        await database_call(services.lobby_presence_leave)(channel_name=self.channel_name)
        await self.channel_layer.group_discard(events.member_group(self.user.pk), self.channel_name)

    def _join(self) -> dict:
        game_enforce_deadlines(now=timezone.now())
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
                heartbeat_touch(services.lobby_presence_touch, self.channel_name)
                await self.send_json({"type": "pong"})
            elif message_type == "snapshot":
                self.you = await database_call(selectors.lobby_member)(user=self.user)
                await self.send_lobby()
            elif message_type == "create":
                game_format = content.get("format")
                is_ranked = content.get("is_ranked", False)
                if not isinstance(game_format, str) or not isinstance(is_ranked, bool):
                    raise GameError("malformed")
                game = await database_call(services.game_open)(
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
                if not is_int(challenge_id):
                    raise GameError("malformed")
                await database_call(CHALLENGE_ANSWERS[message_type])(
                    challenge_id=challenge_id, user=self.user
                )
            elif message_type in ("cancel", "join"):
                game_id = content.get("game_id")
                if not is_int(game_id):
                    raise GameError("malformed")
                service = game_cancel if message_type == "cancel" else services.game_join
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
