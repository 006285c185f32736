"""Template pieces of the four-player tables: the waiting room's *Table à quatre* block and the
sentences the table's script shows (docs/table.md, *The table for four*).

Tags, so that the pages showing them need nothing in their own context for them.
"""

from django import template
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext as _

from games.engine.variants import variant_get

from .. import selectors
from ..models import PartnershipGame
from ..partnership.selectors import format_label, option_labels, variant_label
from ..views import _table_strings

register = template.Library()

# The rules page of each four-player game (cartomaniak/urls.py).
RULES_URL_NAMES = {"manille-flemish": "rules_flemish", "manille-french": "rules_french"}


def partnership_choices() -> list[dict]:
    """Each four-player game with its formats and options, from the registry, labelled."""
    return [
        {
            "name": name,
            "label": variant_label(name),
            "rules_url": reverse(RULES_URL_NAMES[name]),
            "default_format": variant_get(name).default_format,
            "formats": [(value, format_label(value)) for value in variant_get(name).formats],
            "options": [
                {"name": option, "label": option_labels()[option], "default": default}
                for option, default in variant_get(name).option_defaults.items()
            ],
        }
        for name in PartnershipGame.Variant.values
    ]


@register.filter
def has_free_seat(table: dict) -> bool:
    """Whether a table of the room's `open_tables` still has a seat for a member."""
    return any(not seat["name"] for seat in table["seats"])


@register.inclusion_tag("games/lobby_partnership.html", takes_context=True)
def partnership_table_block(context, snapshot=None) -> dict:
    """The *Table à quatre* block of the waiting room: the form of a new table and the open
    tables (the room's `open_tables`, kept up to date by lobby-tables.js)."""
    member_state = selectors.lobby_member_state(frame=snapshot) if snapshot else {}
    return {
        "choices": partnership_choices(),
        "open_tables": (snapshot or {}).get("open_tables", []),
        "current_table": member_state.get("current_table"),
        "has_current_game": bool(member_state.get("current_game")),
        "csrf_token": context.get("csrf_token"),
        "block_strings": {
            "sit": _("S'asseoir"),
            "watch": _("Regarder"),
            "see": _("Voir ma table"),
            "free_seat": _("place libre"),
        },
    }


@register.simple_tag(takes_context=True)
def partnership_table_strings(context) -> dict:
    """Every sentence partnership-table.js shows: the two-player table's (cards, suits, sounds,
    connection, rule errors), then those of a table for four."""
    request = context.get("request")
    user = getattr(request, "user", None)
    levels = get_user_model().ComputerLevel
    return {
        **_table_strings(user),
        "fours": {
            "computer": {
                level: _("Ordinateur (%(level)s)") % {"level": label}
                for level, label in levels.choices
            },
            "level_labels": dict(levels.choices),
            "option_labels": {name: str(label) for name, label in option_labels().items()},
            "free_seat": _("Place libre"),
            "sit": _("S'asseoir"),
            "leave_seat": _("Quitter cette place"),
            "fill": _("Ajouter l'ordinateur"),
            "empty": _("Libérer la place"),
            "level": _("Niveau"),
            "confirm_cancel": _("Annuler cette table ?"),
            "waiting_host": _("En attente de l'hôte : %(name)s commence la partie."),
            "waiting_players": {
                "one": _("Il manque %(n)s joueur."),
                "other": _("Il manque %(n)s joueurs."),
            },
            "ready": _("Les quatre places sont prises : la partie peut commencer."),
            "host": _("hôte"),
            "partner": _("partenaire"),
            "team_us": _("Nous"),
            "team_them": _("Eux"),
            "team_of": _("%(a)s et %(b)s"),
            "deal_number": _("Donne %(n)s"),
            "deal_of": _("Donne %(n)s / %(total)s"),
            "dealer_is": _("Donneur : %(name)s"),
            "trump": _("Atout : %(suit)s"),
            "no_trump": _("Sans atout"),
            "blind": _("Sans atout à l'aveugle"),
            "no_trump_yet": _("Atout pas encore nommé"),
            "mee": _("Mee"),
            "tegen": _("Tegen"),
            "announced_by": _("%(what)s (%(team)s)"),
            "multiplier": _("×%(n)s"),
            "turned_up": _("Carte retournée : %(card)s"),
            "turned_up_held": _("Carte retournée : %(card)s, à %(name)s"),
            "hidden_hand": _("Vous verrez vos cartes quand %(name)s aura nommé l'atout."),
            "hidden_hand_dealer": _(
                "Regardez vos cartes, ou annoncez sans atout sans les avoir vues (×4)."
            ),
            "cards_left": {
                "one": _("%(n)s carte"),
                "other": _("%(n)s cartes"),
            },
            "phase": {
                "look": _("regarder ses cartes ou jouer à l'aveugle"),
                "trump": _("nommer l'atout"),
                "mee": _("mee ou passer"),
                "tegen": _("tegen ou passer"),
                "play": _("jouer une carte"),
                "dealing": _("distribution"),
            },
            "actions": {
                "look": _("Regarder mes cartes"),
                "blind": _("Sans atout à l'aveugle (×4)"),
                "trump": _("Atout %(suit)s"),
                "no_trump": _("Sans atout (×2)"),
                "mee": _("Mee (×2)"),
                "tegen": _("Tegen (×4)"),
                "pass": _("Passer"),
            },
            "tricks_points": _("%(tricks)s · %(points)s"),
            "deal_summary": _("Fin de la donne %(n)s"),
            "summary_rows": {
                "tricks": _("Plis"),
                "points": _("Points des cartes"),
                "score": _("Marqué"),
                "total": _("Total"),
            },
            "notes": {
                "capot": _("Capot : tous les plis pour une équipe."),
                "doubled_by_tie": _("Égalité 30–30 reportée : ×2."),
                "multiplier": _("Multiplicateur de la donne : ×%(n)s."),
            },
            "winner_team": _("%(team)s gagnent la partie"),
            "we_win": _("Nous gagnons la partie !"),
            "we_lose": _("Nous perdons la partie."),
            "end_reasons": {
                "points": _("Aux points : %(a)s à %(b)s."),
                "left": _("Forfait : %(name)s a quitté la partie."),
                "timeout": _("Forfait au temps : %(name)s n'a pas joué à temps."),
            },
            "cancelled": _("Cette table a été annulée."),
            "confirm_leave": _("Quitter la partie ? Votre équipe la perd par forfait."),
            "trick_taken": _("Pli pour %(name)s"),
        },
    }


@register.filter
def words(value: str) -> list[str]:
    """Split a literal list of words (the four places around the table)."""
    return value.split()
