"""The websockets' database calls: a bounded pool of threads instead of Channels' single one.

Channels' `database_sync_to_async` runs every call of a process on one thread, so all the moves,
heartbeats and handshakes of a process wait for one another's round trips to the database: under
load that thread was ~92% busy while Daphne used a quarter of a core (docs/performance.md). Here
each call is still one whole service call (a transaction never spans two threads) but runs on one
of `settings.DATABASE_THREADS` threads, with Channels' connection care before and after it. On
PostgreSQL each call borrows a connection from the process's pool and gives it back at its end
(`DATABASE_POOL_MAX_SIZE`, cartomaniak/settings.py); on SQLite each thread keeps its own.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connections

_executor: ThreadPoolExecutor | None = None
_executor_threads = 0


def _pool() -> ThreadPoolExecutor:
    global _executor, _executor_threads
    if _executor is None:
        _executor_threads = settings.DATABASE_THREADS
        _executor = ThreadPoolExecutor(max_workers=_executor_threads, thread_name_prefix="database")
    return _executor


def database_call(function):
    """Return an awaitable version of `function`, run on the pool with Channels' connection care."""
    return DatabaseSyncToAsync(function, thread_sensitive=False, executor=_pool())


def database_pool_close() -> None:
    """Close every connection of the pool and stop its threads (a test database to be dropped)."""
    global _executor
    executor, _executor = _executor, None
    if executor is None:
        return
    # One call per thread: each waits at the barrier until all have started, so no thread
    # takes two and every thread closes its own connection.
    threads = _executor_threads
    barrier = threading.Barrier(threads)

    def close_this_thread() -> None:
        barrier.wait(timeout=10)
        connections.close_all()

    for future in [executor.submit(close_this_thread) for _ in range(threads)]:
        future.result()
    executor.shutdown(wait=True)
