"""Measure how long a waiting-room change takes to reach every member of a full room.

K idle members sit in the waiting room (real websockets against a running server); one more
member creates a game, then cancels it, again and again. For each change the script notes when
each of the K members learnt it, and prints the time for the change to reach the K-th (the last)
member, p50 and p99 over the changes, and the same for the median member.

Members, games and session cookies are made through the Django ORM, so run this with the same
DATABASE_URL as the server:

    .venv/bin/python benchmarks/lobby_fanout.py --url http://127.0.0.1:8766 --members 300

It understands both waiting-room protocols: whole `lobby` frames after every change (before the
room was fanned out once) and `lobby_diff` changes (after), so the same command measures both.
"""

import argparse
import asyncio
import json
import os
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
    get_user_model,
)
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import InvalidMessage  # noqa: E402

HEARTBEAT_SECONDS = 20.0


def session_for(user) -> str:
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key


def prepare_members(count: int) -> list[str]:
    """Create `count` members; return their session cookies."""
    run = uuid.uuid4().hex[:8]
    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"lobby-{run}-{index}", password="!") for index in range(count)]
    )
    return [session_for(user) for user in users]


class Member:
    """One waiting-room socket that only keeps the ids of the open games and when it saw them."""

    def __init__(self) -> None:
        self.open_ids: set[int] = set()
        self.appeared: dict[int, float] = {}
        self.vanished: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.frames = 0
        self.socket = None

    def take(self, frame: dict, now: float) -> None:
        if frame["type"] in ("lobby", "lobby_diff"):
            self.frames += 1  # the room's frames only: heartbeat answers are not a change
        if frame["type"] == "lobby":
            ids = {game["id"] for game in frame["open_games"]}
            self.ready.set()
        elif frame["type"] == "lobby_diff":
            change = frame["changes"].get("open_games")
            if not change:
                return
            ids = (self.open_ids - set(change["remove"])) | {g["id"] for g in change["upsert"]}
        else:
            return
        for game_id in ids - self.open_ids:
            self.appeared.setdefault(game_id, now)
        for game_id in self.open_ids - ids:
            self.vanished.setdefault(game_id, now)
        self.open_ids = ids


async def read(member: Member) -> None:
    async for message in member.socket:
        member.take(json.loads(message), time.perf_counter())


async def heartbeat(member: Member, offset: float) -> None:
    await asyncio.sleep(offset)
    while True:
        await member.socket.send(json.dumps({"type": "ping"}))
        await asyncio.sleep(HEARTBEAT_SECONDS)


async def open_member(base_url: str, cookie: str) -> Member:
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    member = Member()
    for attempt in range(5):
        try:
            member.socket = await connect(
                f"{scheme}://{parts.netloc}/ws/salle/",
                origin=f"{parts.scheme}://{parts.netloc}",
                additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
                open_timeout=120,
                max_size=None,
                max_queue=None,
            )
            return member
        except InvalidMessage:
            # A handshake dropped by a server too busy to answer in time: the page's socket
            # would try again as well (live-socket.js).
            await asyncio.sleep(0.5 * (attempt + 1))
    raise SystemExit("could not connect")


async def wait_all(members: list[Member], seen, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(seen(member) for member in members):
            return True
        await asyncio.sleep(0.005)
    return False


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def main_async(arguments) -> int:
    count = arguments.members
    cookies = await asyncio.to_thread(prepare_members, count + 1)
    members: list[Member] = []
    tasks = []
    setup_started = time.monotonic()
    for start in range(0, count, 50):  # 50 at a time, as a busy evening fills the room
        batch_cookies = cookies[start : min(start + 50, count)]
        batch = await asyncio.gather(*(open_member(arguments.url, c) for c in batch_cookies))
        for member in batch:
            tasks.append(asyncio.create_task(read(member)))
            offset = HEARTBEAT_SECONDS * len(members) / count
            tasks.append(asyncio.create_task(heartbeat(member, offset)))
            members.append(member)
        # The next ones arrive once these are in: a server's connection queue is not the subject.
        await asyncio.gather(*(member.ready.wait() for member in batch))
    # Let the arrivals settle: every member has heard of every other one.
    quiet_since, last_frames = time.monotonic(), -1
    while time.monotonic() - quiet_since < 2.0:
        frames = sum(member.frames for member in members)
        if frames != last_frames:
            quiet_since, last_frames = time.monotonic(), frames
        await asyncio.sleep(0.2)
    setup_seconds = time.monotonic() - setup_started
    print(f"{count} members in the room after {setup_seconds:.1f} s")

    actor = await open_member(arguments.url, cookies[count])
    actor_frames: asyncio.Queue = asyncio.Queue()

    async def actor_read():
        async for message in actor.socket:
            await actor_frames.put(json.loads(message))

    tasks.append(asyncio.create_task(actor_read()))
    last_member: list[float] = []
    median_member: list[float] = []
    lost = 0
    game_id = None
    for round_number in range(arguments.rounds):
        for kind in ("create", "cancel"):
            if kind == "create":
                message = {"type": "create", "format": "first-to-71", "is_ranked": False}
            else:
                message = {"type": "cancel", "game_id": game_id}
            started = time.perf_counter()
            await actor.socket.send(json.dumps(message))
            if kind == "create":
                while True:
                    frame = await asyncio.wait_for(actor_frames.get(), timeout=120)
                    if frame["type"] == "created":
                        game_id = frame["game_id"]
                        break
                    if frame["type"] == "error":
                        raise SystemExit(f"create refused: {frame}")
                table = "appeared"
            else:
                table = "vanished"
            reached = await wait_all(
                members, lambda m, t=table, g=game_id: g in getattr(m, t), arguments.timeout
            )
            if not reached:
                lost += 1
                continue
            delays = sorted(getattr(m, table)[game_id] - started for m in members)
            last_member.append(delays[-1])
            median_member.append(delays[len(delays) // 2])
        await asyncio.sleep(arguments.pause)
        if last_member:
            print(f"  round {round_number + 1}: K-th member {last_member[-1] * 1000:.0f} ms")

    for task in tasks:
        task.cancel()
    for member in [*members, actor]:
        await member.socket.close()

    def ms(value: float) -> str:
        return f"{value * 1000:.0f} ms"

    if not last_member:
        print(f"K={count}: no change reached every member within {arguments.timeout:.0f} s")
        return 1

    print(
        f"K={count} changes={len(last_member)} not reached in {arguments.timeout:.0f} s: {lost}\n"
        f"  K-th member:  p50 {ms(percentile(last_member, 0.5))}  "
        f"p99 {ms(percentile(last_member, 0.99))}  max {ms(max(last_member))}\n"
        f"  median member: p50 {ms(percentile(median_member, 0.5))}  "
        f"mean {ms(statistics.fmean(median_member))}\n"
        f"  room filled in {setup_seconds:.1f} s"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--members", type=int, default=100, help="K idle members in the room")
    parser.add_argument("--rounds", type=int, default=15, help="create + cancel pairs")
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between rounds")
    parser.add_argument("--timeout", type=float, default=60.0, help="per change")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
