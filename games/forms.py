from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Game


class GameCreateForm(forms.Form):
    format = forms.ChoiceField(
        label=_("Format"), choices=Game.Format.choices, initial=Game.Format.FIRST_TO_71
    )
    is_ranked = forms.BooleanField(label=_("Partie classée"), required=False)


class ComputerGameForm(forms.Form):
    """Jouer contre l'ordinateur: a level and a format; always a free game (docs/computer.md)."""

    level = forms.ChoiceField(
        label=_("Niveau"),
        choices=[
            ("facile", _("facile")),
            ("moyen", _("moyen")),
            ("fort", _("fort")),
        ],
        initial="facile",
        widget=forms.RadioSelect,
    )
    format = forms.ChoiceField(
        label=_("Format"), choices=Game.Format.choices, initial=Game.Format.FIRST_TO_71
    )
