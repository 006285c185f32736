"""Faults of the real-time layer (docs/security.md, *Faults of the real-time layer*).

Each test starts the service it breaks itself (a redis-server or a Daphne on a free port) and
kills it mid-game; the shared services are never touched.
"""

import asyncio
import contextlib
import json
import logging
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import channel_layers
from django.conf import settings as django_settings
from django.db import connections, transaction
from django.test import Client

from cartomaniak.settings import redis_services
from games import engine, events
from games.lobby import services as lobby
from games.models import Game
from games.tables import services as tables
from tests.faults import RedisServer
from tests.games.websocket import open_socket, session_cookie, state_at

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def fresh_async_machinery():
    """Leave no channel layer or executor thread behind for a live server forked later."""
    yield
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    # The worker thread's persistent connection goes with it (none left open on the database).
    used.submit(connections.close_all).result()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


@pytest.fixture
def own_redis(settings):
    """The site's channel layer and cache on a redis-server of this test's own."""
    server = RedisServer()
    server.start()
    settings.CHANNEL_LAYERS, settings.CACHES = redis_services(server.url)
    channel_layers.backends.clear()
    yield server
    server.kill()


def broadcast_failures(caplog) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == "games.events" and record.levelno == logging.WARNING
    ]


async def next_move(sockets, views, version: int, rng: random.Random) -> int:
    """The player to act sends a legal action of his view; return the seat that acted."""
    to_act = views[0]["view"]["seat_to_act"]
    action = rng.choice(views[to_act]["view"]["legal_actions"])
    await sockets[to_act].send_json_to({"type": "act", "version": version, "action": action})
    return to_act


async def test_redis_stopped_mid_game_moves_are_acknowledged_and_the_game_finishes(
    own_redis, alice, bob, make_member, caplog
):
    caplog.set_level(logging.WARNING)
    carol = await sync_to_async(make_member)("carol")
    game = await sync_to_async(lobby.game_open)(user=alice, format="first-to-71", is_ranked=False)
    game = await sync_to_async(lobby.game_join)(game_id=game.pk, user=bob)
    path = f"/ws/parties/{game.pk}/"
    sessions = [await sync_to_async(session_cookie)(member) for member in (alice, bob)]
    sockets = [(await open_socket(path, session))[0] for session in sessions]
    rng = random.Random(8)
    version = 1
    views = [await state_at(socket, version) for socket in sockets]
    # The table's presence news of the two arrivals is read before Redis dies.
    for socket in sockets:
        while not await socket.receive_nothing(timeout=0.5):
            assert (await socket.receive_json_from())["type"] == "presence"
    group_channel = f"asgi__group__{events.game_group(game.pk)}"

    # Redis dies mid-game.
    own_redis.kill()
    mover = await next_move(sockets, views, version, rng)
    version += 1
    acknowledged = await state_at(sockets[mover], version)
    waiting = sockets[1 - mover]
    # The two players' sockets are on this process: its table hub hands the move to the other
    # one without Redis (games/tables/hub.py). His heartbeat answers as usual.
    caught_up = await state_at(waiting, version)
    await waiting.send_json_to({"type": "ping"})
    assert await waiting.receive_json_from() == {"type": "pong"}
    # The waiting room's form and the login answer as usual.
    carols_browser = Client()
    await sync_to_async(carols_browser.force_login)(carol)
    created = await sync_to_async(carols_browser.post)(
        "/salle/creer/", {"format": "six-deals", "is_ranked": ""}
    )
    login = await sync_to_async(Client().post)(
        "/comptes/login/", {"login": "carol", "password": "secret-pass-123"}
    )
    # After-commit steps queued behind a failing broadcast still run.
    ran_after = []

    def write_then_broadcast_then_step():
        with transaction.atomic():
            events.lobby_changed_on_commit()
            transaction.on_commit(lambda: ran_after.append("step"))

    await sync_to_async(write_then_broadcast_then_step)()
    failures_while_down = broadcast_failures(caplog)
    # A socket opened now cannot join its groups: refused cleanly, the client retries.
    _refused, opened_while_down, _ = await open_socket(path, sessions[0])

    # Redis returns: the very next move reaches both players by broadcast.
    own_redis.start()
    await sync_to_async(wait_until)(lambda: own_redis.subscribers(group_channel) == 1)
    views = [acknowledged, caught_up] if mover == 0 else [caught_up, acknowledged]
    reopened, opened_again, _ = await open_socket(path, sessions[0])
    await state_at(reopened, version)
    sockets.append(reopened)
    while True:
        mover = await next_move(sockets, views, version, rng)
        version += 1
        views = [await state_at(socket, version) for socket in sockets]
        if views[0]["game"]["status"] == "finished":
            break

    assert acknowledged["version"] == caught_up["version"] == 2
    assert created.status_code == 302
    assert await sync_to_async(Game.objects.filter(host=carol, status="open").count)() == 1
    assert login.status_code == 302
    assert ran_after == ["step"]
    assert opened_while_down is False
    assert any("Socket refused" in record.getMessage() for record in caplog.records)
    assert failures_while_down
    assert broadcast_failures(caplog) == failures_while_down
    # The two players' sockets and the one opened after Redis returned followed every move.
    assert opened_again is True
    assert [view["version"] for view in views] == [version, version, version]
    finished = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert (finished.status, finished.version) == (Game.Status.FINISHED, version)
    assert await sync_to_async(finished.actions.count)() == version
    for socket in sockets:
        await socket.disconnect()


async def test_a_redis_that_stops_answering_holds_a_broadcast_for_a_bounded_time(
    own_redis, monkeypatch, caplog
):
    """A broadcast is given up after BROADCAST_SECONDS, from a write's database thread and from
    the event loop: the write stands, the steps after it run, and the next broadcast after Redis
    answers again goes through."""
    import time

    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(events, "BROADCAST_SECONDS", 0.5)
    changed = {"type": "lobby.changed"}
    await events.broadcast(events.LOBBY_GROUP, changed)  # the layer's connection is open
    ran_after = []

    def write_then_broadcast_then_step():
        with transaction.atomic():
            events.lobby_changed_on_commit()
            transaction.on_commit(lambda: ran_after.append("step"))

    own_redis.pause()
    try:
        started = time.monotonic()
        # Without a bound the thread would wait for ever: the test's own bound fails it instead.
        await asyncio.wait_for(sync_to_async(write_then_broadcast_then_step)(), timeout=20)
        from_thread = time.monotonic() - started
        started = time.monotonic()
        await asyncio.wait_for(events.broadcast(events.LOBBY_GROUP, changed), timeout=20)
        from_loop = time.monotonic() - started
    finally:
        own_redis.resume()
    failures_while_hung = broadcast_failures(caplog)
    await events.broadcast(events.LOBBY_GROUP, changed)

    assert ran_after == ["step"]
    assert 0.5 <= from_thread < 10 and 0.5 <= from_loop < 10
    assert len(failures_while_hung) == 2
    assert all(
        "lobby.changed" in failure and "TimeoutError" in failure for failure in failures_while_hung
    )
    assert broadcast_failures(caplog) == failures_while_hung


# The broadcast handed to the stopped loop is never run: closed with the loop, unawaited.
@pytest.mark.filterwarnings("ignore:coroutine 'broadcast' was never awaited:RuntimeWarning")
def test_a_write_made_as_the_process_stops_does_not_wait_for_its_loop(monkeypatch, caplog):
    """A runner or database thread whose write commits just as the event loop stops (the process
    ending) hands its broadcast to the loop and gives up after HAND_OVER_SECONDS: asgiref's
    `async_to_sync` would wait for ever, and the process's exit with it."""
    import os
    import threading
    import time

    from asgiref.sync import SyncToAsync

    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(events, "HAND_OVER_SECONDS", 0.3)
    stopped_loop = asyncio.new_event_loop()  # stopped, not closed: as at a server's exit
    took = []

    def thread_of_that_loop() -> None:
        # What `sync_to_async` tells the threads it hands work to.
        SyncToAsync.threadlocal.main_event_loop = stopped_loop
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        started = time.monotonic()
        events._send(events.LOBBY_GROUP, {"type": "lobby.changed"})
        took.append(time.monotonic() - started)

    # A daemon thread: without the bound it would wait for ever, and fail the test below.
    thread = threading.Thread(target=thread_of_that_loop, daemon=True)
    thread.start()
    thread.join(timeout=10)
    stopped_loop.close()

    assert len(took) == 1 and took[0] < 5
    assert [failure for failure in broadcast_failures(caplog) if "TimeoutError" in failure]


def wait_until(predicate, timeout: float = 10.0) -> None:
    import time

    give_up_at = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > give_up_at:
            raise TimeoutError
        time.sleep(0.05)


def test_login_with_the_cache_down_works_and_still_counts_failures_in_local_memory(
    own_redis, make_member, settings
):
    # A fast hasher: the limit counts failures per minute (see tests/test_production.py).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    make_member("dora")
    own_redis.kill()

    first = Client()
    logged_in = first.post("/comptes/login/", {"login": "dora", "password": "secret-pass-123"})
    attacker = Client()
    failures = [
        attacker.post("/comptes/login/", {"login": "dora", "password": "wrong"}).status_code
        for _attempt in range(12)
    ]
    after_failures = attacker.post(
        "/comptes/login/", {"login": "dora", "password": "secret-pass-123"}
    )

    assert logged_in.status_code == 302
    assert "_auth_user_id" in first.session
    assert failures == [200] * 12
    # allauth's limit (failures a minute per address and per account) still refuses him.
    assert after_failures.status_code == 200
    assert "_auth_user_id" not in attacker.session


def database_url() -> str:
    from tests.games.test_restart import database_url as url

    return url()


def real_sockets(server, sessions, game_id: int) -> contextlib.ExitStack:
    """Open both players' table sockets on the live server, retrying while it starts."""
    import time

    from websockets.sync.client import connect

    opened = contextlib.ExitStack()
    give_up_at = time.monotonic() + 20
    for session in sessions:
        while True:
            try:
                socket = connect(
                    f"ws://127.0.0.1:{server.port}/ws/parties/{game_id}/",
                    additional_headers={
                        "Cookie": f"{django_settings.SESSION_COOKIE_NAME}={session}",
                        "Origin": f"http://127.0.0.1:{server.port}",
                    },
                    open_timeout=5,
                )
                break
            except OSError:
                if time.monotonic() > give_up_at:
                    raise
                time.sleep(0.2)
        opened.enter_context(socket)
        opened.sockets = [*getattr(opened, "sockets", []), socket]
    return opened


def real_state_at(socket, version: int) -> dict:
    while True:
        frame = json.loads(socket.recv(timeout=10))
        if frame["type"] == "state" and frame["version"] >= version:
            return frame


def play_over_real_sockets(
    sockets, *, moves: int | None, rng, views: list[dict] | None = None
) -> tuple[int, dict]:
    """Both players play from their sockets' frames; return the last version and view."""
    views = views or [real_state_at(socket, 0) for socket in sockets]
    version = views[0]["version"]
    played = 0
    while views[0]["game"]["status"] == "in_progress" and (moves is None or played < moves):
        to_act = views[0]["view"]["seat_to_act"]
        action = rng.choice(views[to_act]["view"]["legal_actions"])
        sockets[to_act].send(json.dumps({"type": "act", "version": version, "action": action}))
        version += 1
        views = [real_state_at(socket, version) for socket in sockets]
        played += 1
    return version, views[0]


def test_daphne_killed_mid_game_the_players_reconnect_and_finish(alice, bob):
    from websockets.exceptions import ConnectionClosed

    from tests.faults import DaphneServer

    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    game = lobby.game_join(game_id=game.pk, user=bob)
    sessions = [session_cookie(member) for member in (alice, bob)]
    server = DaphneServer(database_url())
    rng = random.Random(3)
    server.start()
    try:
        with real_sockets(server, sessions, game.pk) as opened:
            before_kill, _ = play_over_real_sockets(opened.sockets, moves=6, rng=rng)
            server.kill()
            with pytest.raises(ConnectionClosed):
                opened.sockets[0].recv(timeout=10)
        server.start()  # the same address: the clients reconnect where they were
        with real_sockets(server, sessions, game.pk) as opened:
            first_frames = [real_state_at(socket, 0) for socket in opened.sockets]
            last, final_view = play_over_real_sockets(
                opened.sockets, moves=None, rng=rng, views=first_frames
            )
    finally:
        server.kill()

    game.refresh_from_db()
    assert before_kill == 7
    assert [frame["version"] for frame in first_frames] == [7, 7]
    assert final_view["game"]["status"] == "finished"
    assert (game.status, game.version) == (Game.Status.FINISHED, last)
    assert list(game.actions.order_by("version").values_list("version", flat=True)) == list(
        range(1, last + 1)
    )


def test_a_celery_task_delivered_twice_at_once_is_applied_once(alice, bob, make_member):
    """Game end (deadline enforcement) and period close, each task delivered to two workers."""
    import datetime as dt

    from django.core import mail
    from django.utils import timezone

    from accounts.selectors import wallet_balance
    from games.tasks import enforce_deadlines
    from rankings.models import PeriodClosing, Prize, RecordEntry
    from rankings.periods import LadderKind
    from rankings.tasks import close_ended_periods
    from tests.rankings.conftest import paris, subscribe

    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=True)
    game = lobby.game_join(game_id=game.pk, user=bob, now=timezone.now() - dt.timedelta(minutes=10))
    winner = make_member("winner")
    subscription = subscribe(winner, moment=paris(2025, 1, 8, 12, 0))
    subscription.points, subscription.wins = 30, 6
    subscription.save()
    Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=paris(2025, 1, 6, 0, 0),
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=150,
        description="",
    )

    results = {}
    for task in (enforce_deadlines, close_ended_periods):
        barrier = threading.Barrier(2)

        def deliver(task=task, barrier=barrier):
            barrier.wait()
            try:
                return task.apply().get()
            finally:
                from django.db import connection

                connection.close()

        with ThreadPoolExecutor(max_workers=2) as workers:
            results[task.name] = sorted(workers.map(lambda _n: deliver(), range(2)))

    game.refresh_from_db()
    assert results == {enforce_deadlines.name: [0, 1], close_ended_periods.name: [0, 1]}
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.TIMEOUT)
    assert game.actions.filter(kind="forfeit").count() == 1
    assert RecordEntry.objects.filter(game=game).count() == 2
    assert PeriodClosing.objects.count() == 1
    assert wallet_balance(user=winner) == 150
    assert len(mail.outbox) == 1


ACTIONS = 10_000


def open_database_connections() -> int:
    """Connections to the test database: PostgreSQL's own count, or SQLite's open handles."""
    import gc
    import sqlite3

    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            )
            return cursor.fetchone()[0]
    gc.collect()
    count = 0
    for handle in gc.get_objects():
        if isinstance(handle, sqlite3.Connection):
            try:
                handle.total_changes  # noqa: B018 (raises on a closed connection)
            except sqlite3.ProgrammingError:
                continue
            count += 1
    return count


async def test_ten_thousand_actions_leave_no_database_connection_behind(make_member):
    """Moves, refused moves, snapshots and heartbeat reads (1, 2, 1 and 16 of every 20), each
    on the pool of database threads, as a socket message runs them."""
    from cartomaniak.database import database_call
    from games.errors import GameError
    from games.tables import selectors

    members = [await sync_to_async(make_member)(f"player{number}") for number in range(8)]
    before = await sync_to_async(open_database_connections)()
    done = {"actions": 0, "moves": 0, "refused": 0}
    rng = random.Random(10)

    def start(first, second):
        game = lobby.game_open(user=first, format="six-deals", is_ranked=False)
        return lobby.game_join(game_id=game.pk, user=second)

    def snapshot(game_id: int) -> dict:
        game = selectors.game_get(game_id=game_id)
        return selectors.game_frame(game=game, seat=None)

    async def player_pair(first, second) -> None:
        while done["actions"] < ACTIONS:
            game = await database_call(start)(first, second)
            members_by_seat = (first, second)
            while game.status == Game.Status.IN_PROGRESS and done["actions"] < ACTIONS:
                state = engine.state_from_json(game.state)
                seat = engine.seat_to_act(state)
                action = rng.choice(engine.legal_actions(state, seat)).to_json()
                for expected in (game.version - 1, game.version + 1):
                    try:
                        await database_call(tables.game_act)(
                            game_id=game.pk,
                            user=members_by_seat[seat],
                            action=action,
                            expected_version=expected,
                        )
                    except GameError:
                        done["refused"] += 1
                await database_call(snapshot)(game.pk)
                # The heartbeat's catch-up read, the commonest message of a live site.
                for _ping in range(16):
                    await database_call(selectors.game_version_get)(game_id=game.pk)
                game = await database_call(tables.game_act)(
                    game_id=game.pk,
                    user=members_by_seat[seat],
                    action=action,
                    expected_version=game.version,
                )
                done["moves"] += 1
                done["actions"] += 20
            if game.status == Game.Status.IN_PROGRESS:
                await database_call(tables.game_leave)(game_id=game.pk, user=first)

    await asyncio.gather(*(player_pair(*members[n : n + 2]) for n in range(0, 8, 2)))
    after = await sync_to_async(open_database_connections)()

    assert done["actions"] >= ACTIONS
    assert done["refused"] == 2 * done["moves"]
    # Each thread of the pool keeps one persistent connection, no more.
    assert after <= before + django_settings.DATABASE_THREADS
