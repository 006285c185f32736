"""Scheduled jobs inside the ASGI process, for the embedded default (no Celery there).

Daphne runs no ASGI lifespan events, so the loop is started lazily by the first request or
websocket that reaches `cartomaniak.asgi`. It calls the same task functions Celery beat would,
each in a worker thread through `database_sync_to_async`; the services they call lock the rows
they change, so a job that overlaps a player's own action is harmless.
"""

import asyncio
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils.module_loading import import_string

from .schedules import SCHEDULED_JOBS

logger = logging.getLogger(__name__)

_loop_task: asyncio.Task | None = None


def background_jobs_ensure_started() -> None:
    """Start the job loop on the running event loop once, if this process is the job runner."""
    global _loop_task
    if settings.BACKGROUND_JOBS != "embedded":
        return
    if _loop_task is not None and not _loop_task.done():
        return
    _loop_task = asyncio.get_running_loop().create_task(_run_jobs_forever())
    # The computer players' runner: a timetable on this loop, decisions in a thread pool.
    from games.robots.scheduling import computer_runner_ensure_started

    computer_runner_ensure_started()


async def _run_jobs_forever() -> None:
    next_run = {job.name: 0.0 for job in SCHEDULED_JOBS}
    while True:
        now = time.monotonic()
        for job in SCHEDULED_JOBS:
            if now < next_run[job.name]:
                continue
            next_run[job.name] = now + job.every_seconds
            try:
                task = import_string(job.task)
                await database_sync_to_async(task)()
            except Exception:  # one failing job must not stop the others, nor the next round
                logger.exception("Scheduled job %s failed", job.name)
        await asyncio.sleep(0.25)
