"""Writes of the accounts app: the credits wallet and members' preferences.

The wallet keeps no balance column: the ledger (`CreditMovement`) is the only truth and the
balance is its sum. A debit must not take the balance below zero even when two debits for the
same member arrive at once, so every movement first locks that member's row (`select_for_update`
on PostgreSQL; SQLite's IMMEDIATE transactions take the database write lock at BEGIN, which
serialises the same way). Reading the sum and inserting the line then happen under that lock,
so concurrent movements of one member queue up while other members' movements run in parallel.
A cached balance column with a `CHECK (balance >= 0)` would also hold, but it is a second copy of
the truth that every writer must keep in step; the lock keeps one copy and costs one row lock.
"""

import datetime as dt

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from .models import CreditMovement, OperatorAction
from .selectors import wallet_balance

DEBIT_KINDS = frozenset(
    {
        CreditMovement.Kind.REMOVAL,
        CreditMovement.Kind.SUBSCRIPTION,
        CreditMovement.Kind.ENTRY_FEE,
    }
)
CREDIT_KINDS = frozenset(
    {CreditMovement.Kind.GRANT, CreditMovement.Kind.PRIZE, CreditMovement.Kind.REFUND}
)


class InsufficientCredits(Exception):
    """The movement would take the member's balance below zero; nothing was written."""

    def __init__(self, *, balance: int, amount: int) -> None:
        self.balance = balance
        self.amount = amount
        super().__init__(f"balance {balance} cannot take a movement of {amount}")


def wallet_move(
    *,
    user,
    amount: int,
    kind: str,
    reason: str,
    cause_type: str = "",
    cause_id: str = "",
    created_by=None,
) -> CreditMovement:
    """Append one movement to the member's ledger and return it.

    A negative amount is a debit. Raise `InsufficientCredits` if the balance would go below zero.
    With a cause (`cause_type`, `cause_id`) the movement is applied once per member: a second
    call with the same cause returns the movement already recorded and changes nothing.
    """
    if kind not in CreditMovement.Kind.values:
        raise ValueError(f"unknown movement kind {kind!r}")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise ValueError("the amount is a whole number of credits")
    if kind in DEBIT_KINDS and amount > 0:
        raise ValueError(f"a {kind} movement takes credits away: its amount is negative")
    if kind in CREDIT_KINDS and amount < 0:
        raise ValueError(f"a {kind} movement gives credits: its amount is positive")
    reason = (reason or "").strip()
    if not reason:
        raise ValueError("every movement states its reason")
    cause_type = cause_type or ""
    cause_id = "" if cause_id is None else str(cause_id)
    if bool(cause_type) != bool(cause_id):
        raise ValueError("a cause is given by both cause_type and cause_id, or by neither")

    with transaction.atomic():
        get_user_model().objects.select_for_update().only("pk").get(pk=user.pk)
        if cause_type:
            existing = _movement_for_cause(user=user, cause_type=cause_type, cause_id=cause_id)
            if existing is not None:
                return existing
        balance = wallet_balance(user=user)
        if balance + amount < 0:
            raise InsufficientCredits(balance=balance, amount=amount)
        try:
            with transaction.atomic():
                return CreditMovement.objects.create(
                    user=user,
                    amount=amount,
                    kind=kind,
                    reason=reason,
                    cause_type=cause_type,
                    cause_id=cause_id,
                    created_by=created_by,
                )
        except IntegrityError:
            # Only reachable if a writer bypassed the row lock: the constraint still holds.
            existing = _movement_for_cause(user=user, cause_type=cause_type, cause_id=cause_id)
            if existing is None:
                raise
            return existing


class OwnCreditsRefused(Exception):
    """A member of the team asked to move his own credits; nothing was written."""


def operator_action_record(
    *,
    operator,
    kind: str,
    member,
    reason: str,
    subject_type: str,
    subject_id,
    created_at: dt.datetime,
    amount: int | None = None,
) -> OperatorAction:
    """Append one line to the team's audit trail (call it inside the action's transaction)."""
    return OperatorAction.objects.create(
        operator=operator,
        kind=kind,
        member=member,
        amount=amount,
        reason=reason,
        subject_type=subject_type,
        subject_id=str(subject_id),
        created_at=created_at,
    )


def credits_adjust(*, operator, member, amount: int, reason: str) -> CreditMovement:
    """Grant (positive amount) or remove (negative) credits by hand, audited.

    The caller checks the operator's `accounts.grant_credits` permission. Nobody moves his own
    credits: a grant to oneself needs another member of the team. Raise `OwnCreditsRefused`, or
    `InsufficientCredits` for a removal larger than the balance.
    """
    if operator.pk == member.pk:
        raise OwnCreditsRefused
    kind = CreditMovement.Kind.REMOVAL if amount < 0 else CreditMovement.Kind.GRANT
    with transaction.atomic():
        movement = wallet_move(
            user=member, amount=amount, kind=kind, reason=reason, created_by=operator
        )
        operator_action_record(
            operator=operator,
            kind=(
                OperatorAction.Kind.CREDITS_REMOVAL
                if amount < 0
                else OperatorAction.Kind.CREDITS_GRANT
            ),
            member=member,
            amount=amount,
            reason=movement.reason,
            subject_type="credit_movement",
            subject_id=movement.pk,
            created_at=movement.created_at,
        )
    return movement


def _movement_for_cause(*, user, cause_type: str, cause_id: str) -> CreditMovement | None:
    if not cause_type:
        return None
    return CreditMovement.objects.filter(
        user=user, cause_type=cause_type, cause_id=cause_id
    ).first()


def member_set_language(*, user, language: str) -> None:
    """Remember the member's interface language on his account."""
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise ValueError(f"unsupported language {language!r}")
    if user.preferred_language != language:
        user.preferred_language = language
        user.save(update_fields=["preferred_language"])


def member_set_sound(*, user, is_muted: bool) -> None:
    """Remember whether the table's sounds are switched off for the member."""
    if user.is_sound_muted != is_muted:
        user.is_sound_muted = is_muted
        user.save(update_fields=["is_sound_muted"])


# The table's switches a member sets from the table itself (name of the field: what it means).
TABLE_PREFERENCES = {
    "table_talk_muted": "is_table_talk_muted",
    "plays_lone_card": "plays_lone_card",
}


def member_set_table_preference(*, user, name: str, value: bool) -> None:
    """Remember one of the table's switches (TABLE_PREFERENCES) on the member's account."""
    field = TABLE_PREFERENCES[name]
    if getattr(user, field) != value:
        setattr(user, field, value)
        user.save(update_fields=[field])


# The first-game hints of the table (docs/table.md, *First game*): the first trump choice, the
# first buque, the first card.
FIRST_GAME_HINTS = ("trump", "buque", "card")


def member_dismiss_hint(*, user, hint: str) -> None:
    """Remember that a first-game hint was seen, so that it never comes back."""
    if hint not in FIRST_GAME_HINTS:
        raise ValueError(f"unknown hint {hint!r}")
    if hint not in user.dismissed_hints:
        user.dismissed_hints = [*user.dismissed_hints, hint]
        user.save(update_fields=["dismissed_hints"])
