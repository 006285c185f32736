"""Computer players on the site: their members, their games, and the runner that moves them.

The decisions themselves are `games.computer` (pure, no Django): this module only hands it the
frame a person in the computer's seat would receive (`selectors.game_frame`, built by the
engine's `player_view`) and submits its answer through `services.game_act`, the one writer of a
game, under the same version check and deadline as a person (docs/computer.md).

A computer turn is triggered twice over, and played at most once:

- after each committed change that leaves the computer to act (`computer_turn_prepare`, called
  by `services._store`, schedules it on commit after the human-like pause);
- by a sweep (`computer_turns_sweep`, a scheduled job) that finds turns whose time has passed
  by more than `SWEEP_GRACE_SECONDS` (a restart lost the scheduled run) and schedules them now.

A duplicate lands on `game_act`'s version check: `stale_version`, and nothing changes.

The same runner, queue and sweep play the computer players of the four-player tables: a turn is
a job of a kind (`KIND_GAME`, `KIND_TABLE`), and `games.partnership.robots` holds the table's own
`prepare` / `move` / `overdue`, built on the same pause, seed and fallback as here.

Where a turn runs: in the embedded default, a small thread pool fed by an asyncio scheduler on
the server's own loop, started with the background jobs (`cartomaniak/background.py`); with
Celery, the task `games.tasks.computer_act` on the queue `computer` (docs/operations.md).
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
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, connections, transaction
from django.db.models import Q

from cartomaniak import metrics
from games import computer, engine

from . import selectors
from .errors import GameError
from .models import Game, PartnershipGame
from .partnership.selectors import member_table_current

logger = logging.getLogger(__name__)

COMPUTER_QUEUE = "computer"
# A turn whose due time passed this long ago was lost (its scheduled run never came): the sweep
# schedules it again. Longer than a pause plus a strong decision, far shorter than a deadline.
SWEEP_GRACE_SECONDS = 5.0
# What makes a duplicate harmless: the version it was scheduled for is gone.
_OUTDATED = ("stale_version", "game_not_in_progress", "time_over", "not_seated")

# The kinds of computer turns the runner plays: a two-player game, a four-player table.
KIND_GAME = "game"
KIND_TABLE = "table"


# --- Members ----------------------------------------------------------------------------------


def computer_member(*, level: str):
    """Return the member who plays at `level`, made at its first game (get or create).

    Made on demand rather than by a data migration, so that no count of members changes before
    a computer game is played. It cannot log in (inactive, unusable password) and is left out of
    presence, member pages and ladders.
    """
    if level not in computer.LEVELS:
        raise GameError("bad_level")
    User = get_user_model()
    member = User.objects.filter(is_computer=True, computer_level=level).first()
    if member is not None:
        return member
    username = f"ordinateur-{level}"
    suffix = 1
    while User.objects.filter(username=username).exists():
        suffix += 1
        username = f"ordinateur-{level}-{suffix}"
    try:
        with transaction.atomic():
            return User.objects.create(
                username=username,
                password=make_password(None),
                is_active=False,
                is_computer=True,
                computer_level=level,
            )
    except IntegrityError:  # made at the same moment by another request
        return User.objects.get(is_computer=True, computer_level=level)


def _computer_seat(game: Game) -> int | None:
    """Return the seat of the computer player at this game, None if there is none."""
    if game.origin != Game.Origin.COMPUTER:
        return None
    for seat in (0, 1):
        player = game.player_at(seat)
        if player is not None and player.is_computer:
            return seat
    return None


def computer_level_of(*, game: Game) -> str | None:
    """Return the level of the computer player at this game, None if there is none."""
    seat = _computer_seat(game)
    return None if seat is None else game.player_at(seat).computer_level


def _seed(game_id: int, version: int, purpose: str) -> int:
    """A seed no player can guess (the site's secret), the same for every trigger of one turn."""
    text = f"{settings.SECRET_KEY}:computer:{purpose}:{game_id}:{version}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# --- Starting a game --------------------------------------------------------------------------


def computer_game_start(
    *, user, level: str, format: str, now: datetime | None = None, rng=None
) -> Game:
    """Start at once a free game between the member (seat 0) and the computer at `level`.

    Free: unranked, no stars, no ladder, no record, not counted by the quitters rule. A game the
    member had open in the waiting room is cancelled; one in progress refuses the start.
    """
    from . import services

    if level not in computer.LEVELS:
        raise GameError("bad_level")
    if format not in Game.Format.values:
        raise GameError("bad_format")
    if not getattr(user, "is_authenticated", False):
        raise GameError("not_authenticated")
    if user.is_computer:
        raise GameError("malformed")
    opponent = computer_member(level=level)
    with transaction.atomic():
        # Open games, then the member: the order game_join and game_start_between lock in.
        list(
            Game.objects.select_for_update()
            .filter(creator_id=user.pk, status=Game.Status.OPEN)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        if Game.objects.filter(
            Q(seat0_id=user.pk) | Q(seat1_id=user.pk), status=Game.Status.IN_PROGRESS
        ).exists():
            raise GameError("already_in_game")
        # A member seated at a four-player table (open or running) is busy there.
        if member_table_current(user_id=user.pk) is not None:
            raise GameError("already_in_game")
        # allow_busy: the computer member plays many games at once; the member was checked above.
        return services.game_start_between(
            seat0=user,
            seat1=opponent,
            format=format,
            origin=Game.Origin.COMPUTER,
            allow_busy=True,
            now=now,
            rng=rng,
        )


# --- One turn ---------------------------------------------------------------------------------


def computer_turn_prepare(*, game: Game, state, now: datetime) -> None:
    """Set `game.computer_due_at` for the state about to be saved, and schedule the turn on commit.

    Called by `services._store` with the new version, before the row is saved.
    """
    seat = _computer_seat(game)
    if seat is None or state.is_finished or engine.seat_to_act(state) != seat:
        game.computer_due_at = None
        return
    view = engine.player_view(state, seat)
    delay = computer.pause_seconds(view, seed=_seed(game.pk, game.version, "pause"))
    delay *= settings.COMPUTER_PAUSE_SCALE
    game.computer_due_at = now + timedelta(seconds=delay)
    game_id, version = game.pk, game.version
    transaction.on_commit(
        lambda: computer_turn_schedule(game_id=game_id, version=version, delay=delay)
    )


def computer_move(*, game_id: int, version: int, now: datetime | None = None) -> bool:
    """Play the computer's decision at this version of the game; return whether it was played.

    The computer is handed only the frame a person in its seat receives. A trigger for a
    version that is gone (played already, game over) changes nothing and returns False.
    """
    from . import services

    try:
        game = selectors.game_get(game_id=game_id)
    except GameError:
        return False
    if game.status != Game.Status.IN_PROGRESS or game.version != version:
        return False
    seat = _computer_seat(game)
    if seat is None:
        return False
    view = selectors.game_frame(game=game, seat=seat)["view"]
    if not view or not view.get("legal_actions"):
        return False
    member = game.player_at(seat)
    action = _decide(member.computer_level, view, seed=_seed(game_id, version, "decision"))
    try:
        services.game_act(
            game_id=game_id, user=member, action=dict(action), expected_version=version, now=now
        )
    except GameError as error:
        if error.code in _OUTDATED:
            return False
        raise
    return True


@metrics.decision_timed
def _decide(level: str, view: dict, *, seed: int) -> dict:
    """Ask the level for a legal action; if it fails or answers something illegal, the easy
    level answers instead (logged): a bug in a strong player must not forfeit the member's game."""
    try:
        action = computer.choose_action(level, view, seed=seed)
        if action not in view["legal_actions"]:
            raise ValueError(f"not one of the legal actions: {action!r}")
        return action
    except Exception:
        logger.exception("Computer level %s failed; the easy level plays instead", level)
        return computer.choose_action(computer.LEVELS[0], view, seed=seed)


def computer_turns_overdue(*, now: datetime) -> list[tuple[int, int]]:
    """Return (game id, version) of every computer turn due for longer than the grace."""
    since = now - timedelta(seconds=SWEEP_GRACE_SECONDS)
    return list(
        Game.objects.filter(status=Game.Status.IN_PROGRESS, computer_due_at__lt=since)
        .order_by("computer_due_at")
        .values_list("pk", "version")
    )


def computer_turns_sweep(*, now: datetime) -> int:
    """Schedule at once every computer turn whose run was lost, at the two-player games and at
    the four-player tables; return how many.

    The turn's due time moves to `now`: if this run is lost too (no worker on the queue), the
    next sweeps wait the grace again instead of piling up copies of the turn every 2 s.
    """
    # Imported here: the table's module builds on this one.
    from games.partnership.robots import table_computer_turns_overdue

    turns = [(KIND_GAME, *turn) for turn in computer_turns_overdue(now=now)]
    turns += [(KIND_TABLE, *turn) for turn in table_computer_turns_overdue(now=now)]
    models = {KIND_GAME: Game, KIND_TABLE: PartnershipGame}
    for kind, game_id, version in turns:
        models[kind].objects.filter(pk=game_id, version=version, status="in_progress").update(
            computer_due_at=now
        )
        computer_turn_schedule(game_id=game_id, version=version, delay=0.0, kind=kind)
    return len(turns)


# --- Where turns run --------------------------------------------------------------------------


def computer_turn_schedule(
    *, game_id: int, version: int, delay: float, kind: str = KIND_GAME
) -> None:
    """Have the turn played after `delay` seconds, by Celery or the embedded runner.

    `game_id` is a table's id when `kind` is `KIND_TABLE`.

    Called after commit: a failure here (a broker down) is logged and left to the sweep, it
    never undoes the committed change.
    """
    try:
        if settings.BACKGROUND_JOBS == "celery":
            from .tasks import computer_act

            # A copy older than a minute is pointless: the sweep has sent the turn again.
            computer_act.apply_async(
                (game_id, version, kind),
                countdown=delay,
                expires=delay + 60,
                queue=COMPUTER_QUEUE,
            )
        else:
            _runner.submit(game_id=game_id, version=version, delay=delay, kind=kind)
    except Exception:
        logger.exception("Computer turn of %s %s v%s not scheduled", kind, game_id, version)


def _close_connections(barrier: threading.Barrier) -> None:
    try:
        barrier.wait(timeout=10)
    except threading.BrokenBarrierError:
        pass
    connections.close_all()


def computer_job(kind: str, game_id: int, version: int) -> bool:
    """Play one scheduled computer turn of either kind (the runner's and Celery's entry)."""
    if kind == KIND_TABLE:
        from games.partnership.robots import table_computer_move

        return table_computer_move(table_id=game_id, version=version)
    return computer_move(game_id=game_id, version=version)


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
        self._timetable: list[tuple[float, str, int, int]] = []
        self._pending: set[tuple[str, int, int]] = set()
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

    def submit(self, *, game_id: int, version: int, delay: float, kind: str = KIND_GAME) -> bool:
        """Queue a turn from any thread; False when no runner runs in this process (the sweep
        of the process that runs one will find the turn)."""
        loop = self._loop
        if not self.is_running or loop is None:
            return False
        due = time.monotonic() + max(0.0, delay)
        try:
            loop.call_soon_threadsafe(self._push, due, kind, game_id, version)
        except RuntimeError:  # the loop closed meanwhile
            return False
        return True

    def _push(self, due: float, kind: str, game_id: int, version: int) -> None:
        if (kind, game_id, version) in self._pending:
            return
        self._pending.add((kind, game_id, version))
        heapq.heappush(self._timetable, (due, kind, game_id, version))
        self._wakeup.set()

    async def _run(self) -> None:
        while True:
            now = time.monotonic()
            while self._timetable and self._timetable[0][0] <= now:
                _due, kind, game_id, version = heapq.heappop(self._timetable)
                task = asyncio.get_running_loop().create_task(self._play(kind, game_id, version))
                self._playing.add(task)
                task.add_done_callback(self._playing.discard)
            timeout = self._timetable[0][0] - now if self._timetable else None
            self._wakeup.clear()
            try:
                await asyncio.wait_for(self._wakeup.wait(), timeout)
            except TimeoutError:
                pass

    async def _play(self, kind: str, game_id: int, version: int) -> None:
        try:
            await DatabaseSyncToAsync(
                computer_job, thread_sensitive=False, executor=self._executor
            )(kind, game_id, version)
        except asyncio.CancelledError:
            raise
        except Exception:  # one failing turn must not stop the runner; the sweep retries it
            logger.exception("Computer turn of %s %s v%s failed", kind, game_id, version)
        finally:
            self._pending.discard((kind, game_id, version))


_runner = _EmbeddedRunner()


def computer_runner_ensure_started() -> None:
    """Start the embedded runner on the running event loop (with the background jobs)."""
    _runner.ensure_started()


def computer_runner_stop(*, wait: bool = False) -> None:
    """Stop the embedded runner (tests; a server that stops)."""
    _runner.stop(wait=wait)


def computer_runner_is_running() -> bool:
    return _runner.is_running
