"""Idle capacity: N connected, idle members on one server process, and its memory per connection.

Each member (a session of his own) opens a game table's websocket as a spectator of one of
`--games` games in progress, receives his first state frame, and stays quiet. The server's
resident memory (RSS) is read before and after; the difference divided by N is the memory of
one idle connection. At the end every socket still answers a ping.

    make cluster CLUSTER_OPTIONS="--processes 1"           # in another terminal
    DATABASE_URL=... REDIS_URL=... .venv/bin/python benchmarks/idle_connections.py \\
        --url http://127.0.0.1:8001 --connections 5000

`--url` is the Daphne process itself (not nginx: its memory is what is measured); its process id
comes from `.cluster/processes.json` (or `--pid`). Sessions are signed with the server's
SECRET_KEY: taken from `.cluster/secret-key` when SECRET_KEY is not set.
"""

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402 — first: the cluster's secret key, before Django is set up

# isort: split
import live_games  # noqa: E402 — sets Django up with this environment
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from games.lobby import services  # noqa: E402


def members_prepare(count: int, games: int) -> tuple[list[int], list[str]]:
    """Start `games` games; make `count` members with a session each. Return game ids, cookies."""
    run = f"idle-{int(time.time())}"
    User = get_user_model()
    game_ids = []
    for index in range(games):
        first = User.objects.create_user(username=f"{run}-player-{index}-a", password=None)
        second = User.objects.create_user(username=f"{run}-player-{index}-b", password=None)
        game = services.game_open(user=first, format="first-to-71", is_ranked=False)
        game_ids.append(services.game_join(game_id=game.pk, user=second).pk)
    unusable = make_password(None)
    members = User.objects.bulk_create(
        [User(username=f"{run}-{index}", password=unusable) for index in range(count)],
        batch_size=1000,
    )
    return game_ids, [live_games.session_for(member) for member in members]


async def hold(url: str, origin: str, cookie: str, sockets: list) -> None:
    socket = await connect(
        url,
        origin=origin,
        additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
        open_timeout=120,
        # The server pings; the client stays silent, as an idle page between frames.
        ping_interval=None,
    )
    frame = json.loads(await asyncio.wait_for(socket.recv(), timeout=120))
    assert frame["type"] == "state", frame
    sockets.append(socket)


async def main_async(arguments) -> int:
    processes = load.server_processes(Path(arguments.processes_file))
    pid = arguments.pid or next(
        (pid for name, pid in processes.items() if name.startswith("daphne")), None
    )
    if pid is None:
        sys.exit("no server process id: --pid, or run `make cluster` first")
    print(f"preparing {arguments.connections} members …", flush=True)
    game_ids, cookies = await asyncio.to_thread(
        members_prepare, arguments.connections, arguments.games
    )
    parts = urlsplit(arguments.url)
    origin = f"{parts.scheme}://{parts.netloc}"
    base = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}"
    await asyncio.sleep(2)
    before = load.process_rss_mb(pid)
    print(f"server pid {pid}: RSS before {before:.0f} MB", flush=True)
    sockets: list = []
    gate = asyncio.Semaphore(arguments.concurrency)
    started = time.monotonic()

    async def one(index: int, cookie: str) -> None:
        async with gate:
            url = f"{base}/ws/parties/{game_ids[index % len(game_ids)]}/"
            await hold(url, origin, cookie, sockets)

    outcomes = await asyncio.gather(
        *(one(index, cookie) for index, cookie in enumerate(cookies)), return_exceptions=True
    )
    failures = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    print(
        f"connected {len(sockets)} idle members in {time.monotonic() - started:.1f} s "
        f"({len(failures)} failed)",
        flush=True,
    )
    for failure in failures[:3]:
        print(f"  {type(failure).__name__}: {failure}")
    await asyncio.sleep(arguments.settle)
    after = load.process_rss_mb(pid)
    per_connection = (after - before) * 1024 / max(1, len(sockets))
    print(
        f"server RSS after: {after:.0f} MB (+{after - before:.0f} MB)   "
        f"per idle connection: {per_connection:.1f} KB"
    )
    for name, other in processes.items():
        if name.startswith("nginx"):
            print(f"  {name} RSS {load.process_rss_mb(other) or 0:.0f} MB")

    async def ping(socket) -> bool:
        pong = await socket.ping()
        await asyncio.wait_for(pong, timeout=60)
        return True

    answers = await asyncio.gather(*(ping(socket) for socket in sockets), return_exceptions=True)
    alive = sum(1 for answer in answers if answer is True)
    print(f"still answering a ping: {alive} of {len(sockets)}")
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    return 0 if not failures and alive == len(sockets) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8001", help="one Daphne process")
    parser.add_argument("--pid", type=int, help="its process id")
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--games", type=int, default=50, help="games the members watch")
    parser.add_argument("--concurrency", type=int, default=100, help="handshakes at once")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--processes-file", default=str(load.CLUSTER_DIR / "processes.json"))
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
