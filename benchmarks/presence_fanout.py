"""What a player's comings and goings cost a watched table's server process.

One game between two members; --spectators members (a session each) watch it on one server
process. The first player then opens his table's socket and closes it, --changes times in all
(a phone that sleeps and wakes, a train's tunnel): each arrival and each departure is a presence
change that every socket of the table must show. Prints the time from the player's open or
close to every spectator showing it (p50, p99), and the server process's CPU during the churn,
per change (its idle CPU is in it; run a base and a change alternately, the same command).

    DEBUG=0 .venv/bin/daphne -b 127.0.0.1 -p 8765 cartomaniak.asgi:application &
    DEBUG=0 .venv/bin/python benchmarks/presence_fanout.py --url http://127.0.0.1:8765 \\
        --pid $(pgrep -f 'daphne -b 127.0.0.1 -p 8765') --spectators 50 --changes 200

Run it with the server's DATABASE_URL (the members and sessions are made through the ORM).
"""

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_games  # noqa: E402, F401 — sets Django up with this environment
import load  # noqa: E402
from load import members_prepare, open_socket, percentile, process_cpu_seconds  # noqa: E402


class Watcher:
    """A socket of the table and the presence it shows."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.presence: list[dict] | None = None
        self.changed = asyncio.Event()

    async def read_forever(self) -> None:
        try:
            async for text in self.socket:
                frame = json.loads(text)
                if frame["type"] == "presence":
                    self.presence = frame["presence"]
                    self.changed.set()
        except Exception:  # closed at the end
            return

    async def wait_for(self, seat: int, connected: bool) -> None:
        while self.presence is None or self.presence[seat]["connected"] != connected:
            self.changed.clear()
            await self.changed.wait()


def game_prepare(spectators: int) -> tuple[str, list[str], list[str]]:
    """A started game; return its socket's path, its players' cookies, the spectators'."""
    from games.lobby import services

    (first, second), *_ = members_prepare(1)
    game = services.game_open(user=first[0], format="first-to-71", is_ranked=False)
    game = services.game_join(game_id=game.pk, user=second[0])
    watchers = [cookie for pair in members_prepare((spectators + 1) // 2) for _user, cookie in pair]
    return f"/ws/parties/{game.pk}/", [first[1], second[1]], watchers[:spectators]


async def main_async(arguments) -> int:
    from django.conf import settings

    load.SESSION_COOKIE_NAME = settings.SESSION_COOKIE_NAME
    path, players, spectator_cookies = await asyncio.to_thread(game_prepare, arguments.spectators)
    watchers = []
    for cookie in spectator_cookies:
        watchers.append(Watcher(await open_socket(arguments.url, path, cookie)))
    readers = [asyncio.create_task(watcher.read_forever()) for watcher in watchers]
    # The second player stays: the table is a game in progress with one player coming and going.
    second = Watcher(await open_socket(arguments.url, path, players[1]))
    readers.append(asyncio.create_task(second.read_forever()))
    probe = await open_socket(arguments.url, path, players[0])
    seat = json.loads(await probe.recv())["game"]["your_seat"]
    await probe.close()
    everyone = [*watchers, second]
    async with asyncio.timeout(30):
        for watcher in everyone:
            await watcher.wait_for(seat, False)
    print(f"{len(watchers)} spectators and the other player at the table", flush=True)
    await asyncio.sleep(arguments.settle)

    latencies: list[float] = []
    cpu_before = process_cpu_seconds(arguments.pid)
    started = time.monotonic()
    for _change in range(arguments.changes // 2):
        began = time.perf_counter()
        player = await open_socket(arguments.url, path, players[0])
        async with asyncio.timeout(30):
            for watcher in everyone:
                await watcher.wait_for(seat, True)
        latencies.append(time.perf_counter() - began)
        began = time.perf_counter()
        await player.close()
        async with asyncio.timeout(30):
            for watcher in everyone:
                await watcher.wait_for(seat, False)
        latencies.append(time.perf_counter() - began)
    elapsed = time.monotonic() - started
    cpu = process_cpu_seconds(arguments.pid) - cpu_before
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*(watcher.socket.close() for watcher in everyone), return_exceptions=True)
    latencies.sort()
    changes = len(latencies)
    print(
        f"{changes} presence changes shown to {len(everyone)} sockets, p50 "
        f"{percentile(latencies, 0.5) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} "
        f"ms; server CPU {cpu / elapsed:.1%} of a core, {cpu / max(1, changes) * 1000:.2f} ms a "
        f"change",
        flush=True,
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--pid", type=int, required=True, help="the server process")
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--changes", type=int, default=200, help="arrivals and departures")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds after the arrivals")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
