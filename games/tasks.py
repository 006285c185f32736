"""Celery tasks of the games app: thin callers of `games.services`."""

from celery import shared_task
from django.utils import timezone

from . import services


@shared_task(name="games.tasks.enforce_deadlines")
def enforce_deadlines() -> int:
    """Forfeit every game whose pending decision is overdue; return how many ended."""
    now = timezone.now()
    # Waiting-room connections of a process that died stop counting on the same beat.
    services.lobby_presence_expire(now=now)
    # A challenge left unanswered for its minute expires on the same beat (both are told).
    services.challenge_expire(now=now)
    return len(services.game_enforce_deadlines(now=now))
