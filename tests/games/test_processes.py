"""Two real Daphne processes sharing PostgreSQL and the Redis channel layer, as in production.

The two players of each game sit on different processes (every move crosses Redis), talk to them
over real websockets, and play whole games. Both processes run the deadline sweeper, so an
overdue game has two sweepers racing for it: it must be forfeited once. One process is killed
mid-game: its player reconnects to the other process and the game goes on to its end.

Only with PostgreSQL and Redis: the embedded default (SQLite, in-memory channel layer) is one
process by design (docs/operations.md).
"""

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from games.lobby import services as lobby
from games.models import Game, GameAction
from tests.deploy.deployment import cluster, nginx_program
from tests.games.test_restart import database_url, free_port
from tests.games.websocket import session_cookie

PROJECT_ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="several processes need PostgreSQL and Redis (DATABASE_URL and REDIS_URL)",
    ),
    pytest.mark.django_db(transaction=True),
]


class Server:
    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process = process
        self.port = port

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def wait_until_listening(server: Server, timeout: float = 60) -> None:
    give_up_at = time.monotonic() + timeout
    while time.monotonic() < give_up_at:
        assert server.process.poll() is None, "the server exited before listening"
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {server.port} after {timeout} s")


def servers_start(count: int, **extra_environment: str) -> list[Server]:
    environment = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": os.environ["REDIS_URL"],
        "DEBUG": "1",
        # Each process sweeps the deadlines: two sweepers race for every overdue game.
        "BACKGROUND_JOBS": "embedded",
        "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
        # The test plays far faster than a person: not the message budget's subject.
        "SOCKET_MESSAGES_BURST": "100000",
        "MEMBER_MESSAGES_BURST": "100000",
        **extra_environment,
    }
    started = []
    for _ in range(count):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            + ["cartomaniak.asgi:application"],
            cwd=PROJECT_ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started.append(Server(process, port))
    return started


def servers_stop(servers: list[Server]) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
    for server in servers:
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


@pytest.fixture(scope="module")
def servers(django_db_setup, django_db_blocker):
    """Two processes on the test database, shared by the tests that leave them running."""
    started = servers_start(2)
    try:
        for server in started:
            wait_until_listening(server)
        yield started
    finally:
        servers_stop(started)


@pytest.fixture
def servers_to_kill(transactional_db):
    started = servers_start(2)
    try:
        for server in started:
            wait_until_listening(server)
        yield started
    finally:
        servers_stop(started)


class Player:
    """One player's websocket to one server: every state frame it receives, in order."""

    def __init__(self, game_id: int, cookie: str) -> None:
        self.game_id = game_id
        self.cookie = cookie
        self.versions: list[int] = []
        self.frame: dict | None = None
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    async def connect(self, server: Server) -> None:
        self.closed.clear()
        self.socket = await connect(
            f"{server.url}/ws/parties/{self.game_id}/",
            origin=f"http://127.0.0.1:{server.port}",
            additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={self.cookie}"},
            open_timeout=20,
        )
        self.reader = asyncio.create_task(self.read())
        await self.version_at_least(1)  # the first frame is the current state

    async def read(self) -> None:
        try:
            async for message in self.socket:
                frame = json.loads(message)
                if frame["type"] == "state":
                    self.versions.append(frame["version"])
                    self.frame = frame
                    self.changed.set()
        except ConnectionClosed:
            pass
        self.closed.set()

    async def version_at_least(self, version: int, timeout: float = 20) -> dict:
        async with asyncio.timeout(timeout):
            while self.frame is None or self.frame["version"] < version:
                assert not self.closed.is_set(), "the connection closed"
                self.changed.clear()
                await self.changed.wait()
        return self.frame

    @property
    def is_finished(self) -> bool:
        return self.frame is not None and self.frame["game"]["status"] == "finished"

    async def close(self) -> None:
        await self.socket.close()
        await self.reader


async def play(players: list[Player], rng: random.Random, *, moves: int | None = None) -> int:
    """Play random legal decisions until the game ends (or `moves` were made); return the count.

    Each decision comes from the acting player's own last frame, sent by his own socket.
    """
    made = 0
    while moves is None or made < moves:
        version = max(player.frame["version"] for player in players)
        frames = [await player.version_at_least(version) for player in players]
        if frames[0]["game"]["status"] != "in_progress":
            break
        to_act = frames[0]["view"]["seat_to_act"]
        (actor,) = [p for p in players if p.frame["game"]["your_seat"] == to_act]
        action = rng.choice(actor.frame["view"]["legal_actions"])
        await actor.socket.send(json.dumps({"type": "act", "version": version, "action": action}))
        for player in players:
            await player.version_at_least(version + 1)
        made += 1
    return made


def started_game(alice, bob) -> Game:
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    return lobby.game_join(game_id=game.pk, user=bob)


def players_of(game: Game) -> list[Player]:
    return [
        Player(game.pk, session_cookie(game.player_at(0))),
        Player(game.pk, session_cookie(game.player_at(1))),
    ]


def recorded_versions(game: Game) -> list[int]:
    return list(game.actions.order_by("version").values_list("version", flat=True))


def test_a_whole_game_between_players_on_two_processes(servers, alice, bob) -> None:
    game = started_game(alice, bob)
    players = players_of(game)

    async def scenario() -> int:
        for player, server in zip(players, servers, strict=True):
            await player.connect(server)
        made = await play(players, random.Random(12))
        for player in players:
            await player.close()
        return made

    made = asyncio.run(scenario())

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.POINTS)
    assert made == game.version - 1  # every decision sent became exactly one version
    assert recorded_versions(game) == list(range(1, game.version + 1))
    for player in players:
        assert player.frame["version"] == game.version
        assert player.frame["game"]["winner_seat"] == game.winner_seat
        assert player.versions == sorted(set(player.versions))  # never twice, never backwards


def test_a_deadline_is_forfeited_once_while_two_processes_sweep(servers, alice, bob) -> None:
    game = started_game(alice, bob)
    players = players_of(game)

    async def scenario() -> None:
        for player, server in zip(players, servers, strict=True):
            await player.connect(server)
        await play(players, random.Random(3), moves=4)
        version = players[0].frame["version"]
        await asyncio.to_thread(
            Game.objects.filter(pk=game.pk).update,
            deadline=timezone.now() - timedelta(seconds=1),
        )
        for player in players:
            await player.version_at_least(version + 1)
        # Both sweepers run every second: give the second one the time to try again.
        await asyncio.sleep(3)
        for player in players:
            await player.close()

    asyncio.run(scenario())

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.TIMEOUT)
    assert game.actions.filter(kind=GameAction.Kind.FORFEIT).count() == 1
    assert recorded_versions(game) == list(range(1, game.version + 1))
    assert game.version == 4 + 2  # the start, four decisions, one forfeit
    for player in players:
        assert player.versions[-1] == game.version
        assert player.frame["game"]["end_reason"] == "timeout"
        assert player.versions == sorted(set(player.versions))


def test_a_killed_process_s_player_reconnects_to_the_other_and_the_game_finishes(
    servers_to_kill, alice, bob
) -> None:
    game = started_game(alice, bob)
    players = players_of(game)
    survivor, doomed = servers_to_kill

    async def scenario() -> None:
        for player, server in zip(players, servers_to_kill, strict=True):
            await player.connect(server)
        await play(players, random.Random(5), moves=10)
        doomed.process.send_signal(signal.SIGKILL)
        async with asyncio.timeout(20):
            await players[1].closed.wait()
        await players[1].connect(survivor)
        await play(players, random.Random(6))
        for player in players:
            await player.close()

    asyncio.run(scenario())

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.POINTS)
    assert recorded_versions(game) == list(range(1, game.version + 1))
    for player in players:
        assert player.frame["version"] == game.version
        assert player.frame["game"]["winner_seat"] == game.winner_seat


def sockets_established(port: int) -> int:
    """Connections established to this local port (the kernel's table: the sockets a server
    process holds, nginx's included)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] == "01":  # 01: ESTABLISHED
                count += 1
    return count


@pytest.fixture
def proxy(servers_to_kill, tmp_path):
    """nginx with the deployment's configuration in front of the two processes."""
    nginx = nginx_program()
    port = free_port()
    site = tmp_path / "site.conf"
    site.write_text(
        cluster.nginx_site(
            upstreams=[f"127.0.0.1:{server.port}" for server in servers_to_kill],
            listen=[f"127.0.0.1:{port}"],
            server_name="127.0.0.1",
            static_root=tmp_path,
        )
    )
    main = tmp_path / "nginx.conf"
    # Started by root, nginx's workers would otherwise run as nobody, outside the test's folder.
    user = "root" if os.geteuid() == 0 else None
    main.write_text(cluster.nginx_main(run_dir=tmp_path, site=site, workers=1, user=user))
    process = subprocess.Popen(
        [nginx, "-p", str(tmp_path), "-c", str(main)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = Server(process, port)
    try:
        wait_until_listening(server)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_through_the_proxy_a_killed_process_s_player_reconnects_and_the_game_finishes(
    servers_to_kill, proxy, alice, bob
) -> None:
    game = started_game(alice, bob)
    players = players_of(game)
    survivors = []

    async def scenario() -> None:
        # nginx sends the sockets of a table to the process its number hashes to: both players
        # on the same one.
        for player in players:
            await player.connect(proxy)
        await play(players, random.Random(7), moves=10)
        held = [sockets_established(server.port) for server in servers_to_kill]
        assert sorted(held) == [0, 2], f"one process holds both sockets: {held}"
        doomed = servers_to_kill[held.index(2)]
        survivors.append(servers_to_kill[held.index(0)])
        doomed.process.send_signal(signal.SIGKILL)
        async with asyncio.timeout(20):
            await asyncio.wait([asyncio.create_task(player.closed.wait()) for player in players])
        # The same address as before: nginx finds the dead process refusing and moves the table
        # to the other, where both players go on from the database.
        for player in players:
            await player.connect(proxy)
        await play(players, random.Random(8))
        assert sockets_established(survivors[0].port) == 2
        for player in players:
            await player.close()

    asyncio.run(scenario())

    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.POINTS)
    assert survivors[0].process.poll() is None
    assert recorded_versions(game) == list(range(1, game.version + 1))
    for player in players:
        assert player.frame["version"] == game.version


def test_the_deployment_s_celery_worker_consumes_the_computer_players_queue() -> None:
    # The worker exactly as `make cluster` starts it (the systemd unit's command is the same, and
    # tests/deploy/test_worker_queues.py checks that neither names a queue of its own).
    from cartomaniak.celery import app

    command = cluster.celery_worker_command(
        str(Path(sys.executable).with_name("celery")), concurrency=1
    )
    node = f"queues-{os.getpid()}@test"
    environment = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
    }
    worker = subprocess.Popen(
        [*command, "-n", node, "--without-gossip", "--without-mingle"],
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        queues = None
        give_up_at = time.monotonic() + 60
        while queues is None and time.monotonic() < give_up_at:
            assert worker.poll() is None, "the worker exited"
            answer = app.control.inspect(destination=[node], timeout=1).active_queues() or {}
            queues = answer.get(node)
        assert queues is not None, "the worker never answered"
        assert {queue["name"] for queue in queues} == {"celery", "computer"}
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def database_connections_held(application: str) -> int:
    """Connections that processes started with PGAPPNAME=`application` hold (PostgreSQL's view)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [application]
        )
        return cursor.fetchone()[0]


def test_bursts_of_requests_and_sockets_stay_within_the_connection_budget(make_member) -> None:
    # The budget of docs/operations.md, *Database connections*: processes x pool size. Each burst
    # asks four times what one process's pool holds, at once.
    from concurrent.futures import ThreadPoolExecutor
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    pool_size, bursts, burst_size = 6, 8, 24
    application = f"burst-test-{os.getpid()}"
    members = [make_member(f"burst{number}") for number in range(burst_size)]
    cookies = [session_cookie(member) for member in members]
    started = servers_start(2, DATABASE_POOL_MAX_SIZE=str(pool_size), PGAPPNAME=application)
    statuses: list[int] = []
    held: list[int] = []

    def page(server: Server, cookie: str, path: str) -> int:
        request = Request(
            f"http://127.0.0.1:{server.port}{path}",
            headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
        )
        try:
            with urlopen(request, timeout=60) as response:
                response.read()
                return response.status
        except HTTPError as error:
            return error.code

    async def sockets_open(server: Server) -> int:
        async def one(cookie: str) -> bool:
            async with connect(
                f"{server.url}/ws/salle/",
                origin=f"http://127.0.0.1:{server.port}",
                additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
                open_timeout=60,
            ) as socket:
                return json.loads(await asyncio.wait_for(socket.recv(), 60))["type"] == "lobby"

        return sum(await asyncio.gather(*(one(cookie) for cookie in cookies)))

    try:
        for server in started:
            wait_until_listening(server)
        with ThreadPoolExecutor(max_workers=burst_size) as executor:
            for burst in range(bursts):
                server = started[burst % 2]
                path = ("/salle/", "/classements/", f"/joueurs/{members[0].username}/")[burst % 3]
                answers = [executor.submit(page, server, cookie, path) for cookie in cookies]
                while not all(answer.done() for answer in answers):
                    held.append(database_connections_held(application))
                    time.sleep(0.02)
                statuses += [answer.result() for answer in answers]
                assert asyncio.run(sockets_open(server)) == burst_size
                held.append(database_connections_held(application))
    finally:
        servers_stop(started)

    assert statuses == [200] * bursts * burst_size
    assert max(held) <= 2 * pool_size
