"""`{% load tournaments %}`: dates on the site's clock, formats explained, the time per
decision, places."""

from django import template
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.selectors import decision_time_label

register = template.Library()


@register.filter
def site_time(moment) -> str:
    """Return "samedi 14 mars 2026, 20:00" on the site's clock (Europe/Paris)."""
    if moment is None:
        return ""
    return formats.date_format(timezone.localtime(moment), "l j F Y, H:i")


@register.simple_tag
def format_explained(tournament: Tournament) -> str:
    """Return one sentence on how the competition's format pairs and ranks its players."""
    if tournament.format == Tournament.Format.ELIMINATION:
        return _(
            "Élimination directe : le perdant de chaque match est éliminé. Quand le nombre "
            "d'inscrits n'est pas une puissance de deux, les meilleures têtes de série passent "
            "le premier tour sans jouer."
        )
    if tournament.format == Tournament.Format.SWISS:
        return _(
            "Système suisse en %(rounds)s rondes : à chaque ronde, les joueurs qui ont le même "
            "nombre de points se rencontrent, sans jamais rejouer le même adversaire quand on "
            "peut l'éviter. Un nombre impair laisse un exempt, qui marque le point, jamais deux "
            "fois le même. Départage : points, puis Buchholz, puis Sonneborn–Berger."
        ) % {"rounds": tournament.swiss_rounds}
    return _(
        "Toutes rondes : chacun rencontre tous les autres une fois. Un nombre impair laisse un "
        "joueur au repos à chaque tour, chacun une fois. Départage : points, puis confrontation "
        "directe, puis différence de points de donnes."
    )


@register.simple_tag
def decision_time() -> str:
    """Return the time per decision of the games ("3 minutes"), from the settings."""
    return decision_time_label()


@register.filter
def place_label(place: int) -> str:
    if place == 1:
        return _("1re place")
    return _("%(place)se place") % {"place": place}
