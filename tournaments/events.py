"""Group names and after-commit broadcasts of the tournaments app.

The message only says that something changed; each page then fetches its own fresh view.
"""

from games.events import send_on_commit


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_changed_on_commit(*, tournament_id: int) -> None:
    send_on_commit(tournament_group(tournament_id), {"type": "tournament.changed"})
