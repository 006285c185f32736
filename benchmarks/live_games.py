"""Measure live games over real websockets against a running server.

N games are started between scripted players (users, games and session cookies are made through
the Django ORM and services, so run this with the same DATABASE_URL as the server). Each game
then makes one decision per second over the websockets: the player to act picks a legal action
from his last view. The latency of a move runs from sending it to BOTH players having received
the new version. Prints moves per second and latency percentiles.

    .venv/bin/python benchmarks/live_games.py --url http://127.0.0.1:8000 --games 100 --seconds 60

Several `--url` options spread the players over several server processes (side by side, sharing
PostgreSQL and the Redis channel layer): the two players of a game sit on different processes
whenever there are two or more, so every move crosses the channel layer.
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
import uuid
from importlib import import_module
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
# A development tool: the development default unless the environment says otherwise.
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,  # noqa: E402
)
from websockets.asyncio.client import connect  # noqa: E402

from games.lobby import services  # noqa: E402


def session_for(user) -> str:
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key


def prepare_games(count: int) -> list[tuple[int, list[str]]]:
    """Create 2 x count members and count started games; return (game id, [cookie 0, cookie 1])."""
    run = uuid.uuid4().hex[:8]
    User = get_user_model()
    games = []
    for index in range(count):
        first = User.objects.create_user(username=f"bench-{run}-{index}-a", password=None)
        second = User.objects.create_user(username=f"bench-{run}-{index}-b", password=None)
        game = services.game_open(user=first, format="first-to-71", is_ranked=False)
        services.game_join(game_id=game.pk, user=second)
        games.append((game.pk, [session_for(first), session_for(second)]))
    return games


class Seat:
    def __init__(self) -> None:
        self.frame: dict | None = None
        self.changed = asyncio.Event()


async def read_frames(socket, seat: Seat, errors: list) -> None:
    async for message in socket:
        frame = json.loads(message)
        if frame["type"] == "state":
            if seat.frame is None or frame["version"] >= seat.frame["version"]:
                seat.frame = frame
                seat.changed.set()
        elif frame["type"] == "error":
            errors.append(frame["code"])


async def wait_for_version(seats: list[Seat], version: int, timeout: float) -> None:
    async with asyncio.timeout(timeout):
        for seat in seats:
            while seat.frame is None or seat.frame["version"] < version:
                seat.changed.clear()
                await seat.changed.wait()


async def play(
    base_urls: list[str],
    game_id: int,
    cookies: list[str],
    *,
    until: float,
    period: float,
    latencies: list,
    errors: list,
    rng: random.Random,
) -> int:
    seats = [Seat(), Seat()]
    sockets = []
    readers = []
    moves = 0
    try:
        for seat, cookie, base_url in zip(seats, cookies, base_urls, strict=True):
            parts = urlsplit(base_url)
            scheme = "wss" if parts.scheme == "https" else "ws"
            url = f"{scheme}://{parts.netloc}/ws/parties/{game_id}/"
            origin = f"{parts.scheme}://{parts.netloc}"
            socket = await connect(
                url,
                origin=origin,
                additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
                open_timeout=30,
            )
            sockets.append(socket)
            readers.append(asyncio.create_task(read_frames(socket, seat, errors)))
        await wait_for_version(seats, 1, timeout=30)
        await asyncio.sleep(rng.random() * period)  # spread the games over the period
        next_tick = time.monotonic()
        while time.monotonic() < until:
            frame = seats[0].frame
            if frame["game"]["status"] != "in_progress":
                break
            version = frame["version"]
            to_act = frame["view"]["seat_to_act"]
            own = seats[to_act].frame
            if own["version"] != version:
                await wait_for_version(seats, version, timeout=10)
                continue
            action = rng.choice(own["view"]["legal_actions"])
            started = time.perf_counter()
            await sockets[to_act].send(
                json.dumps({"type": "act", "version": version, "action": action})
            )
            await wait_for_version(seats, version + 1, timeout=10)
            latencies.append(time.perf_counter() - started)
            moves += 1
            next_tick += period
            await asyncio.sleep(max(0.0, next_tick - time.monotonic()))
        await sockets[0].send(json.dumps({"type": "leave"}))
        await asyncio.sleep(0.2)
    finally:
        for reader in readers:
            reader.cancel()
        for socket in sockets:
            await socket.close()
    return moves


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def main_async(arguments) -> int:
    print(f"preparing {arguments.games} games on {settings.DATABASES['default']['ENGINE']} …")
    games = await asyncio.to_thread(prepare_games, arguments.games)
    urls = arguments.url or ["http://127.0.0.1:8000"]
    print(f"servers: {', '.join(urls)}")
    latencies: list[float] = []
    errors: list[str] = []
    rng = random.Random(arguments.seed)
    until = time.monotonic() + arguments.seconds
    started = time.monotonic()
    results = await asyncio.gather(
        *(
            play(
                [urls[(index + seat) % len(urls)] for seat in (0, 1)],
                game_id,
                cookies,
                until=until,
                period=1.0 / arguments.rate,
                latencies=latencies,
                errors=errors,
                rng=random.Random(rng.random()),
            )
            for index, (game_id, cookies) in enumerate(games)
        ),
        return_exceptions=True,
    )
    elapsed = time.monotonic() - started
    failures = [result for result in results if isinstance(result, BaseException)]
    moves = sum(result for result in results if isinstance(result, int))
    print(f"games: {arguments.games}   seconds: {elapsed:.1f}   moves: {moves}")
    print(f"moves per second: {moves / elapsed:.1f}")
    if latencies:
        milliseconds = [value * 1000 for value in latencies]
        print(
            "latency send -> both players have the new view (ms): "
            f"p50 {percentile(milliseconds, 0.50):.1f}  p95 {percentile(milliseconds, 0.95):.1f}  "
            f"p99 {percentile(milliseconds, 0.99):.1f}  max {max(milliseconds):.1f}  "
            f"mean {statistics.fmean(milliseconds):.1f}"
        )
    print(f"error frames: {len(errors)} {sorted(set(errors))}   failed games: {len(failures)}")
    for failure in failures[:3]:
        print(f"  {type(failure).__name__}: {failure}")
    return 0 if not failures else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--url",
        action="append",
        help="a running server (repeat for several processes); default http://127.0.0.1:8000",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=1.0, help="decisions per second per game")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    return asyncio.run(main_async(arguments))


if __name__ == "__main__":
    sys.exit(main())
