"""Celery tasks of the games app: thin callers of `games.services`."""

from celery import shared_task
from django.utils import timezone

from . import robots, services
from .partnership.services import table_enforce_deadlines


@shared_task(name="games.tasks.enforce_deadlines")
def enforce_deadlines() -> int:
    """Forfeit every game whose pending decision is overdue; return how many ended."""
    now = timezone.now()
    # Waiting-room connections of a process that died stop counting on the same beat.
    services.lobby_presence_expire(now=now)
    # A challenge left unanswered for its minute expires on the same beat (both are told).
    services.challenge_expire(now=now)
    return len(services.game_enforce_deadlines(now=now))


@shared_task(name="games.tasks.enforce_table_deadlines")
def enforce_table_deadlines() -> int:
    """Forfeit every four-player table whose pending decision is overdue; return how many."""
    return len(table_enforce_deadlines(now=timezone.now()))


# Routed to the queue `computer` (settings.CELERY_TASK_ROUTES): a worker of its own, so that a
# strong player's thinking never delays the deadlines (docs/operations.md).
@shared_task(name="games.tasks.computer_act", ignore_result=True)
def computer_act(game_id: int, version: int, kind: str = robots.KIND_GAME) -> bool:
    """Play the computer's turn at this version of the game (or four-player table, by `kind`),
    if it is still the current one."""
    return robots.computer_job(kind, game_id, version)


@shared_task(name="games.tasks.computer_sweep")
def computer_sweep() -> int:
    """Schedule again every computer turn whose run was lost (a restart); return how many."""
    return robots.computer_turns_sweep(now=timezone.now())
