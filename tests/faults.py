"""Services a fault test starts, stops and starts again itself: never the shared ones."""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for_port(port: int, *, is_open: bool, timeout: float = 20.0) -> None:
    give_up_at = time.monotonic() + timeout
    while time.monotonic() < give_up_at:
        with socket.socket() as probe:
            is_now_open = probe.connect_ex(("127.0.0.1", port)) == 0
        if is_now_open == is_open:
            return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} still {'closed' if is_open else 'open'}")


class RedisServer:
    """A redis-server of the test's own on a free port, without persistence."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port, is_open=True)

    def kill(self) -> None:
        """Stop it as a crash would: SIGKILL, every connection cut."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None
        _wait_for_port(self.port, is_open=False)

    def pause(self) -> None:
        """Stop it answering, its connections left open: SIGSTOP (a hung server, or a network
        that drops every packet)."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def subscribers(self, channel: str) -> int:
        client = redis.Redis.from_url(self.url)
        try:
            return dict(client.pubsub_numsub(channel)).get(channel.encode(), 0)
        finally:
            client.close()


class DaphneServer:
    """A real Daphne process on the test database, as production runs the site."""

    def __init__(self, database_url: str) -> None:
        self.port = free_port()
        self.environment = {
            **os.environ,
            "DATABASE_URL": database_url,
            "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
            "DEBUG": "1",
            # The test plays far faster than a person: not the message budget's subject.
            "SOCKET_MESSAGES_BURST": "100000",
            "MEMBER_MESSAGES_BURST": "100000",
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
            + ["cartomaniak.asgi:application"],
            cwd=PROJECT_ROOT,
            env=self.environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port, is_open=True, timeout=60)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None


@contextlib.contextmanager
def database_refusing():
    """Make every new connection to the site's database fail as a refusing server does.

    The driver really fails to connect: PostgreSQL on a port where nothing listens (the pool is
    closed first, so that none of its connections is lent), SQLite in a folder that does not
    exist. Connections already open in other threads are not this test's subject.
    """
    from django.db import connection, connections

    settings_dict = connection.settings_dict
    key, broken = (
        ("PORT", str(free_port()))
        if connection.vendor == "postgresql"
        else (
            "NAME",
            str(PROJECT_ROOT / "no-such-folder" / "database.sqlite3"),
        )
    )
    kept = settings_dict[key]
    connections.close_all()
    if connection.vendor == "postgresql":
        connection.close_pool()
    settings_dict[key] = broken
    try:
        yield
    finally:
        settings_dict[key] = kept
        connections.close_all()
        if connection.vendor == "postgresql":
            connection.close_pool()
