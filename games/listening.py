"""A process's long-lived listener on its own channel of the channel layer.

The waiting room's hub and the tables' hub (`games/lobby/hub.py`, `games/tables/hub.py`) each
hold one channel per process and listen to it for as long as the process lives. A layer that is
down (Redis restarting) must not end the listening: it is logged and tried again a second later.
A message that cannot be handled must not either: it is logged and the next one is heard.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

RETRY_SECONDS = 1.0


async def channel_listen(
    layer,
    channel: str,
    heard: Callable[[dict], Awaitable[None]],
    *,
    logger: logging.Logger,
    name: str,
) -> None:
    """Hand every message received on `channel` to `heard`, until cancelled; `name` says whose
    listener it is in the log."""
    while True:
        try:
            message = await layer.receive(channel)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("%s: channel layer unavailable", name, exc_info=True)
            await asyncio.sleep(RETRY_SECONDS)
            continue
        try:
            await heard(message)
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad message must not stop the listener
            logger.exception("%s: a message could not be handled: %.200r", name, message)
