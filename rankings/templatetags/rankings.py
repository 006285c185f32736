"""Template helpers of the ladder, for every page that shows a member's name.

`{% load rankings %}{{ user|stars }}` shows a member's current group; `{{ 2|stars }}` shows a
stored group (e.g. the group at the start of a game).
"""

from django import template
from django.utils.html import format_html
from django.utils.translation import ngettext

from rankings.stars import star_group, star_label

register = template.Library()


def _group_of(value) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, int):
        return value
    if hasattr(value, "ranked_wins") and hasattr(value, "ranked_losses"):
        return star_group(wins=value.ranked_wins, losses=value.ranked_losses)
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@register.filter
def stars(value) -> str:
    """Render a member's group (a User, or a stored group 1-3) as stars with a readable title."""
    group = _group_of(value)
    if group is None:
        return ""
    spoken = ngettext("groupe %(count)d étoile", "groupe %(count)d étoiles", group) % {
        "count": group
    }
    return format_html(
        '<span class="stars stars--{}" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        group,
        spoken,
        star_label(group),
        spoken,
    )


@register.filter
def signed(value) -> str:
    """Render a points change with its sign (+5, −3, 0)."""
    number = int(value)
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"\u2212{-number}"
    return "0"
