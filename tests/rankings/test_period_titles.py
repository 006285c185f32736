"""A month's title elides "de" before a vowel in French: "Mois d'avril", "Mois de mai"."""

import datetime as dt

from django.template.loader import render_to_string
from django.utils import translation

from rankings.forms import period_choice_label
from rankings.periods import LadderKind, period_starting_on


def title(month: int, language: str) -> str:
    period = period_starting_on(kind=LadderKind.MONTHLY, day=dt.date(2027, month, 1))
    with translation.override(language):
        return render_to_string("rankings/_period_title.html", {"period": period}).strip()


def test_a_month_beginning_with_a_vowel_takes_d_apostrophe_in_french_only():
    assert title(4, "fr") == "Mois d'avril 2027"
    assert title(8, "fr") == "Mois d'août 2027"
    assert title(5, "fr") == "Mois de mai 2027"
    assert title(4, "en") == "Month of April 2027"


def test_the_subscription_choice_says_the_same():
    period = period_starting_on(kind=LadderKind.MONTHLY, day=dt.date(2027, 10, 1))
    with translation.override("fr"):
        assert period_choice_label(period, price=5).startswith("Mois d'octobre 2027")
