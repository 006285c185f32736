"""Group names and after-commit broadcasts of the games app.

Broadcasts only say *what changed*; every connection rebuilds its own view from the database,
so no group message ever carries a hand, a face-down card or a deck.

A broadcast is a side effect of a write that has already committed: when it fails (the channel
layer's Redis is down), the failure is logged and nothing else happens. The request that made
the write still answers, the sender still gets his own new view, the after-commit steps queued
after it still run, and the other connections catch up on their next heartbeat or reconnection
(docs/security.md, *Faults of the real-time layer*).
"""

import asyncio
import logging
import os
import threading
from contextlib import contextmanager

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.tables.hub import table_broadcast

logger = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"

# How long a broadcast may take before it is given up (logged, like any failed broadcast). A
# Redis that accepts and never answers (stopped, or a network that drops packets) held each
# broadcast about ten seconds before (the client's own retries and timeouts), and with it the
# socket that sent it or the database thread of the write that made it (a page's write holds the
# process's one thread for pages). A PUBLISH answers in well under a millisecond.
BROADCAST_SECONDS = 1.0
# How long a thread waits for the process's event loop to take its broadcast. A live loop takes
# it within milliseconds; a loop that has stopped (the process ending) never does, and the
# thread, and with it the process's exit, would wait for ever.
HAND_OVER_SECONDS = 10.0


GAME_GROUP_PREFIX = "game-"


def game_group(game_id: int) -> str:
    return f"{GAME_GROUP_PREFIX}{game_id}"


def game_id_of_group(group: str) -> int | None:
    """The table a group is of (None: not a table's group)."""
    if not group.startswith(GAME_GROUP_PREFIX):
        return None
    return int(group.removeprefix(GAME_GROUP_PREFIX))


def member_group(user_id: int) -> str:
    return f"member-{user_id}"


# The after-commit broadcasts of the service call running on this thread, when its caller sends
# them itself (`broadcasts_collected`).
_collecting = threading.local()


@contextmanager
def broadcasts_collected(messages: list):
    """Collect into `messages`, instead of sending them, the broadcasts of the writes committed
    inside: a socket's own service call, run on a database thread, leaves them to the event
    loop (`broadcasts_send`), so a move costs no hop from the thread back to the loop."""
    previous = getattr(_collecting, "messages", None)
    _collecting.messages = messages
    try:
        yield messages
    finally:
        _collecting.messages = previous


async def broadcasts_send(messages: list) -> None:
    """Send broadcasts collected by `broadcasts_collected`, on the event loop, each on its own:
    a failure is logged, like any broadcast's."""
    for group, message in messages:
        await broadcast(group, message)


async def broadcast(group: str, message: dict) -> None:
    """Send `message` to `group` now. A table's group goes through this process's table hub,
    which hands it to the table's sockets here without the channel layer when it can
    (games/tables/hub.py); any other group through the layer. A failure is logged."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async with asyncio.timeout(BROADCAST_SECONDS):
            game_id = game_id_of_group(group)
            if game_id is None:
                await layer.group_send(group, message)
            else:
                # The table's sockets of this process get it first, whatever Redis does.
                await table_broadcast(layer, group, game_id, message)
    except Exception as error:  # whatever the layer raises, the write it reports stands
        logger.warning("Broadcast of %s to %s failed: %r", message["type"], group, error)


def _loop_of_this_thread() -> asyncio.AbstractEventLoop | None:
    """The event loop that handed this thread its work (a database or runner thread of an ASGI
    process, through `sync_to_async`), or None (a Celery worker, a management command)."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    return getattr(SyncToAsync.threadlocal, "main_event_loop", None)


def _send(group: str, message: dict) -> None:
    collected = getattr(_collecting, "messages", None)
    if collected is not None:
        collected.append((group, message))
        return
    loop = _loop_of_this_thread()
    try:
        if loop is None:
            # A loop of its own, for the broadcast only.
            async_to_sync(broadcast)(group, message)
        else:
            # On the process's loop, where the table hub lives; not through `async_to_sync`,
            # which waits without end for a loop that has stopped.
            asyncio.run_coroutine_threadsafe(broadcast(group, message), loop).result(
                timeout=HAND_OVER_SECONDS + BROADCAST_SECONDS
            )
    except Exception as error:  # a loop closed or stopped, a thread that runs one: logged
        logger.warning("Broadcast of %s to %s failed: %r", message["type"], group, error)


def send_on_commit(group: str, message: dict) -> None:
    """Send `message` to `group` once the current transaction has committed (never before)."""
    transaction.on_commit(lambda: _send(group, message))


def game_changed_on_commit(*, game_id: int, version: int) -> None:
    send_on_commit(game_group(game_id), {"type": "game.changed", "version": version})


def lobby_changed_on_commit() -> None:
    send_on_commit(LOBBY_GROUP, {"type": "lobby.changed"})


def game_started_on_commit(*, user_id: int, game_id: int, url: str) -> None:
    send_on_commit(member_group(user_id), {"type": "game.started", "game_id": game_id, "url": url})


def challenge_changed_on_commit(*, challenge: dict, member_ids: tuple[int, ...]) -> None:
    """Tell the two members of a challenge (their waiting-room sockets only) what became of it."""
    for member_id in member_ids:
        send_on_commit(
            member_group(member_id), {"type": "challenge.changed", "challenge": challenge}
        )


def game_presence_on_commit(*, game_id: int) -> None:
    """Tell a table that a player came or went: each connection sends the new presence."""
    send_on_commit(game_group(game_id), {"type": "game.presence"})


def game_rematch_on_commit(*, game_id: int) -> None:
    """Tell a table that its rematch offer changed: each connection sends its state."""
    send_on_commit(game_group(game_id), {"type": "game.rematch"})
