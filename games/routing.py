"""Websocket routes of the games app."""

from django.urls import path

from . import consumers
from .partnership.consumers import PartnershipTableConsumer

websocket_urlpatterns: list = [
    path("ws/salle/", consumers.LobbyConsumer.as_asgi()),
    path("ws/parties/<int:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", PartnershipTableConsumer.as_asgi()),
]
