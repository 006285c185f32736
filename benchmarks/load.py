"""Load test: members pair and play complete games over real websockets, through the proxy.

Extends `live_games.py` (same members, cookies and latency measure) to the production topology
(`make cluster`: nginx in front of N Daphne processes). Each of `--games` pairs of members pairs
(in the waiting room, or directly through the services), plays a whole game at `--rate`
decisions per second, and pairs again, until `--seconds` have run. It prints moves per second,
the latency from sending a move to BOTH players holding the new version (p50, p95, p99, max),
error frames, lost versions (one that never reached a player within 10 s) and duplicated ones
(a version a socket received twice, or older than one it had), and the memory (RSS) and CPU of
each server process (read from `.cluster/processes.json`).

In the same run, first, a bare websocket relay (a tiny Python server in its own process, with
the same frame size) is driven by the same client at the same pace: the floor, and our latency
as a multiple of it.

    make cluster CLUSTER_OPTIONS="--processes 2"       # in another terminal
    DATABASE_URL=... REDIS_URL=... .venv/bin/python benchmarks/load.py --games 100 --seconds 60

`--kill-after 20` kills one Daphne process (SIGKILL) 20 s into the run: its players' sockets
drop, are reopened through nginx (on the processes still alive) and the games go on; the run
then reports the sockets reopened and any version lost or duplicated.

The members' session cookies are signed with the server's SECRET_KEY: the script takes the one
`make cluster` keeps in `.cluster/secret-key` when SECRET_KEY is not set.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
CLUSTER_DIR = BASE_DIR / ".cluster"
if not os.environ.get("SECRET_KEY") and (CLUSTER_DIR / "secret-key").exists():
    os.environ["SECRET_KEY"] = (CLUSTER_DIR / "secret-key").read_text().strip()

from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus  # noqa: E402

# A typical state frame of a game in play is about 2 KB of JSON: the relay sends as much.
RELAY_FILLER = "x" * 1800
RELAY_GAME_VERSIONS = 120  # about the length of a game to 71 points
WAIT_SECONDS = 10.0
SESSION_COOKIE_NAME = "sessionid"  # the server's setting, read once Django is set up


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


# --- Memory and CPU of the server processes -----------------------------------------------------


def process_rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def process_cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class ProcessWatch:
    """Sample RSS every second; CPU time between start and stop."""

    def __init__(self, processes: dict[str, int]) -> None:
        self.processes = processes
        self.rss_start = {name: process_rss_mb(pid) for name, pid in processes.items()}
        self.rss_peak = dict(self.rss_start)
        self.cpu_start = {name: process_cpu_seconds(pid) for name, pid in processes.items()}
        self.started = time.monotonic()

    async def sample_forever(self) -> None:
        while True:
            for name, pid in self.processes.items():
                rss = process_rss_mb(pid)
                if rss is not None:
                    self.rss_peak[name] = max(self.rss_peak[name] or 0, rss)
            await asyncio.sleep(1)

    def report(self) -> None:
        elapsed = time.monotonic() - self.started
        for name, pid in self.processes.items():
            cpu_start, cpu_end = self.cpu_start[name], process_cpu_seconds(pid)
            cpu = (
                f"{100 * (cpu_end - cpu_start) / elapsed:5.1f}% of a core"
                if cpu_start is not None and cpu_end is not None
                else "-"
            )
            rss = [self.rss_start[name], self.rss_peak[name], process_rss_mb(pid)]
            shown = " -> ".join("-" if value is None else f"{value:.0f}" for value in rss)
            print(f"  {name:<16} pid {pid:<7} RSS start/peak/end MB {shown:<18} CPU {cpu}")


# --- The client: one pair of players, pairing again after each game -----------------------------


class Seat:
    def __init__(self) -> None:
        self.frame: dict | None = None
        self.changed = asyncio.Event()
        self.last_version = 0


class Results:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.pairing: list[float] = []
        self.errors: list[str] = []
        self.lost = 0
        self.reconnections = 0
        self.duplicated = 0
        self.games_finished = 0
        self.failures: list[BaseException] = []
        self.measuring = True
        self.measure_from = 0.0  # monotonic time: moves before it (the ramp) are not counted

    def print(self, title: str, elapsed: float) -> list[float]:
        milliseconds = [value * 1000 for value in self.latencies]
        print(f"{title}: {len(milliseconds)} moves in {elapsed:.1f} s")
        print(f"  moves per second: {len(milliseconds) / elapsed:.1f}")
        if milliseconds:
            print(
                f"  latency send -> {WHO_HOLDS[0]} hold the new version (ms): "
                f"p50 {percentile(milliseconds, 0.50):.1f}  "
                f"p95 {percentile(milliseconds, 0.95):.1f}  "
                f"p99 {percentile(milliseconds, 0.99):.1f}  max {max(milliseconds):.1f}  "
                f"mean {statistics.fmean(milliseconds):.1f}"
            )
        if self.pairing:
            pairing = [value * 1000 for value in self.pairing]
            print(
                f"  pairing ({len(pairing)} games started, {self.games_finished} finished): "
                f"p50 {percentile(pairing, 0.5):.0f} ms  p99 {percentile(pairing, 0.99):.0f} ms"
            )
        print(
            f"  error frames: {len(self.errors)} {sorted(set(self.errors))}   "
            f"lost versions: {self.lost}   duplicated versions: {self.duplicated}   "
            f"failed pairs: {len(self.failures)}"
        )
        print(
            f"  sockets reopened after a drop: {self.reconnections}   "
            f"handshakes refused and tried again: {HANDSHAKE_RETRIES[0]}"
        )
        for failure in self.failures[:3]:
            print(f"    {type(failure).__name__}: {failure}")
        return milliseconds


class Connection:
    """One player's socket to a table, reopened through the proxy whenever it drops.

    The first frame after (re)connecting is the current state: it may repeat the version last
    held, which is not a duplicate.
    """

    def __init__(self, base_url: str, path: str, cookie: str, seat: Seat, results) -> None:
        self.base_url, self.path, self.cookie = base_url, path, cookie
        self.seat, self.results = seat, results
        self.is_stopping = False

    async def start(self) -> None:
        self.socket = await open_socket(self.base_url, self.path, self.cookie)
        self.reader = asyncio.create_task(self.read_forever())

    async def read_forever(self) -> None:
        while True:
            is_fresh = True
            try:
                async for message in self.socket:
                    self.receive(json.loads(message), is_fresh)
                    is_fresh = False
            except ConnectionClosed:
                pass
            if self.is_stopping:
                return
            self.results.reconnections += 1
            self.socket = await open_socket(self.base_url, self.path, self.cookie)

    def receive(self, frame: dict, is_fresh: bool) -> None:
        seat, results = self.seat, self.results
        if frame["type"] == "state":
            if frame["version"] <= seat.last_version:
                if not is_fresh:
                    results.duplicated += 1
                return
            seat.last_version = frame["version"]
            seat.frame = frame
            seat.changed.set()
        elif frame["type"] == "error" and results.measuring:
            results.errors.append(frame["code"])

    async def send(self, content: dict) -> bool:
        try:
            await self.socket.send(json.dumps(content))
        except ConnectionClosed:
            return False  # the reader reconnects; the next state frame tells what happened
        return True

    async def close(self) -> None:
        self.is_stopping = True
        self.reader.cancel()
        await self.socket.close()


async def wait_for_version(seat: Seat, version: int, timeout: float) -> None:
    async with asyncio.timeout(timeout):
        while seat.frame is None or seat.frame["version"] < version:
            seat.changed.clear()
            await seat.changed.wait()


def websocket_url(base_url: str, path: str) -> tuple[str, str]:
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme in ("https", "wss") else "ws"
    origin = f"{'https' if scheme == 'wss' else 'http'}://{parts.netloc}"
    return f"{scheme}://{parts.netloc}{path}", origin


HANDSHAKE_RETRIES = [0]  # handshakes refused (a 502 from nginx, a reset) and tried again
WHO_HOLDS = ["both players"]


async def open_socket(base_url: str, path: str, cookie: str | None):
    """Connect as the site's page does: a refused handshake is tried again with backoff."""
    url, origin = websocket_url(base_url, path)
    headers = {"Cookie": f"{SESSION_COOKIE_NAME}={cookie}"} if cookie else {}
    for delay in (0.5, 1, 2, 4, 8, 15, 15):
        try:
            return await connect(url, origin=origin, additional_headers=headers, open_timeout=60)
        except (InvalidStatus, InvalidMessage, OSError):
            HANDSHAKE_RETRIES[0] += 1
            await asyncio.sleep(delay * (0.5 + random.random()))
    return await connect(url, origin=origin, additional_headers=headers, open_timeout=60)


async def play_one_game(
    base_url: str,
    path: str,
    cookies: list,
    *,
    until: float,
    period: float,
    results,
    rng,
    watcher_cookies: list = (),
) -> bool:
    """Play one game from its first state to its end (or until time is up); True if it ended."""
    seats = [Seat(), Seat()]
    # Members watching the table (`--spectators`): a move counts once every socket holds it.
    watchers = [Seat() for _ in watcher_cookies]
    connections = []
    try:
        for seat, cookie in zip([*seats, *watchers], [*cookies, *watcher_cookies], strict=True):
            connection = Connection(base_url, path, cookie, seat, results)
            await connection.start()
            connections.append(connection)
        for seat in [*seats, *watchers]:
            await wait_for_version(seat, 1, timeout=60)
        by_seat = {}
        for index, seat in enumerate(seats):
            your_seat = seat.frame["game"]["your_seat"]
            if your_seat is None:
                raise RuntimeError(
                    "the server does not know this member's session: run with its SECRET_KEY"
                )
            by_seat[your_seat] = index
        await asyncio.sleep(rng.random() * period)  # spread the games over the period
        next_tick = time.monotonic()
        while time.monotonic() < until:
            version = max(seat.frame["version"] for seat in seats)
            if seats[0].frame["game"]["status"] != "in_progress":
                return True
            if any(seat.frame["version"] != version for seat in seats):
                try:
                    for seat in seats:
                        await wait_for_version(seat, version, WAIT_SECONDS)
                except TimeoutError:
                    results.lost += 1
                    for connection in connections:
                        await connection.send({"type": "snapshot"})
                    await asyncio.sleep(0.5)
                continue
            actor = by_seat[seats[0].frame["view"]["seat_to_act"]]
            action = rng.choice(seats[actor].frame["view"]["legal_actions"])
            started = time.perf_counter()
            sent = await connections[actor].send(
                {"type": "act", "version": version, "action": action}
            )
            if not sent:
                await asyncio.sleep(0.5)
                continue
            try:
                for seat in [*seats, *watchers]:
                    await wait_for_version(seat, version + 1, WAIT_SECONDS)
            except TimeoutError:
                results.lost += 1
                continue
            if results.measuring and time.monotonic() >= results.measure_from:
                results.latencies.append(time.perf_counter() - started)
            next_tick += period
            await asyncio.sleep(max(0.0, next_tick - time.monotonic()))
        if seats[0].frame["game"]["status"] == "in_progress":
            # Time is up: end the game now rather than leave it to the deadline sweeper.
            await connections[0].send({"type": "leave"})
            await asyncio.sleep(0.2)
        return False
    finally:
        for connection in connections:
            await connection.close()


async def pair_in_lobby(base_url: str, cookies: list[str]) -> int:
    """The first member opens a game in the waiting room, the second joins it."""
    first = await open_socket(base_url, "/ws/salle/", cookies[0])
    second = await open_socket(base_url, "/ws/salle/", cookies[1])
    try:
        await first.send(json.dumps({"type": "create", "format": "first-to-71"}))
        game_id = None
        async with asyncio.timeout(60):
            async for message in first:
                frame = json.loads(message)
                if frame["type"] == "created":
                    game_id = frame["game_id"]
                    break
                if frame["type"] == "error":
                    raise RuntimeError(f"create refused: {frame['code']}")
            await second.send(json.dumps({"type": "join", "game_id": game_id}))
            async for message in second:
                frame = json.loads(message)
                if frame["type"] == "game_started":
                    return frame["game_id"]
                if frame["type"] == "error":
                    raise RuntimeError(f"join refused: {frame['code']}")
    finally:
        await first.close()
        await second.close()
    raise RuntimeError("the waiting room closed before the game started")


async def pair_directly(cookies_and_users) -> int:
    from games.lobby import services

    def start() -> int:
        first, second = cookies_and_users
        game = services.game_open(user=first, format="first-to-71", is_ranked=False)
        return services.game_join(game_id=game.pk, user=second).pk

    return await asyncio.to_thread(start)


async def pair(index: int, base_url: str, members, arguments, rng) -> str:
    """Start a game for this pair; return the path of its table's websocket."""
    if arguments.relay:
        return f"/relay/{index}/{rng.random()}"
    async with arguments.pairing_gate:
        if arguments.pairing == "lobby":
            game_id = await pair_in_lobby(base_url, [cookie for _user, cookie in members])
        else:
            game_id = await pair_directly([user for user, _cookie in members])
    return f"/ws/parties/{game_id}/"


async def member_pair_loop(index, base_url, members, arguments, results, rng, until, first_path):
    """Play a whole game, pair again, until time is up."""
    cookies = [cookie for _user, cookie in members]
    game_path = first_path
    # Arrivals spread over the ramp, as players come in over an evening, not all in one second.
    await asyncio.sleep(arguments.ramp * index / max(1, arguments.games))
    while time.monotonic() < until:
        finished = await play_one_game(
            base_url,
            game_path,
            cookies,
            until=until,
            period=1.0 / arguments.rate,
            results=results,
            rng=rng,
            watcher_cookies=arguments.spectator_cookies[index],
        )
        results.games_finished += finished
        if time.monotonic() >= until:
            break
        started = time.perf_counter()
        game_path = await pair(index, base_url, members, arguments, rng)
        results.pairing.append(time.perf_counter() - started)


async def drive(base_url: str, members: list, arguments, *, relay: bool) -> tuple[Results, float]:
    """Pair everybody first (not measured: a whole evening's arrivals at once), then play."""
    results = Results()
    HANDSHAKE_RETRIES[0] = 0
    arguments.relay = relay
    arguments.pairing_gate = asyncio.Semaphore(arguments.pairing_concurrency)
    rng = random.Random(arguments.seed)
    rngs = [random.Random(rng.random()) for _ in members]
    started = time.monotonic()
    paths = await asyncio.gather(
        *(
            pair(index, base_url, pair_members, arguments, rngs[index])
            for index, pair_members in enumerate(members)
        ),
        return_exceptions=True,
    )
    unpaired = [path for path in paths if isinstance(path, BaseException)]
    if not relay:
        print(f"  first pairing of {len(members)} pairs: {time.monotonic() - started:.1f} s")
    seconds = arguments.relay_seconds if relay else arguments.seconds
    started = time.monotonic()
    results.measure_from = started + arguments.ramp
    until = results.measure_from + seconds
    killer = None
    if not relay and arguments.kill_after is not None:
        killer = asyncio.create_task(
            kill_one_server(arguments.processes, arguments.ramp + arguments.kill_after)
        )
    outcomes = await asyncio.gather(
        *(
            member_pair_loop(
                index, base_url, pair_members, arguments, results, rngs[index], until, paths[index]
            )
            for index, pair_members in enumerate(members)
            if not isinstance(paths[index], BaseException)
        ),
        return_exceptions=True,
    )
    if killer is not None:
        killer.cancel()
    results.failures = unpaired + [
        outcome for outcome in outcomes if isinstance(outcome, BaseException)
    ]
    return results, time.monotonic() - results.measure_from


# --- The bare relay: the same frames, no database, no channel layer ------------------------------


async def relay_serve(port: int) -> None:
    rooms: dict[str, dict] = {}

    def frame(room: dict, seat: int) -> str:
        finished = room["version"] >= RELAY_GAME_VERSIONS
        return json.dumps(
            {
                "type": "state",
                "version": room["version"],
                "game": {"status": "finished" if finished else "in_progress", "your_seat": seat},
                "view": {
                    "seat_to_act": room["to_act"],
                    "legal_actions": [{"type": "play", "card": "AS"}]
                    if seat == room["to_act"]
                    else [],
                    "filler": RELAY_FILLER,
                },
            }
        )

    async def handler(socket) -> None:
        room = rooms.setdefault(socket.request.path, {"version": 1, "to_act": 0, "sockets": []})
        seat = len(room["sockets"])
        room["sockets"].append(socket)
        await socket.send(frame(room, seat))
        try:
            async for message in socket:
                content = json.loads(message)
                if content.get("type") == "act" and content.get("version") == room["version"]:
                    room["version"] += 1
                    room["to_act"] = random.randint(0, 1)
                    for other_seat, other in enumerate(room["sockets"]):
                        if other is not None:
                            await other.send(frame(room, other_seat))
        finally:
            room["sockets"][seat] = None
            if not any(room["sockets"]):
                rooms.pop(socket.request.path, None)

    async with serve(handler, "127.0.0.1", port, max_queue=None):
        await asyncio.Future()


# --- Main -----------------------------------------------------------------------------------------


def members_prepare(count: int) -> list:
    """2 x count members with sessions: [((user, cookie), (user, cookie)), ...]."""
    import live_games
    from django.contrib.auth import get_user_model

    run = f"load-{random.randrange(16**8):08x}"
    User = get_user_model()
    pairs = []
    for index in range(count):
        pair = []
        for side in "ab":
            user = User.objects.create_user(username=f"{run}-{index}-{side}", password=None)
            pair.append((user, live_games.session_for(user)))
        pairs.append(tuple(pair))
    return pairs


async def kill_one_server(processes: dict[str, int], after: float) -> None:
    """Kill the first Daphne process mid-run: its players must reconnect to the others."""
    name, pid = next((name, pid) for name, pid in processes.items() if name.startswith("daphne"))
    await asyncio.sleep(after)
    print(f"  killing {name} (pid {pid}) {after:.0f} s after the first pairing", flush=True)
    os.kill(pid, signal.SIGKILL)


def process_children(pid: int) -> list[int]:
    """Return the ids of the processes whose parent is `pid` (from /proc)."""
    children = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            children.append(int(entry.name))
    return sorted(children)


def server_processes(path: Path) -> dict[str, int]:
    """The cluster's processes by name (`.cluster/processes.json`). nginx's master only reads
    its configuration and watches: the connections are its workers', so they are watched
    instead, each by name, the master left out."""
    if not path.exists():
        return {}
    processes = json.loads(path.read_text())
    master = processes.pop("nginx", None)
    if master is not None:
        workers = process_children(master)
        for number, worker in enumerate(workers, start=1):
            processes[f"nginx worker {number}"] = worker
        if not workers:
            processes["nginx"] = master
    return processes


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def main_async(arguments) -> int:
    import live_games  # noqa: F401 — sets Django up with this environment
    from django.conf import settings

    global SESSION_COOKIE_NAME
    SESSION_COOKIE_NAME = settings.SESSION_COOKIE_NAME
    base_url = arguments.url
    print(f"preparing {2 * arguments.games} members on {settings.DATABASES['default']['ENGINE']} …")
    members = await asyncio.to_thread(members_prepare, arguments.games)
    # Each table's spectators are members too, each his own session: the server counts a
    # visitor's sockets by address, and every socket of this client comes from one.
    spectators = await asyncio.to_thread(
        members_prepare, (arguments.games * arguments.spectators + 1) // 2
    )
    cookies = [cookie for pair in spectators for _user, cookie in pair]
    arguments.spectator_cookies = [
        cookies[index * arguments.spectators : (index + 1) * arguments.spectators]
        for index in range(arguments.games)
    ]
    floor = None
    if arguments.relay_seconds > 0:
        port = arguments.relay_port or free_port()
        relay = subprocess.Popen(
            [sys.executable, __file__, "--serve-relay", str(port)],
            stdout=subprocess.DEVNULL,
        )
        try:
            await asyncio.sleep(1.5)
            relay_watch = ProcessWatch({"relay": relay.pid})
            results, elapsed = await drive(
                f"http://127.0.0.1:{port}", members, arguments, relay=True
            )
            floor = results.print("bare websocket relay (the floor)", elapsed)
            relay_watch.report()
        finally:
            relay.terminate()
            relay.wait()
    processes = server_processes(Path(arguments.processes_file))
    watch = ProcessWatch(processes)
    sampler = asyncio.create_task(watch.sample_forever())
    print(
        f"\nserver: {base_url}   pairing: {arguments.pairing}   games: {arguments.games}   "
        f"pace: {arguments.rate} decision/s per game"
    )
    arguments.processes = processes
    results, elapsed = await drive(base_url, members, arguments, relay=False)
    sampler.cancel()
    ours = results.print("Cartomaniak", elapsed)
    if floor and ours:
        multiples = [
            f"p{int(q * 100)} {percentile(ours, q) / max(percentile(floor, q), 1e-3):.1f}x"
            for q in (0.5, 0.95, 0.99)
        ]
        print(f"  latency as a multiple of the relay's: {'  '.join(multiples)}")
    if processes:
        print("server processes:")
        watch.report()
    failed = results.failures or results.lost or results.duplicated
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the proxy (make cluster)")
    parser.add_argument("--games", type=int, default=100, help="simultaneous games (pairs)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=1.0, help="decisions per second per game")
    parser.add_argument(
        "--pairing",
        choices=["lobby", "direct"],
        default="lobby",
        help="lobby: create and join in the waiting room; direct: through the services",
    )
    parser.add_argument(
        "--pairing-concurrency", type=int, default=4, help="pairs in the waiting room at once"
    )
    parser.add_argument(
        "--relay-seconds", type=float, default=30.0, help="the relay's run first (0: none)"
    )
    parser.add_argument(
        "--relay-port", type=int, default=0, help="the relay's port (default: a free one)"
    )
    parser.add_argument("--processes-file", default=str(CLUSTER_DIR / "processes.json"))
    parser.add_argument(
        "--kill-after",
        type=float,
        help="kill one Daphne process (SIGKILL) this many seconds into the run",
    )
    parser.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="seconds over which the pairs connect (not measured; --seconds follow it)",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="visitors watching each table; a move counts once they hold it too",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve-relay", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve_relay:
        asyncio.run(relay_serve(arguments.serve_relay))
        return 0
    if arguments.spectators:
        WHO_HOLDS[0] = f"both players and {arguments.spectators} spectators"
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    return asyncio.run(main_async(arguments))


if __name__ == "__main__":
    sys.exit(main())
