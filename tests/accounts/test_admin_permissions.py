"""Operator permissions in the admin: each action that moves value needs its own permission,
privileges are given by superusers only, and every credit movement of the team is audited."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import CreditMovement, OperatorAction, User
from tests.accounts.conftest import PASSWORD, member_create


def staff_member(username: str, *permissions: str) -> User:
    member = User.objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD, is_staff=True
    )
    for permission in permissions:
        app_label, codename = permission.split(".")
        member.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    return member


def logged_in(member: User) -> Client:
    client = Client()
    client.force_login(member)
    return client


def member_change_data(member: User, **overrides) -> dict:
    return {
        "username": member.username,
        "email": member.email,
        "is_active": "on",
        "date_joined_0": "2026-06-01",
        "date_joined_1": "10:00:00",
        "ranked_wins": "0",
        "ranked_losses": "0",
        "preferred_language": "fr",
        "credit_movements-TOTAL_FORMS": "0",
        "credit_movements-INITIAL_FORMS": "0",
        **overrides,
    }


@pytest.fixture
def superuser(db) -> User:
    return User.objects.create_superuser(
        username="Patronne", email="patronne@example.com", password=PASSWORD
    )


def test_changing_members_is_not_enough_to_grant_credits(alice) -> None:
    clerk = staff_member("Clerc", "accounts.view_user", "accounts.change_user")

    response = logged_in(clerk).post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "100", "reason": "Pour voir"},
    )

    assert response.status_code == 403
    assert CreditMovement.objects.count() == 0


def test_a_grant_with_the_dedicated_permission_is_audited(alice) -> None:
    cashier = staff_member("Caissier", "accounts.view_user", "accounts.grant_credits")

    response = logged_in(cashier).post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "15", "reason": "Lot du concours"},
    )

    assert response.status_code == 302
    movement = CreditMovement.objects.get(user=alice)
    action = OperatorAction.objects.get()
    assert (
        action.operator,
        action.kind,
        action.member,
        action.amount,
        action.reason,
        action.subject_type,
        action.subject_id,
    ) == (
        cashier,
        OperatorAction.Kind.CREDITS_GRANT,
        alice,
        15,
        "Lot du concours",
        "credit_movement",
        str(movement.pk),
    )
    assert action.created_at == movement.created_at


def test_a_removal_is_audited_as_a_removal(alice, superuser) -> None:
    logged_in(superuser).post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "10", "reason": "Bienvenue"},
    )

    logged_in(superuser).post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "removal", "amount": "4", "reason": "Erreur de saisie"},
    )

    assert list(OperatorAction.objects.order_by("pk").values_list("kind", "amount")) == [
        ("credits_grant", 10),
        ("credits_removal", -4),
    ]


def test_nobody_moves_his_own_credits(superuser) -> None:
    response = logged_in(superuser).post(
        f"/admin/accounts/user/{superuser.pk}/credits/",
        {"kind": "grant", "amount": "100", "reason": "Pour moi"},
    )

    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Un membre de l'équipe ne modifie pas ses propres crédits : demandez-le à un autre."
    ]
    assert (CreditMovement.objects.count(), OperatorAction.objects.count()) == (0, 0)


def test_the_credits_link_is_shown_only_with_the_grant_permission(alice) -> None:
    clerk = staff_member("Clerc", "accounts.view_user", "accounts.change_user")
    cashier = staff_member("Caissier", "accounts.view_user", "accounts.grant_credits")
    link = f'href="/admin/accounts/user/{alice.pk}/credits/"'

    clerk_page = logged_in(clerk).get(f"/admin/accounts/user/{alice.pk}/change/")
    cashier_page = logged_in(cashier).get(f"/admin/accounts/user/{alice.pk}/change/")

    assert (link in clerk_page.content.decode(), link in cashier_page.content.decode()) == (
        False,
        True,
    )


def test_a_staff_member_cannot_make_himself_superuser(db) -> None:
    clerk = staff_member("Clerc", "accounts.view_user", "accounts.change_user")
    every_permission = [str(pk) for pk in Permission.objects.values_list("pk", flat=True)]

    logged_in(clerk).post(
        f"/admin/accounts/user/{clerk.pk}/change/",
        member_change_data(
            clerk,
            is_staff="on",
            is_superuser="on",
            user_permissions=every_permission,
            email="clerc.nouveau@example.com",
        ),
    )

    clerk.refresh_from_db()
    assert clerk.is_superuser is False
    assert clerk.user_permissions.count() == 2
    assert clerk.email == "clerc.nouveau@example.com"  # what he may change still changes


def test_a_staff_member_cannot_give_staff_status_to_a_member(alice) -> None:
    clerk = staff_member("Clerc", "accounts.view_user", "accounts.change_user")

    logged_in(clerk).post(
        f"/admin/accounts/user/{alice.pk}/change/",
        member_change_data(alice, is_staff="on", is_superuser="on"),
    )

    alice.refresh_from_db()
    assert (alice.is_staff, alice.is_superuser) == (False, False)


def test_a_staff_member_cannot_change_another_team_account(superuser) -> None:
    clerk = staff_member("Clerc", "accounts.view_user", "accounts.change_user")

    response = logged_in(clerk).post(
        f"/admin/accounts/user/{superuser.pk}/change/",
        member_change_data(superuser, email="pirate@example.com"),
    )
    password = logged_in(clerk).post(
        f"/admin/accounts/user/{superuser.pk}/password/",
        {"password1": "Nouveau-mot-2026", "password2": "Nouveau-mot-2026"},
    )

    assert (response.status_code, password.status_code) == (403, 403)
    superuser.refresh_from_db()
    assert superuser.email == "patronne@example.com"
    assert superuser.check_password(PASSWORD)


def test_a_superuser_gives_staff_status(superuser, alice) -> None:
    response = logged_in(superuser).post(
        f"/admin/accounts/user/{alice.pk}/change/", member_change_data(alice, is_staff="on")
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.is_staff is True


def test_the_audit_trail_is_read_only_in_the_admin(alice, superuser) -> None:
    client = logged_in(superuser)
    client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "3", "reason": "Geste commercial"},
    )
    action = OperatorAction.objects.get()

    listing = client.get("/admin/accounts/operatoraction/")
    change = client.post(
        f"/admin/accounts/operatoraction/{action.pk}/change/", {"reason": "Autre chose"}
    )
    delete = client.post(f"/admin/accounts/operatoraction/{action.pk}/delete/", {"post": "yes"})
    add = client.get("/admin/accounts/operatoraction/add/")

    assert listing.status_code == 200
    assert "Geste commercial" in listing.content.decode()
    assert (change.status_code, delete.status_code, add.status_code) == (403, 403, 403)
    action.refresh_from_db()
    assert action.reason == "Geste commercial"


def test_a_member_sees_nothing_of_the_audit_trail(alice) -> None:
    member_create(username="Curieux")

    response = logged_in(alice).get("/admin/accounts/operatoraction/")

    assert response.status_code == 302


def test_the_ranked_record_is_not_edited_in_the_admin(superuser, alice) -> None:
    logged_in(superuser).post(
        f"/admin/accounts/user/{alice.pk}/change/",
        member_change_data(alice, ranked_wins="200", ranked_losses="0"),
    )

    alice.refresh_from_db()
    assert (alice.ranked_wins, alice.ranked_losses) == (0, 0)


def test_the_refusal_to_move_one_s_own_credits_is_shown_on_the_page(superuser) -> None:
    response = logged_in(superuser).post(
        f"/admin/accounts/user/{superuser.pk}/credits/",
        {"kind": "grant", "amount": "100", "reason": "Pour moi"},
    )

    assert (
        "Un membre de l&#x27;équipe ne modifie pas ses propres crédits : demandez-le à un autre."
        in response.content.decode()
    )
