"""Template helpers for showing members: `{% load members %}`."""

from django import template

from rankings.templatetags.rankings import stars

register = template.Library()


@register.simple_tag
def stars_badge(group: int) -> str:
    """Render a star group as ★ symbols with a spoken equivalent for screen readers."""
    return stars(int(group or 1))
