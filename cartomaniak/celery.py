"""The Celery application: broker from REDIS_URL, beat schedule from `cartomaniak.schedules`."""

import os

from celery import Celery

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
