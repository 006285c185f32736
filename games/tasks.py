"""Celery tasks of the games app: thin callers of the services."""

from datetime import datetime

from celery import shared_task
from django.utils import timezone

from games.lobby import services as lobby
from games.robots import scheduling, turns
from games.tables import services as tables


@shared_task(name="games.tasks.enforce_deadlines")
def enforce_deadlines() -> int:
    """Forfeit every game whose pending decision is overdue; return how many ended."""
    now = timezone.now()
    # Waiting-room connections of a process that died stop counting on the same beat.
    lobby.lobby_presence_expire(now=now)
    # A challenge left unanswered for its minute expires on the same beat (both are told).
    lobby.challenge_expire(now=now)
    return len(tables.game_enforce_deadlines(now=now))


# Routed to the queue `computer` (settings.CELERY_TASK_ROUTES): a worker of its own, so that a
# strong player's thinking never delays the deadlines (docs/operations.md).
@shared_task(name="games.tasks.computer_act", ignore_result=True)
def computer_act(game_id: int, version: int, kind: str = "game") -> bool:
    """Play the computer's turn at this version of the game, if it is still the current one.

    `kind` is only that of turns queued before every game had one table: a four-player table's
    turn names its old number.
    """
    if kind == "table":
        from games.models import Game

        game_id = Game.objects.filter(legacy_table_id=game_id).values_list("pk", flat=True).first()
        if game_id is None:
            return False
    return scheduling.computer_turn_run(game_id, version)


@shared_task(name="games.tasks.computer_apply", ignore_result=True)
def computer_apply(
    game_id: int,
    version: int,
    seat: int,
    action: dict,
    due_at: str | None = None,
    level: str | None = None,
) -> bool:
    """Play a computer's decision, taken during its pause, once the pause is over (a version
    gone meanwhile changes nothing). `due_at` (ISO 8601) and `level` time it against its pause;
    a task sent without them (before they existed) is played untimed."""
    due = datetime.fromisoformat(due_at) if due_at else None
    return scheduling.computer_turn_apply(game_id, version, seat, action, due, level)


@shared_task(name="games.tasks.computer_sweep")
def computer_sweep() -> int:
    """Schedule again every computer turn whose run was lost (a restart); return how many."""
    return turns.computer_turns_sweep(now=timezone.now())
