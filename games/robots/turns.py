"""One computer turn, and the sweep of the turns whose run was lost.

The computer is handed only what a person in its seat receives (the registry's `player_view`
of its seat) and its decision goes through the tables' one writer, under the same version check
and deadline as a person's. A trigger for a version that is gone (played already, game over)
changes nothing.
"""

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.utils import timezone

from cartomaniak import metrics
from games import computer
from games.computer import search
from games.engine.errors import RuleError
from games.errors import GameError
from games.models import Game
from games.tables.selectors import game_get, game_variant
from games.tables.services import game_computer_act

from .scheduling import (
    SWEEP_GRACE_SECONDS,
    computer_seat_to_act,
    computer_turn_schedule,
    turn_seed,
)

logger = logging.getLogger(__name__)

# What a computer's move takes from its decision to its row stored, kept out of its thinking.
WRITE_SECONDS = 0.05
# What makes a duplicate harmless: the version it was scheduled for is gone.
_OUTDATED = ("stale_version", "game_not_in_progress", "time_over", "not_seated")


@dataclass(frozen=True)
class ComputerDecision:
    """What a computer of `level` decided at one version of a game, and when it may be
    played: the turn's due time (`Game.computer_due_at`, the end of its human-like pause)."""

    seat: int
    action: dict
    due_at: datetime | None
    level: str


def computer_decide(*, game_id: int, version: int) -> ComputerDecision | None:
    """Decide the computer's action at this version of the game, without playing it; None when
    the version is gone or no computer is to act. Thought during the pause: the scheduler
    plays the decision at its due time (`computer_apply`)."""
    try:
        game = game_get(game_id=game_id)
    except GameError:
        return None
    if game.status != Game.Status.IN_PROGRESS or game.version != version:
        return None
    variant = game_variant(game=game)
    state = game.state_decoded(variant)
    seat = computer_seat_to_act(game=game, variant=variant, state=state)
    if seat is None:
        return None
    # Only what a person in this seat sees: never the state, the deck or another hand.
    view = variant.player_view(state, seat)
    if not view.get("legal_actions"):
        return None
    level = game.player_at(variant.decider_of(seat)).computer_level
    # Think no longer than the pause: a strong level under load searches less, not later.
    with search.thinking_until(_thinking_deadline(game.computer_due_at)):
        action = _decide(
            level,
            view,
            seed=turn_seed(game_id, version, "decision"),
            is_legal=partial(_is_legal, variant, state, seat),
        )
    return ComputerDecision(
        seat=seat, action=dict(action), due_at=game.computer_due_at, level=level
    )


def _thinking_deadline(due_at: datetime | None) -> float | None:
    """The end of a decision's search (`time.monotonic()`): its turn's due time, less the time
    its write takes; None (the whole budget) for a turn without one."""
    if due_at is None:
        return None
    left = (due_at - timezone.now()).total_seconds() - WRITE_SECONDS
    return time.monotonic() + left


def computer_apply(
    *,
    game_id: int,
    version: int,
    seat: int,
    action: dict,
    now: datetime | None = None,
    due_at: datetime | None = None,
    level: str | None = None,
) -> bool:
    """Play a decision through the one writer at the version it was decided for; return whether
    it was played (a version gone meanwhile: nothing changes). Given the turn's `due_at` and the
    computer's `level`, a move played is timed against its pause
    (`cartomaniak_computer_turn_late_seconds`)."""
    try:
        game_computer_act(
            game_id=game_id, seat=seat, action=dict(action), expected_version=version, now=now
        )
    except GameError as error:
        if error.code in _OUTDATED:
            return False
        raise
    if due_at is not None and level is not None:
        metrics.computer_turn_late(level=level, seconds=(timezone.now() - due_at).total_seconds())
    return True


def computer_move(*, game_id: int, version: int, now: datetime | None = None) -> bool:
    """Decide and play the computer's turn at this version of the game at once (a lost turn
    found by the sweep, the tests); return whether it was played."""
    decision = computer_decide(game_id=game_id, version=version)
    if decision is None:
        return False
    return computer_apply(
        game_id=game_id, version=version, seat=decision.seat, action=decision.action, now=now
    )


def _is_legal(variant, state, seat: int, action: dict) -> bool:
    """Tell whether the rules accept `action` from `seat` now: for a decision the view lists as
    a template only (Manni's exchange: any set of cards within the limit), asked of the engine
    itself (pure, nothing stored)."""
    try:
        variant.apply(state, variant.action_from_json({**action, "seat": seat}))
    except RuleError:
        return False
    return True


@metrics.decision_timed
def _decide(level: str, view: dict, *, seed: int, is_legal) -> dict:
    """Ask the level for a legal action; if it fails or answers something illegal, the easy
    level answers instead (logged): a bug in a strong player must not forfeit the member's game."""
    try:
        action = computer.choose_action(level, view, seed=seed)
        if action not in view["legal_actions"] and not is_legal(action):
            raise ValueError(f"not one of the legal actions: {action!r}")
        return action
    except Exception:
        logger.exception("Computer level %s failed; the easy level plays instead", level)
        return computer.choose_action(computer.LEVELS[0], view, seed=seed)


def computer_turns_overdue(*, now: datetime) -> list[tuple[int, int]]:
    """Return (game id, version) of every computer turn due for longer than the grace."""
    since = now - timedelta(seconds=SWEEP_GRACE_SECONDS)
    return list(
        Game.objects.filter(status=Game.Status.IN_PROGRESS, computer_due_at__lt=since)
        .order_by("computer_due_at")
        .values_list("pk", "version")
    )


def computer_turns_sweep(*, now: datetime) -> int:
    """Schedule at once every computer turn whose run was lost; return how many.

    The turn's due time moves to `now`: if this run is lost too (no worker on the queue), the
    next sweeps wait the grace again instead of piling up copies of the turn every 2 s.
    """
    turns = computer_turns_overdue(now=now)
    for game_id, version in turns:
        Game.objects.filter(pk=game_id, version=version, status="in_progress").update(
            computer_due_at=now
        )
        computer_turn_schedule(game_id=game_id, version=version, delay=0.0)
    return len(turns)
