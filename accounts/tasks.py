"""Celery tasks of the accounts app: thin callers of the services."""

from celery import shared_task
from django.utils import timezone

from .guests import guests_delete_inactive


@shared_task(name="accounts.tasks.delete_inactive_guests")
def delete_inactive_guests() -> int:
    """Forget the guests inactive for long enough (docs/guests.md); return how many went."""
    deleted, closed = guests_delete_inactive(now=timezone.now())
    return deleted + closed
