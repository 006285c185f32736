"""Computer players at the four-player tables: when their turn is due, and the turn itself.

The runner, the Celery queue, the sweep, the seeds and the fallback to the easy level are those
of the two-player games (`games.robots`, jobs of kind `KIND_TABLE`); this module only knows a
table's seats. A computer decides from its seat's `player_view` alone, through
`games.computer.choose_action`, and submits through the table's one writer
(`services.table_computer_act`) under the same version check and deadline as a member.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from games import computer
from games.engine.variants import variant_get
from games.errors import GameError
from games.models import PartnershipGame, PartnershipSeat
from games.robots import (
    _OUTDATED,
    KIND_TABLE,
    SWEEP_GRACE_SECONDS,
    _decide,
    _seed,
    computer_turn_schedule,
)

from .selectors import table_get


def _computer_at(game: PartnershipGame, seat: int | None):
    """Return the computer member at `seat` of the table, None if a member (or nobody) is."""
    if seat is None:
        return None
    taken = (
        PartnershipSeat.objects.filter(game=game, seat=seat, is_computer=True)
        .select_related("user")
        .first()
    )
    return None if taken is None else taken.user


def table_computer_turn_prepare(*, game: PartnershipGame, variant, state, now: datetime) -> None:
    """Set `game.computer_due_at` for the state about to be saved, and schedule the turn on
    commit. Called by `services._store` with the new version, before the row is saved."""
    seat = None if state.is_finished else variant.seat_to_act(state)
    if _computer_at(game, seat) is None:
        game.computer_due_at = None
        return
    view = variant.player_view(state, seat)
    # Seeds of tables are apart from those of games (their ids overlap).
    delay = computer.pause_seconds(view, seed=_seed(game.pk, game.version, "table-pause"))
    delay *= settings.COMPUTER_PAUSE_SCALE
    game.computer_due_at = now + timedelta(seconds=delay)
    table_id, version = game.pk, game.version
    transaction.on_commit(
        lambda: computer_turn_schedule(
            game_id=table_id, version=version, delay=delay, kind=KIND_TABLE
        )
    )


def table_computer_move(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """Play the computer's decision at this version of the table; return whether it was played.

    A trigger for a version that is gone (played already, table over) changes nothing.
    """
    from .services import table_computer_act

    try:
        game = table_get(table_id=table_id)
    except GameError:
        return False
    if game.status != PartnershipGame.Status.IN_PROGRESS or game.version != version:
        return False
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    seat = variant.seat_to_act(state)
    member = _computer_at(game, seat)
    if member is None:
        return False
    # Only what a person in this seat sees: never the state, the deck or another hand.
    view = variant.player_view(state, seat)
    if not view.get("legal_actions"):
        return False
    action = _decide(member.computer_level, view, seed=_seed(table_id, version, "table-decision"))
    try:
        table_computer_act(
            table_id=table_id, seat=seat, action=dict(action), expected_version=version, now=now
        )
    except GameError as error:
        if error.code in _OUTDATED:
            return False
        raise
    return True


def table_computer_turns_overdue(*, now: datetime) -> list[tuple[int, int]]:
    """Return (table id, version) of every computer turn due for longer than the grace."""
    since = now - timedelta(seconds=SWEEP_GRACE_SECONDS)
    return list(
        PartnershipGame.objects.filter(
            status=PartnershipGame.Status.IN_PROGRESS, computer_due_at__lt=since
        )
        .order_by("computer_due_at")
        .values_list("pk", "version")
    )
