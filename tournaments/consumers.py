"""The live socket of a competition's page: it only says that something changed.

Anyone may watch a competition, signed in or not; the page then fetches its own fresh view.
"""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from .events import tournament_group
from .models import Tournament


class TournamentConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        exists = await database_sync_to_async(
            Tournament.objects.filter(pk=self.tournament_id).exists
        )()
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

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def tournament_changed(self, event):
        await self.send_json({"type": "changed"})
