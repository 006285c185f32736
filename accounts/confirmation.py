"""allauth's email confirmation page, which also knows a link already used.

allauth reads a confirmation key only for an address still unconfirmed: the second click on the
same link (the email opened twice, a mail scanner that followed it) would read "expired or
invalid". The key still names its address, signed: when that address is confirmed, the page says
so instead (templates/account/email_confirm.html, `already_confirmed`).
"""

from allauth.account import app_settings
from allauth.account.models import EmailAddress
from allauth.account.views import ConfirmEmailView
from django.core import signing


def confirmed_address_of_key(*, key: str) -> EmailAddress | None:
    """Return the confirmed address a well-signed, unexpired confirmation key names, if any."""
    max_age = 60 * 60 * 24 * app_settings.EMAIL_CONFIRMATION_EXPIRE_DAYS
    try:
        address_id = signing.loads(key, max_age=max_age, salt=app_settings.SALT)
    except signing.BadSignature:
        return None
    return EmailAddress.objects.filter(pk=address_id, verified=True).first()


class EmailConfirmView(ConfirmEmailView):
    def get_context_data(self, **kwargs) -> dict:
        context = super().get_context_data(**kwargs)
        if self.object is None:
            address = confirmed_address_of_key(key=self.kwargs["key"])
            context["already_confirmed"] = address is not None
            if address is not None:
                context["email"] = address.email
        return context


email_confirm = EmailConfirmView.as_view()
