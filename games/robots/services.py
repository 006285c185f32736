"""A game against the computer, started from the waiting room (*Jouer contre l'ordinateur*)."""

from datetime import datetime

from games import computer
from games.engine.errors import RuleError
from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.errors import GameError
from games.models import Game
from games.tables.selectors import member_is_playing
from games.tables.services import game_start_between

from .members import computer_member


def computer_game_start(
    *,
    user,
    level: str,
    format: str,
    variant: str = VARIANT_TWO_PLAYER,
    now: datetime | None = None,
    rng=None,
) -> Game:
    """Start at once a free game between the member (seat 0) and computer players of `level`
    in every other seat.

    Free: unranked, no stars, no ladder, not counted by the quitters rule. A table the member had
    open in the waiting room is cancelled; a game in progress refuses the start.
    """
    if level not in computer.LEVELS:
        raise GameError("bad_level")
    try:
        entry = variant_get(variant)
    except RuleError:
        raise GameError("bad_variant") from None
    # A person's seats: the dummy's (avec un mort) is nobody's.
    person_count = len(entry.person_seats)
    if format not in entry.formats:
        raise GameError("bad_format")
    if not getattr(user, "is_authenticated", False):
        raise GameError("not_authenticated")
    if user.is_computer:
        raise GameError("malformed")
    # A member who plays, or sits at a table its host sets up, is busy there; a game of his
    # waiting in the room for an opponent is cancelled by this one.
    if member_is_playing(user_id=user.pk):
        raise GameError("already_in_game")
    opponent = computer_member(level=level)
    # Only people count as busy: the computer member plays many games at once.
    return game_start_between(
        players=[user] + [opponent] * (person_count - 1),
        variant=variant,
        format=format,
        origin=Game.Origin.COMPUTER,
        now=now,
        rng=rng,
    )
