"""Writes of the tables: one writer per table, whatever the game.

Every change to a table (opened, a seat taken or left, a computer seated, the start, a decision,
a forfeit, the cancellation, a rematch) runs in one short transaction that locks the game row
(`select_for_update`; on SQLite every atomic block is already an IMMEDIATE, single-writer
transaction), checks the status (and, for a decision, the version and the deadline), goes
through the game's registry entry (`games.engine.variants`), stores the result with version + 1
and a `GameAction` row unique on (game, version), and broadcasts only after commit
(design-notes.md, *One game, one writer*). Locks are taken games first, then members.

Nothing here depends on which game is played: what differs is the registry entry (seats,
teams, formats, options, `is_rankable`, its rules).
"""

import random
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from cartomaniak import metrics
from cartomaniak.handlers import game_ended_dispatch
from games import events, quitters
from games.engine.cards import draw_dealer_among
from games.engine.errors import RuleError
from games.engine.variants import Variant, variant_get
from games.errors import GameError
from games.models import Game, GameAction, GameConnection, RematchOffer, Seat
from games.robots.members import computer_member
from games.robots.scheduling import computer_turn_prepare

from .rows import move_row_write
from .selectors import (
    game_for_player,
    game_get,
    game_presence,
    game_recalled,
    game_remember,
    game_seat_for_user,
    game_seats_reload,
    game_variant,
    member_is_busy,
)

Status = Game.Status
Kind = GameAction.Kind

REMATCH_OFFER_SECONDS = 60


def secure_rng() -> random.Random:
    # SystemRandom draws from os.urandom, the source `secrets` uses (manille-2p.md: secure shuffle).
    return random.SystemRandom()


def lock_members(*user_ids: int) -> None:
    """Lock the members' rows, in id order, so that two requests of one member run one by one."""
    list(
        get_user_model()
        .objects.select_for_update()
        .filter(pk__in=sorted(set(user_ids)))
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _member_stars_locked(*user_ids: int) -> dict[int, int]:
    """Return each member's star group from his record as stored now (rows already locked).

    Never from a user object handed in: a waiting-room socket keeps the member it loaded when
    it opened, and his record may have crossed a group boundary since (ladder.md, Groups).
    """
    from rankings.stars import star_group

    records = (
        get_user_model()
        .objects.filter(pk__in=user_ids)
        .values_list("pk", "ranked_wins", "ranked_losses")
    )
    return {pk: star_group(wins=wins, losses=losses) for pk, wins, losses in records}


def _member_is_verified(user) -> bool:
    from accounts.selectors import member_is_verified

    return member_is_verified(user=user)


def _member_is_guest(user) -> bool:
    from accounts.selectors import member_is_guest

    return member_is_guest(user=user)


def _next_deadline(now: datetime) -> datetime:
    return now + timedelta(seconds=settings.GAME_DECISION_SECONDS)


def _variant_named(name: object) -> Variant:
    try:
        return variant_get(name)
    except RuleError:
        raise GameError("bad_variant") from None


def _seat_number(variant: Variant, seat: object) -> int:
    # A person's seat: the dummy's (*avec un mort*) is nobody's.
    if type(seat) is not int or seat not in variant.person_seats:
        raise GameError("bad_seat")
    return seat


def _ranked_check(*, user, now: datetime) -> None:
    """What any ranked game asks of each of its members (docs/ladder.md)."""
    # A guest has no address to verify either: told why he cannot, not what he lacks.
    if _member_is_guest(user):
        raise GameError("guest_free_only")
    if not _member_is_verified(user):
        raise GameError("verification_required")
    quitters.ranked_play_check(user=user, now=now)


def _store(
    game: Game,
    variant: Variant,
    state,
    *,
    now: datetime,
    kind: str,
    seat: int | None,
    payload: dict,
    keeps_clock: bool = False,
    is_row_held: bool = False,
) -> None:
    """Save the new state as the next version, its action row, and the result if it is over.

    The next decision gets a fresh deadline, unless the action `keeps_clock` (a parlée
    question: the same seat still has to play, on the clock he had). `is_row_held`: the game
    is the row this process holds in memory, not locked (`_act_on_held_row`); only a move that
    does not end the match is written that way, anything else raises `_HeldRowRefused`."""
    # A decision that does not end the match writes its action and the columns it changes, in
    # statements prepared once (`rows`); the start and the end of a match, through the ORM.
    is_move = kind == Kind.ACTION and not state.is_finished
    if is_row_held and not is_move:
        raise _HeldRowRefused
    game.state_encode(variant, state)
    game.version += 1
    if not is_move:
        GameAction.objects.create(
            game=game, version=game.version, kind=kind, seat=seat, payload=payload
        )
    if state.is_finished:
        end = state.end or {}
        game.status = Status.FINISHED
        game.winner_team = state.winner
        game.end_reason = end.get("reason") or Game.EndReason.POINTS
        game.forfeit_seat = end.get("seat")
        game.ended_at = now
        game.deadline = None
        game.is_first_deal_complete = state.completed_deal_count >= 1
    elif not keeps_clock:
        game.deadline = _next_deadline(now)
    # A computer player to act next: when, and its turn scheduled on commit (games/robots/).
    computer_turn_prepare(game=game, variant=variant, state=state, now=now)
    if is_move:
        # Written only over the version it was played on: a row held in memory that another
        # writer has since replaced writes nothing (a locked row always matches).
        if not move_row_write(game, kind=kind, seat=seat, payload=payload):
            raise _HeldRowRefused if is_row_held else GameError("stale_version")
    else:
        game.save()
    if state.is_finished:
        game_ended_dispatch(game=game)
        events.lobby_changed_on_commit()
    # Held for the frames of this version before the table hears of it (selectors).
    transaction.on_commit(partial(game_remember, game))
    events.game_changed_on_commit(game_id=game.pk, version=game.version)


def _record_change(game: Game, *, kind: str, seat: int | None, payload: dict) -> None:
    """Save a change that is not a move (a seat, the cancellation) as the next version, and
    tell the table and the waiting room after commit."""
    game.version += 1
    GameAction.objects.create(
        game=game, version=game.version, kind=kind, seat=seat, payload=payload
    )
    game.save()
    events.lobby_changed_on_commit()
    events.game_changed_on_commit(game_id=game.pk, version=game.version)
    # Who is at the table changed with the seats (a computer is always there).
    events.game_presence_on_commit(game_id=game.pk)


def _seat_add(game: Game, variant: Variant, *, seat: int, user, is_computer: bool = False) -> None:
    Seat.objects.create(
        game=game, seat=seat, team=variant.team_of(seat), user=user, is_computer=is_computer
    )


# --- Opening a table --------------------------------------------------------------------------


def game_create(
    *,
    host,
    variant: str,
    format: str,
    options: dict | None = None,
    is_ranked: bool = False,
    starts_when_full: bool = False,
    now: datetime | None = None,
) -> Game:
    """Open a table of `variant`; the host takes seat 0.

    The variant, format and options are the registry's (`Variant.formats`, the options the
    engine accepts); only a rankable game may be ranked. A game that `starts_when_full` waits in
    the room for opponents and starts as soon as its seats are taken; otherwise the host seats
    members and computer players and starts it himself. A member with a game or a table already
    cannot open one.
    """
    now = now or timezone.now()
    game_variant_entry = _variant_named(variant)
    if not isinstance(format, str) or format not in game_variant_entry.formats:
        raise GameError("bad_format")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise GameError("bad_options")
    try:
        # The engine is the judge of the options: a key the game lacks, a value not a boolean.
        game_variant_entry.new_match(first_dealer=0, format=format, options=options)
    except RuleError:
        raise GameError("bad_options") from None
    if is_ranked and not game_variant_entry.is_rankable:
        raise GameError("not_rankable")
    if is_ranked:
        _ranked_check(user=host, now=now)
    with transaction.atomic():
        lock_members(host.pk)
        if member_is_busy(user=host):
            raise GameError("already_in_game")
        game = Game.objects.create(
            host=host,
            variant=game_variant_entry.name,
            format=format,
            options={**game_variant_entry.option_defaults, **options},
            is_ranked=is_ranked,
            starts_when_full=starts_when_full,
        )
        _seat_add(game, game_variant_entry, seat=0, user=host)
        events.lobby_changed_on_commit()
    return game


def _locked_open(game_id: int) -> Game:
    game = game_get(game_id=game_id, for_update=True)
    if game.status != Status.OPEN:
        # A game waiting in the room says it no longer waits for an opponent.
        raise GameError("game_not_open" if game.starts_when_full else "table_not_open")
    return game


def _locked_as_host(game_id: int, user) -> Game:
    game = _locked_open(game_id)
    if game.host_id != user.pk:
        raise GameError("not_creator" if game.starts_when_full else "not_host")
    return game


def _is_full(game: Game, variant: Variant) -> bool:
    return Seat.objects.filter(game=game).count() == len(variant.person_seats)


def game_seat_take(
    *,
    game_id: int,
    user,
    seat: int,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Take a free seat of an open table (or move to it from one's own seat there). A game that
    starts when full starts in the same write as its last seat taken (`rng` is for tests)."""
    now = now or timezone.now()
    if user.is_computer:
        raise GameError("malformed")
    with transaction.atomic():
        game = _locked_open(game_id)
        variant = game_variant(game=game)
        seat = _seat_number(variant, seat)
        lock_members(user.pk)
        if Seat.objects.filter(game=game, seat=seat).exists():
            raise GameError("seat_taken")
        current = Seat.objects.filter(game=game, user=user, is_computer=False).first()
        if current is None:
            if game.is_ranked:
                _ranked_check(user=user, now=now)
            if member_is_busy(user=user):
                raise GameError("already_in_game")
            _seat_add(game, variant, seat=seat, user=user)
            payload = {"event": "take", "name": user.username}
        else:
            payload = {"event": "move", "name": user.username, "from": current.seat}
            current.seat = seat
            current.team = variant.team_of(seat)
            current.save(update_fields=["seat", "team"])
        if game.starts_when_full and _is_full(game, variant):
            # One write: the opponent sits down and the match begins.
            game_seats_reload(game=game)
            _match_start(game, variant, now=now, rng=rng)
        else:
            _record_change(game, kind=Kind.SEAT, seat=seat, payload=payload)
    return game


def game_seat_leave(*, game_id: int, user) -> Game:
    """Leave one's seat at an open table (the host cancels his table instead)."""
    with transaction.atomic():
        game = _locked_open(game_id)
        seat = game.seat_of(user)
        if seat is None:
            raise GameError("not_seated")
        if game.host_id == user.pk:
            raise GameError("host_cannot_leave")
        Seat.objects.filter(game=game, seat=seat).delete()
        _record_change(
            game, kind=Kind.SEAT, seat=seat, payload={"event": "leave", "name": user.username}
        )
    return game


def game_seat_fill(*, game_id: int, user, seat: int, level: str) -> Game:
    """Seat a computer player of `level` in a free seat (the host only)."""
    member = computer_member(level=level)
    with transaction.atomic():
        game = _locked_as_host(game_id, user)
        variant = game_variant(game=game)
        seat = _seat_number(variant, seat)
        if Seat.objects.filter(game=game, seat=seat).exists():
            raise GameError("seat_taken")
        _seat_add(game, variant, seat=seat, user=member, is_computer=True)
        _record_change(game, kind=Kind.SEAT, seat=seat, payload={"event": "fill", "level": level})
    return game


def game_seat_empty(*, game_id: int, user, seat: int) -> Game:
    """Take a computer player off its seat (the host only; members leave by themselves)."""
    with transaction.atomic():
        game = _locked_as_host(game_id, user)
        seat = _seat_number(game_variant(game=game), seat)
        taken = Seat.objects.filter(game=game, seat=seat).first()
        if taken is None or not taken.is_computer:
            raise GameError("not_computer_seat")
        taken.delete()
        _record_change(game, kind=Kind.SEAT, seat=seat, payload={"event": "empty"})
    return game


def game_cancel(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Close an open table before it starts (its host only); everyone seated is free again."""
    with transaction.atomic():
        game = _locked_as_host(game_id, user)
        game.status = Status.CANCELLED
        game.ended_at = now or timezone.now()
        _record_change(game, kind=Kind.CANCEL, seat=None, payload={})
    return game


# --- The start --------------------------------------------------------------------------------


def _dummy_draw(game: Game, variant: Variant, rng: random.Random) -> None:
    """*Avec un mort*: the three people draw, the highest card takes the dummy (ties draw
    again, manille-variants.md, Decision 17); he moves to the holder's seat, opposite the
    dummy, and whoever sat there takes his. The rounds are kept with the seats as they end up."""
    holder = variant.decider_of(variant.dummy_seat)
    rounds, winner = draw_dealer_among(rng, variant.person_seats)
    moved = {winner: holder, holder: winner}
    if winner != holder:
        seats = game.seats_by_number()
        # Through a seat number no table has: (game, seat) is unique at every step.
        for taken, seat in ((seats[winner], 99), (seats[holder], winner), (seats[winner], holder)):
            taken.seat = seat
            taken.save(update_fields=["seat"])
        game_seats_reload(game=game)
    game.dummy_draw = [[[moved.get(seat, seat), card] for seat, card in round] for round in rounds]


def _match_start(game: Game, variant: Variant, *, now: datetime, rng: random.Random | None) -> None:
    """Start the match of a locked table whose seats are all taken: the dummy's holder drawn
    (*avec un mort*), the first dealer drawn and the first deal dealt with the secure source
    (`rng` is for reproducible tests only), each member's star group kept as it is now."""
    rng = rng or secure_rng()
    if variant.dummy_seat is not None:
        _dummy_draw(game, variant, rng)
    rounds, first_dealer = variant.draw_first_dealer(rng)
    state = variant.new_match(
        first_dealer=first_dealer, format=game.format, options=dict(game.options)
    )
    state = variant.advance(state, rng=rng)
    people = [taken for taken in game.seats.all() if not taken.is_computer]
    stars = _member_stars_locked(*(taken.user_id for taken in people))
    for taken in people:
        taken.stars = stars[taken.user_id]
        taken.save(update_fields=["stars"])
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
    # The table leaves the open ones for the games to watch; its people are taken to it.
    url = reverse("games:table", args=[game.pk])
    for taken in people:
        events.game_started_on_commit(user_id=taken.user_id, game_id=game.pk, url=url)
    events.lobby_changed_on_commit()
    events.game_presence_on_commit(game_id=game.pk)


def game_start(
    *, game_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """Start the match once every seat is taken (the host only)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked_as_host(game_id, user)
        variant = game_variant(game=game)
        if not _is_full(game, variant):
            raise GameError("table_not_full")
        _match_start(game, variant, now=now, rng=rng)
    return game


def _member_games_locked(member_ids: list[int], *, status: str) -> list[int]:
    """Lock the members' games of `status` (before the members: the order every write takes)."""
    return list(
        Game.objects.filter(
            pk__in=Seat.objects.filter(user_id__in=member_ids, is_computer=False).values("game_id"),
            status=status,
        )
        .select_for_update()
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _open_games_leave(game_ids: list[int], members: dict, *, now: datetime) -> None:
    """Take the members out of the tables waiting to start: a host's table is cancelled,
    another member's seat is freed."""
    for game_id in game_ids:
        game = game_get(game_id=game_id, for_update=True)
        if game.status != Status.OPEN:
            continue
        if game.host_id in members:
            game_cancel(game_id=game.pk, user=members[game.host_id], now=now)
            continue
        for taken in game.seats.all():
            if taken.user_id in members and not taken.is_computer:
                game_seat_leave(game_id=game.pk, user=members[taken.user_id])


def _computer_games_end(member_ids: list[int], *, now: datetime) -> None:
    """End the members' games against computers: a competition's game does not wait for a
    pastime that counts for nothing (docs/computer.md). Each ends as left by the member, which
    is never counted against him there (games/quitters.py)."""
    for game_id in _member_games_locked(member_ids, status=Status.IN_PROGRESS):
        game = game_get(game_id=game_id, for_update=True)
        if game.origin != Game.Origin.COMPUTER:
            continue
        variant = game_variant(game=game)
        seat = next(
            taken.seat
            for taken in game.seats.all()
            if taken.user_id in member_ids and not taken.is_computer
        )
        state = game.state_decoded(variant)
        _forfeit(game, variant, state, seat=seat, reason="left", now=now)


def game_start_between(
    *,
    players: list,
    format: str,
    origin: str,
    variant: str = "manille-2p",
    options: dict | None = None,
    is_ranked: bool = False,
    origin_label: str = "",
    origin_url: str = "",
    allow_busy: bool = False,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Start a match at once between the members the site brings together (a competition's
    pairing, an accepted challenge or rematch, a game against the computer), `players[i]` at
    the i-th seat a person takes (seat i but in a game with a dummy); `players[0]` hosts.

    The people among them are taken out of the waiting room: a table one of them hosts before it
    starts is cancelled, and at another's open table his seat is freed. A person already playing
    another game makes it raise GameError("already_in_game") and changes nothing, unless
    `allow_busy` (the caller waited long enough for him). Every person receives `game_started`
    with the table's address on his waiting-room and table connections.
    """
    now = now or timezone.now()
    game_variant_entry = _variant_named(variant)
    if not isinstance(format, str) or format not in game_variant_entry.formats:
        raise GameError("bad_format")
    people = [player for player in players if not player.is_computer]
    person_ids = sorted({player.pk for player in people})
    if (
        origin not in Game.Origin.values
        or len(players) != len(game_variant_entry.person_seats)
        or len(person_ids) != len(people)
        or not people
    ):
        raise GameError("malformed")
    if is_ranked and not game_variant_entry.is_rankable:
        raise GameError("not_rankable")
    if is_ranked:
        for member in people:
            _ranked_check(user=member, now=now)
    with transaction.atomic():
        open_game_ids = _member_games_locked(person_ids, status=Status.OPEN)
        lock_members(*person_ids)
        if origin == Game.Origin.TOURNAMENT:
            _computer_games_end(person_ids, now=now)
        busy = Game.objects.filter(
            pk__in=Seat.objects.filter(user_id__in=person_ids, is_computer=False).values("game_id"),
            status=Status.IN_PROGRESS,
        ).exists()
        if busy and not allow_busy:
            raise GameError("already_in_game")
        _open_games_leave(open_game_ids, {member.pk: member for member in people}, now=now)
        game = Game.objects.create(
            host=players[0],
            variant=game_variant_entry.name,
            format=format,
            options={**game_variant_entry.option_defaults, **(options or {})},
            is_ranked=is_ranked,
            origin=origin,
            origin_label=origin_label[:200],
            origin_url=origin_url[:200],
        )
        for seat, player in zip(game_variant_entry.person_seats, players, strict=True):
            _seat_add(
                game, game_variant_entry, seat=seat, user=player, is_computer=player.is_computer
            )
        game_seats_reload(game=game)
        _match_start(game, game_variant_entry, now=now, rng=rng)
    return game


# --- The match --------------------------------------------------------------------------------


def _apply_decision(
    game: Game,
    *,
    seat: int,
    action: dict,
    expected_version: int,
    now: datetime,
    rng: random.Random | None,
    is_row_held: bool = False,
) -> bool:
    """Play one seat's decision on the locked game (or the row held in memory, `is_row_held`);
    return False if it came too late (the game is then forfeited on time instead)."""
    if game.status != Status.IN_PROGRESS:
        raise GameError("game_not_in_progress")
    if expected_version != game.version:
        raise GameError("stale_version")
    variant = game_variant(game=game)
    state = game.state_decoded(variant)
    if game.deadline is not None and game.deadline <= now:
        _forfeit(
            game, variant, state, seat=_person_to_act(variant, state), reason="timeout", now=now
        )
        return False
    # The dummy's holder decides for the dummy at its turn: the action is the dummy's.
    seat = variant.acting_seat(state, seat)
    try:
        move = variant.action_from_json({**action, "seat": seat})
        state = variant.apply(state, move)
    except RuleError as error:
        raise GameError(error.code, error.message) from None
    state = variant.advance(state, rng=rng or secure_rng())
    _store(
        game,
        variant,
        state,
        now=now,
        kind=Kind.ACTION,
        seat=seat,
        payload=move.to_json(),
        keeps_clock=move.type in variant.clock_keeping_actions,
        is_row_held=is_row_held,
    )
    metrics.move_applied_on_commit(kind="game")
    return True


class _HeldRowRefused(Exception):
    """The row held in memory cannot take this decision: another writer replaced it, or the
    decision does more than a move (a forfeit on time, the end of the match)."""


def _act_on_held_row(
    *,
    game_id: int,
    expected_version: int,
    seat_of,
    action: dict,
    now: datetime,
    rng: random.Random | None,
) -> Game | None:
    """Play a move on the game row this process holds for `expected_version`, without reading
    or locking it; None when there is no such row or the locked path must decide.

    The row was written or read by this process at that version, and a version is written once
    (selectors, *games remembered*): it is the stored row unless another writer has moved the
    game on since. The move is written over that version only (`rows.move_row_write`: `WHERE
    version = …`, the action row unique on its version); when another writer got there first
    nothing is written and the locked path answers, as it does for anything but a plain move and
    for every refusal (its answer is the authority: `stale_version` rather than a rule of an
    outdated state). One writer per table still holds: a version is written once, by whichever
    transaction takes the row's lock first."""
    held = game_recalled(game_id, expected_version)
    if held is None:
        return None
    game = held.copy_for_write()
    seat = seat_of(game)
    if seat is None or (game.deadline is not None and game.deadline <= now):
        return None
    try:
        with transaction.atomic():
            _apply_decision(
                game,
                seat=seat,
                action=action,
                expected_version=expected_version,
                now=now,
                rng=rng,
                is_row_held=True,
            )
    except (_HeldRowRefused, GameError):
        return None
    return game


def _person_to_act(variant: Variant, state) -> int:
    """Return the seat of the person whose decision is awaited: the seat to act, or the
    dummy's holder at the dummy's turn (only a person forfeits)."""
    return variant.decider_of(variant.seat_to_act(state))


def game_act(
    *,
    game_id: int,
    user,
    action: dict,
    expected_version: int,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Apply one person's decision at the table he sits at, if it is still the version he saw.

    The seat comes from the user, never from the message. A decision that arrives after its
    deadline is not played: the game is forfeited on time instead (one outcome, whichever of the
    player and the deadline sweeper takes the lock first), and `time_over` is raised after
    commit. `rng` is for reproducible tests only.
    """
    now = now or timezone.now()
    if not isinstance(action, dict) or type(expected_version) is not int:
        raise GameError("malformed")
    if user is not None and getattr(user, "is_authenticated", False):
        game = _act_on_held_row(
            game_id=game_id,
            expected_version=expected_version,
            seat_of=lambda held: game_seat_for_user(game=held, user=user),
            action=action,
            now=now,
            rng=rng,
        )
        if game is not None:
            return game
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        is_played = _apply_decision(
            game, seat=seat, action=action, expected_version=expected_version, now=now, rng=rng
        )
    if not is_played:
        raise GameError("time_over")
    return game


def game_computer_act(
    *,
    game_id: int,
    seat: int,
    action: dict,
    expected_version: int,
    now: datetime | None = None,
) -> Game:
    """Apply the decision of the computer player at `seat` (games.robots only): the same checks
    as a person's. The seat is named because one computer member may sit twice at a table; it
    is the computer's own, or the dummy's when the computer holds it."""
    now = now or timezone.now()

    def computer_seat(game: Game) -> int | None:
        taken = game.seats_by_number().get(game_variant(game=game).decider_of(seat))
        return seat if taken is not None and taken.is_computer else None

    played = _act_on_held_row(
        game_id=game_id,
        expected_version=expected_version,
        seat_of=computer_seat,
        action=action,
        now=now,
        rng=None,
    )
    if played is not None:
        return played
    with transaction.atomic():
        game = game_get(game_id=game_id, for_update=True)
        variant = game_variant(game=game)
        taken = game.seats_by_number().get(variant.decider_of(seat))
        if taken is None or not taken.is_computer:
            raise GameError("not_seated")
        is_played = _apply_decision(
            game, seat=seat, action=action, expected_version=expected_version, now=now, rng=None
        )
    if not is_played:
        raise GameError("time_over")
    return game


def _forfeit(game: Game, variant: Variant, state, *, seat: int, reason: str, now: datetime) -> None:
    state = variant.forfeit(state, seat=seat, reason=reason)
    _store(game, variant, state, now=now, kind=Kind.FORFEIT, seat=seat, payload={"reason": reason})


def game_leave(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Leave a game in progress: a forfeit at once (ladder.md, Forfeits); in a partnership
    game the member's team loses the match."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        if game.status != Status.IN_PROGRESS:
            raise GameError("game_not_in_progress")
        variant = game_variant(game=game)
        state = game.state_decoded(variant)
        _forfeit(game, variant, state, seat=seat, reason="left", now=now)
    return game


def game_enforce_deadlines(*, now: datetime, game_ids: list[int] | None = None) -> list[int]:
    """Forfeit, on time, every game in progress whose pending decision is overdue.

    Each candidate is locked and checked again: a move or another sweeper that got there first
    makes this one a no-op. Return the ids of the games ended now.
    """
    candidates = Game.objects.filter(status=Status.IN_PROGRESS, deadline__lt=now)
    if game_ids is not None:
        candidates = candidates.filter(pk__in=game_ids)
    ended = []
    for game_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            game = game_get(game_id=game_id, for_update=True)
            if game.status != Status.IN_PROGRESS or game.deadline is None:
                continue
            if game.deadline >= now:
                continue
            variant = game_variant(game=game)
            state = game.state_decoded(variant)
            seat = _person_to_act(variant, state)
            _forfeit(game, variant, state, seat=seat, reason="timeout", now=now)
            ended.append(game.pk)
    return ended


# --- After the end: Rejouer and Revanche ------------------------------------------------------


def game_again(
    *, game_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """*Rejouer*: open the same table again after its end, for a member who sat at it: same
    game, format and options, free; he hosts it from seat 0, everyone keeps his place around
    him (partners stay partners), the computer players sit down again at their levels, the other
    members' seats wait for them. When only computers sat with him, the new match starts at once.
    """
    with transaction.atomic():
        finished = game_get(game_id=game_id)
        if finished.status != Status.FINISHED or finished.is_tournament:
            raise GameError("table_not_finished")
        own_seat = game_seat_for(finished, user)
        variant = game_variant(game=finished)
        others_are_computers = all(
            taken.is_computer for taken in finished.seats.all() if taken.seat != own_seat
        )
        # Turned so that he takes the first seat and his partner stays opposite him (with a
        # dummy, the people only: the dummy is drawn again).
        places = variant.person_seats
        own_place = places.index(own_seat)

        def turned(seat: int) -> int:
            return (places.index(seat) - own_place) % len(places)

        if others_are_computers:
            players = [None] * len(places)
            for taken in finished.seats.all():
                players[turned(taken.seat)] = user if taken.seat == own_seat else taken.user
            return game_start_between(
                players=players,
                variant=variant.name,
                format=finished.format,
                options=dict(finished.options),
                origin=Game.Origin.COMPUTER,
                allow_busy=False,
                now=now,
                rng=rng,
            )
        game = game_create(
            host=user,
            variant=variant.name,
            format=finished.format,
            options=dict(finished.options),
            starts_when_full=finished.starts_when_full,
            now=now,
        )
        for taken in finished.seats.all():
            if taken.is_computer:
                seat = places[turned(taken.seat)]
                game_seat_fill(
                    game_id=game.pk, user=user, seat=seat, level=taken.user.computer_level
                )
    return game_get(game_id=game.pk)


def game_seat_for(game: Game, user) -> int:
    seat = game.seat_of(user)
    if seat is None:
        raise GameError("not_seated")
    return seat


def rematch_offer(*, game_id: int, user, now: datetime | None = None) -> RematchOffer:
    """Offer the other people of a finished game a rematch (once per game, while at least one
    of them is at the table)."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        if not game.is_finished or game.is_tournament:
            raise GameError("rematch_not_possible")
        people = [
            taken.seat for taken in game.seats.all() if not taken.is_computer and taken.seat != seat
        ]
        if not people:
            raise GameError("rematch_not_possible")
        if RematchOffer.objects.filter(game=game).exists():
            raise GameError("rematch_already_offered")
        presence = game_presence(game=game, now=now)
        if not any(presence[other]["connected"] for other in people):
            raise GameError("rematch_opponent_gone")
        offer = RematchOffer.objects.create(
            game=game,
            offered_by_seat=seat,
            created_at=now,
            expires_at=now + timedelta(seconds=REMATCH_OFFER_SECONDS),
        )
        events.game_rematch_on_commit(game_id=game.pk)
    return offer


def rematch_answer(
    *, game_id: int, user, accept: bool, now: datetime | None = None
) -> RematchOffer:
    """Accept or decline the rematch another player offered. Once every other person of the
    table has accepted, a new game of the same game, format and kind starts at once with
    everyone in the same seat (ranked stays ranked, with the checks of any ranked game), and
    the table is told where it is; the first refusal declines it for all."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        offer = RematchOffer.objects.select_for_update().filter(game=game).first()
        if (
            offer is None
            or offer.status != RematchOffer.Status.OFFERED
            or offer.offered_by_seat == seat
            or seat in offer.accepted_seats
        ):
            raise GameError("rematch_not_pending")
        expired = offer.expires_at <= now
        if expired:
            offer.status = RematchOffer.Status.EXPIRED
        elif not accept:
            offer.status = RematchOffer.Status.DECLINED
        else:
            offer.accepted_seats = sorted({*offer.accepted_seats, seat})
            waiting = [
                taken.seat
                for taken in game.seats.all()
                if not taken.is_computer
                and taken.seat != offer.offered_by_seat
                and taken.seat not in offer.accepted_seats
            ]
            if not waiting:
                players = [
                    game.player_at(number) for number in game_variant(game=game).person_seats
                ]
                offer.new_game = game_start_between(
                    players=players,
                    variant=game.variant,
                    format=game.format,
                    options=dict(game.options),
                    origin=Game.Origin.LOBBY,
                    is_ranked=game.is_ranked,
                    now=now,
                )
                offer.status = RematchOffer.Status.ACCEPTED
        offer.save(update_fields=["status", "accepted_seats", "new_game"])
        events.game_rematch_on_commit(game_id=game.pk)
    if expired:
        raise GameError("rematch_expired")
    return offer


# --- Presence at a table ----------------------------------------------------------------------


def game_connection_open(*, game: Game, seat: int, channel_name: str, now: datetime) -> None:
    """Record a seated player's connection to his table (the earlier closed ones are dropped).

    Two statements, whatever was there: every page load of a table comes here, and
    `update_or_create` took five (its savepoints, a locking read, then the insert)."""
    with transaction.atomic():
        GameConnection.objects.filter(game=game, seat=seat, closed_at__isnull=False).delete()
        GameConnection.objects.bulk_create(
            [
                GameConnection(
                    channel_name=channel_name, game=game, seat=seat, last_seen=now, closed_at=None
                )
            ],
            update_conflicts=True,
            unique_fields=["channel_name"],
            update_fields=["game", "seat", "last_seen", "closed_at"],
        )
        events.game_presence_on_commit(game_id=game.pk)


def game_connection_touch(*, channel_names: list[str], now: datetime) -> None:
    """Refresh the heartbeat of these table connections (a process's sockets that pinged within
    the last second: games/heartbeats.py)."""
    GameConnection.objects.filter(channel_name__in=channel_names, closed_at__isnull=True).update(
        last_seen=now
    )


def game_connection_close(*, game_id: int, channel_name: str, now: datetime) -> None:
    """Mark a table connection closed: its player is away from now on, unless another is open.
    One statement; a connection already closed keeps the time it closed at."""
    closed = GameConnection.objects.filter(
        channel_name=channel_name, closed_at__isnull=True
    ).update(closed_at=now)
    if closed:
        events.game_presence_on_commit(game_id=game_id)
