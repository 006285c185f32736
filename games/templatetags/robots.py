"""Template blocks of computer games: the waiting room's form and the table's "Rejouer".

Inclusion tags, so that the pages that show them need no context of their own for them.
"""

from django import template

from ..forms import ComputerGameForm
from ..models import Game
from ..robots import computer_level_of

register = template.Library()


@register.inclusion_tag("games/lobby_computer.html")
def computer_game_block() -> dict:
    """The *Jouer contre l'ordinateur* block of the waiting room."""
    return {"computer_form": ComputerGameForm()}


@register.inclusion_tag("games/table_computer.html")
def computer_replay_form(game: Game, seat: int | None) -> dict:
    """At the end of a computer game, for its player: another game, same level and format."""
    level = computer_level_of(game=game) if seat is not None else None
    return {"level": level, "format": game.format}
