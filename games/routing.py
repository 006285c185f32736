"""Websocket routes of the games app."""

from django.urls import path

from . import consumers

websocket_urlpatterns: list = [
    path("ws/salle/", consumers.LobbyConsumer.as_asgi()),
    path("ws/parties/<int:game_id>/", consumers.GameConsumer.as_asgi()),
]
