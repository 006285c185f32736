"""Template helpers for showing members: `{% load members %}`."""

from django import template
from django.utils.html import format_html
from django.utils.translation import ngettext

from rankings.stars import star_label

register = template.Library()


@register.simple_tag
def stars_badge(group: int) -> str:
    """Render a star group as ★ symbols with a spoken equivalent for screen readers."""
    group = int(group or 1)
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
