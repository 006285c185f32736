"""The waiting room, fanned out once (docs/protocol.md, *Waiting room*; docs/performance.md).

A change in the room (someone arrives or leaves, a game or a table opens, a seat is taken or left
there, a game starts, ends or is cancelled) is
announced on the channel layer's `lobby` group, which holds **one member per process**: that
process's `LobbyHub`. The hub rebuilds the room from the database once, compares it with the
room it holds, and sends the same small `lobby_diff` frame, encoded once, to every waiting-room
socket of its process. Nothing in the room depends on who looks at it; what does (who you are,
your challenges) is sent to one member's sockets only. With several processes, each one builds
the room once per change: the cost grows with the processes, not with the people.

`room_diff` and `room_apply` are pure: the hub uses the first, the page (lobby.js) and the tests
the second, and `room_apply(room, room_diff(room, new)) == new` always.
"""

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections, connections

from games import events
from games.listening import channel_listen

from . import selectors

logger = logging.getLogger(__name__)

# Each list of the room, the field that names an entry, and the order it is kept in.
ROOM_LISTS = {
    "present": ("name", False),
    "open_games": ("id", False),
    # Every game being played, whatever the game, newest first.
    "games_in_progress": ("id", True),
    # The tables their hosts set up (seats, computers), oldest first.
    "open_tables": ("id", False),
}

# A rebuild at least this often even when no change was announced: a group message lost in a
# channel layer restart only leaves the room behind for a while.
REBUILD_EVERY_SECONDS = 30.0


def room_diff(old: dict | None, new: dict) -> dict:
    """Return what changed from `old` to `new`: per list, the keys removed and entries upserted."""
    changes = {}
    for list_name, (key, _descending) in ROOM_LISTS.items():
        before = {entry[key]: entry for entry in (old or {}).get(list_name, [])}
        after = {entry[key]: entry for entry in new[list_name]}
        removed = [name for name in before if name not in after]
        upserted = [entry for name, entry in after.items() if before.get(name) != entry]
        if removed or upserted:
            changes[list_name] = {"remove": removed, "upsert": upserted}
    return changes


def room_apply(room: dict, changes: dict) -> dict:
    """Return the room with `changes` applied (the reference for lobby.js's `applyChanges`)."""
    result = dict(room)
    for list_name, change in changes.items():
        key, descending = ROOM_LISTS[list_name]
        removed = set(change["remove"])
        entries = {entry[key]: entry for entry in room[list_name] if entry[key] not in removed}
        entries.update({entry[key]: entry for entry in change["upsert"]})
        result[list_name] = [entries[name] for name in sorted(entries, reverse=descending)]
    return result


class LobbyHub:
    """The waiting room of one process: one channel in the `lobby` group, the room as last
    built, and the sockets to send it to. Lives on the event loop of its first socket."""

    def __init__(self, layer) -> None:
        self.layer = layer
        self.loop = asyncio.get_running_loop()
        self.sockets: set = set()
        self.room: dict | None = None
        self.version = 0
        self.is_stopped = False
        self._changed = asyncio.Event()
        self._channel: str | None = None
        self._started: asyncio.Future | None = None
        self._tasks: list[asyncio.Task] = []
        # The room is read on a thread of its own: a change does not queue behind every
        # socket's own database calls (heartbeats, arrivals) on Channels' database thread.
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lobby-hub")

    async def attach(self, socket) -> bool:
        """Add a socket; return False if this hub stopped meanwhile (take a new one).

        A start that failed (the database or the channel layer down for a moment) is not kept:
        the hub stops, the sockets that waited for it get the error, and the next socket starts
        a new hub. Keeping it closed every later socket of the process until a restart.
        """
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
        try:
            await asyncio.shield(self._started)
        except Exception:
            await self._stop()
            raise
        if self.is_stopped:
            return False
        self.sockets.add(socket)
        return True

    async def detach(self, socket) -> None:
        self.sockets.discard(socket)
        if self.sockets or self.is_stopped:
            return
        # The last socket of the process left: stop listening (a new one starts a new hub).
        await self._stop()

    async def _stop(self) -> None:
        if self.is_stopped:
            return
        self.is_stopped = True
        if _hubs.get(id(self.layer)) is self:
            del _hubs[id(self.layer)]
        for task in self._tasks:
            task.cancel()
        # Its thread's database connection goes with it.
        self._executor.submit(connections.close_all)
        self._executor.shutdown(wait=False)
        if self._channel is not None:
            try:
                await self.layer.group_discard(events.LOBBY_GROUP, self._channel)
            except Exception:  # a channel layer down: its group entry expires by itself
                logger.warning("Waiting room: could not leave the lobby group", exc_info=True)

    async def _start(self) -> None:
        self._channel = await self.layer.new_channel()
        # Listen before the first build: a change committed in between is not missed.
        await self.layer.group_add(events.LOBBY_GROUP, self._channel)
        self._tasks = [
            self.loop.create_task(
                channel_listen(
                    self.layer, self._channel, self._heard, logger=logger, name="Waiting room"
                )
            ),
            self.loop.create_task(self._rebuild_forever()),
        ]
        self.room = await self._build()

    def _build_in_thread(self) -> dict:
        close_old_connections()
        try:
            return selectors.lobby_room()
        finally:
            close_old_connections()

    async def _build(self) -> dict:
        return await self.loop.run_in_executor(self._executor, self._build_in_thread)

    async def _heard(self, message: dict) -> None:
        if message.get("type") == "lobby.changed":
            self._changed.set()

    async def _rebuild_forever(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=REBUILD_EVERY_SECONDS)
            except TimeoutError:
                pass
            # Changes announced while this build runs set the flag again: one more build
            # follows, however many there were (a burst of arrivals costs two builds).
            self._changed.clear()
            try:
                room = await self._build()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("Waiting room: rebuilding the room failed")
                await asyncio.sleep(1.0)
                self._changed.set()
                continue
            await self.publish(room)

    async def publish(self, room: dict) -> None:
        """Send what changed from the room held to `room`, once encoded, to every socket."""
        changes = room_diff(self.room, room)
        if not changes:
            return
        self.room = room
        self.version += 1
        text = json.dumps({"type": "lobby_diff", "version": self.version, "changes": changes})
        for socket in list(self.sockets):
            try:
                await socket.send_room_text(text)
            except Exception:  # one closing socket must not keep the others from the change
                logger.info("Waiting room: a socket missed a change", exc_info=True)


# One hub per channel layer in this process (a new layer, as in tests, gets a new hub).
_hubs: dict[int, LobbyHub] = {}


async def hub_attach(socket, layer) -> LobbyHub:
    """Return the process's waiting room with `socket` added to it (started if need be)."""
    while True:
        hub = _hubs.get(id(layer))
        if hub is None or hub.layer is not layer or hub.loop is not asyncio.get_running_loop():
            hub = LobbyHub(layer)
            _hubs[id(layer)] = hub
        if await hub.attach(socket):
            return hub
