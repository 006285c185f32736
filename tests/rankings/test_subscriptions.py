import pytest

from accounts.guests import guest_create
from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from rankings.models import LadderPeriod, LadderSettings, Subscription
from rankings.periods import LadderKind, period_containing
from rankings.services import SubscriptionError, ladder_price, subscription_create

from .conftest import MIDWEEK, grant


def _period(kind=LadderKind.WEEKLY, moment=MIDWEEK):
    return period_containing(kind=kind, moment=moment)


def test_a_free_ladder_subscribes_without_touching_the_wallet(alice) -> None:
    subscription = subscription_create(
        user=alice, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
    )

    assert (subscription.points, subscription.wins, subscription.losses) == (0, 0, 0)
    assert subscription.period_end == _period().end
    assert subscription.price_paid == 0
    assert CreditMovement.objects.count() == 0


def test_a_paid_ladder_debits_the_price_once_with_the_subscription_as_cause(alice) -> None:
    LadderSettings.objects.create(kind=LadderKind.MONTHLY, price=30)
    grant(alice, 50)

    subscription = subscription_create(
        user=alice,
        ladder_kind=LadderKind.MONTHLY,
        period_start=_period(LadderKind.MONTHLY).start,
        now=MIDWEEK,
    )

    movement = CreditMovement.objects.get(kind="subscription")
    assert (movement.amount, movement.cause_type, movement.cause_id) == (
        -30,
        "subscription",
        str(subscription.pk),
    )
    assert subscription.price_paid == 30
    assert wallet_balance(user=alice) == 20


def test_insufficient_credits_create_nothing(alice) -> None:
    LadderSettings.objects.create(kind=LadderKind.WEEKLY, price=10)
    grant(alice, 9)

    with pytest.raises(SubscriptionError) as error:
        subscription_create(
            user=alice, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
        )

    assert error.value.code == "insufficient_credits"
    assert error.value.message == "Crédits insuffisants : cet abonnement coûte 10 crédits."
    assert Subscription.objects.count() == 0
    assert wallet_balance(user=alice) == 9


def test_a_second_subscription_to_the_same_period_is_refused_and_not_charged(alice) -> None:
    LadderSettings.objects.create(kind=LadderKind.WEEKLY, price=10)
    grant(alice, 100)
    subscription_create(
        user=alice, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
    )

    with pytest.raises(SubscriptionError) as error:
        subscription_create(
            user=alice, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
        )

    assert error.value.code == "already_subscribed"
    assert Subscription.objects.count() == 1
    assert wallet_balance(user=alice) == 90


def test_a_coming_period_can_be_bought_but_not_a_past_one(alice) -> None:
    coming = _period().next().next()
    subscription_create(
        user=alice, ladder_kind=LadderKind.WEEKLY, period_start=coming.start, now=MIDWEEK
    )

    with pytest.raises(SubscriptionError) as error:
        subscription_create(
            user=alice,
            ladder_kind=LadderKind.WEEKLY,
            period_start=_period().previous().start,
            now=MIDWEEK,
        )

    assert error.value.code == "period_closed"
    assert list(Subscription.objects.values_list("period_start", flat=True)) == [coming.start]


def test_a_period_too_far_ahead_or_not_a_period_start_is_refused(alice) -> None:
    too_far = _period().next().next().next().next()
    with pytest.raises(SubscriptionError) as too_far_error:
        subscription_create(
            user=alice, ladder_kind=LadderKind.WEEKLY, period_start=too_far.start, now=MIDWEEK
        )
    with pytest.raises(SubscriptionError) as not_a_start:
        subscription_create(
            user=alice, ladder_kind=LadderKind.WEEKLY, period_start=MIDWEEK, now=MIDWEEK
        )

    assert too_far_error.value.code == "period_closed"
    assert not_a_start.value.code == "unknown_period"
    assert Subscription.objects.count() == 0


def test_an_unverified_member_cannot_subscribe(make_member) -> None:
    member = make_member("carole", is_verified=False)
    LadderSettings.objects.create(kind=LadderKind.WEEKLY, price=5)
    grant(member, 50)

    with pytest.raises(SubscriptionError) as error:
        subscription_create(
            user=member, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
        )

    assert error.value.code == "email_not_verified"
    assert Subscription.objects.count() == 0
    assert wallet_balance(user=member) == 50


def test_ladder_price_defaults_to_free(db) -> None:
    LadderSettings.objects.create(kind=LadderKind.MONTHLY, price=25)

    assert ladder_price(ladder_kind=LadderKind.WEEKLY) == 0
    assert ladder_price(ladder_kind=LadderKind.MONTHLY) == 25


def test_each_subscription_counts_one_participant_of_its_period(alice, bob) -> None:
    for member in (alice, bob):
        subscription_create(
            user=member, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
        )

    assert list(
        LadderPeriod.objects.values_list("ladder_kind", "period_start", "participant_count")
    ) == [("weekly", _period().start, 2)]


def test_a_guest_cannot_subscribe(db) -> None:
    guest = guest_create(address="198.51.100.7")

    with pytest.raises(SubscriptionError) as error:
        subscription_create(
            user=guest, ladder_kind=LadderKind.WEEKLY, period_start=_period().start, now=MIDWEEK
        )

    assert error.value.code == "guest"
    assert "créez un compte" in error.value.message
    assert Subscription.objects.count() == 0
