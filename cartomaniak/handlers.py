"""Who reacts when a game ends: one list of handlers, in one place.

The games app announces the end of a game and knows nothing of who listens; each app that cares
(the ladder, championships, computer players) adds its handler here, as `schedules.py` lists
every scheduled job. A newcomer finds every reaction to a finished game in this file.
"""

from django.utils.module_loading import import_string

# Each handler is called as `handler(game=game)` inside the transaction that records the result,
# after the game row is saved, so that what it writes commits (or not) together with the result.
# Handlers must be quick and idempotent (a unique constraint names their cause: design-notes.md,
# *Exactly once*); slower work, e-mails and broadcasts go to `transaction.on_commit`.
GAME_ENDED_HANDLERS: tuple[str, ...] = (
    # Win/loss record, star groups and weekly/monthly ladder points of a ranked game (ladder.md).
    "rankings.services.ladder_game_ended",
    # Forfeits among a member's last games, and the bar from ranked play they earn (ladder.md).
    "games.quitters.quitters_game_ended",
    # A competition's game: its match result, then the next game, round or the prizes (after
    # commit). Competition games are unranked, so the ladder above ignores them.
    "tournaments.services.tournament_game_ended",
)


def game_ended_dispatch(*, game) -> None:
    """Call every handler of `GAME_ENDED_HANDLERS` with the game that has just ended."""
    for path in GAME_ENDED_HANDLERS:
        import_string(path)(game=game)
