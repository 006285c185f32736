"""Every figure of the site for Prometheus: the metrics, and the reads made when they are scraped.

The game code calls one thing of this module per place it measures (a move applied, a move
answered, a socket open, a computer decision), and nothing else: what is counted, and how, is
here. A metric never breaks what it measures: an update that fails is dropped, and a read made
at scrape time that fails (the database or Redis is down) leaves its samples out of that scrape,
counted in `cartomaniak_metrics_read_errors_total`, instead of failing /metrics.

Each Daphne process serves its own figures at /metrics (`cartomaniak.health`). A Celery worker,
whose tasks run in child processes, serves the figures of all its children on
`METRICS_WORKER_PORT` through prometheus_client's multiprocess mode (`PROMETHEUS_MULTIPROC_DIR`).
docs/operations.md, *Health and metrics*, lists every metric.
"""

import contextlib
import functools
import logging
import os
import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily

logger = logging.getLogger(__name__)

# The `_created` series (when each counter was made) only double what a scrape says.
disable_created_metrics()

# The kinds of tables a move is played at (every game has one table), and the kinds of
# websockets (one per consumer).
TABLE_KINDS = ("game",)
SOCKET_KINDS = ("lobby", "game", "tournament")

MOVES = Counter(
    "cartomaniak_moves",
    "Decisions applied and committed (persons' and computer players'), by kind of table.",
    ["kind"],
)
MOVE_LATENCY = Histogram(
    "cartomaniak_move_latency_seconds",
    "From an act frame received on a socket to the acting socket's new state sent.",
    ["kind"],
)
SOCKETS_OPEN = Gauge(
    "cartomaniak_sockets_open",
    "Websockets accepted and not yet closed in this process, by kind.",
    ["kind"],
    multiprocess_mode="livesum",
)
COMPUTER_DECISION = Histogram(
    "cartomaniak_computer_decision_seconds",
    "Time a computer player takes to choose its action, by level.",
    ["level"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
COMPUTER_TURN_LATE = Histogram(
    "cartomaniak_computer_turn_late_seconds",
    "From the end of a computer player's pause (its turn's due time) to its move stored, by "
    "level: the thinking and the waiting its pause did not hide.",
    ["level"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.5, 5.0, 10.0),
)
READ_ERRORS = Counter(
    "cartomaniak_metrics_read_errors",
    "Reads of a scrape that failed, their samples left out (database, database_connections, "
    "redis).",
    ["read"],
)

for _kind in TABLE_KINDS:
    MOVES.labels(kind=_kind)
    MOVE_LATENCY.labels(kind=_kind)
for _kind in SOCKET_KINDS:
    SOCKETS_OPEN.labels(kind=_kind)


def _safely(update, *args) -> None:
    """Run a metric's update; a failure (a full disk in multiprocess mode) loses only the figure."""
    try:
        update(*args)
    except Exception as error:
        logger.warning("Metric update failed: %r", error)


# --- Measured in the game code ------------------------------------------------------------------


def move_applied_on_commit(*, kind: str) -> None:
    """Count one decision applied at a table of `kind` once its transaction commits."""
    transaction.on_commit(functools.partial(_safely, MOVES.labels(kind=kind).inc), robust=True)


def computer_turn_late(*, level: str, seconds: float) -> None:
    """Observe how late after its pause a computer's move of `level` was stored."""
    _safely(COMPUTER_TURN_LATE.labels(level=level).observe, max(0.0, seconds))


@contextlib.contextmanager
def move_timed(*, kind: str):
    """Time the handling of one act frame, from its receipt to the acting socket's answer.

    Only a move that went through is observed: a refused one (stale version, illegal card)
    leaves by its exception, which this lets through untouched.
    """
    started = time.perf_counter()
    yield
    _safely(MOVE_LATENCY.labels(kind=kind).observe, time.perf_counter() - started)


def decision_timed(decide):
    """Decorate a computer player's decision function `decide(level, view, ...)`: time it."""

    @functools.wraps(decide)
    def timed(level, *args, **kwargs):
        started = time.perf_counter()
        try:
            return decide(level, *args, **kwargs)
        finally:
            _safely(COMPUTER_DECISION.labels(level=level).observe, time.perf_counter() - started)

    return timed


class SocketCounted:
    """Mix into a websocket consumer (before Channels' class): the socket is counted in
    `cartomaniak_sockets_open{kind=socket_kind}` from its accept to the end of its consumer,
    however it ends (closed by either side, refused after the handshake, a fault)."""

    socket_kind = "other"
    _is_counted = False

    async def __call__(self, scope, receive, send):
        try:
            return await super().__call__(scope, receive, send)
        finally:
            if self._is_counted:
                self._is_counted = False
                _safely(SOCKETS_OPEN.labels(kind=self.socket_kind).dec)

    async def accept(self, *args, **kwargs):
        await super().accept(*args, **kwargs)
        if not self._is_counted:
            self._is_counted = True
            _safely(SOCKETS_OPEN.labels(kind=self.socket_kind).inc)


# --- Read at scrape time ------------------------------------------------------------------------


@functools.lru_cache(maxsize=4)
def redis_client(url: str):
    """A client of the Redis at `url` for the probes: short timeouts, no retry (a probe that
    waits is a failing probe). Shared by the threads of the process, as redis-py allows."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis.from_url(
        url, socket_connect_timeout=0.5, socket_timeout=0.5, retry=Retry(NoBackoff(), 0)
    )


def celery_queue_names() -> list[str]:
    """The Celery queues of the site: the default queue and every queue a route names."""
    from cartomaniak.celery import app

    routed = [route["queue"] for route in (app.conf.task_routes or {}).values() if "queue" in route]
    return list(dict.fromkeys([app.conf.task_default_queue, *routed]))


def _database_counts() -> list[GaugeMetricFamily]:
    from django.db.models import Count
    from django.utils import timezone

    from games.engine.variants import VARIANTS
    from games.models import Game, LobbyPresence
    from games.tables.selectors import PRESENCE_EXPIRY_SECONDS

    since = timezone.now() - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    present = GaugeMetricFamily(
        "cartomaniak_lobby_members_present",
        "Members with a fresh waiting-room connection (the whole site, from the database).",
        value=LobbyPresence.objects.filter(last_seen__gte=since)
        .values("user_id")
        .distinct()
        .count(),
    )
    in_progress = GaugeMetricFamily(
        "cartomaniak_games_in_progress",
        "Games in progress (the whole site, from the database), by game of the registry.",
        labels=["variant"],
    )
    counts = dict(
        Game.objects.filter(status=Game.Status.IN_PROGRESS)
        .values("variant")
        .annotate(games=Count("pk"))
        .values_list("variant", "games")
        .order_by("variant")
    )
    # Every game of the registry, 0 when nobody plays it: a series that vanished would read as
    # missing data, not as no games.
    for variant in sorted({*VARIANTS, *counts}):
        in_progress.add_metric([variant], counts.get(variant, 0))
    return [present, in_progress]


def _database_connections() -> list[GaugeMetricFamily]:
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        (count,) = cursor.fetchone()
    return [
        GaugeMetricFamily(
            "cartomaniak_database_connections",
            "Connections to the site's PostgreSQL database, of every process (pg_stat_activity).",
            value=count,
        )
    ]


def _queue_lengths() -> list[GaugeMetricFamily]:
    names = celery_queue_names()
    pipeline = redis_client(settings.REDIS_URL).pipeline(transaction=False)
    for name in names:
        pipeline.llen(name)
    family = GaugeMetricFamily(
        "cartomaniak_celery_queue_length",
        "Tasks waiting in a Celery queue of the broker (LLEN), by queue.",
        labels=["queue"],
    )
    for name, length in zip(names, pipeline.execute(), strict=True):
        family.add_metric([name], length)
    return [family]


class ScrapeTimeCollector:
    """The figures of the whole site, read from the database and Redis when /metrics is asked."""

    def describe(self):
        # Nothing read at registration: the registry would otherwise collect once to learn names.
        return []

    def collect(self):
        reads = [("database", _database_counts), ("database_connections", _database_connections)]
        if settings.REDIS_URL:
            reads.append(("redis", _queue_lengths))
        for name, read in reads:
            try:
                families = read()
            except Exception as error:
                logger.warning("Metrics read %s failed: %r", name, error)
                _safely(READ_ERRORS.labels(read=name).inc)
                continue
            yield from families


REGISTRY.register(ScrapeTimeCollector())


# --- Celery workers -----------------------------------------------------------------------------


def worker_metrics_serve() -> int | None:
    """Serve the metrics of this Celery worker and its child processes on METRICS_WORKER_PORT;
    return the port, None when it is off. Called in the worker's main process at its start."""
    port = settings.METRICS_WORKER_PORT
    if not port:
        return None
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        logger.warning(
            "METRICS_WORKER_PORT is set without PROMETHEUS_MULTIPROC_DIR: the child processes' "
            "figures cannot be gathered; no metrics served"
        )
        return None
    from prometheus_client import multiprocess, start_http_server

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=directory)
    start_http_server(port, addr=settings.METRICS_WORKER_BIND, registry=registry)
    return port


def worker_process_forget(pid: int) -> None:
    """Drop the live gauges of a child process that ends (multiprocess mode only)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        _safely(multiprocess.mark_process_dead, pid)
