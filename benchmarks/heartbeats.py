"""What the waiting room's heartbeats cost a server process.

--members members (a session each) open the waiting room's websocket on one server process and,
once all are in, each sends the page's `ping` every --every seconds (their phases spread evenly)
for --seconds. Prints the pings answered a second, the `pong`'s latency (p50, p99) and the server
process's CPU during the pinging: its share of a core, and per ping (the process's idle CPU is in
it; run a base and a change alternately, the same command). The page pings every 20 s; a shorter
--every shows the cost of one ping above the noise. The embedded default writes its database in
the server process, so its CPU holds the writes too.

    DEBUG=0 .venv/bin/daphne -b 127.0.0.1 -p 8765 cartomaniak.asgi:application &
    DEBUG=0 .venv/bin/python benchmarks/heartbeats.py --url http://127.0.0.1:8765 \\
        --pid $(pgrep -f 'daphne -b 127.0.0.1 -p 8765') --members 300 --every 1 --seconds 30

Run it with the server's DATABASE_URL (the members and sessions are made through the ORM).
"""

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_games  # noqa: E402 — sets Django up with this environment
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from load import percentile, process_cpu_seconds  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402


def members_prepare(count: int) -> list[str]:
    run = f"heartbeats-{int(time.time())}"
    User = get_user_model()
    unusable = make_password(None)
    members = User.objects.bulk_create(
        [User(username=f"{run}-{index}", password=unusable) for index in range(count)],
        batch_size=1000,
    )
    return [live_games.session_for(member) for member in members]


async def main_async(arguments) -> int:
    cookies = await asyncio.to_thread(members_prepare, arguments.members)
    parts = urlsplit(arguments.url)
    origin = f"{parts.scheme}://{parts.netloc}"
    url = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}/ws/salle/"
    sockets = []
    for cookie in cookies:
        socket = await connect(
            url,
            origin=origin,
            additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"},
            open_timeout=60,
            ping_interval=None,
        )
        sockets.append(socket)
    print(f"{len(sockets)} members in the waiting room", flush=True)
    await asyncio.sleep(arguments.settle)
    latencies: list[float] = []
    sent_at: dict[int, list[float]] = {index: [] for index in range(len(sockets))}
    until = time.monotonic() + arguments.seconds

    async def member(index: int, socket) -> None:
        await asyncio.sleep(arguments.every * index / len(sockets))
        while time.monotonic() < until:
            sent_at[index].append(time.perf_counter())
            await socket.send(json.dumps({"type": "ping"}))
            await asyncio.sleep(arguments.every)

    async def read(index: int, socket) -> None:
        try:
            async for text in socket:
                if json.loads(text).get("type") == "pong" and sent_at[index]:
                    latencies.append(time.perf_counter() - sent_at[index].pop(0))
        except Exception:  # closed at the end
            return

    readers = [asyncio.create_task(read(index, socket)) for index, socket in enumerate(sockets)]
    cpu_before = process_cpu_seconds(arguments.pid)
    started = time.monotonic()
    await asyncio.gather(*(member(index, socket) for index, socket in enumerate(sockets)))
    await asyncio.sleep(2)
    elapsed = time.monotonic() - started
    cpu = process_cpu_seconds(arguments.pid) - cpu_before
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    for reader in readers:
        reader.cancel()
    answered = len(latencies)
    latencies.sort()
    print(
        f"{answered} pings answered ({answered / arguments.seconds:.1f} a second), pong p50 "
        f"{percentile(latencies, 0.5) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} "
        f"ms; server CPU {cpu / elapsed:.1%} of a core, {cpu / max(1, answered) * 1000:.3f} ms "
        f"a ping",
        flush=True,
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--pid", type=int, required=True, help="the server process")
    parser.add_argument("--members", type=int, default=300)
    parser.add_argument("--every", type=float, default=1.0, help="seconds between a member's pings")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds after the arrivals")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
