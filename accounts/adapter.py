"""allauth's hooks, narrowed to what the site's tables and login accept."""

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .guests import GUEST_NAME_PREFIX
from .models import User
from .selectors import member_is_guest, member_lookalike_name
from .usernames import LOOKALIKE_MESSAGE, username_normalize, username_skeleton

EMAIL_MAX_LENGTH = User._meta.get_field("email").max_length


class AccountAdapter(DefaultAccountAdapter):
    def new_user(self, request):
        # A guest who signs up becomes the member in place: his games, seats and preferences
        # are already his (docs/guests.md). save_user fills the name, address and password.
        if member_is_guest(user=request.user):
            return request.user
        return super().new_user(request)

    def save_user(self, request, user, form, commit=True):
        user.is_guest = False
        return super().save_user(request, user, form, commit=commit)

    def clean_email(self, email: str) -> str:
        # allauth's form accepts 320 characters, the column holds 254: refuse rather than truncate.
        if len(email) > EMAIL_MAX_LENGTH:
            raise ValidationError(
                _("L'adresse e-mail ne peut pas dépasser %(limit)d caractères."),
                code="email_too_long",
                params={"limit": EMAIL_MAX_LENGTH},
            )
        return super().clean_email(email)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        # Stored as NFKC (full-width `ｂob` is `bob`), like Django's own forms store a name.
        username = username_normalize(username)
        # Login accepts a username or an email: a name with "@" would be read as an email.
        if "@" in username:
            raise ValidationError(
                _("Le nom d'utilisateur ne peut pas contenir « @ »."), code="username_at_sign"
            )
        # The guests' generated names stay theirs: `invite-123456` as a member would pass for one.
        if username_skeleton(username).startswith(username_skeleton(GUEST_NAME_PREFIX)):
            raise ValidationError(
                _("Ce nom est réservé aux invités : choisissez-en un autre."),
                code="username_reserved",
            )
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            lookalike = member_lookalike_name(username=username)
            if lookalike is not None:
                raise ValidationError(
                    LOOKALIKE_MESSAGE % {"existing": lookalike}, code="username_lookalike"
                )
        return username
