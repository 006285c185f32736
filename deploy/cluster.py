"""Run Cartomaniak on one machine as production runs it: nginx in front of several Daphne processes.

    make cluster                                   # or: .venv/bin/python deploy/cluster.py run
    .venv/bin/python deploy/cluster.py run --processes 2 --port 8080

`run` needs PostgreSQL and Redis (`DATABASE_URL`, `REDIS_URL`): the processes share the database
and the Redis channel layer, which the embedded default (SQLite, in-memory layer) cannot. It
migrates, collects the static files, starts N Daphne processes on loopback ports, a Celery worker
and Celery beat, and nginx in front of them (`deploy/nginx.conf`); prints the address; and stops
everything on Ctrl-C. Logs and nginx's files are in `.cluster/` at the root of the repository;
`.cluster/processes.json` lists the process ids (the load benchmark reads their memory).

    .venv/bin/python deploy/cluster.py nginx-config --server-name cartomaniak.fr \\
        --upstream 127.0.0.1:8001 --upstream 127.0.0.1:8002 --static-root /srv/... \\
        --tls-certificate ... --tls-key ...

prints the production nginx configuration from the same template (docs/operations.md), and

    .venv/bin/python deploy/cluster.py wait-healthy http://127.0.0.1:8001/sante/ --timeout 60

waits until a Daphne process answers its health check (the systemd unit's ExecStartPost).

Only the standard library here: the script runs the project's own virtualenv for the rest.
"""

import argparse
import json
import os
import pwd
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
RUN_DIR = BASE_DIR / ".cluster"
MIME_TYPES = (
    "/etc/nginx/mime.types",
    "/usr/local/etc/nginx/mime.types",
    "/opt/homebrew/etc/nginx/mime.types",
)


# --- nginx configuration ----------------------------------------------------------------------


def nginx_site(
    *,
    upstreams: list[str],
    listen: list[str],
    server_name: str,
    static_root: Path | str,
    tls_certificate: str | None = None,
    tls_key: str | None = None,
) -> str:
    """Fill the template `deploy/nginx.conf`: the site's part of nginx's configuration."""
    if not upstreams:
        raise ValueError("at least one upstream Daphne address")
    listen_lines = [f"    listen {address};" for address in listen]
    redirect = ""
    if tls_certificate or tls_key:
        if not (tls_certificate and tls_key):
            raise ValueError("TLS needs both a certificate and its key")
        listen_lines += [
            f"    ssl_certificate {tls_certificate};",
            f"    ssl_certificate_key {tls_key};",
        ]
        redirect = (
            "\n# Plain HTTP only redirects to HTTPS.\n"
            "server {\n"
            "    listen 80;\n"
            "    listen [::]:80;\n"
            f"    server_name {server_name};\n"
            "    return 301 https://$host$request_uri;\n"
            "}\n"
        )
    fields = {
        "upstream_servers": "\n".join(
            f"    server {address} max_fails=10 fail_timeout=5s;" for address in upstreams
        ),
        "listen": "\n".join(listen_lines),
        "server_name": server_name,
        "static_root": str(static_root).rstrip("/"),
        "redirect_server": redirect,
    }
    text = TEMPLATE.read_text()
    for name, value in fields.items():
        text = text.replace("{{" + name + "}}", value)
    return text


def nginx_main(*, run_dir: Path, site: Path, workers: int, user: str | None) -> str:
    """Return a whole nginx.conf for a foreground nginx whose files all live in `run_dir`.

    Its folders (logs, temporary files) are made here: nginx checks them before it starts.
    """
    for folder in ("logs", "nginx/client_body", "nginx/proxy", "nginx/fastcgi", "nginx/uwsgi"):
        (run_dir / folder).mkdir(parents=True, exist_ok=True)
    (run_dir / "nginx" / "scgi").mkdir(exist_ok=True)
    mime_types = next((path for path in MIME_TYPES if Path(path).exists()), None)
    temp = run_dir / "nginx"
    # Each websocket holds two descriptors in nginx: the visitor's and Daphne's.
    descriptors = min(65536, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
    lines = [
        "daemon off;",
        f"worker_processes {workers};",
        f"pid {run_dir / 'nginx.pid'};",
        f"error_log {run_dir / 'logs' / 'nginx-error.log'} warn;",
        f"worker_rlimit_nofile {descriptors};",
        f"events {{ worker_connections {descriptors // 2}; }}",
        "http {",
        f"    include {mime_types};" if mime_types else "    types { text/css css; }",
        "    default_type application/octet-stream;",
        "    sendfile on;",
        f"    access_log {run_dir / 'logs' / 'nginx-access.log'} combined buffer=64k flush=5s;",
        *(
            f"    {kind}_temp_path {temp / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        ),
        f"    include {site};",
        "}",
    ]
    if user:
        lines.insert(0, f"user {user};")
    return "\n".join(lines) + "\n"


# --- Processes --------------------------------------------------------------------------------


def venv_program(name: str) -> str:
    """A program of the project's virtualenv (the one `make install` builds), else of PATH."""
    candidate = BASE_DIR / ".venv" / "bin" / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if not found:
        sys.exit(f"{name} is not installed: run `make install` first.")
    return found


def nginx_program() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(path).exists()),
        None,
    )
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing nginx (Debian's package) …", flush=True)
        quiet = {"stdout": subprocess.DEVNULL}
        environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=environment, **quiet)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=environment, **quiet
        )
        return shutil.which("nginx") or "/usr/sbin/nginx"
    sys.exit("nginx is needed in front of the Daphne processes: apt-get install -y nginx")


def port_is_free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        # As nginx and Daphne bind: closed connections still in TIME_WAIT do not hold the port.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def wait_for_port(host: str, port: int, *, process: subprocess.Popen, timeout: float) -> None:
    give_up_at = time.monotonic() + timeout
    while time.monotonic() < give_up_at:
        if process.poll() is not None:
            raise RuntimeError(f"exited with code {process.returncode} before listening")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"not listening on {host}:{port} after {timeout:.0f} s")


def wait_for_health(url: str, *, timeout: float, process: subprocess.Popen | None = None) -> None:
    """Wait until `url` (a Daphne's /sante/) answers 200; raise RuntimeError with its last
    answer after `timeout` seconds, or at once if `process` exits."""
    give_up_at = time.monotonic() + timeout
    last = "no answer"
    while time.monotonic() < give_up_at:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"exited with code {process.returncode} before being healthy")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError as error:
            last = f"HTTP {error.code} {error.read(200).decode(errors='replace')}"
        except OSError as error:
            last = str(error)
        time.sleep(0.5)
    raise RuntimeError(f"not healthy at {url} after {timeout:.0f} s ({last})")


def cluster_environment(*, url: str, host: str) -> dict[str, str]:
    """The environment of every process: the caller's, with a local production start's gaps filled.

    A production start (DEBUG off, the settings production runs) over plain HTTP on this machine:
    nothing redirects to HTTPS nor asks for secure cookies, since there is no TLS in front.
    """
    environment = dict(os.environ)
    missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not environment.get(name)]
    if missing:
        sys.exit(
            f"{' and '.join(missing)} must be set: several processes share PostgreSQL and the "
            "Redis channel layer (the embedded default is one process; `make run`). Example:\n"
            "  DATABASE_URL=postgres://USER@127.0.0.1:5432/cartomaniak "
            "REDIS_URL=redis://127.0.0.1:6379/0 make cluster"
        )
    if environment["DATABASE_URL"].startswith("sqlite"):
        sys.exit("DATABASE_URL must be PostgreSQL: SQLite has one writer for one machine.")
    secret_file = RUN_DIR / "secret-key"
    if not environment.get("SECRET_KEY"):
        if not secret_file.exists():
            secret_file.write_text(secrets.token_urlsafe(50))
            secret_file.chmod(0o600)
        environment["SECRET_KEY"] = secret_file.read_text().strip()
    defaults = {
        "DEBUG": "0",
        "ALLOWED_HOSTS": ",".join(dict.fromkeys([host, "127.0.0.1", "localhost"])),
        "TRUSTED_PROXY_COUNT": "1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "BACKGROUND_JOBS": "celery",
        "SITE_URL": url,
        "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
    }
    for name, value in defaults.items():
        environment.setdefault(name, value)
    return environment


def celery_worker_command(celery: str, *, concurrency: int) -> list[str]:
    """Return the Celery worker's command line: every queue of the settings, never a list here.

    Without `-Q` a worker consumes every queue of `CELERY_TASK_QUEUES`, which the settings read
    from the task routes: the computer players' queue cannot be forgotten again.
    """
    return [
        celery,
        "-A",
        "cartomaniak",
        "worker",
        "--loglevel=info",
        f"--concurrency={concurrency}",
    ]


class Cluster:
    def __init__(self, arguments) -> None:
        self.arguments = arguments
        self.processes: dict[str, subprocess.Popen] = {}
        self.logs = RUN_DIR / "logs"

    def start(self, name: str, command: list[str], environment: dict[str, str]):
        log = (self.logs / f"{name}.log").open("ab")
        # A session of its own: Ctrl-C reaches this script only, which stops the rest in order.
        process = subprocess.Popen(
            command,
            cwd=BASE_DIR,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.processes[name] = process
        return process

    def manage(self, environment: dict[str, str], *command: str) -> None:
        print(f"manage.py {' '.join(command)} …", flush=True)
        result = subprocess.run(
            [venv_program("python"), "manage.py", *command],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
        )
        if result.returncode:
            sys.exit(f"manage.py {' '.join(command)} failed:\n{result.stderr or result.stdout}")

    def run(self) -> int:
        arguments = self.arguments
        host, port = arguments.host, arguments.port
        url = f"http://{host}:{port}"
        self.logs.mkdir(parents=True, exist_ok=True)
        environment = cluster_environment(url=url, host=host)
        nginx = nginx_program()
        daphne_ports = [arguments.first_daphne_port + index for index in range(arguments.processes)]
        busy = [p for p in [port, *daphne_ports] if not port_is_free("127.0.0.1", p)]
        if busy:
            sys.exit(f"port(s) already in use: {', '.join(map(str, busy))}")

        self.manage(environment, "migrate", "--noinput")
        self.manage(environment, "collectstatic", "--noinput")
        static_root = Path(environment.get("STATIC_ROOT") or BASE_DIR / "staticfiles")

        for daphne_port in daphne_ports:
            self.start(
                f"daphne-{daphne_port}",
                [
                    venv_program("daphne"),
                    "--proxy-headers",
                    "-b",
                    "127.0.0.1",
                    "-p",
                    str(daphne_port),
                    "cartomaniak.asgi:application",
                ],
                environment,
            )
        if arguments.celery:
            celery = venv_program("celery")
            self.start(
                "celery-worker",
                celery_worker_command(celery, concurrency=arguments.worker_concurrency),
                environment,
            )
            self.start(
                "celery-beat",
                [
                    celery,
                    "-A",
                    "cartomaniak",
                    "beat",
                    "--loglevel=info",
                    f"--schedule={RUN_DIR / 'celerybeat-schedule'}",
                ],
                environment,
            )
        for daphne_port in daphne_ports:
            name = f"daphne-{daphne_port}"
            try:
                wait_for_port("127.0.0.1", daphne_port, process=self.processes[name], timeout=90)
                # Listening is not serving: nginx starts once each one answers its health check.
                wait_for_health(
                    f"http://127.0.0.1:{daphne_port}/sante/",
                    process=self.processes[name],
                    timeout=60,
                )
            except RuntimeError as error:
                self.stop()
                sys.exit(f"{name} {error}; see {self.logs / (name + '.log')}")

        site = RUN_DIR / "cartomaniak-nginx.conf"
        site.write_text(
            nginx_site(
                upstreams=[f"127.0.0.1:{p}" for p in daphne_ports],
                listen=[f"{host}:{port}"],
                server_name=host,
                static_root=static_root,
            )
        )
        # nginx started by root hands its workers to an unprivileged user, who must read the
        # static files: the owner of the repository.
        user = pwd.getpwuid(BASE_DIR.stat().st_uid).pw_name if os.geteuid() == 0 else None
        main = RUN_DIR / "nginx.conf"
        main.write_text(
            nginx_main(run_dir=RUN_DIR, site=site, workers=arguments.nginx_workers, user=user)
        )
        nginx_command = [nginx, "-p", str(RUN_DIR), "-c", str(main)]
        check = subprocess.run([*nginx_command, "-t", "-q"], capture_output=True, text=True)
        if check.returncode:
            self.stop()
            sys.exit(f"nginx refused its configuration {main}:\n{check.stderr}")
        self.start("nginx", nginx_command, environment)
        try:
            wait_for_port(host, port, process=self.processes["nginx"], timeout=30)
            with urllib.request.urlopen(f"{url}/", timeout=30) as response:
                status = response.status
        except (RuntimeError, OSError) as error:
            self.stop()
            sys.exit(f"nginx did not answer: {error}; see {self.logs / 'nginx-error.log'}")

        (RUN_DIR / "processes.json").write_text(
            json.dumps({name: process.pid for name, process in self.processes.items()}, indent=2)
        )
        print(f"\nCartomaniak: {url}   (home page: HTTP {status})")
        for name, process in self.processes.items():
            print(f"  {name:<16} pid {process.pid}")
        print(f"logs: {self.logs}   Ctrl-C stops everything.", flush=True)
        return self.watch()

    def watch(self) -> int:
        stopping = False

        def request_stop(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, request_stop)
        signal.signal(signal.SIGTERM, request_stop)
        reported = set()
        while not stopping:
            for name, process in self.processes.items():
                if process.poll() is not None and name not in reported:
                    # The others keep serving: nginx sends new connections elsewhere.
                    print(f"{name} exited (code {process.returncode})", flush=True)
                    reported.add(name)
            time.sleep(0.5)
        print("\nstopping …", flush=True)
        self.stop()
        return 0

    def stop(self) -> None:
        # nginx first (no new connections), then the servers and the jobs.
        ordered = sorted(self.processes.items(), key=lambda item: item[0] != "nginx")
        for _name, process in ordered:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        give_up_at = time.monotonic() + 15
        for _name, process in ordered:
            try:
                process.wait(timeout=max(0.1, give_up_at - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        (RUN_DIR / "processes.json").unlink(missing_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="start nginx, Daphne processes, Celery worker and beat")
    run.add_argument("--processes", type=int, default=os.cpu_count() or 2, help="Daphne processes")
    run.add_argument("--host", default="127.0.0.1", help="address nginx listens on")
    run.add_argument("--port", type=int, default=8080, help="port nginx listens on")
    run.add_argument("--first-daphne-port", type=int, default=8001)
    run.add_argument("--worker-concurrency", type=int, default=1)
    run.add_argument("--nginx-workers", type=int, default=1)
    run.add_argument(
        "--no-celery", dest="celery", action="store_false", help="no Celery worker nor beat"
    )

    config = commands.add_parser("nginx-config", help="print nginx's site configuration")
    config.add_argument("--upstream", action="append", required=True, help="HOST:PORT of Daphne")
    config.add_argument("--server-name", required=True)
    config.add_argument("--static-root", required=True, help="STATIC_ROOT of the release")
    config.add_argument("--listen", action="append", help="default: 443 ssl with TLS, else 80")
    config.add_argument("--tls-certificate")
    config.add_argument("--tls-key")

    wait = commands.add_parser(
        "wait-healthy", help="wait until a Daphne's /sante/ answers 200 (systemd's ExecStartPost)"
    )
    wait.add_argument("url", help="http://HOST:PORT/sante/")
    wait.add_argument("--timeout", type=float, default=60, help="seconds (default 60)")

    arguments = parser.parse_args()
    if arguments.command == "wait-healthy":
        try:
            wait_for_health(arguments.url, timeout=arguments.timeout)
        except RuntimeError as error:
            print(error, file=sys.stderr)
            return 1
        return 0
    if arguments.command == "nginx-config":
        is_tls = bool(arguments.tls_certificate)
        listen = arguments.listen or (["443 ssl", "[::]:443 ssl"] if is_tls else ["80"])
        print(
            nginx_site(
                upstreams=arguments.upstream,
                listen=listen,
                server_name=arguments.server_name,
                static_root=arguments.static_root,
                tls_certificate=arguments.tls_certificate,
                tls_key=arguments.tls_key,
            ),
            end="",
        )
        return 0
    if arguments.processes < 1:
        parser.error("--processes must be at least 1")
    return Cluster(arguments).run()


if __name__ == "__main__":
    sys.exit(main())
