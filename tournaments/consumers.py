"""The live socket of a competition's page: it only says that something changed.

Anyone may watch a competition, signed in or not; the page then fetches its own fresh view.
The site's socket limits hold here too (games.limits): its sockets count among the member's (or
the address's) open sockets, and a socket sending more than its message budget is closed.
"""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from cartomaniak import metrics
from cartomaniak.database import database_call
from games import limits

from .events import tournament_group
from .models import Tournament


class TournamentConsumer(metrics.SocketCounted, limits.SocketLimits, AsyncJsonWebsocketConsumer):
    socket_kind = "tournament"

    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        exists = await database_call(Tournament.objects.filter(pk=self.tournament_id).exists)()
        if not exists:
            await self.close(code=4404)
            return
        self.group = tournament_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        group = getattr(self, "group", None)
        if group:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not await self.message_admitted():
            return
        raw = text_data if text_data is not None else bytes_data
        # The page only pings; anything else (or too big to be a ping) is ignored unread.
        if raw is not None and len(raw) <= 64:
            await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)

    @classmethod
    async def decode_json(cls, text_data):
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return None

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def tournament_changed(self, event):
        await self.send_json({"type": "changed"})
