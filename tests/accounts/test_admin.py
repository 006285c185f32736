import pytest
from django.test import Client

from accounts.models import CreditMovement, User
from accounts.selectors import wallet_balance
from accounts.services import wallet_move
from tests.accounts.conftest import member_create


@pytest.fixture
def operator(db) -> User:
    return User.objects.create_superuser(
        username="Operateur", email="operateur@example.com", password="Tapis-vert-2024"
    )


@pytest.fixture
def operator_client(client: Client, operator) -> Client:
    client.force_login(operator)
    return client


def test_members_are_searchable_by_email_with_status_group_and_credits(
    operator_client: Client, alice, bob
) -> None:
    wallet_move(user=alice, amount=9, kind="grant", reason="Bienvenue")
    User.objects.filter(pk=alice.pk).update(ranked_wins=200, ranked_losses=100)

    response = operator_client.get("/admin/accounts/user/", {"q": "ALICE@example"})

    members = list(response.context["cl"].result_list)
    assert [member.username for member in members] == ["Alice"]
    assert (members[0].credits_balance, members[0].email_verified) == (9, True)
    page = response.content.decode()
    assert '<td class="field-star_group">★★★</td>' in page
    assert '<td class="field-credits">9</td>' in page


def test_members_are_searchable_by_username(operator_client: Client, alice, bob) -> None:
    response = operator_client.get("/admin/accounts/user/", {"q": "bob"})

    assert [member.username for member in response.context["cl"].result_list] == ["Bob"]


def test_the_member_page_shows_the_ledger_and_the_credits_link(
    operator_client: Client, alice
) -> None:
    wallet_move(user=alice, amount=4, kind="grant", reason="Geste commercial")

    page = operator_client.get(f"/admin/accounts/user/{alice.pk}/change/").content.decode()

    assert "Geste commercial" in page
    assert f'href="/admin/accounts/user/{alice.pk}/credits/"' in page


def test_operator_grants_credits_with_a_reason(operator_client: Client, operator, alice) -> None:
    response = operator_client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "15", "reason": "Lot du concours"},
    )

    assert (response.status_code, response["Location"]) == (
        302,
        f"/admin/accounts/user/{alice.pk}/change/",
    )
    movement = CreditMovement.objects.get(user=alice)
    assert (movement.amount, movement.kind, movement.reason, movement.created_by) == (
        15,
        "grant",
        "Lot du concours",
        operator,
    )


def test_operator_removes_credits(operator_client: Client, alice) -> None:
    wallet_move(user=alice, amount=10, kind="grant", reason="Bienvenue")

    operator_client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "removal", "amount": "3", "reason": "Erreur de saisie"},
    )

    assert wallet_balance(user=alice) == 7
    assert CreditMovement.objects.get(user=alice, kind="removal").amount == -3


def test_operator_cannot_remove_more_than_the_balance(operator_client: Client, alice) -> None:
    wallet_move(user=alice, amount=2, kind="grant", reason="Bienvenue")

    response = operator_client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "removal", "amount": "3", "reason": "Erreur"},
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {"amount": ["Le solde n'est que de 2 crédits."]}
    assert wallet_balance(user=alice) == 2


def test_a_reason_is_required(operator_client: Client, alice) -> None:
    response = operator_client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "3", "reason": ""},
    )

    assert response.context["form"].errors == {"reason": ["Ce champ est obligatoire."]}
    assert CreditMovement.objects.count() == 0


def test_ledger_rows_cannot_be_edited_or_deleted(operator_client: Client, alice) -> None:
    movement = wallet_move(user=alice, amount=5, kind="grant", reason="Bienvenue")

    change = operator_client.post(
        f"/admin/accounts/creditmovement/{movement.pk}/change/", {"amount": "500"}
    )
    delete = operator_client.post(
        f"/admin/accounts/creditmovement/{movement.pk}/delete/", {"post": "yes"}
    )

    assert (change.status_code, delete.status_code) == (403, 403)
    assert CreditMovement.objects.get(pk=movement.pk).amount == 5


def test_a_member_who_is_not_staff_cannot_move_credits(client: Client, alice) -> None:
    member = member_create(username="Malin")
    client.force_login(member)

    response = client.post(
        f"/admin/accounts/user/{alice.pk}/credits/",
        {"kind": "grant", "amount": "100", "reason": "Pour moi"},
    )

    assert response.status_code == 302
    assert CreditMovement.objects.count() == 0
