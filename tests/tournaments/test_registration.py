"""Registering and withdrawing: conditions, the fee debited and refunded exactly once."""

import datetime as dt

import pytest
from django.utils import timezone

from accounts.guests import guest_create
from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from tournaments.models import Registration, Tournament
from tournaments.services import (
    TournamentError,
    registration_create,
    registration_withdraw,
    tournament_cancel,
)

from .conftest import advance, grant, register


def refused(tournament, user, *, now=None) -> str:
    with pytest.raises(TournamentError) as caught:
        registration_create(tournament_id=tournament.pk, user=user, now=now or timezone.now())
    return caught.value.code


def test_registering_debits_the_fee_once_and_withdrawing_refunds_it(make_tournament, members):
    tournament = make_tournament(entry_fee=15)
    (alice,) = members(1)
    grant(alice, 40)

    register(tournament, alice)
    assert wallet_balance(user=alice) == 25
    registration_withdraw(tournament_id=tournament.pk, user=alice, now=timezone.now())
    assert wallet_balance(user=alice) == 40
    register(tournament, alice)

    assert wallet_balance(user=alice) == 25
    kinds = list(CreditMovement.objects.filter(user=alice).order_by("pk").values_list("kind"))
    assert kinds == [("grant",), ("entry_fee",), ("refund",), ("entry_fee",)]
    assert Registration.objects.filter(tournament=tournament, user=alice).count() == 2
    assert (
        Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True).count() == 1
    )


def test_a_second_registration_is_refused_and_debits_nothing(make_tournament, members):
    tournament = make_tournament(entry_fee=5)
    (alice,) = members(1)
    grant(alice, 20)
    register(tournament, alice)

    assert refused(tournament, alice) == "already_registered"
    assert wallet_balance(user=alice) == 15


def same_dates(tournament) -> dict:
    return {
        "registration_closes_at": tournament.registration_closes_at,
        "starts_at": tournament.starts_at,
    }


def test_a_competition_starting_with_another_of_the_member_is_refused(make_tournament, members):
    evening = make_tournament(name="Coupe du soir", entry_fee=5)
    same_time = make_tournament(name="Coupe de la nuit", entry_fee=5, **same_dates(evening))
    a_minute_later = make_tournament(
        name="Coupe du lendemain", starts_at=evening.starts_at + dt.timedelta(minutes=1)
    )
    alice, bob = members(2)
    grant(alice, 20)
    grant(bob, 5)
    register(evening, alice)

    assert refused(same_time, alice) == "overlapping"
    # Another start, or another member, is no clash: the round waits for a busy player.
    register(a_minute_later, alice)
    register(same_time, bob)
    assert wallet_balance(user=alice) == 15
    registered = Registration.objects.filter(user=alice).values_list("tournament__name")
    assert sorted(registered) == [("Coupe du lendemain",), ("Coupe du soir",)]


def test_a_withdrawal_or_a_cancellation_frees_the_start_time(make_tournament, members):
    withdrawn = make_tournament(name="Coupe quittée")
    cancelled = make_tournament(name="Coupe annulée", **same_dates(withdrawn))
    same_time = make_tournament(name="Coupe de la nuit", **same_dates(withdrawn))
    alice, bob = members(2)
    register(withdrawn, alice)
    registration_withdraw(tournament_id=withdrawn.pk, user=alice, now=timezone.now())
    register(cancelled, bob)
    tournament_cancel(tournament_id=cancelled.pk, reason="operator", now=timezone.now())

    register(same_time, alice, bob)

    assert Registration.objects.filter(tournament=same_time).count() == 2


def test_insufficient_credits_creates_nothing(make_tournament, members):
    tournament = make_tournament(entry_fee=50)
    (alice,) = members(1)
    grant(alice, 49)

    assert refused(tournament, alice) == "insufficient_credits"
    assert Registration.objects.count() == 0
    assert wallet_balance(user=alice) == 49


def test_entry_conditions_are_checked(make_tournament, member):
    tournament = make_tournament(min_stars=2)
    unverified = member("unverified", wins=15, losses=9, is_verified=False)
    one_star = member("one_star")
    two_stars = member("two_stars", wins=15, losses=9)

    assert refused(tournament, unverified) == "email_not_verified"
    assert refused(tournament, one_star) == "not_enough_stars"
    register(tournament, two_stars)
    open_to_all = make_tournament(requires_verified_email=False)
    register(open_to_all, unverified)

    assert Registration.objects.filter(tournament=tournament).count() == 1
    assert Registration.objects.filter(tournament=open_to_all).count() == 1


def test_a_full_competition_refuses_one_more(make_tournament, members):
    tournament = make_tournament(max_players=2)
    first, second, third = members(3)
    register(tournament, first, second)

    assert refused(tournament, third) == "full"


def test_registration_only_between_opening_and_closing(make_tournament, members):
    now = timezone.now()
    later = make_tournament(
        registration_opens_at=now + dt.timedelta(hours=1),
        registration_closes_at=now + dt.timedelta(hours=2),
        starts_at=now + dt.timedelta(hours=3),
    )
    (alice,) = members(1)

    assert refused(later, alice) == "registration_closed"
    assert refused(later, alice, now=now + dt.timedelta(hours=2)) == "registration_closed"
    registration_create(tournament_id=later.pk, user=alice, now=now + dt.timedelta(minutes=90))
    with pytest.raises(TournamentError) as caught:
        registration_withdraw(
            tournament_id=later.pk, user=alice, now=now + dt.timedelta(hours=2, seconds=1)
        )
    assert caught.value.code == "withdrawal_closed"


def test_cancelling_refunds_each_active_fee_once(make_tournament, members):
    tournament = make_tournament(entry_fee=10)
    first, second, third = members(3)
    for member in (first, second, third):
        grant(member, 10)
    register(tournament, first, second, third)
    registration_withdraw(tournament_id=tournament.pk, user=third, now=timezone.now())

    assert tournament_cancel(
        tournament_id=tournament.pk, reason=Tournament.CancelReason.OPERATOR, now=timezone.now()
    )
    assert not tournament_cancel(
        tournament_id=tournament.pk, reason=Tournament.CancelReason.OPERATOR, now=timezone.now()
    )

    assert [wallet_balance(user=member) for member in (first, second, third)] == [10, 10, 10]
    assert CreditMovement.objects.filter(kind="refund").count() == 3
    assert refused(tournament, first) == "registration_closed"


def test_a_cancelled_competition_does_not_start(make_tournament, members):
    tournament = make_tournament()
    register(tournament, *members(2))
    tournament_cancel(
        tournament_id=tournament.pk, reason=Tournament.CancelReason.OPERATOR, now=timezone.now()
    )

    advance(tournament)

    assert (tournament.status, tournament.rounds.count()) == (Tournament.Status.CANCELLED, 0)


def test_a_guest_cannot_register(make_tournament):
    tournament = make_tournament()
    guest = guest_create(address="198.51.100.7")

    assert refused(tournament, guest) == "guest"
    assert Registration.objects.count() == 0
