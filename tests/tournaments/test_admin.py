"""The operator's side: announcing a competition, dates checked, terms locked, own permissions."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from accounts.models import OperatorAction
from accounts.selectors import wallet_balance
from tournaments.models import Tournament, TournamentPrize

from .conftest import grant, register

PARIS = ZoneInfo("Europe/Paris")


def _admin_dates(moment: dt.datetime) -> tuple[str, str]:
    local = moment.astimezone(PARIS)
    return local.strftime("%d/%m/%Y"), local.strftime("%H:%M:%S")


def _add_form(*, opens, closes, starts, prizes=()) -> dict:
    data = {
        "name": "Championnat du week-end",
        "description": "Le rendez-vous du samedi.",
        "rules": "Quatre rondes.",
        "format": "swiss",
        "swiss_rounds": "4",
        "match_format": "best-of-three",
        "recurrence": "weekly",
        "min_players": "4",
        "max_players": "32",
        "requires_verified_email": "on",
        "min_stars": "1",
        "entry_fee": "10",
        "prizes-TOTAL_FORMS": str(len(prizes)),
        "prizes-INITIAL_FORMS": "0",
        "prizes-MIN_NUM_FORMS": "0",
        "prizes-MAX_NUM_FORMS": "1000",
    }
    for name, moment in (
        ("registration_opens_at", opens),
        ("registration_closes_at", closes),
        ("starts_at", starts),
    ):
        data[f"{name}_0"], data[f"{name}_1"] = _admin_dates(moment)
    for index, (place, kind, amount, description) in enumerate(prizes):
        data[f"prizes-{index}-place"] = str(place)
        data[f"prizes-{index}-kind"] = kind
        data[f"prizes-{index}-amount"] = str(amount)
        data[f"prizes-{index}-description"] = description
    return data


def _next_saturday_at_20() -> dt.datetime:
    today = timezone.now().astimezone(PARIS).date()
    saturday = today + dt.timedelta(days=(5 - today.weekday()) % 7 + 7)
    return dt.datetime.combine(saturday, dt.time(20, 0), tzinfo=PARIS)


def test_the_operator_announces_a_weekend_championship_with_its_prizes(admin_client):
    starts = _next_saturday_at_20()
    form = _add_form(
        opens=starts - dt.timedelta(days=5),
        closes=starts - dt.timedelta(hours=1),
        starts=starts,
        prizes=(
            (1, "credits", 200, ""),
            (2, "item", 0, "Un jeu de cartes"),
            (3, "money", 0, "20 €"),
        ),
    )

    response = admin_client.post("/admin/tournaments/tournament/add/", form)

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.starts_at == starts.astimezone(dt.UTC)
    assert (tournament.format, tournament.swiss_rounds, tournament.match_format) == (
        "swiss",
        4,
        "best-of-three",
    )
    assert list(tournament.prizes.values_list("place", "kind", "amount", "description")) == [
        (1, "credits", 200, ""),
        (2, "item", 0, "Un jeu de cartes"),
        (3, "money", 0, "20 €"),
    ]


def test_dates_out_of_order_or_in_the_past_are_refused(admin_client):
    now = timezone.now()
    form = _add_form(
        opens=now - dt.timedelta(days=2),
        closes=now - dt.timedelta(hours=1),
        starts=now - dt.timedelta(hours=2),
    )

    response = admin_client.post("/admin/tournaments/tournament/add/", form)

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["registration_closes_at"] == [
        "Les inscriptions doivent être closes au plus tard au début du tournoi."
    ]
    assert errors["starts_at"] == ["Le début doit être dans le futur."]
    assert Tournament.objects.count() == 0


def test_a_swiss_competition_needs_its_number_of_rounds(db):
    starts = timezone.now() + dt.timedelta(days=3)
    tournament = Tournament(
        name="Suisse",
        format="swiss",
        match_format="first-to-71",
        registration_opens_at=starts - dt.timedelta(days=2),
        registration_closes_at=starts - dt.timedelta(hours=1),
        starts_at=starts,
    )

    with pytest.raises(ValidationError) as error:
        tournament.full_clean()

    assert error.value.message_dict["swiss_rounds"] == [
        "Indiquez le nombre de rondes du système suisse."
    ]


def test_what_players_agreed_to_is_locked_once_registration_opens(make_tournament, admin_client):
    tournament = make_tournament(entry_fee=10, prizes=((1, "credits", 50, ""),))

    tournament.entry_fee = 0
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert "ne peuvent plus changer" in error.value.messages[0]

    page = admin_client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/")
    readonly = page.context["adminform"].readonly_fields
    assert {"entry_fee", "starts_at", "format", "rules"} <= set(readonly)
    assert "name" not in readonly
    prizes = page.context["inline_admin_formsets"][0]
    assert (prizes.has_add_permission, prizes.has_change_permission) == (False, False)


def _staff(member, name, *codenames):
    user = member(name)
    user.is_staff = True
    user.save()
    for codename in ("view_tournament", "change_tournament", "view_tournamentprize", *codenames):
        user.user_permissions.add(Permission.objects.get(codename=codename))
    client = Client()
    client.force_login(user)
    return client


def test_cancelling_needs_its_own_permission_and_refunds(make_tournament, members, member):
    tournament = make_tournament(entry_fee=10)
    (player,) = members(1)
    grant(player, 10)
    register(tournament, player)
    action = {"action": "cancel_and_refund", "_selected_action": [str(tournament.pk)]}

    without = _staff(member, "sans_droit")
    page = without.get("/admin/tournaments/tournament/")
    assert page.context["action_form"] is None  # cancelling was the only action
    without.post("/admin/tournaments/tournament/", action)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SCHEDULED

    with_permission = _staff(member, "avec_droit", "cancel_tournament")
    page = with_permission.get("/admin/tournaments/tournament/")
    offered = [name for name, _label in page.context["action_form"].fields["action"].choices]
    assert offered == ["", "cancel_and_refund"]
    with_permission.post("/admin/tournaments/tournament/", action)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    assert wallet_balance(user=player) == 10


def test_marking_a_prize_delivered_needs_its_own_permission(make_tournament, members, member):
    tournament = make_tournament(prizes=((1, "item", 0, "Un jeu de cartes"),))
    (winner,) = members(1)
    TournamentPrize.objects.filter(tournament=tournament).update(status="to_deliver", winner=winner)
    prize = TournamentPrize.objects.get()
    action = {"action": "mark_delivered", "_selected_action": [str(prize.pk)]}

    without = _staff(member, "sans_droit")
    without.post("/admin/tournaments/tournamentprize/", action)
    prize.refresh_from_db()
    assert prize.status == "to_deliver"

    with_permission = _staff(member, "avec_droit", "deliver_tournamentprize")
    with_permission.post("/admin/tournaments/tournamentprize/?a_remettre=1", action)

    prize.refresh_from_db()
    assert prize.status == "delivered"
    assert prize.delivered_at is not None
    # The delivery is in the team's audit trail, like a ladder prize's, and only once.
    with_permission.post("/admin/tournaments/tournamentprize/", action)
    line = OperatorAction.objects.get()
    assert (line.kind, line.member, line.subject_type, line.subject_id) == (
        OperatorAction.Kind.PRIZE_DELIVERY,
        winner,
        "tournament_prize",
        str(prize.pk),
    )
    assert line.operator.username == "avec_droit"
    assert "Un jeu de cartes" in line.reason
