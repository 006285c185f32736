"""The Celery worker of every deployment consumes every queue a task is routed to.

Under `make cluster` and the shipped systemd unit the computer players never moved: their turns
went to the queue `computer`, which those workers did not consume. The queues now come from one
place, the settings' routes (`CELERY_TASK_QUEUES`), and no deployment names them again.
"""

import shlex
from pathlib import Path

from django.conf import settings

from cartomaniak.celery import app

from .deployment import DEPLOY, cluster

SYSTEMD_WORKER = DEPLOY / "systemd" / "cartomaniak-celery-worker.service"
QUEUE_OPTIONS = {"-Q", "--queues", "-X", "--exclude-queues"}


def routed_queues() -> set[str]:
    return {settings.CELERY_TASK_DEFAULT_QUEUE} | {
        route["queue"] for route in settings.CELERY_TASK_ROUTES.values()
    }


def systemd_worker_command() -> list[str]:
    for line in SYSTEMD_WORKER.read_text().splitlines():
        if line.startswith("ExecStart="):
            return shlex.split(line.removeprefix("ExecStart="))
    raise AssertionError("no ExecStart in the worker's unit")


def queue_options(command: list[str]) -> list[str]:
    return [word for word in command if word.split("=")[0] in QUEUE_OPTIONS]


def test_a_worker_without_queue_options_consumes_every_routed_queue():
    assert routed_queues() == {"celery", "computer"}
    assert set(app.amqp.queues) == routed_queues()


def test_the_cluster_worker_names_no_queue_of_its_own():
    command = cluster.celery_worker_command("celery", concurrency=2)

    assert command[:4] == ["celery", "-A", "cartomaniak", "worker"]
    assert queue_options(command) == []


def test_the_systemd_worker_names_no_queue_of_its_own():
    command = systemd_worker_command()

    assert Path(command[0]).name == "celery"
    assert command[1:4] == ["-A", "cartomaniak", "worker"]
    assert queue_options(command) == []


def test_the_makefile_worker_names_no_queue_of_its_own():
    makefile = (DEPLOY.parent / "Makefile").read_text()
    recipe = makefile.split("\nworker: install\n", 1)[1].splitlines()[0]

    assert shlex.split(recipe)[1:4] == ["-A", "cartomaniak", "worker"]
    assert queue_options(shlex.split(recipe)) == []
