from django import forms
from django.utils.translation import gettext_lazy as _

from .models import CreditMovement


class CreditAdjustmentForm(forms.Form):
    """The operator's grant or removal of credits, with its reason (admin)."""

    kind = forms.ChoiceField(
        label=_("Opération"),
        choices=[
            (CreditMovement.Kind.GRANT, _("Créditer")),
            (CreditMovement.Kind.REMOVAL, _("Retirer")),
        ],
    )
    amount = forms.IntegerField(label=_("Nombre de crédits"), min_value=1, max_value=1_000_000)
    reason = forms.CharField(
        label=_("Motif"), max_length=500, widget=forms.Textarea(attrs={"rows": 3})
    )

    def signed_amount(self) -> int:
        amount = self.cleaned_data["amount"]
        return -amount if self.cleaned_data["kind"] == CreditMovement.Kind.REMOVAL else amount
