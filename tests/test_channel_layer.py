"""The embedded default's channel layer (cartomaniak/layers.py) and the sockets' dispatch
(games/sockets.py): cheap per message, with Channels' semantics."""

import time

import channels.consumer
import pytest
from asgiref.sync import sync_to_async
from django.conf import settings

from cartomaniak import layers
from cartomaniak.layers import InProcessChannelLayer
from tests.games.websocket import open_socket, session_cookie


async def test_a_group_send_reaches_every_member_once():
    layer = InProcessChannelLayer()
    channels = [await layer.new_channel() for _ in range(3)]
    for channel in channels[:2]:
        await layer.group_add("table", channel)
    await layer.group_send("table", {"type": "game.changed", "version": 2})
    for channel in channels[:2]:
        assert await layer.receive(channel) == {"type": "game.changed", "version": 2}
    assert channels[2] not in layer.channels
    assert not any(queue.qsize() for queue in layer.channels.values())


async def test_expired_messages_are_swept_at_most_once_a_second(monkeypatch):
    layer = InProcessChannelLayer(expiry=60)
    stale, member = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("table", stale)
    await layer.group_add("table", member)
    await layer.send(stale, {"type": "game.changed", "version": 1})
    expired_at = time.time() + 61
    monkeypatch.setattr(layers.time, "monotonic", lambda: 1000.0)
    monkeypatch.setattr("channels.layers.time.time", lambda: expired_at)
    # The first sweep of the second removes the expired message and its channel's membership.
    await layer.group_send("table", {"type": "game.changed", "version": 2})
    assert stale not in layer.groups["table"]
    assert await layer.receive(member) == {"type": "game.changed", "version": 2}
    # Within the same second no other sweep runs: a message expired meanwhile stays.
    await layer.send(stale, {"type": "game.changed", "version": 3})
    monkeypatch.setattr("channels.layers.time.time", lambda: expired_at + 61)
    await layer.group_send("table", {"type": "game.changed", "version": 4})
    assert layer.channels[stale].qsize() == 1
    # A second later it goes.
    monkeypatch.setattr(layers.time, "monotonic", lambda: 1001.5)
    await layer.group_send("table", {"type": "game.changed", "version": 5})
    assert stale not in layer.channels


def test_the_embedded_default_uses_it():
    if settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_redis"):
        pytest.skip("the Redis layer is configured")
    assert (
        settings.CHANNEL_LAYERS["default"]["BACKEND"] == "cartomaniak.layers.InProcessChannelLayer"
    )


@pytest.mark.django_db(transaction=True)
async def test_a_socket_message_does_not_hop_to_the_synchronous_thread(alice, monkeypatch):
    # Channels' dispatch closes the old connections on the process's one synchronous thread
    # before every message; ours does not (every database call cares for its own connection).
    hops = []

    async def counted_hop():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted_hop)
    cookie = await sync_to_async(session_cookie)(alice)
    socket, connected, _code = await open_socket("/ws/salle/", cookie)
    assert connected
    assert (await socket.receive_json_from())["type"] == "lobby"
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from())["type"] == "pong"
    await socket.disconnect()
    assert hops == []
