"""A table's news through the process's table hub (games/tables/hub.py): to the table's sockets
of this process directly, through the channel layer only when another process listens.

Each hub is a process here: two channel layers on one redis-server of the test's own are two
processes' layers."""

import asyncio

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from cartomaniak.settings import redis_services
from games import events
from games.tables import hub
from tests.faults import RedisServer

GAME_ID = 7
GROUP = events.game_group(GAME_ID)


class Socket:
    """What the hub needs of a table's socket: its queue."""

    def __init__(self) -> None:
        self.local_messages: asyncio.Queue = asyncio.Queue()

    async def next(self) -> dict:
        return await asyncio.wait_for(self.local_messages.get(), timeout=5)


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.kill()


def process_layer(server) -> RedisPubSubChannelLayer:
    """A channel layer configured as the site's on Redis (cartomaniak/settings.py)."""
    layers, _caches = redis_services(server.url)
    return RedisPubSubChannelLayer(**layers["default"]["CONFIG"])


def counting_sends(layer) -> list:
    sent = []
    group_send = layer.group_send

    async def counted(group, message):
        sent.append((group, message["type"]))
        await group_send(group, message)

    layer.group_send = counted
    return sent


async def eventually(predicate, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


async def test_a_table_alone_on_its_process_never_touches_the_channel_layer(
    redis_server, monkeypatch
):
    monkeypatch.setattr(hub, "ANNOUNCE_SECONDS", 0.0)
    layer = process_layer(redis_server)
    sockets = [Socket(), Socket()]
    table_hub = None
    for socket in sockets:
        table_hub = await hub.table_join(GROUP, GAME_ID, socket, layer)
    sent = counting_sends(layer)

    await hub.table_broadcast(layer, GROUP, GAME_ID, {"type": "game.changed", "version": 2})

    for socket in sockets:
        assert (await socket.next())["version"] == 2
    assert sent == []
    for socket in sockets:
        await table_hub.leave(GAME_ID, socket)
    assert table_hub.is_stopped
    await layer.flush()


async def test_two_processes_of_one_table_hear_each_other_once(redis_server, monkeypatch):
    monkeypatch.setattr(hub, "ANNOUNCE_SECONDS", 0.0)
    first_layer, second_layer = process_layer(redis_server), process_layer(redis_server)
    first, second = Socket(), Socket()
    first_hub = await hub.table_join(GROUP, GAME_ID, first, first_layer)
    second_hub = await hub.table_join(GROUP, GAME_ID, second, second_layer)
    assert first_hub is not second_hub
    # The second's arrival is heard by the first, which answers it.
    await eventually(lambda: first_hub.others[GAME_ID] == {second_hub.channel})
    await eventually(lambda: second_hub.others[GAME_ID] == {first_hub.channel})
    assert not first_hub.is_alone(GAME_ID)

    await hub.table_broadcast(first_layer, GROUP, GAME_ID, {"type": "game.changed", "version": 2})
    await hub.table_broadcast(second_layer, GROUP, GAME_ID, {"type": "game.changed", "version": 3})

    # Each socket hears both, its own process's news only once. (Their order may differ: its own
    # is handed out at once. A socket drops a version older than the one it has shown.)
    assert sorted([(await first.next())["version"], (await first.next())["version"]]) == [2, 3]
    assert sorted([(await second.next())["version"], (await second.next())["version"]]) == [2, 3]
    await asyncio.sleep(0.3)
    assert first.local_messages.empty() and second.local_messages.empty()

    # The second process leaves the table: the first is alone again and stops publishing.
    await second_hub.leave(GAME_ID, second)
    await eventually(lambda: first_hub.others[GAME_ID] == set())
    sent = counting_sends(first_layer)
    await hub.table_broadcast(first_layer, GROUP, GAME_ID, {"type": "game.changed", "version": 4})
    assert (await first.next())["version"] == 4
    assert sent == []
    await first_hub.leave(GAME_ID, first)
    await first_layer.flush()
    await second_layer.flush()


async def test_a_new_listener_is_published_to_until_the_others_have_answered(redis_server):
    # ANNOUNCE_SECONDS as configured: just after it joined, a hub sends through the layer even
    # though it knows of no other process yet.
    layer = process_layer(redis_server)
    socket = Socket()
    table_hub = await hub.table_join(GROUP, GAME_ID, socket, layer)
    sent = counting_sends(layer)

    await hub.table_broadcast(layer, GROUP, GAME_ID, {"type": "game.changed", "version": 2})

    assert sent == [(GROUP, "game.changed")]
    assert (await socket.next())["version"] == 2
    await asyncio.sleep(0.3)  # its own message, back from Redis, is not handed out again
    assert socket.local_messages.empty()
    await table_hub.leave(GAME_ID, socket)
    await layer.flush()


async def test_a_broadcast_from_a_process_without_the_table_reaches_its_sockets(redis_server):
    # A Celery worker's, or a process where no socket of that table is open.
    layer, worker_layer = process_layer(redis_server), process_layer(redis_server)
    socket = Socket()
    table_hub = await hub.table_join(GROUP, GAME_ID, socket, layer)

    await hub.table_broadcast(worker_layer, GROUP, GAME_ID, {"type": "game.presence"})

    assert (await socket.next())["type"] == "game.presence"
    await table_hub.leave(GAME_ID, socket)
    await layer.flush()
    await worker_layer.flush()


@pytest.mark.django_db(transaction=True)
async def test_a_socket_refused_at_its_opening_is_let_go_of(monkeypatch):
    # The database down when a table's socket opens: the socket is refused, and the process's
    # hub does not keep it (nor the table) for the rest of its life.
    from channels.layers import get_channel_layer

    from games.tables import consumers
    from tests.games.websocket import open_socket

    def database_down(self):
        raise RuntimeError("the database is down")

    monkeypatch.setattr(consumers.TableConsumer, "_open", database_down)
    with pytest.raises(RuntimeError, match="the database is down"):
        await open_socket(f"/ws/parties/{GAME_ID}/")
    table_hub = hub._hub_of_this_loop(get_channel_layer())
    assert table_hub is None or not table_hub.is_listening(GAME_ID)
