"""Websocket routes of the tournaments app."""

from django.urls import path

from . import consumers

websocket_urlpatterns: list = [
    path("ws/tournois/<int:tournament_id>/", consumers.TournamentConsumer.as_asgi()),
]
