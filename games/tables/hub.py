"""A table's news reaches the table's sockets of this process without the channel layer.

Every table socket of a process joins its process's `TableHub`, not the channel layer's group.
The hub holds **one member per process** in each table's group (`game-<id>`) and hands each of
the table's messages (`game.changed`, `game.presence`, `game.rematch`, `game.phrase`) to the
table's sockets of its process through their own queues (`LocallyFedConsumer`), in order, with
the client's frames and the socket's other messages.

A table's sockets normally all sit on one process: nginx routes `/ws/parties/<id>/` by the
table's number (docs/operations.md). A broadcast made in that process then never touches the
channel layer: no Redis publish, no message read back, no encoding. It goes through the layer
only when another process is known to listen to that table, or might be:

- a hub that starts listening to a table says so on the table's group (`table.joined`); the hubs
  already listening answer it directly (`table.present`) and count it among the table's other
  listeners, until it says it left (`table.left`);
- for its first `ANNOUNCE_SECONDS` on a table, a hub sends through the layer anyway: the answers
  of the hubs already there may still be on their way.

A broadcast from anywhere else (a Celery worker, a process with no socket of that table) goes
through the layer as before, and each listening hub hands it to its sockets. What a socket might
still miss (a hub that joined at the very moment of a move, a layer down) it catches up at its
next heartbeat, as before (docs/protocol.md).

Messages carry no card: each socket rebuilds its own view (games/events.py).
"""

import asyncio
import logging
import time

from games.listening import channel_listen

logger = logging.getLogger(__name__)

# How long a hub that has just begun to listen to a table sends its news through the channel
# layer too, whoever else it knows of: the other hubs' answers to its arrival may be on their way.
ANNOUNCE_SECONDS = 2.0


class TableHub:
    """The tables of one process: one channel in each table's group, the sockets of each table,
    and the other hubs known to listen to it. Lives on the event loop of its first socket."""

    def __init__(self, layer) -> None:
        self.layer = layer
        self.loop = asyncio.get_running_loop()
        self.channel: str | None = None
        self.is_stopped = False
        self.sockets: dict[int, set] = {}
        self.groups: dict[int, str] = {}
        self.others: dict[int, set[str]] = {}
        self.joined_at: dict[int, float] = {}
        # Joining and leaving a table's group, one at a time: a leave's `group_discard` never
        # lands after the next socket's `group_add`.
        self._lock = asyncio.Lock()
        self._started: asyncio.Future | None = None
        self._listener: asyncio.Task | None = None

    # --- Sockets -------------------------------------------------------------------------------

    async def join(self, group: str, game_id: int, socket) -> bool:
        """Hand the table's news to `socket` from now on; False if this hub stopped meanwhile.

        Raises what the channel layer raises (Redis down): the socket is refused, as before."""
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
        try:
            await asyncio.shield(self._started)
        except Exception:
            self._stop_now()
            raise
        async with self._lock:
            if self.is_stopped:
                return False
            if game_id not in self.sockets:
                # Listen before the socket reads the game: a change committed in between is
                # not missed.
                await self.layer.group_add(group, self.channel)
                self.sockets[game_id] = set()
                self.groups[game_id] = group
                self.others[game_id] = set()
                self.joined_at[game_id] = time.monotonic()
                await self._say(game_id, {"type": "table.joined"})
            self.sockets[game_id].add(socket)
        return True

    async def leave(self, game_id: int, socket) -> None:
        async with self._lock:
            sockets = self.sockets.get(game_id)
            if sockets is None:
                return
            sockets.discard(socket)
            if sockets:
                return
            del self.sockets[game_id]
            del self.others[game_id]
            del self.joined_at[game_id]
            group = self.groups.pop(game_id)
            try:
                await self.layer.group_discard(group, self.channel)
            except Exception:  # a layer down: its entry goes with the process's connection
                logger.warning("Tables: could not leave %s", group, exc_info=True)
            await self._say(game_id, {"type": "table.left"}, group=group)
            if not self.sockets:
                # The last table of the process: stop listening (the next socket starts anew).
                self._stop_now()

    # --- Broadcasts ----------------------------------------------------------------------------

    def is_listening(self, game_id: int) -> bool:
        return game_id in self.sockets

    def is_alone(self, game_id: int) -> bool:
        """Whether no other process listens to the table, as far as this hub can know."""
        joined_at = self.joined_at.get(game_id)
        return (
            joined_at is not None
            and not self.others[game_id]
            and time.monotonic() - joined_at >= ANNOUNCE_SECONDS
        )

    def hand_out(self, game_id: int, message: dict) -> None:
        """Queue `message` for every socket of the table in this process."""
        for socket in self.sockets.get(game_id, ()):
            socket.local_messages.put_nowait(message)

    # --- The hub's channel ---------------------------------------------------------------------

    async def _start(self) -> None:
        self.channel = await self.layer.new_channel()
        self._listener = self.loop.create_task(
            channel_listen(self.layer, self.channel, self._heard, logger=logger, name="Tables")
        )

    def _stop_now(self) -> None:
        if self.is_stopped:
            return
        self.is_stopped = True
        if _hubs.get(id(self.layer)) is self:
            del _hubs[id(self.layer)]
        if self._listener is not None:
            # Cancelling the receive unsubscribes the hub's channel (channels-redis).
            self._listener.cancel()

    async def _say(self, game_id: int, message: dict, *, group: str | None = None) -> None:
        """Tell the table's other hubs something about this one (its arrival, its departure)."""
        group = group or self.groups[game_id]
        try:
            await self.layer.group_send(
                group, {**message, "game_id": game_id, "channel": self.channel}
            )
        except Exception:  # the others learn it late, or from the layer's own expiry
            logger.warning("Tables: could not tell %s: %s", group, message["type"], exc_info=True)

    async def _heard(self, message: dict) -> None:
        game_id = message.get("game_id")
        if game_id not in self.sockets:
            return
        message_type = message["type"]
        sender = message.get("channel") or message.get("origin")
        if sender == self.channel:
            return  # this hub's own news, handed out when it was sent
        if message_type == "table.joined":
            self.others[game_id].add(sender)
            try:
                await self.layer.send(
                    sender, {"type": "table.present", "game_id": game_id, "channel": self.channel}
                )
            except Exception:
                logger.warning("Tables: could not answer a hub's arrival", exc_info=True)
        elif message_type == "table.present":
            self.others[game_id].add(sender)
        elif message_type == "table.left":
            self.others[game_id].discard(sender)
        else:
            self.hand_out(game_id, message)


# One hub per channel layer in this process (a new layer or loop, as in tests, gets a new hub).
_hubs: dict[int, TableHub] = {}


def _hub_of_this_loop(layer) -> TableHub | None:
    hub = _hubs.get(id(layer))
    if hub is None or hub.layer is not layer or hub.loop is not asyncio.get_running_loop():
        return None
    return hub


async def table_join(group: str, game_id: int, socket, layer) -> TableHub:
    """Return the process's hub, `socket` listening through it to the table `game_id`, whose
    group is `group` (games/events.py names the groups)."""
    while True:
        hub = _hub_of_this_loop(layer)
        if hub is None:
            hub = _hubs[id(layer)] = TableHub(layer)
        if await hub.join(group, game_id, socket):
            return hub


async def table_broadcast(layer, group: str, game_id: int, message: dict) -> None:
    """Send a table's message to every socket of the table, wherever it is: to this process's
    sockets directly, and through the channel layer unless no other process listens."""
    hub = _hub_of_this_loop(layer)
    if hub is None or not hub.is_listening(game_id):
        await layer.group_send(group, {**message, "game_id": game_id})
        return
    hub.hand_out(game_id, message)
    if not hub.is_alone(game_id):
        await layer.group_send(group, {**message, "game_id": game_id, "origin": hub.channel})
