"""A process's heartbeats written together: one UPDATE a second, not one per socket's ping.

A waiting-room or table socket pings every 20 s (docs/protocol.md) to say its member is still
there. Written one by one, that is a database write per socket every 20 s: 50 a second for
1,000 sockets, each a round trip on the database threads that every move and page also waits
for. Instead each process notes the sockets that pinged (`heartbeat_touch`) and writes them
together once a second (`FLUSH_SECONDS`), one statement for each kind of presence (the waiting
room's, the tables'), whatever the number of sockets. A heartbeat a second late is nothing beside
the 45 s after which a connection stops counting (`selectors.PRESENCE_EXPIRY_SECONDS`); one lost
with its process (a crash within that second) is its socket's loss anyway.

The arrival and the departure of a connection are still written at once, by their own services:
they change what the others see (the presence frames), a heartbeat does not.
"""

import asyncio
import logging
import weakref
from collections.abc import Callable

from django.utils import timezone

from cartomaniak.database import database_call

logger = logging.getLogger(__name__)

# How long a heartbeat may wait to be written with the others.
FLUSH_SECONDS = 1.0

# write(channel_names=, now=): the statement of one kind of presence.
Write = Callable[..., None]


class HeartbeatBatch:
    """The sockets of one kind of presence that pinged since the last write, in one event loop
    (a process has one; each test has its own)."""

    def __init__(self, write: Write) -> None:
        self.write = write
        self.pending: set[str] = set()
        self.flushing: asyncio.Task | None = None

    def touch(self, channel_name: str) -> None:
        self.pending.add(channel_name)
        if self.flushing is None:
            self.flushing = asyncio.get_running_loop().create_task(self._flush_soon())

    async def _flush_soon(self) -> None:
        try:
            await asyncio.sleep(FLUSH_SECONDS)
        finally:
            self.flushing = None
        await self.flush()

    async def flush(self) -> None:
        """Write the sockets noted so far; whatever pings from now on waits for the next write."""
        channel_names, self.pending = sorted(self.pending), set()
        if not channel_names:
            return
        try:
            await database_call(self.write)(channel_names=channel_names, now=timezone.now())
        except Exception:
            # The next ping of each socket tries again; its presence expires only after 45 s.
            logger.exception("heartbeats of %d sockets not written", len(channel_names))


_batches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Write, HeartbeatBatch]] = (
    weakref.WeakKeyDictionary()
)


def heartbeat_touch(write: Write, channel_name: str) -> None:
    """Note that `channel_name` pinged: `write(channel_names=[...], now=)` records it with the
    other sockets of this process within FLUSH_SECONDS. Called on the event loop."""
    batches = _batches.setdefault(asyncio.get_running_loop(), {})
    batch = batches.get(write)
    if batch is None:
        batch = batches[write] = HeartbeatBatch(write)
    batch.touch(channel_name)


async def heartbeats_flush() -> None:
    """Write this loop's waiting heartbeats now, without waiting for their second (the tests)."""
    for batch in list(_batches.get(asyncio.get_running_loop(), {}).values()):
        await batch.flush()
