"""Writes of the games app: one writer per game.

Every change to a game (start, action, forfeit) runs in one short transaction that locks the
game row (`select_for_update`; on SQLite every atomic block is already an IMMEDIATE, single-writer
transaction), checks the status and the version, goes through the rules engine, stores the new
state with version + 1 and the next deadline, appends a `GameAction` row unique on
(game, version), and broadcasts only after commit (design-notes.md, *One game, one writer*).
"""

import random
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from cartomaniak import metrics
from cartomaniak.handlers import game_ended_dispatch
from games import engine

from . import events, quitters, robots
from .errors import GameError
from .models import (
    Challenge,
    Game,
    GameAction,
    GameConnection,
    LobbyPresence,
    PartnershipGame,
    PartnershipSeat,
    RematchOffer,
)
from .partnership.selectors import member_table_current
from .selectors import (
    PRESENCE_EXPIRY_SECONDS,
    challenge_payload,
    game_for_player,
    game_get,
    member_is_busy,
    member_is_verified,
)


def _secure_rng() -> random.Random:
    # SystemRandom draws from os.urandom, the source `secrets` uses (manille-2p.md: secure shuffle).
    return random.SystemRandom()


def _lock_members(*user_ids: int) -> None:
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


def _next_deadline(now: datetime) -> datetime:
    return now + timedelta(seconds=settings.GAME_DECISION_SECONDS)


def _advance(state, *, rng: random.Random):
    """Play the server's own moves: deal the next deal, apply a forced roll."""
    while not state.is_finished and state.phase == engine.Phase.DEALING:
        state = engine.deal_start(state, engine.shuffled_deck(rng))
        if engine.is_roll_forced(state):
            dealer = engine.seat_to_act(state)
            state = engine.apply(state, engine.Action(seat=dealer, type="roll"))
    return state


def _store(game: Game, state, *, now: datetime, kind: str, seat: int | None, payload: dict) -> None:
    """Save the new state as the next version, its action row, and the result if it is over."""
    game.state = engine.state_to_json(state)
    game.version += 1
    GameAction.objects.create(
        game=game, version=game.version, kind=kind, seat=seat, payload=payload
    )
    if state.is_finished:
        game.status = Game.Status.FINISHED
        game.winner_seat = state.winner
        game.end_reason = (state.end or {}).get("reason") or Game.EndReason.POINTS
        game.ended_at = now
        game.deadline = None
        game.is_first_deal_complete = state.completed_deal_count >= 1
    else:
        game.deadline = _next_deadline(now)
    # A computer player to act next: when, and its turn scheduled on commit (games/robots.py).
    robots.computer_turn_prepare(game=game, state=state, now=now)
    game.save()
    if state.is_finished:
        game_ended_dispatch(game=game)
        events.lobby_changed_on_commit()
    events.game_changed_on_commit(game_id=game.pk, version=game.version)


# --- The waiting room -------------------------------------------------------------------------


def game_create(*, user, format: str, is_ranked: bool, now: datetime | None = None) -> Game:
    """Open a game waiting for an opponent; the creator takes seat 0."""
    if format not in Game.Format.values:
        raise GameError("bad_format")
    if is_ranked and not member_is_verified(user=user):
        raise GameError("verification_required")
    if is_ranked:
        quitters.ranked_play_check(user=user, now=now or timezone.now())
    with transaction.atomic():
        _lock_members(user.pk)
        if member_is_busy(user=user):
            raise GameError("already_in_game")
        game = Game.objects.create(creator=user, seat0=user, format=format, is_ranked=is_ranked)
        events.lobby_changed_on_commit()
    return game


def game_cancel(*, game_id: int, user) -> Game:
    """Cancel one's own game while it still waits for an opponent."""
    with transaction.atomic():
        game = game_get(game_id=game_id, for_update=True)
        if game.creator_id != user.pk:
            raise GameError("not_creator")
        if game.status != Game.Status.OPEN:
            raise GameError("game_not_open")
        game.status = Game.Status.CANCELLED
        game.ended_at = timezone.now()
        game.version += 1
        game.save(update_fields=["status", "ended_at", "version"])
        events.lobby_changed_on_commit()
        events.game_changed_on_commit(game_id=game.pk, version=game.version)
    return game


def game_join(
    *, game_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """Take the free seat of an open game and start the match at once.

    `rng` is for reproducible tests only; the site always deals with the secure source.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = game_get(game_id=game_id, for_update=True)
        if game.status != Game.Status.OPEN:
            raise GameError("game_not_open")
        if game.creator_id == user.pk:
            raise GameError("own_game")
        if game.is_ranked and not member_is_verified(user=user):
            raise GameError("verification_required")
        if game.is_ranked:
            quitters.ranked_play_check(user=user, now=now)
        _lock_members(game.creator_id, user.pk)
        if member_is_busy(user=user):
            raise GameError("already_in_game")

        rng = rng or _secure_rng()
        draws, first_dealer = engine.draw_first_dealer(rng)
        state = engine.new_match(format=game.format, first_dealer=first_dealer)
        state = _advance(state, rng=rng)

        game.seat1 = user
        game.status = Game.Status.IN_PROGRESS
        game.started_at = now
        stars = _member_stars_locked(game.seat0_id, user.pk)
        game.seat0_stars = stars[game.seat0_id]
        game.seat1_stars = stars[user.pk]
        game.first_dealer_draw = [list(pair) for pair in draws]
        _store(
            game,
            state,
            now=now,
            kind=GameAction.Kind.START,
            seat=None,
            payload={"first_dealer": first_dealer},
        )
        url = reverse("games:table", args=[game.pk])
        events.game_started_on_commit(user_id=game.creator_id, game_id=game.pk, url=url)
        events.game_started_on_commit(user_id=user.pk, game_id=game.pk, url=url)
        events.lobby_changed_on_commit()
    return game


def game_play_now(
    *,
    user,
    format: str,
    is_ranked: bool,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> tuple[Game, bool]:
    """Join the oldest open game of this format and kind, or open one if there is none.

    Return (game, whether it started). A game taken by someone else in between is skipped.
    """
    now = now or timezone.now()
    if format not in Game.Format.values:
        raise GameError("bad_format")
    if member_is_busy(user=user):
        raise GameError("already_in_game")
    candidates = (
        Game.objects.filter(status=Game.Status.OPEN, format=format, is_ranked=is_ranked)
        .exclude(creator=user)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)
    )
    for game_id in list(candidates[:20]):
        try:
            return game_join(game_id=game_id, user=user, now=now, rng=rng), True
        except GameError as error:
            if error.code != "game_not_open":
                raise
    return game_create(user=user, format=format, is_ranked=is_ranked, now=now), False


def game_start_between(
    *,
    seat0,
    seat1,
    format: str,
    origin: str,
    is_ranked: bool = False,
    origin_label: str = "",
    origin_url: str = "",
    allow_busy: bool = False,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Start a match at once between two members the site brings together (a competition's
    pairing): unranked, so that no ladder, record or group changes.

    Both are taken out of the waiting room: a game either of them has open there is cancelled,
    and so is a four-player table one of them hosts before it starts (at another's table, his
    seat is freed). A member already playing another game (or at a running table) makes it
    raise GameError("already_in_game") and changes nothing, unless `allow_busy` (the caller
    waited long enough for him). Both members' waiting-room connections receive `game_started`
    with the table's address.
    """
    now = now or timezone.now()
    if format not in Game.Format.values:
        raise GameError("bad_format")
    if origin not in Game.Origin.values or seat0.pk == seat1.pk:
        raise GameError("malformed")
    if is_ranked:
        # A ranked rematch asks of both what any ranked game asks.
        for member in (seat0, seat1):
            if not member_is_verified(user=member):
                raise GameError("verification_required")
            quitters.ranked_play_check(user=member, now=now)
    member_ids = sorted({seat0.pk, seat1.pk})
    with transaction.atomic():
        # Open games first, then members: the order game_join takes its locks in.
        open_game_ids = list(
            Game.objects.select_for_update()
            .filter(creator_id__in=member_ids, status=Game.Status.OPEN)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        open_table_ids = _tables_locked(member_ids, status=PartnershipGame.Status.OPEN)
        _lock_members(*member_ids)
        if origin == Game.Origin.TOURNAMENT:
            _computer_games_end(member_ids, now=now)
        busy = (
            Game.objects.filter(
                Q(seat0_id__in=member_ids) | Q(seat1_id__in=member_ids),
                status=Game.Status.IN_PROGRESS,
            ).exists()
            or _tables_of(member_ids, status=PartnershipGame.Status.IN_PROGRESS).exists()
        )
        if busy and not allow_busy:
            raise GameError("already_in_game")
        _tables_open_leave(open_table_ids, member_ids, now=now)
        open_games = Game.objects.filter(
            Q(pk__in=open_game_ids) | Q(creator_id__in=member_ids), status=Game.Status.OPEN
        )
        for open_game in open_games:
            open_game.status = Game.Status.CANCELLED
            open_game.ended_at = now
            open_game.version += 1
            open_game.save(update_fields=["status", "ended_at", "version"])
            events.game_changed_on_commit(game_id=open_game.pk, version=open_game.version)

        rng = rng or _secure_rng()
        draws, first_dealer = engine.draw_first_dealer(rng)
        state = _advance(engine.new_match(format=format, first_dealer=first_dealer), rng=rng)
        game = Game.objects.create(
            creator=seat0,
            seat0=seat0,
            seat1=seat1,
            format=format,
            is_ranked=is_ranked,
            status=Game.Status.IN_PROGRESS,
            started_at=now,
            seat0_stars=seat0.stars,
            seat1_stars=seat1.stars,
            first_dealer_draw=[list(pair) for pair in draws],
            origin=origin,
            origin_label=origin_label[:200],
            origin_url=origin_url[:200],
        )
        _store(
            game,
            state,
            now=now,
            kind=GameAction.Kind.START,
            seat=None,
            payload={"first_dealer": first_dealer},
        )
        url = reverse("games:table", args=[game.pk])
        for member_id in member_ids:
            events.game_started_on_commit(user_id=member_id, game_id=game.pk, url=url)
        events.lobby_changed_on_commit()
    return game


def _tables_of(member_ids: list[int], *, status: str):
    """The four-player tables of `status` where one of the members sits."""
    return PartnershipGame.objects.filter(
        pk__in=PartnershipSeat.objects.filter(user_id__in=member_ids, is_computer=False).values(
            "game_id"
        ),
        status=status,
    )


def _tables_locked(member_ids: list[int], *, status: str) -> list[int]:
    """Lock the members' tables of `status` (before the members: the order a seat is taken in)."""
    return list(
        _tables_of(member_ids, status=status)
        .select_for_update()
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _tables_open_leave(table_ids: list[int], member_ids: list[int], *, now: datetime) -> None:
    """Take the members out of the four-player tables waiting to start, as their open games
    are cancelled: a host's table is cancelled, another member's seat is freed."""
    from games.partnership import services as table_services

    members = get_user_model().objects.in_bulk(member_ids)
    for table in PartnershipGame.objects.filter(
        pk__in=table_ids, status=PartnershipGame.Status.OPEN
    ):
        if table.host_id in members:
            table_services.table_cancel(table_id=table.pk, user=members[table.host_id], now=now)
            continue
        for seat in table.seats.filter(user_id__in=member_ids, is_computer=False):
            table_services.seat_leave(table_id=table.pk, user=members[seat.user_id])


def _computer_games_end(member_ids: list[int], *, now: datetime) -> None:
    """End the members' games against the computer: a competition's game does not wait for a
    pastime that counts for nothing (docs/computer.md). Each ends as left by the member, which
    is never counted against him there (games/quitters.py)."""
    casual_games = (
        Game.objects.select_for_update()
        .filter(
            Q(seat0_id__in=member_ids) | Q(seat1_id__in=member_ids),
            status=Game.Status.IN_PROGRESS,
            origin=Game.Origin.COMPUTER,
        )
        .order_by("pk")
    )
    for casual_game in casual_games:
        seat = 0 if casual_game.seat0_id in member_ids else 1
        state = engine.state_from_json(casual_game.state)
        _forfeit(casual_game, state, seat=seat, reason="left", now=now)


# --- The game ---------------------------------------------------------------------------------


def game_act(
    *,
    game_id: int,
    user,
    action: dict,
    expected_version: int,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Apply one player's decision to the game he sits at, if it is still the version he saw.

    The seat comes from the user, never from the message. A decision that arrives after its
    deadline is not played: the game is forfeited on time instead (one outcome, whichever of the
    player and the deadline sweeper takes the lock first), and `time_over` is raised after commit.
    """
    now = now or timezone.now()
    if not isinstance(action, dict) or not isinstance(expected_version, int):
        raise GameError("malformed")
    timed_out = False
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        if game.status != Game.Status.IN_PROGRESS:
            raise GameError("game_not_in_progress")
        if expected_version != game.version:
            raise GameError("stale_version")
        state = engine.state_from_json(game.state)
        if game.deadline is not None and game.deadline <= now:
            _forfeit(game, state, seat=engine.seat_to_act(state), reason="timeout", now=now)
            timed_out = True
        else:
            try:
                move = engine.Action.from_json({**action, "seat": seat})
                state = engine.apply(state, move)
            except engine.RuleError as error:
                raise GameError(error.code, error.message) from None
            state = _advance(state, rng=rng or _secure_rng())
            _store(
                game,
                state,
                now=now,
                kind=GameAction.Kind.ACTION,
                seat=seat,
                payload=move.to_json(),
            )
            metrics.move_applied_on_commit(kind="game")
    if timed_out:
        raise GameError("time_over")
    return game


def _forfeit(game: Game, state, *, seat: int, reason: str, now: datetime) -> None:
    state = engine.forfeit(state, seat=seat, reason=reason)
    _store(
        game, state, now=now, kind=GameAction.Kind.FORFEIT, seat=seat, payload={"reason": reason}
    )


def game_leave(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Leave a game in progress: a forfeit at once (ladder.md, Forfeits)."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        if game.status != Game.Status.IN_PROGRESS:
            raise GameError("game_not_in_progress")
        _forfeit(game, engine.state_from_json(game.state), seat=seat, reason="left", now=now)
    return game


def game_enforce_deadlines(*, now: datetime, game_ids: list[int] | None = None) -> list[int]:
    """Forfeit, on time, every game in progress whose pending decision is overdue.

    Each candidate is locked and checked again: a move or another sweeper that got there first
    makes this one a no-op. Return the ids of the games ended now.
    """
    candidates = Game.objects.filter(status=Game.Status.IN_PROGRESS, deadline__lt=now)
    if game_ids is not None:
        candidates = candidates.filter(pk__in=game_ids)
    ended = []
    for game_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            game = game_get(game_id=game_id, for_update=True)
            if game.status != Game.Status.IN_PROGRESS or game.deadline is None:
                continue
            if game.deadline >= now:
                continue
            state = engine.state_from_json(game.state)
            _forfeit(game, state, seat=engine.seat_to_act(state), reason="timeout", now=now)
            ended.append(game.pk)
    return ended


# --- Presence in the waiting room -------------------------------------------------------------


def _present_user_ids(now: datetime) -> set[int]:
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    return set(LobbyPresence.objects.filter(last_seen__gte=since).values_list("user_id", flat=True))


def lobby_presence_join(*, user, channel_name: str, now: datetime | None = None) -> bool:
    """Record one waiting-room connection; return whether the member just became present."""
    now = now or timezone.now()
    with transaction.atomic():
        was_present = user.pk in _present_user_ids(now)
        LobbyPresence.objects.update_or_create(
            channel_name=channel_name, defaults={"user": user, "last_seen": now}
        )
        if not was_present:
            events.lobby_changed_on_commit()
    return not was_present


def lobby_presence_touch(*, channel_name: str, now: datetime | None = None) -> None:
    """Refresh a connection's heartbeat."""
    LobbyPresence.objects.filter(channel_name=channel_name).update(last_seen=now or timezone.now())


def lobby_presence_leave(*, channel_name: str, now: datetime | None = None) -> bool:
    """Forget one connection; return whether its member is no longer present at all."""
    now = now or timezone.now()
    with transaction.atomic():
        presence = LobbyPresence.objects.filter(channel_name=channel_name).first()
        if presence is None:
            return False
        presence.delete()
        is_gone = presence.user_id not in _present_user_ids(now)
        if is_gone:
            events.lobby_changed_on_commit()
    return is_gone


def lobby_presence_expire(*, now: datetime) -> int:
    """Drop connections whose heartbeat stopped (a process that died); return how many."""
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    with transaction.atomic():
        count, _ = LobbyPresence.objects.filter(last_seen__lt=since).delete()
        if count:
            events.lobby_changed_on_commit()
    return count


# --- Challenges -------------------------------------------------------------------------------


def _is_playing(user_id: int) -> bool:
    """A member playing a game, or seated at an open or running four-player table, is busy."""
    if member_table_current(user_id=user_id) is not None:
        return True
    return Game.objects.filter(
        Q(seat0_id=user_id) | Q(seat1_id=user_id), status=Game.Status.IN_PROGRESS
    ).exists()


def _challenge_tell(challenge: Challenge, *, now: datetime) -> None:
    events.challenge_changed_on_commit(
        challenge=challenge_payload(challenge=challenge, now=now),
        member_ids=(challenge.challenger_id, challenge.challenged_id),
    )


def _challenge_locked(challenge_id: int) -> Challenge:
    try:
        return (
            Challenge.objects.select_for_update(of=("self",))
            .select_related("challenger", "challenged")
            .get(pk=challenge_id)
        )
    except (Challenge.DoesNotExist, ValueError, TypeError, OverflowError):
        raise GameError("challenge_not_found") from None


def challenge_create(
    *, challenger, challenged_name: str, format: str, now: datetime | None = None
) -> Challenge:
    """Challenge a member present in the waiting room to a free game (he has a minute).

    Free only: a ranked game against a chosen opponent would let two friends trade ladder
    points (docs/protocol.md, *Challenges*).
    """
    now = now or timezone.now()
    if format not in Game.Format.values:
        raise GameError("bad_format")
    challenged = (
        get_user_model().objects.filter(username=challenged_name, is_active=True).first()
        if isinstance(challenged_name, str)
        else None
    )
    if challenged is None:
        raise GameError("member_not_found")
    if challenged.pk == challenger.pk:
        raise GameError("own_challenge")
    with transaction.atomic():
        _lock_members(challenger.pk, challenged.pk)
        if challenged.pk not in _present_user_ids(now):
            raise GameError("member_not_present")
        if _is_playing(challenger.pk):
            raise GameError("already_in_game")
        if _is_playing(challenged.pk):
            raise GameError("member_busy")
        if Challenge.objects.filter(
            challenger=challenger, status=Challenge.Status.PENDING, expires_at__gt=now
        ).exists():
            raise GameError("challenge_pending")
        # An expired one the sweeper has not reached yet makes room for the new one.
        Challenge.objects.filter(challenger=challenger, status=Challenge.Status.PENDING).update(
            status=Challenge.Status.EXPIRED
        )
        challenge = Challenge.objects.create(
            challenger=challenger,
            challenged=challenged,
            format=format,
            expires_at=now + timedelta(seconds=settings.LOBBY_CHALLENGE_SECONDS),
        )
        _challenge_tell(challenge, now=now)
    return challenge


def challenge_accept(
    *, challenge_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """Accept a challenge received: the game starts at once and both players are taken to it."""
    now = now or timezone.now()
    expired = False
    with transaction.atomic():
        challenge = _challenge_locked(challenge_id)
        if challenge.challenged_id != user.pk:
            raise GameError("challenge_not_found")
        if challenge.status != Challenge.Status.PENDING:
            raise GameError("challenge_not_pending")
        if challenge.expires_at <= now:
            challenge.status = Challenge.Status.EXPIRED
            challenge.save(update_fields=["status"])
            _challenge_tell(challenge, now=now)
            expired = True
        else:
            if _is_playing(challenge.challenger_id):
                raise GameError("member_busy")
            game = game_start_between(
                seat0=challenge.challenger,
                seat1=challenge.challenged,
                format=challenge.format,
                origin=Game.Origin.LOBBY,
                now=now,
                rng=rng,
            )
            challenge.status = Challenge.Status.ACCEPTED
            challenge.game = game
            challenge.save(update_fields=["status", "game"])
            _challenge_tell(challenge, now=now)
    if expired:
        raise GameError("challenge_expired")
    return game


def _challenge_close(*, challenge_id: int, user, status: str, member_field: str, now) -> Challenge:
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _challenge_locked(challenge_id)
        if getattr(challenge, member_field) != user.pk:
            raise GameError("challenge_not_found")
        if challenge.status != Challenge.Status.PENDING:
            raise GameError("challenge_not_pending")
        challenge.status = status
        challenge.save(update_fields=["status"])
        _challenge_tell(challenge, now=now)
    return challenge


def challenge_decline(*, challenge_id: int, user, now: datetime | None = None) -> Challenge:
    """Decline a challenge received; the challenger is told."""
    return _challenge_close(
        challenge_id=challenge_id,
        user=user,
        status=Challenge.Status.DECLINED,
        member_field="challenged_id",
        now=now,
    )


def challenge_cancel(*, challenge_id: int, user, now: datetime | None = None) -> Challenge:
    """Withdraw one's own challenge before it is answered; the challenged member is told."""
    return _challenge_close(
        challenge_id=challenge_id,
        user=user,
        status=Challenge.Status.CANCELLED,
        member_field="challenger_id",
        now=now,
    )


def challenge_expire(*, now: datetime) -> int:
    """Expire every challenge unanswered past its minute; tell both members; return how many."""
    count = 0
    overdue = Challenge.objects.filter(status=Challenge.Status.PENDING, expires_at__lte=now)
    for challenge_id in overdue.values_list("pk", flat=True):
        with transaction.atomic():
            challenge = _challenge_locked(challenge_id)
            if challenge.status != Challenge.Status.PENDING or challenge.expires_at > now:
                continue
            challenge.status = Challenge.Status.EXPIRED
            challenge.save(update_fields=["status"])
            _challenge_tell(challenge, now=now)
            count += 1
    return count


# --- Presence at a table ----------------------------------------------------------------------


def game_connection_open(*, game: Game, seat: int, channel_name: str, now: datetime) -> None:
    """Record a seated player's connection to his table (the earlier closed ones are dropped)."""
    with transaction.atomic():
        GameConnection.objects.filter(game=game, seat=seat, closed_at__isnull=False).delete()
        GameConnection.objects.update_or_create(
            channel_name=channel_name,
            defaults={"game": game, "seat": seat, "last_seen": now, "closed_at": None},
        )
        events.game_presence_on_commit(game_id=game.pk)


def game_connection_touch(*, channel_name: str, now: datetime) -> None:
    """Refresh a table connection's heartbeat."""
    GameConnection.objects.filter(channel_name=channel_name, closed_at__isnull=True).update(
        last_seen=now
    )


def game_connection_close(*, channel_name: str, now: datetime) -> None:
    """Mark a table connection closed: its player is away from now on, unless another is open."""
    with transaction.atomic():
        connection = GameConnection.objects.filter(channel_name=channel_name).first()
        if connection is None:
            return
        connection.closed_at = now
        connection.save(update_fields=["closed_at"])
        events.game_presence_on_commit(game_id=connection.game_id)


# --- Rematch ----------------------------------------------------------------------------------

REMATCH_OFFER_SECONDS = 60


def rematch_offer(*, game_id: int, user, now: datetime | None = None) -> RematchOffer:
    """Offer the opponent a rematch of a finished game (once per game, while he is at the table)."""
    from .selectors import game_presence

    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        if not game.is_finished or game.is_tournament:
            raise GameError("rematch_not_possible")
        if RematchOffer.objects.filter(game=game).exists():
            raise GameError("rematch_already_offered")
        if not game_presence(game=game, now=now)[1 - seat]["connected"]:
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
    """Accept or decline the rematch the opponent offered. Accepted: a new game of the same
    format and kind starts between the two at once, and both tables are told where it is."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = game_for_player(game_id=game_id, user=user, for_update=True)
        offer = RematchOffer.objects.select_for_update().filter(game=game).first()
        if (
            offer is None
            or offer.status != RematchOffer.Status.OFFERED
            or offer.offered_by_seat == seat
        ):
            raise GameError("rematch_not_pending")
        if offer.expires_at <= now:
            offer.status = RematchOffer.Status.EXPIRED
            offer.save(update_fields=["status"])
            events.game_rematch_on_commit(game_id=game.pk)
            expired = True
        else:
            expired = False
            if accept:
                new_game = game_start_between(
                    seat0=game.seat0,
                    seat1=game.seat1,
                    format=game.format,
                    origin=Game.Origin.LOBBY,
                    is_ranked=game.is_ranked,
                    now=now,
                )
                offer.new_game = new_game
                offer.status = RematchOffer.Status.ACCEPTED
            else:
                offer.status = RematchOffer.Status.DECLINED
            offer.save(update_fields=["status", "new_game"])
            events.game_rematch_on_commit(game_id=game.pk)
    if expired:
        raise GameError("rematch_expired")
    return offer
