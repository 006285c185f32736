"""Template pieces of the waiting room: *Jouer contre l'ordinateur*, the tables a host sets up,
the names of the room's players.

Tags, so that the pages showing them need nothing in their own context for them.
"""

from django import template
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext

from ..forms import TABLE_VARIANTS, ComputerGameForm
from ..lobby.selectors import lobby_member_state
from ..tables.selectors import variant_choices

register = template.Library()

# The rules page of each game a host sets up (cartomaniak/urls.py).
RULES_URL_NAMES = {
    "manille-flemish": "rules_flemish",
    "manille-french": "rules_french",
    "manille-parlee": "rules_parlee",
    "manille-mort": "rules_mort",
    "manille-a-trois": "rules_a_trois",
    "manille-encheres": "rules_encheres",
    "manille-encheres-3": "rules_encheres",
    "manni": "rules_manni",
}


@register.inclusion_tag("games/lobby_computer.html")
def computer_game_block(has_current_game=False) -> dict:
    """The *Jouer contre l'ordinateur* block of the waiting room (hidden, like the form of a new
    game, while the member has a game: one at a time)."""
    return {"computer_form": ComputerGameForm(), "has_current_game": bool(has_current_game)}


@register.filter
def lobby_player_name(player: dict) -> str:
    """A player of the room's lists: his name, or "Ordinateur (fort)" for a computer."""
    level = player.get("computer_level")
    if level:
        label = get_user_model().ComputerLevel(level).label
        return gettext("Ordinateur (%(level)s)") % {"level": label}
    return player["name"]


@register.filter
def has_free_seat(table: dict) -> bool:
    """Whether a table of the room's `open_tables` still has a seat for a member."""
    return any(not seat["name"] for seat in table["seats"])


@register.inclusion_tag("games/lobby_tables.html", takes_context=True)
def table_block(context, snapshot=None) -> dict:
    """The block of the tables a host sets up: the form of a new table and the open tables (the
    room's `open_tables`, kept up to date by lobby-tables.js)."""
    member_state = lobby_member_state(frame=snapshot) if snapshot else {}
    names = {variant.name for variant in TABLE_VARIANTS}
    choices = [choice for choice in variant_choices() if choice["name"] in names]
    linked = set()
    for choice in choices:
        url_name = RULES_URL_NAMES.get(choice["name"])
        choice["rules_url"] = reverse(url_name) if url_name else None
        # One link per page: the auction's two games share theirs.
        choice["links_rules"] = url_name is not None and url_name not in linked
        linked.add(url_name)
    return {
        "choices": choices,
        "open_tables": (snapshot or {}).get("open_tables", []),
        "current_table": member_state.get("current_table"),
        "has_current_game": bool(member_state.get("current_game")),
        "csrf_token": context.get("csrf_token"),
        "block_strings": {
            "sit": gettext("S'asseoir"),
            "watch": gettext("Regarder"),
            "see": gettext("Voir ma table"),
            "free_seat": gettext("place libre"),
        },
    }


@register.filter
def teams(players: list[dict]) -> list[list[dict]]:
    """The players of a game grouped by team, team 0 first (each for himself: one per group)."""
    groups: dict[int, list[dict]] = {}
    for player in players:
        groups.setdefault(player.get("team", 0), []).append(player)
    return [groups[team] for team in sorted(groups)]
