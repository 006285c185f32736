"""Writes about guests (docs/guests.md): a visitor who plays without an account.

A guest is a `User` with `is_guest`, an unusable password and a generated name (`invite-482913`,
shown as *Invité 482913*), logged into the browser that asked for him. He plays free games
only; `accounts.selectors.member_is_guest` is the one question every guard asks. Creating one
is limited per address; a guest left alone for `GUEST_INACTIVE_DAYS` is deleted with the games
he played against computers only; signing up turns him into a member in place
(`accounts.adapter.AccountAdapter.new_user`), his games with him.
"""

import secrets
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q

from .models import CreditMovement, User

GUEST_NAME_PREFIX = "invite-"
# Six digits: a million names, tried again on the rare collision.
GUEST_NUMBER_DIGITS = 6
GUEST_NAME_ATTEMPTS = 5
LIMIT_WINDOW_SECONDS = 3600


class GuestLimitReached(Exception):
    """This address created its hour's share of guests; nothing was created."""


def _guest_creation_count(*, address: str, now: float) -> int:
    # A fixed window of one hour, counted in the cache (shared by every process with Redis),
    # like the waiting room's action limit (games/limits.py).
    key = f"limits:guests:{address}:{int(now // LIMIT_WINDOW_SECONDS)}"
    cache.add(key, 0, timeout=LIMIT_WINDOW_SECONDS * 2)
    try:
        return cache.incr(key)
    except ValueError:  # the key expired between the two calls: a new window
        cache.set(key, 1, timeout=LIMIT_WINDOW_SECONDS * 2)
        return 1


def guest_create(*, address: str, now: float | None = None) -> User:
    """Create a guest for a visitor at `address`; raise GuestLimitReached beyond the hour's
    share of that address (`GUESTS_PER_ADDRESS_PER_HOUR`)."""
    count = _guest_creation_count(address=address, now=time.time() if now is None else now)
    if count > settings.GUESTS_PER_ADDRESS_PER_HOUR:
        raise GuestLimitReached(address)
    for _attempt in range(GUEST_NAME_ATTEMPTS):
        number = secrets.randbelow(10**GUEST_NUMBER_DIGITS)
        username = f"{GUEST_NAME_PREFIX}{number:0{GUEST_NUMBER_DIGITS}d}"
        try:
            with transaction.atomic():
                guest = get_user_model()(username=username, is_guest=True)
                guest.set_unusable_password()
                guest.save()
                return guest
        except IntegrityError:  # the name (or its skeleton) is taken: draw another
            continue
    raise IntegrityError("no free guest name after several draws")


def guests_delete_inactive(*, now: datetime) -> tuple[int, int]:
    """Forget the guests nobody has seen for `GUEST_INACTIVE_DAYS` and who have no game open
    or in progress; return (deleted, closed).

    A guest who only ever played computers is deleted with those games: nobody else has them in
    his history. One who shared a table with a person is closed instead (inactive: his session
    no longer logs him in) and kept, so that the other player's game keeps its seat and record.
    Idempotent: a closed guest is no longer a candidate.
    """
    from games.models import Game, Seat

    cutoff = now - timedelta(days=settings.GUEST_INACTIVE_DAYS)
    recent_game = Q(seats__game__created_at__gte=cutoff) | Q(seats__game__ended_at__gte=cutoff)
    current_game = Q(seats__game__status__in=[Game.Status.OPEN, Game.Status.IN_PROGRESS])
    candidates = (
        get_user_model()
        .objects.filter(is_guest=True, is_active=True, date_joined__lt=cutoff)
        .filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
        .exclude(pk__in=get_user_model().objects.filter(recent_game | current_game).values("pk"))
        .exclude(pk__in=CreditMovement.objects.values("user_id"))
    )
    deleted = closed = 0
    for guest in candidates:
        with transaction.atomic():
            game_ids = set(Seat.objects.filter(user=guest).values_list("game_id", flat=True))
            game_ids |= set(Game.objects.filter(host=guest).values_list("pk", flat=True))
            shares_a_table = (
                Seat.objects.filter(game_id__in=game_ids, is_computer=False)
                .exclude(user=guest)
                .exists()
            )
            if shares_a_table:
                get_user_model().objects.filter(pk=guest.pk).update(is_active=False)
                closed += 1
                continue
            # Seats, actions and connections go with their game.
            Game.objects.filter(pk__in=game_ids).delete()
            guest.delete()
            deleted += 1
    return deleted, closed
