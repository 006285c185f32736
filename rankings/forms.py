from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.usernames import name_elides

from .periods import LadderKind, Period


def period_choice_value(period: Period) -> str:
    return f"{period.kind}:{period.start_date.isoformat()}"


def period_choice_label(period: Period, *, price: int) -> str:
    if period.kind == LadderKind.WEEKLY:
        what = _("Semaine du %(start)s au %(end)s")
    elif name_elides(date_format(period.start_date, "F")):
        what = _("Mois d'%(month)s")  # avril, août, octobre
    else:
        what = _("Mois de %(month)s")
    label = what % {
        "start": date_format(period.start_date, "j F Y"),
        "end": date_format(period.last_date, "j F Y"),
        "month": date_format(period.start_date, "F Y"),
    }
    if price:
        cost = ngettext("%(price)s crédit", "%(price)s crédits", price) % {"price": price}
    else:
        cost = _("gratuit")
    return f"{label} — {cost}"


class SubscriptionForm(forms.Form):
    """Choose one ladder period among those still open to subscription."""

    period = forms.ChoiceField(label=_("Période"), widget=forms.RadioSelect)

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["period"].choices = choices
