"""Writes of the waiting room: presence, games that wait for an opponent, *Jouer maintenant*,
challenges.

A game of the room is a table of the two-player game that starts as soon as its opponent sits
down (`starts_when_full`); opening, joining and starting it go through the tables' one writer.
"""

import random
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.selectors import member_is_guest
from games import events
from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.errors import GameError
from games.models import Challenge, Game, LobbyPresence
from games.tables import services as tables
from games.tables.selectors import (
    PRESENCE_EXPIRY_SECONDS,
    game_get,
    game_variant,
    member_is_busy,
    member_is_playing,
)

from .selectors import challenge_payload

# --- Games waiting for an opponent ------------------------------------------------------------


def game_open(
    *,
    user,
    format: str,
    is_ranked: bool,
    variant: str = VARIANT_TWO_PLAYER,
    now: datetime | None = None,
) -> Game:
    """Open a game in the room, waiting for an opponent; the creator takes seat 0."""
    return tables.game_create(
        host=user,
        variant=variant,
        format=format,
        is_ranked=is_ranked,
        starts_when_full=True,
        now=now,
    )


def game_join(
    *, game_id: int, user, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """Take the free seat of a game waiting in the room; the match starts at once.

    `rng` is for reproducible tests only; the site always deals with the secure source.
    """
    game = game_get(game_id=game_id)
    if game.status != Game.Status.OPEN or not game.starts_when_full:
        raise GameError("game_not_open")
    if game.host_id == user.pk:
        raise GameError("own_game")
    free = [
        seat for seat in game_variant(game=game).person_seats if seat not in game.seats_by_number()
    ]
    if not free:
        raise GameError("game_not_open")
    try:
        return tables.game_seat_take(game_id=game_id, user=user, seat=free[0], now=now, rng=rng)
    except GameError as error:
        # Taken by someone else between the read and the lock.
        if error.code == "seat_taken":
            raise GameError("game_not_open") from None
        raise


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
    if not isinstance(format, str) or format not in variant_get(VARIANT_TWO_PLAYER).formats:
        raise GameError("bad_format")
    if member_is_busy(user=user):
        raise GameError("already_in_game")
    candidates = (
        Game.objects.filter(
            status=Game.Status.OPEN,
            starts_when_full=True,
            variant=VARIANT_TWO_PLAYER,
            format=format,
            is_ranked=is_ranked,
        )
        .exclude(host=user)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)
    )
    for game_id in list(candidates[:20]):
        try:
            return game_join(game_id=game_id, user=user, now=now, rng=rng), True
        except GameError as error:
            if error.code != "game_not_open":
                raise
    return game_open(user=user, format=format, is_ranked=is_ranked, now=now), False


# --- Presence in the waiting room -------------------------------------------------------------


def _present_user_ids(now: datetime) -> set[int]:
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    return set(LobbyPresence.objects.filter(last_seen__gte=since).values_list("user_id", flat=True))


def lobby_presence_join(*, user, channel_name: str, now: datetime | None = None) -> bool:
    """Record one waiting-room connection; return whether the member just became present.

    A guest sees the room but is never in its list of members present (docs/guests.md): nobody
    can challenge him, and he is not counted.
    """
    if member_is_guest(user=user):
        return False
    now = now or timezone.now()
    with transaction.atomic():
        was_present = user.pk in _present_user_ids(now)
        LobbyPresence.objects.update_or_create(
            channel_name=channel_name, defaults={"user": user, "last_seen": now}
        )
        if not was_present:
            events.lobby_changed_on_commit()
    return not was_present


def lobby_presence_touch(*, channel_names: list[str], now: datetime | None = None) -> None:
    """Refresh the heartbeat of these connections (a process's sockets that pinged within the
    last second: games/heartbeats.py)."""
    LobbyPresence.objects.filter(channel_name__in=channel_names).update(
        last_seen=now or timezone.now()
    )


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
    if member_is_guest(user=challenger):
        raise GameError("guest_free_only")
    if not isinstance(format, str) or format not in variant_get(VARIANT_TWO_PLAYER).formats:
        raise GameError("bad_format")
    # A guest cannot be challenged: to a challenger he is nobody he can name.
    challenged = (
        get_user_model()
        .objects.filter(username=challenged_name, is_active=True, is_guest=False)
        .first()
        if isinstance(challenged_name, str)
        else None
    )
    if challenged is None:
        raise GameError("member_not_found")
    if challenged.pk == challenger.pk:
        raise GameError("own_challenge")
    with transaction.atomic():
        tables.lock_members(challenger.pk, challenged.pk)
        if challenged.pk not in _present_user_ids(now):
            raise GameError("member_not_present")
        if member_is_playing(user_id=challenger.pk):
            raise GameError("already_in_game")
        if member_is_playing(user_id=challenged.pk):
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
            if member_is_playing(user_id=challenge.challenger_id):
                raise GameError("member_busy")
            game = tables.game_start_between(
                players=[challenge.challenger, challenge.challenged],
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
