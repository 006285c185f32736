import datetime as dt

import pytest
from django.contrib.admin.sites import site
from django.core.exceptions import ValidationError
from django.test import Client, RequestFactory
from django.utils import timezone

from rankings.models import LadderSettings, PointsEntry, Prize
from rankings.periods import LadderKind, period_containing

from .conftest import finished_game, subscribe


def _coming_week():
    return period_containing(kind=LadderKind.WEEKLY, moment=timezone.now()).next()


def _current_week():
    return period_containing(kind=LadderKind.WEEKLY, moment=timezone.now())


def test_a_prize_for_a_coming_period_is_brought_back_to_its_start(db) -> None:
    week = _coming_week()
    prize = Prize(
        ladder_kind=LadderKind.WEEKLY,
        period_start=week.start + dt.timedelta(days=2, hours=5),
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )

    prize.full_clean()

    assert prize.period_start == week.start


def test_a_prize_cannot_be_created_for_a_period_that_has_begun(db) -> None:
    prize = Prize(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().start,
        place=1,
        kind=Prize.Kind.ITEM,
        description="Un jeu de cartes",
    )

    with pytest.raises(ValidationError) as error:
        prize.full_clean()

    assert error.value.messages == [
        "Un prix ne peut plus être créé ni modifié une fois sa période commencée."
    ]


def test_a_prize_cannot_be_changed_once_its_period_has_begun(db) -> None:
    prize = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().start,
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )
    prize.period_start = _coming_week().start  # even moving it to the future is refused
    prize.amount = 500

    with pytest.raises(ValidationError):
        prize.full_clean()

    prize.refresh_from_db()
    assert prize.amount == 100


def test_a_credits_prize_needs_an_amount_and_an_item_a_description(db) -> None:
    week = _coming_week()
    credits = Prize(ladder_kind=LadderKind.WEEKLY, period_start=week.start, place=1, kind="credits")
    item = Prize(ladder_kind=LadderKind.WEEKLY, period_start=week.start, place=2, kind="item")

    with pytest.raises(ValidationError) as credits_error:
        credits.full_clean()
    with pytest.raises(ValidationError) as item_error:
        item.full_clean()

    assert credits_error.value.message_dict == {
        "amount": ["Indiquez le nombre de crédits du prix."]
    }
    assert item_error.value.message_dict == {
        "description": ["Décrivez le lot ou la somme d'argent."]
    }


@pytest.fixture
def operator(django_user_model):
    return django_user_model.objects.create_superuser(
        username="operator", email="operator@example.com", password="secret-pass-123"
    )


def test_the_admin_makes_a_started_prize_read_only_and_keeps_a_coming_one_editable(operator):
    started = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().start,
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )
    coming = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_coming_week().start,
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )
    request = RequestFactory().get("/")
    request.user = operator
    prize_admin = site._registry[Prize]

    assert set(prize_admin.get_readonly_fields(request, started)) == {
        "ladder_kind",
        "period_start",
        "place",
        "kind",
        "amount",
        "description",
        "status",
        "winner",
        "awarded_at",
        "delivered_at",
    }
    assert prize_admin.has_delete_permission(request, started) is False
    assert set(prize_admin.get_readonly_fields(request, coming)) == {
        "status",
        "winner",
        "awarded_at",
        "delivered_at",
    }
    assert prize_admin.has_delete_permission(request, coming) is True


def test_the_admin_refuses_a_posted_change_to_a_started_prize(operator) -> None:
    started = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().start,
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )
    client = Client()
    client.force_login(operator)

    client.post(
        f"/admin/rankings/prize/{started.pk}/change/",
        {"ladder_kind": "weekly", "place": "2", "kind": "credits", "amount": "999"},
    )

    started.refresh_from_db()
    assert (started.place, started.amount) == (1, 100)


def test_the_admin_lists_prizes_to_deliver_and_marks_them_delivered(operator, make_member):
    winner = make_member("winner")
    week = _current_week().previous()
    to_deliver = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=week.start,
        place=1,
        kind=Prize.Kind.ITEM,
        description="Un jeu de cartes",
        status=Prize.Status.TO_DELIVER,
        winner=winner,
    )
    Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=week.start,
        place=2,
        kind=Prize.Kind.CREDITS,
        amount=5,
        status=Prize.Status.PAID,
        winner=winner,
    )
    client = Client()
    client.force_login(operator)

    listing = client.get("/admin/rankings/prize/?a_remettre=1")
    client.post(
        "/admin/rankings/prize/",
        {"action": "mark_delivered", "_selected_action": [str(to_deliver.pk)]},
    )

    assert list(listing.context["cl"].result_list) == [to_deliver]
    to_deliver.refresh_from_db()
    assert to_deliver.status == Prize.Status.DELIVERED
    assert to_deliver.delivered_at is not None


def test_the_operator_sets_ladder_prices_in_the_admin(operator) -> None:
    client = Client()
    client.force_login(operator)

    client.post("/admin/rankings/laddersettings/add/", {"kind": "weekly", "price": "15"})

    assert list(LadderSettings.objects.values_list("kind", "price")) == [("weekly", 15)]


def test_the_ledger_and_subscriptions_are_read_only_in_the_admin(operator, alice, bob) -> None:
    subscribe(alice)
    from rankings.services import ladder_game_ended

    ladder_game_ended(game=finished_game(winner=alice, loser=bob))
    client = Client()
    client.force_login(operator)
    entry = PointsEntry.objects.get()

    ledger = client.get("/admin/rankings/pointsentry/")
    change = client.post(f"/admin/rankings/pointsentry/{entry.pk}/change/", {"delta": "50"})
    subscriptions = client.get("/admin/rankings/subscription/")

    assert ledger.status_code == 200
    assert subscriptions.status_code == 200
    assert change.status_code == 403
    entry.refresh_from_db()
    assert entry.delta == 5


def _prize_to_deliver(winner) -> Prize:
    return Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().previous().start,
        place=1,
        kind=Prize.Kind.ITEM,
        description="Un jeu de cartes",
        status=Prize.Status.TO_DELIVER,
        winner=winner,
    )


def _staff_with(username: str, *codenames: str):
    from django.contrib.auth.models import Permission

    from accounts.models import User

    member = User.objects.create_user(username=username, password="secret-pass-123", is_staff=True)
    member.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    return member


def test_viewing_prizes_is_not_enough_to_mark_them_delivered(make_member) -> None:
    prize = _prize_to_deliver(make_member("winner"))
    client = Client()
    client.force_login(_staff_with("viewer", "view_prize"))

    client.post(
        "/admin/rankings/prize/", {"action": "mark_delivered", "_selected_action": [str(prize.pk)]}
    )

    prize.refresh_from_db()
    assert (prize.status, prize.delivered_at) == (Prize.Status.TO_DELIVER, None)


def test_the_delivery_permission_marks_prizes_delivered_and_audits_it(make_member) -> None:
    from accounts.models import OperatorAction

    winner = make_member("winner")
    prize = _prize_to_deliver(winner)
    deliverer = _staff_with("deliverer", "view_prize", "deliver_prize")
    client = Client()
    client.force_login(deliverer)

    client.post(
        "/admin/rankings/prize/", {"action": "mark_delivered", "_selected_action": [str(prize.pk)]}
    )

    prize.refresh_from_db()
    assert prize.status == Prize.Status.DELIVERED
    action = OperatorAction.objects.get()
    assert (
        action.operator,
        action.kind,
        action.member,
        action.subject_type,
        action.subject_id,
        action.created_at,
    ) == (
        deliverer,
        OperatorAction.Kind.PRIZE_DELIVERY,
        winner,
        "prize",
        str(prize.pk),
        prize.delivered_at,
    )
    start = prize.period.start_date.strftime("%d/%m/%Y")
    assert action.reason == (
        f"Prix de la 1e place, classement hebdomadaire du {start} : Un jeu de cartes"
    )


def test_deleting_a_locked_prize_is_refused_without_a_traceback(operator, caplog) -> None:
    started = Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=_current_week().start,
        place=1,
        kind=Prize.Kind.CREDITS,
        amount=100,
    )
    client = Client()
    client.force_login(operator)

    page = client.get(f"/admin/rankings/prize/{started.pk}/delete/")
    posted = client.post(f"/admin/rankings/prize/{started.pk}/delete/", {"post": "yes"})

    assert (page.status_code, posted.status_code) == (403, 403)
    assert Prize.objects.filter(pk=started.pk).exists()
    assert [record.exc_info for record in caplog.records if record.exc_info] == []
