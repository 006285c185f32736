"""Template helpers for showing members: `{% load members %}`."""

from django import template

from accounts.usernames import name_elides
from rankings.templatetags.rankings import stars

register = template.Library()


@register.filter
def elides(name: str) -> bool:
    """Tell whether French writes "d'" before this name: `{% if name|elides %}`."""
    return name_elides(str(name))


@register.simple_tag
def stars_badge(group: int) -> str:
    """Render a star group as ★ symbols with a spoken equivalent for screen readers."""
    return stars(int(group or 1))
