"""The computer players' members: one per level, made at its first game."""

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction

from games import computer
from games.errors import GameError


def computer_member(*, level: str):
    """Return the member who plays at `level`, made at its first game (get or create).

    Made on demand rather than by a data migration, so that no count of members changes before
    a computer game is played. It cannot log in (inactive, unusable password) and is left out of
    presence, member pages and ladders.
    """
    if level not in computer.LEVELS:
        raise GameError("bad_level")
    User = get_user_model()
    member = User.objects.filter(is_computer=True, computer_level=level).first()
    if member is not None:
        return member
    username = f"ordinateur-{level}"
    suffix = 1
    while User.objects.filter(username=username).exists():
        suffix += 1
        username = f"ordinateur-{level}-{suffix}"
    try:
        with transaction.atomic():
            return User.objects.create(
                username=username,
                password=make_password(None),
                is_active=False,
                is_computer=True,
                computer_level=level,
            )
    except IntegrityError:  # made at the same moment by another request
        return User.objects.get(is_computer=True, computer_level=level)


def computer_level_of(*, game) -> str | None:
    """Return the level of the computer players of a game against the computer (the first
    one's), None when no computer sits there."""
    for taken in game.seats.all():
        if taken.is_computer:
            return taken.user.computer_level
    return None
