"""Waiting for a Daphne process to be healthy: `deploy/cluster.py wait-healthy`, as the systemd
unit of Daphne runs it after each start (deploy/systemd/cartomaniak-daphne@.service)."""

import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.probes import closed_port

from .deployment import DEPLOY, cluster

PROJECT_ROOT = DEPLOY.parent


class Answers(BaseHTTPRequestHandler):
    """Answer /sante/ as a Daphne process that reaches its database after a few probes."""

    statuses: list[int] = []

    def do_GET(self) -> None:
        status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
        body = b'{"status": "ok"}' if status == 200 else b'{"status": "failing"}'
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def server():
    def serve(statuses: list[int]) -> int:
        Answers.statuses = list(statuses)
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Answers)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        started.append(httpd)
        return httpd.server_address[1]

    started: list[ThreadingHTTPServer] = []
    yield serve
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


def unit_health_command(port: int) -> list[str]:
    """The ExecStartPost of Daphne's unit, for this checkout and `port`."""
    unit = (DEPLOY / "systemd" / "cartomaniak-daphne@.service").read_text()
    (line,) = [line for line in unit.splitlines() if line.startswith("ExecStartPost=")]
    command = line.removeprefix("ExecStartPost=").split()
    command[0] = sys.executable
    return [
        part.replace("/srv/cartomaniak", str(PROJECT_ROOT))
        .replace("${DAPHNE_BIND}", "127.0.0.1")
        .replace("%i", str(port))
        for part in command
    ]


def test_the_unit_waits_until_the_process_answers_200(server) -> None:
    port = server([503, 503, 200])

    result = subprocess.run(unit_health_command(port), capture_output=True, text=True, timeout=30)

    assert result.returncode == 0, result.stderr
    assert Answers.statuses == [200]


def test_a_process_never_healthy_fails_its_start_saying_why(server) -> None:
    port = server([503])
    command = [*unit_health_command(port)[:-1], "1"]

    result = subprocess.run(command, capture_output=True, text=True, timeout=30)

    assert command[-2:] == ["--timeout", "1"]
    assert result.returncode == 1
    assert f"not healthy at http://127.0.0.1:{port}/sante/ after 1 s (HTTP 503" in result.stderr


def test_nothing_listening_is_not_healthy() -> None:
    url = f"http://127.0.0.1:{closed_port()}/sante/"

    with pytest.raises(RuntimeError, match="Connection refused"):
        cluster.wait_for_health(url, timeout=1)
