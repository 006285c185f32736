"""Every scheduled job of the site, in one place.

Production runs them with Celery beat (see `cartomaniak/celery.py`); the embedded default runs
the same task functions from an asyncio loop inside the ASGI process (`cartomaniak/background.py`).
Each task is idempotent, so the two runners, or two copies of one, can overlap harmlessly.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class ScheduledJob:
    name: str
    task: str  # dotted path of a Celery task taking no argument
    every_seconds: float


SCHEDULED_JOBS: tuple[ScheduledJob, ...] = (
    # Forfeit every decision whose 3 minutes have run out, at every table (manille-2p.md,
    # Timing; at a partnership table the match is lost for the team).
    ScheduledJob("games-enforce-deadlines", "games.tasks.enforce_deadlines", 1.0),
    # Computer players: schedule again every turn whose run was lost, so that a game against
    # the computer survives a restart (docs/computer.md).
    ScheduledJob("games-computer-sweep", "games.tasks.computer_sweep", 2.0),
    # Close every weekly and monthly ladder period that has ended (ladder.md).
    ScheduledJob("rankings-close-periods", "rankings.tasks.close_ended_periods", 30.0),
    # Championships: announce recurring editions, start or cancel at the start time, pair each
    # round, start its games, close with the final ranking and prizes (docs/tournaments.md).
    ScheduledJob("tournaments-run", "tournaments.tasks.run_tournaments", 5.0),
    # Guests nobody has seen for a month, without a game in progress (docs/guests.md).
    ScheduledJob(
        "accounts-delete-inactive-guests", "accounts.tasks.delete_inactive_guests", 3600.0
    ),
)
