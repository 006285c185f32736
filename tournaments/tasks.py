"""Celery tasks of the tournaments app: thin callers of `tournaments.services`."""

from celery import shared_task
from django.utils import timezone

from .services import tournaments_run_due


@shared_task(name="tournaments.tasks.run_tournaments")
def run_tournaments() -> int:
    """Announce due editions, then start, pair, advance and close every competition that has
    something to do; return how many moved on."""
    return tournaments_run_due(now=timezone.now())
