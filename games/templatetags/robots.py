"""Template blocks of computer games: the waiting room's form and the table's "Rejouer".

Inclusion tags, so that the pages that show them need no context of their own for them.
"""

from django import template
from django.contrib.auth import get_user_model
from django.utils.translation import gettext

from ..forms import ComputerGameForm
from ..models import Game
from ..robots import computer_level_of

register = template.Library()


@register.inclusion_tag("games/lobby_computer.html")
def computer_game_block(has_current_game=False) -> dict:
    """The *Jouer contre l'ordinateur* block of the waiting room (hidden, like the form of a new
    game, while the member has a game: one at a time)."""
    return {"computer_form": ComputerGameForm(), "has_current_game": bool(has_current_game)}


@register.filter
def lobby_player_name(player: dict) -> str:
    """A player of the room's list of games: his name, or "Ordinateur (fort)" for a computer."""
    level = player.get("computer_level")
    if level:
        label = get_user_model().ComputerLevel(level).label
        return gettext("Ordinateur (%(level)s)") % {"level": label}
    return player["name"]


@register.inclusion_tag("games/table_computer.html")
def computer_replay_form(game: Game, seat: int | None) -> dict:
    """At the end of a computer game, for its player: another game, same level and format."""
    level = computer_level_of(game=game) if seat is not None else None
    return {"level": level, "format": game.format}
