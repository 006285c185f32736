from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Game, PartnershipGame


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


class PartnershipTableForm(forms.Form):
    """Open a four-player table: the game, its format, its options (docs/protocol.md).

    The choices are every game and format of the site; whether a format and the options fit
    the chosen game is the registry's answer, given by the service (`bad_format`,
    `bad_options`). An option the game lacks is simply not sent to it (see `options_for`).
    """

    variant = forms.ChoiceField(
        label=_("Jeu"),
        choices=PartnershipGame.Variant.choices,
        initial=PartnershipGame.Variant.FLEMISH,
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=PartnershipGame.Format.choices,
        initial=PartnershipGame.Format.BOOM_101,
    )
    blind = forms.BooleanField(label=_("Sans-atout aveugle permis"), required=False)
    mee_tegen = forms.BooleanField(label=_("Mee et tegen"), required=False)

    def options_for(self, option_defaults) -> dict:
        """Return the checked options among those the chosen game has (its registry keys)."""
        return {key: bool(self.cleaned_data.get(key)) for key in option_defaults}
