from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine.variants import VARIANT_TWO_PLAYER, VARIANTS


def _format_choices(variants) -> list[tuple[str, str]]:
    # Every format once, named by the registry (translated when the form is drawn).
    choices = {}
    for variant in variants:
        for name in variant.formats:
            choices.setdefault(name, _(variant.format_labels[name]))
    return list(choices.items())


TWO_PLAYER = VARIANTS[VARIANT_TWO_PLAYER]


class GameCreateForm(forms.Form):
    format = forms.ChoiceField(
        label=_("Format"),
        choices=_format_choices([TWO_PLAYER]),
        initial=TWO_PLAYER.default_format,
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
        label=_("Format"),
        choices=_format_choices([TWO_PLAYER]),
        initial=TWO_PLAYER.default_format,
    )


# The games the waiting room offers to set up seat by seat (the two-player game has its own
# form above); the form below takes a table of any game of the registry (docs/protocol.md).
TABLE_VARIANTS = [variant for variant in VARIANTS.values() if variant.seat_count > 2]


class TableCreateForm(forms.Form):
    """Open a table whose host sets it up: the game, its format, its options (docs/protocol.md).

    The choices are every game of the registry and all their formats; whether a format and
    the options fit the chosen game is the registry's answer, given by the service
    (`bad_format`, `bad_options`). An option the game lacks is simply not sent to it (see
    `options_for`).
    """

    variant = forms.ChoiceField(
        label=_("Jeu"),
        choices=[(variant.name, _(variant.label)) for variant in VARIANTS.values()],
        initial=TABLE_VARIANTS[0].name,
    )
    format = forms.ChoiceField(label=_("Format"), choices=_format_choices(VARIANTS.values()))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A checkbox for every option of the registry's games (blind, mee_tegen, ...).
        for variant in VARIANTS.values():
            for option, label in variant.option_labels.items():
                self.fields.setdefault(option, forms.BooleanField(label=_(label), required=False))

    def options_for(self, option_defaults) -> dict:
        """Return the checked options among those the chosen game has (its registry keys)."""
        return {key: bool(self.cleaned_data.get(key)) for key in option_defaults}
