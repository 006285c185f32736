"""A Celery worker's figures: its child processes' computer decisions, served on its own port
through prometheus_client's multiprocess mode (cartomaniak/metrics.py, cartomaniak/celery.py).

The worker is played by a process of its own, as a prefork worker does: its start sends Celery's
`worker_init`, it forks a child that makes a computer decision and ends with
`worker_process_shutdown`, then the parent's port is read as Prometheus reads it.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from tests.probes import closed_port

PROJECT_ROOT = Path(__file__).resolve().parents[1]

WORKER = textwrap.dedent(
    """
    import os, random, sys, urllib.request

    import django

    django.setup()
    from celery.signals import worker_init, worker_process_shutdown

    import cartomaniak.celery  # noqa: F401  (the signals' receivers)
    from games import engine
    from games.robots import turns

    worker_init.send(sender=None)
    child = os.fork()
    if child == 0:
        state = engine.new_match(format="first-to-71", first_dealer=0)
        state = engine.deal_start(state, engine.shuffled_deck(random.Random(1)))
        view = engine.player_view(state, engine.seat_to_act(state))
        for seed in (1, 2):
            turns._decide("moyen", view, seed=seed, is_legal=lambda action: False)
        worker_process_shutdown.send(sender=None, pid=os.getpid(), exitcode=0)
        os._exit(0)
    os.waitpid(child, 0)
    port = sys.argv[1]
    print(f"# child {child}")
    print(urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode())
    """
)


def test_the_decisions_of_a_child_process_are_served_by_the_worker(tmp_path: Path) -> None:
    port = closed_port()
    environment = {
        **os.environ,
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "cartomaniak.settings",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path),
        "METRICS_WORKER_PORT": str(port),
    }

    result = subprocess.run(
        [sys.executable, "-c", WORKER, str(port)],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stderr
    samples = {
        (found.name, tuple(sorted(found.labels.items()))): found.value
        for family in text_string_to_metric_families(result.stdout)
        for found in family.samples
    }
    assert samples[("cartomaniak_computer_decision_seconds_count", (("level", "moyen"),))] == 2
    child = result.stdout.split("\n", 1)[0].split()[2]
    # Counted in the child's own file, which outlives it: the totals never go back.
    assert (tmp_path / f"histogram_{child}.db").exists()
