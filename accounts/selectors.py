"""Reads of the accounts app, for the other apps as well (verification, wallet balance)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db.models import QuerySet, Sum

from .models import CreditMovement
from .usernames import username_skeleton


def member_is_verified(*, user) -> bool:
    """Return whether the member's primary email address is verified (ranked play, tournaments)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return EmailAddress.objects.filter(user=user, primary=True, verified=True).exists()


def member_is_guest(*, user) -> bool:
    """Return whether `user` is a guest (docs/guests.md): free play only, never in ladders,
    presence, challenges or championships. Every guard of those asks this one question."""
    return bool(getattr(user, "is_authenticated", False) and getattr(user, "is_guest", False))


def wallet_balance(*, user) -> int:
    """Return the member's credits: the sum of his ledger."""
    total = CreditMovement.objects.filter(user=user).aggregate(total=Sum("amount"))["total"]
    return total or 0


def wallet_movements(*, user) -> QuerySet[CreditMovement]:
    """Return the member's ledger, newest first."""
    return CreditMovement.objects.filter(user=user).order_by("-created_at", "-id")


def member_find(*, username: str):
    """Return the active member with this username (exact, else ignoring case), or None.

    A guest has no member page, like a computer (docs/guests.md).
    """
    members = get_user_model().objects.filter(is_active=True, is_computer=False, is_guest=False)
    member = members.filter(username=username).first()
    if member is None:
        member = members.filter(username__iexact=username).order_by("pk").first()
    return member


def member_lookalike_name(*, username: str, exclude_id: int | None = None) -> str | None:
    """Return the name of another member confusable with `username` (same skeleton), or None."""
    return (
        get_user_model()
        .objects.filter(username_skeleton=username_skeleton(username))
        .exclude(pk=exclude_id)
        .values_list("username", flat=True)
        .first()
    )
