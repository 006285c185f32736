"""When a computer player's turn is due, and where it runs.

A computer turn is triggered twice over, and played at most once:

- after each committed change that leaves a computer to act (`computer_turn_prepare`, called by
  the tables' writer before it saves the new version, schedules it on commit): the computer
  thinks at once, during its human-like pause, and its decision is played when the pause ends
  (`Game.computer_due_at`), so that a long thought costs no more than the pause it hides in;
- by a sweep (`games.robots.turns.computer_turns_sweep`, a scheduled job) that finds turns whose
  time has passed by more than `SWEEP_GRACE_SECONDS` (a restart lost the scheduled run).

A duplicate lands on the writer's version check: `stale_version`, and nothing changes.

Where a turn runs: in the embedded default, a small thread pool fed by an asyncio scheduler on
the server's own loop, started with the background jobs (`cartomaniak/background.py`): the
decision in the pool, the wait on the loop (no thread held), the write in the pool; with
Celery, the task `games.tasks.computer_act` on the queue `computer` decides and, when the pause
is not over, sends `games.tasks.computer_apply` with the decision for the rest of it
(docs/operations.md). Both find `DECIDE_JOB` and `APPLY_JOB` by their dotted names, so that this
module, which the writer imports, never imports the turn (which imports the writer). A decision
lost between the two (a restart) is the sweep's: the turn is decided again.
"""

import asyncio
import hashlib
import heapq
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from games import computer

logger = logging.getLogger(__name__)

COMPUTER_QUEUE = "computer"
# A turn whose due time passed this long ago was lost (its scheduled run never came): the sweep
# schedules it again. Longer than a pause plus a strong decision, far shorter than a deadline.
SWEEP_GRACE_SECONDS = 5.0
# The two halves of a scheduled turn: `decide(game_id, version)` returns a decision (seat,
# action, due time) or None; `apply(game_id, version, seat, action)` plays it.
DECIDE_JOB = "games.robots.turns.computer_decide"
APPLY_JOB = "games.robots.turns.computer_apply"
# The Celery tasks of the queue `computer`: the turn (decide, then apply or send the apply task
# for the rest of the pause), and the apply.
TURN_TASK = "games.tasks.computer_act"
APPLY_TASK = "games.tasks.computer_apply"
# A wait shorter than this is not worth a message of its own: the decision is played at once.
SHORTEST_WAIT_SECONDS = 0.05


def turn_seed(game_id: int, version: int, purpose: str) -> int:
    """A seed no player can guess (the site's secret), the same for every trigger of one turn."""
    text = f"{settings.SECRET_KEY}:computer:{purpose}:{game_id}:{version}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def computer_seat_to_act(*, game, variant, state) -> int | None:
    """Return the seat to act if a computer decides for it (its own, or the dummy when the
    computer holds it), else None."""
    if state.is_finished:
        return None
    seat = variant.seat_to_act(state)
    if seat is None:
        return None
    taken = game.seats_by_number().get(variant.decider_of(seat))
    return seat if taken is not None and taken.is_computer else None


def computer_turn_prepare(*, game, variant, state, now: datetime) -> None:
    """Set `game.computer_due_at` for the state about to be saved, and schedule the turn on
    commit. Called by the writer with the new version, before the row is saved."""
    seat = computer_seat_to_act(game=game, variant=variant, state=state)
    if seat is None:
        game.computer_due_at = None
        return
    view = variant.player_view(state, seat)
    delay = computer.pause_seconds(view, seed=turn_seed(game.pk, game.version, "pause"))
    delay *= settings.COMPUTER_PAUSE_SCALE
    game.computer_due_at = now + timedelta(seconds=delay)
    game_id, version = game.pk, game.version
    transaction.on_commit(
        lambda: computer_turn_schedule(game_id=game_id, version=version, delay=delay)
    )


def computer_turn_schedule(*, game_id: int, version: int, delay: float) -> None:
    """Have the turn decided now and played after `delay` seconds (its pause), by Celery or the
    embedded runner.

    Called after commit: a failure here (a broker down) is logged and left to the sweep, it
    never undoes the committed change.
    """
    try:
        if settings.BACKGROUND_JOBS == "celery":
            # The task object, found by its dotted name (the tasks import the turns, which
            # import the writer): `apply_async`, unlike a bare `send_task`, keeps Celery's
            # eager mode, where the task runs where it is sent. A copy older than a minute is
            # pointless: the sweep has sent the turn again.
            import_string(TURN_TASK).apply_async(
                (game_id, version), expires=delay + 60, queue=COMPUTER_QUEUE
            )
        else:
            _runner.submit(game_id=game_id, version=version)
    except Exception:
        logger.exception("Computer turn of game %s v%s not scheduled", game_id, version)


def _seconds_until(due_at: datetime | None) -> float:
    if due_at is None:
        return 0.0
    return (due_at - timezone.now()).total_seconds()


def computer_turn_run(game_id: int, version: int) -> bool:
    """Decide one turn and play it when its pause is over (Celery's entry); return whether it
    was played or its play sent."""
    decision = import_string(DECIDE_JOB)(game_id=game_id, version=version)
    if decision is None:
        return False
    wait = _seconds_until(decision.due_at)
    if wait > SHORTEST_WAIT_SECONDS:
        import_string(APPLY_TASK).apply_async(
            (
                game_id,
                version,
                decision.seat,
                decision.action,
                decision.due_at.isoformat(),
                decision.level,
            ),
            countdown=wait,
            expires=wait + 60,
            queue=COMPUTER_QUEUE,
        )
        return True
    return computer_turn_apply(
        game_id, version, decision.seat, decision.action, decision.due_at, decision.level
    )


def computer_turn_apply(
    game_id: int,
    version: int,
    seat: int,
    action: dict,
    due_at: datetime | None = None,
    level: str | None = None,
) -> bool:
    """Play a decision taken earlier (Celery's second task, the runner's last step); with its
    `due_at` and `level`, timed against its pause."""
    return import_string(APPLY_JOB)(
        game_id=game_id, version=version, seat=seat, action=action, due_at=due_at, level=level
    )


def _close_connections(barrier: threading.Barrier) -> None:
    try:
        barrier.wait(timeout=10)
    except threading.BrokenBarrierError:
        pass
    connections.close_all()


class _EmbeddedRunner:
    """A scheduler on the server's event loop and a small thread pool that plays the turns.

    The loop only keeps the timetable; every decision and write runs in a pool thread (through
    Channels' `DatabaseSyncToAsync`, so that the broadcasts of the write reach the loop's
    channel layer). A turn already waiting or running is not queued twice.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None
        self._executor: ThreadPoolExecutor | None = None
        self._timetable: list[tuple[float, int, int]] = []
        self._pending: set[tuple[int, int]] = set()
        self._playing: set[asyncio.Task] = set()
        self._wakeup: asyncio.Event | None = None

    @property
    def is_running(self) -> bool:
        return (
            self._task is not None
            and not self._task.done()
            and self._loop is not None
            and not self._loop.is_closed()
        )

    def ensure_started(self) -> None:
        """Start on the running event loop, once (again if the loop it ran on is gone)."""
        loop = asyncio.get_running_loop()
        if self.is_running and self._loop is loop:
            return
        self.stop()
        self._loop = loop
        self._executor = ThreadPoolExecutor(
            max_workers=settings.COMPUTER_THREADS, thread_name_prefix="computer-player"
        )
        self._timetable = []
        self._pending = set()
        self._wakeup = asyncio.Event()
        self._task = loop.create_task(self._run())

    def stop(self, *, wait: bool = False) -> None:
        """Stop the timetable; each pool thread closes its database connection, then ends."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        for task in list(self._playing):
            task.cancel()
        self._playing = set()
        if self._executor is not None:
            threads = settings.COMPUTER_THREADS
            # A barrier, so that every thread of the pool takes exactly one of the closings.
            barrier = threading.Barrier(threads)
            for _ in range(threads):
                self._executor.submit(_close_connections, barrier)
            self._executor.shutdown(wait=wait)
        self._task = self._executor = self._loop = None

    def submit(self, *, game_id: int, version: int) -> bool:
        """Queue a turn from any thread, to be decided at once; False when no runner runs in
        this process (the sweep of the process that runs one will find the turn)."""
        loop = self._loop
        if not self.is_running or loop is None:
            return False
        try:
            loop.call_soon_threadsafe(self._push, time.monotonic(), game_id, version)
        except RuntimeError:  # the loop closed meanwhile
            return False
        return True

    def _push(self, due: float, game_id: int, version: int) -> None:
        if (game_id, version) in self._pending:
            return
        self._pending.add((game_id, version))
        heapq.heappush(self._timetable, (due, game_id, version))
        self._wakeup.set()

    async def _run(self) -> None:
        while True:
            now = time.monotonic()
            while self._timetable and self._timetable[0][0] <= now:
                _due, game_id, version = heapq.heappop(self._timetable)
                task = asyncio.get_running_loop().create_task(self._play(game_id, version))
                self._playing.add(task)
                task.add_done_callback(self._playing.discard)
            timeout = self._timetable[0][0] - now if self._timetable else None
            self._wakeup.clear()
            try:
                await asyncio.wait_for(self._wakeup.wait(), timeout)
            except TimeoutError:
                pass

    async def _play(self, game_id: int, version: int) -> None:
        # Decided in the pool, waited for on the loop (the pause: no thread held), played in
        # the pool under the writer's version check.
        def in_pool(function):
            return DatabaseSyncToAsync(function, thread_sensitive=False, executor=self._executor)

        try:
            decision = await in_pool(import_string(DECIDE_JOB))(game_id=game_id, version=version)
            if decision is None:
                return
            wait = _seconds_until(decision.due_at)
            if wait > 0:
                await asyncio.sleep(wait)
            await in_pool(computer_turn_apply)(
                game_id, version, decision.seat, decision.action, decision.due_at, decision.level
            )
        except asyncio.CancelledError:
            raise
        except Exception:  # one failing turn must not stop the runner; the sweep retries it
            logger.exception("Computer turn of game %s v%s failed", game_id, version)
        finally:
            self._pending.discard((game_id, version))


_runner = _EmbeddedRunner()


def computer_runner_ensure_started() -> None:
    """Start the embedded runner on the running event loop (with the background jobs)."""
    _runner.ensure_started()


def computer_runner_stop(*, wait: bool = False) -> None:
    """Stop the embedded runner (tests; a server that stops)."""
    _runner.stop(wait=wait)


def computer_runner_is_running() -> bool:
    return _runner.is_running
