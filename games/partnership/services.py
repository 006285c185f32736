"""Writes of the four-player tables: one writer per table.

Every change to a table (a seat taken or left, a computer seated, the start, an action, a
forfeit, the cancellation) runs in one short transaction that locks the table row
(`select_for_update`; on SQLite every atomic block is already a single-writer transaction),
checks the status (and, for a decision, the version and the deadline), goes through the
engine's registry (`games.engine.variants`), stores the result with version + 1 and a
`PartnershipAction` row unique on (table, version), and broadcasts only after commit — the same
scheme as the two-player games (`games.services`, design-notes.md, *One game, one writer*).

Four-player tables are free: never ranked, no ladder points, no quitter count.
"""

import random
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cartomaniak import metrics
from games import events
from games.engine.errors import RuleError
from games.engine.variants import Variant, variant_get
from games.errors import GameError
from games.models import PartnershipAction, PartnershipGame, PartnershipSeat
from games.robots import computer_member
from games.selectors import member_is_busy
from games.services import _lock_members, _secure_rng

from . import robots
from .selectors import table_get, table_seat_for_user

Status = PartnershipGame.Status
Kind = PartnershipAction.Kind


def _table_variant(name: object) -> Variant:
    """Return the registry's game for a table: one of the four-seat games, or bad_variant."""
    try:
        variant = variant_get(name)
    except RuleError:
        raise GameError("bad_variant") from None
    if variant.seat_count != 4:
        raise GameError("bad_variant")
    return variant


def _seat_number(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise GameError("bad_seat")
    return seat


def _locked_open_table(table_id: int) -> PartnershipGame:
    game = table_get(table_id=table_id, for_update=True)
    if game.status != Status.OPEN:
        raise GameError("table_not_open")
    return game


def _locked_as_host(table_id: int, user) -> PartnershipGame:
    game = _locked_open_table(table_id)
    if game.host_id != user.pk:
        raise GameError("not_host")
    return game


def _record_change(game: PartnershipGame, *, kind: str, seat: int | None, payload: dict) -> None:
    """Save a change that is not a move (a seat, the cancellation) as the next version, and
    tell the table and the waiting room after commit."""
    game.version += 1
    PartnershipAction.objects.create(
        game=game, version=game.version, kind=kind, seat=seat, payload=payload
    )
    game.save()
    events.lobby_changed_on_commit()
    events.table_changed_on_commit(table_id=game.pk, version=game.version)


def _next_deadline(now: datetime) -> datetime:
    # The same clock as the two-player table: one decision, GAME_DECISION_SECONDS.
    return now + timedelta(seconds=settings.GAME_DECISION_SECONDS)


def _advance(variant: Variant, state, *, rng: random.Random):
    """Play the server's own moves: deal the next deal when the state waits for one."""
    while not state.is_finished and str(state.phase) == "dealing":
        state = variant.deal_start(state, variant.shuffled_deck(rng))
    return state


def _store(
    game: PartnershipGame,
    variant: Variant,
    state,
    *,
    now: datetime,
    kind: str,
    seat: int | None,
    payload: dict,
) -> None:
    """Save the new state as the next version, its action row, and the result if it is over."""
    game.state = variant.state_to_json(state)
    game.version += 1
    PartnershipAction.objects.create(
        game=game, version=game.version, kind=kind, seat=seat, payload=payload
    )
    if state.is_finished:
        end = state.end or {}
        game.status = Status.FINISHED
        game.winner_team = state.winner
        game.end_reason = end.get("reason") or PartnershipGame.EndReason.POINTS
        game.forfeit_seat = end.get("seat")
        game.ended_at = now
        game.deadline = None
    else:
        game.deadline = _next_deadline(now)
    # A computer player to act next: when, and its turn scheduled on commit.
    robots.table_computer_turn_prepare(game=game, variant=variant, state=state, now=now)
    game.save()
    if state.is_finished:
        events.lobby_changed_on_commit()
    events.table_changed_on_commit(table_id=game.pk, version=game.version)


# --- Before the start -------------------------------------------------------------------------


def table_create(
    *, host, variant: str, format: str, options: dict | None = None, now=None
) -> PartnershipGame:
    """Open a four-player table; the host takes seat 0.

    The variant, format and options are the registry's (`variant.formats`, the options the
    engine accepts); a member with a game or a table already cannot open one.
    """
    game_variant = _table_variant(variant)
    if format not in game_variant.formats:
        raise GameError("bad_format")
    options = {} if options is None else options
    try:
        # The engine is the judge of the options: a key the game lacks, a value not a boolean.
        game_variant.new_match(first_dealer=0, format=format, options=options)
    except RuleError:
        raise GameError("bad_options") from None
    with transaction.atomic():
        _lock_members(host.pk)
        if member_is_busy(user=host):
            raise GameError("already_in_game")
        game = PartnershipGame.objects.create(
            host=host,
            variant=variant,
            format=format,
            options={**game_variant.option_defaults, **options},
        )
        PartnershipSeat.objects.create(game=game, seat=0, user=host)
        events.lobby_changed_on_commit()
    return game


def seat_take(*, table_id: int, user, seat: int) -> PartnershipGame:
    """Take a free seat of an open table (or move to it from one's own seat there)."""
    seat = _seat_number(seat)
    if user.is_computer:
        raise GameError("malformed")
    with transaction.atomic():
        game = _locked_open_table(table_id)
        _lock_members(user.pk)
        if PartnershipSeat.objects.filter(game=game, seat=seat).exists():
            raise GameError("seat_taken")
        current = PartnershipSeat.objects.filter(game=game, user=user, is_computer=False).first()
        if current is None:
            if member_is_busy(user=user):
                raise GameError("already_in_game")
            PartnershipSeat.objects.create(game=game, seat=seat, user=user)
            payload = {"event": "take", "name": user.username}
        else:
            payload = {"event": "move", "name": user.username, "from": current.seat}
            current.seat = seat
            current.save(update_fields=["seat"])
        _record_change(game, kind=Kind.SEAT, seat=seat, payload=payload)
    return game


def seat_leave(*, table_id: int, user) -> PartnershipGame:
    """Leave one's seat at an open table (the host cancels his table instead)."""
    with transaction.atomic():
        game = _locked_open_table(table_id)
        seat = table_seat_for_user(game=game, user=user)
        if seat is None:
            raise GameError("not_seated")
        if game.host_id == user.pk:
            raise GameError("host_cannot_leave")
        PartnershipSeat.objects.filter(game=game, seat=seat).delete()
        _record_change(
            game, kind=Kind.SEAT, seat=seat, payload={"event": "leave", "name": user.username}
        )
    return game


def seat_fill_computer(*, table_id: int, user, seat: int, level: str) -> PartnershipGame:
    """Seat a computer player of `level` in a free seat (the host only)."""
    seat = _seat_number(seat)
    member = computer_member(level=level)
    with transaction.atomic():
        game = _locked_as_host(table_id, user)
        if PartnershipSeat.objects.filter(game=game, seat=seat).exists():
            raise GameError("seat_taken")
        PartnershipSeat.objects.create(game=game, seat=seat, user=member, is_computer=True)
        _record_change(game, kind=Kind.SEAT, seat=seat, payload={"event": "fill", "level": level})
    return game


def seat_empty(*, table_id: int, user, seat: int) -> PartnershipGame:
    """Take a computer player off its seat (the host only; members leave by themselves)."""
    seat = _seat_number(seat)
    with transaction.atomic():
        game = _locked_as_host(table_id, user)
        taken = PartnershipSeat.objects.filter(game=game, seat=seat).first()
        if taken is None or not taken.is_computer:
            raise GameError("not_computer_seat")
        taken.delete()
        _record_change(game, kind=Kind.SEAT, seat=seat, payload={"event": "empty"})
    return game


def table_cancel(*, table_id: int, user, now: datetime | None = None) -> PartnershipGame:
    """Close an open table before it starts (the host only); everyone seated is free again."""
    with transaction.atomic():
        game = _locked_as_host(table_id, user)
        game.status = Status.CANCELLED
        game.ended_at = now or timezone.now()
        _record_change(game, kind=Kind.CANCEL, seat=None, payload={})
    return game


def table_start(
    *, table_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> PartnershipGame:
    """Start the match once the four seats are taken (the host only): the first dealer is
    drawn, the first deal dealt, both with the secure source (`rng` is for tests only)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked_as_host(table_id, user)
        variant = _table_variant(game.variant)
        if PartnershipSeat.objects.filter(game=game).count() != variant.seat_count:
            raise GameError("table_not_full")
        rng = rng or _secure_rng()
        rounds, first_dealer = variant.draw_first_dealer(rng)
        state = variant.new_match(
            first_dealer=first_dealer, format=game.format, options=dict(game.options)
        )
        state = _advance(variant, state, rng=rng)
        game.status = Status.IN_PROGRESS
        game.started_at = now
        game.first_dealer_draw = [[[seat, card] for seat, card in round] for round in rounds]
        _store(
            game,
            variant,
            state,
            now=now,
            kind=Kind.START,
            seat=None,
            payload={"first_dealer": first_dealer},
        )
        # The table leaves the open ones for the games to watch.
        events.lobby_changed_on_commit()
    return game


def table_again(
    *, table_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> PartnershipGame:
    """Open the same table again after its end, for a member who sat at it: same game, format
    and options; he hosts it from seat 0, everyone keeps his place around him, the computer
    players sit down again at their levels, the other members' seats wait for them. When only
    computers sat with him, the new match starts at once (as *Rejouer* against the computer).
    """
    with transaction.atomic():
        finished = table_get(table_id=table_id)
        if finished.status != Status.FINISHED:
            raise GameError("table_not_finished")
        own_seat = table_seat_for_user(game=finished, user=user)
        if own_seat is None:
            raise GameError("not_seated")
        game = table_create(
            host=user, variant=finished.variant, format=finished.format, options=finished.options
        )
        # Turned so that he sits at seat 0 and his partner stays opposite him.
        for seated in finished.seats.filter(is_computer=True).select_related("user"):
            seat = (seated.seat - own_seat) % 4
            seat_fill_computer(
                table_id=game.pk, user=user, seat=seat, level=seated.user.computer_level
            )
        if not finished.seats.filter(is_computer=False).exclude(user=user).exists():
            game = table_start(table_id=game.pk, user=user, now=now, rng=rng)
    return game


# --- The match --------------------------------------------------------------------------------


def _apply_decision(
    game: PartnershipGame,
    *,
    seat: int,
    action: dict,
    expected_version: int,
    now: datetime,
    rng: random.Random | None,
) -> bool:
    """Play one seat's decision on the locked table; return False if it came too late (the
    table is then forfeited on time instead)."""
    if game.status != Status.IN_PROGRESS:
        raise GameError("game_not_in_progress")
    if expected_version != game.version:
        raise GameError("stale_version")
    variant = _table_variant(game.variant)
    state = variant.state_from_json(game.state)
    if game.deadline is not None and game.deadline <= now:
        _forfeit(game, variant, state, seat=variant.seat_to_act(state), reason="timeout", now=now)
        return False
    try:
        move = variant.action_from_json({**action, "seat": seat})
        state = variant.apply(state, move)
    except RuleError as error:
        raise GameError(error.code, error.message) from None
    state = _advance(variant, state, rng=rng or _secure_rng())
    _store(game, variant, state, now=now, kind=Kind.ACTION, seat=seat, payload=move.to_json())
    metrics.move_applied_on_commit(kind="table")
    return True


def table_act(
    *,
    table_id: int,
    user,
    action: dict,
    expected_version: int,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> PartnershipGame:
    """Apply a seated member's decision, if it is still the version he saw.

    The seat comes from the user, never from the message. A decision that arrives after its
    deadline is not played: the table is forfeited on time instead (one outcome, whichever of
    the player and the deadline sweeper takes the lock first), and `time_over` is raised after
    commit. `rng` is for reproducible tests only.
    """
    now = now or timezone.now()
    if not isinstance(action, dict) or type(expected_version) is not int:
        raise GameError("malformed")
    if user is None or not getattr(user, "is_authenticated", False):
        raise GameError("not_authenticated")
    with transaction.atomic():
        game = table_get(table_id=table_id, for_update=True)
        seat = table_seat_for_user(game=game, user=user)
        if seat is None:
            raise GameError("not_seated")
        is_played = _apply_decision(
            game, seat=seat, action=action, expected_version=expected_version, now=now, rng=rng
        )
    if not is_played:
        raise GameError("time_over")
    return game


def table_computer_act(
    *,
    table_id: int,
    seat: int,
    action: dict,
    expected_version: int,
    now: datetime | None = None,
) -> PartnershipGame:
    """Apply the decision of the computer player at `seat` (games.partnership.robots only):
    the same checks as a member's. The seat is named because one computer member may sit
    twice at a table."""
    now = now or timezone.now()
    with transaction.atomic():
        game = table_get(table_id=table_id, for_update=True)
        if not PartnershipSeat.objects.filter(game=game, seat=seat, is_computer=True).exists():
            raise GameError("not_seated")
        is_played = _apply_decision(
            game, seat=seat, action=action, expected_version=expected_version, now=now, rng=None
        )
    if not is_played:
        raise GameError("time_over")
    return game


def _forfeit(game, variant: Variant, state, *, seat: int, reason: str, now: datetime) -> None:
    state = variant.forfeit(state, seat=seat, reason=reason)
    _store(game, variant, state, now=now, kind=Kind.FORFEIT, seat=seat, payload={"reason": reason})


def table_leave(*, table_id: int, user, now: datetime | None = None) -> PartnershipGame:
    """Leave a running table: a forfeit at once, the member's team loses the match."""
    now = now or timezone.now()
    with transaction.atomic():
        game = table_get(table_id=table_id, for_update=True)
        seat = table_seat_for_user(game=game, user=user)
        if seat is None:
            raise GameError("not_seated")
        if game.status != Status.IN_PROGRESS:
            raise GameError("game_not_in_progress")
        variant = _table_variant(game.variant)
        state = variant.state_from_json(game.state)
        _forfeit(game, variant, state, seat=seat, reason="left", now=now)
    return game


def table_enforce_deadlines(*, now: datetime, table_ids: list[int] | None = None) -> list[int]:
    """Forfeit, on time, every running table whose pending decision is overdue.

    Each candidate is locked and checked again: a move or another sweeper that got there
    first makes this one a no-op. Return the ids of the tables ended now.
    """
    candidates = PartnershipGame.objects.filter(status=Status.IN_PROGRESS, deadline__lt=now)
    if table_ids is not None:
        candidates = candidates.filter(pk__in=table_ids)
    ended = []
    for table_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            game = table_get(table_id=table_id, for_update=True)
            if game.status != Status.IN_PROGRESS or game.deadline is None:
                continue
            if game.deadline >= now:
                continue
            variant = _table_variant(game.variant)
            state = variant.state_from_json(game.state)
            seat = variant.seat_to_act(state)
            _forfeit(game, variant, state, seat=seat, reason="timeout", now=now)
            ended.append(game.pk)
    return ended
