"""The Celery application: broker from REDIS_URL, beat schedule from `cartomaniak.schedules`."""

import os

from celery import Celery
from celery.signals import worker_init, worker_process_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")

app = Celery("cartomaniak")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_finalize.connect
def add_scheduled_jobs(sender: Celery, **kwargs) -> None:
    from .schedules import SCHEDULED_JOBS

    for job in SCHEDULED_JOBS:
        sender.conf.beat_schedule[job.name] = {
            "task": job.task,
            "schedule": job.every_seconds,
            # A late run is pointless: the next one does the same work.
            "options": {"expires": max(job.every_seconds * 5, 5)},
        }


@worker_init.connect
def serve_worker_metrics(**kwargs) -> None:
    """Serve the worker's figures (computer decisions, moves) on METRICS_WORKER_PORT."""
    from .metrics import worker_metrics_serve

    worker_metrics_serve()


@worker_process_shutdown.connect
def forget_worker_process(pid: int, **kwargs) -> None:
    from .metrics import worker_process_forget

    worker_process_forget(pid)
