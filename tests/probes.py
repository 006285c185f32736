"""For the tests of /sante/ and /metrics: addresses where nothing answers."""

import socket


def closed_port() -> int:
    """A local port nobody listens on: bound once to find it free, then let go."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def unreachable_redis_url() -> str:
    return f"redis://127.0.0.1:{closed_port()}/0"
