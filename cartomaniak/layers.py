"""The channel layer of the embedded default: Channels' in-memory layer, made cheap per message.

Channels' `InMemoryChannelLayer` sweeps every channel and every group membership of the process
for expired entries on *each* receive and group send, and starts a task per member for a group
send. With a few hundred sockets open that sweep alone was a fifth of the embedded server's CPU
at 100 games (docs/performance.md, *The move's path*). Here the sweep runs at most once a second
(messages expire after a minute, memberships after a day: a second late changes nothing) and a
group's members are sent to in turn, which is what those tasks did, without the tasks.

With `REDIS_URL` set the site uses channels-redis instead (cartomaniak/settings.py).
"""

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

SWEEP_EVERY_SECONDS = 1.0


class InProcessChannelLayer(InMemoryChannelLayer):
    _swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept_at < SWEEP_EVERY_SECONDS:
            return
        self._swept_at = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                # As Channels' layer does: a full channel misses a group message; the table's
                # socket catches up at its next heartbeat.
                pass
