"""Celery tasks of the rankings app: thin callers of `rankings.services`."""

from celery import shared_task
from django.utils import timezone

from .services import periods_close_ended


@shared_task(name="rankings.tasks.close_ended_periods")
def close_ended_periods() -> int:
    """Close every ladder period that has ended; return how many were closed now."""
    return len(periods_close_ended(now=timezone.now()))
