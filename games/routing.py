"""Websocket routes of the games app."""

from django.urls import path

from .lobby.consumers import LobbyConsumer
from .tables.consumers import TableConsumer

websocket_urlpatterns: list = [
    path("ws/salle/", LobbyConsumer.as_asgi()),
    path("ws/parties/<int:game_id>/", TableConsumer.as_asgi()),
]
