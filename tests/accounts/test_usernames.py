"""Usernames: normalised (NFKC) wherever a name is set, and never confusable with another.

`аlice` below is written with a Cyrillic а (U+0430), `ｂob` with a full-width ｂ (U+FF42).
"""

import pytest
from django.db import IntegrityError
from django.test import Client

from accounts.models import User
from accounts.usernames import name_elides
from tests.accounts.conftest import member_create

from .test_registration import signup_data

CYRILLIC_ALICE = "\u0430lice"
FULL_WIDTH_BOB = "\uff42ob"


@pytest.fixture
def operator_client(client: Client, db) -> Client:
    operator = User.objects.create_superuser(
        username="Operateur", email="operateur@example.com", password="Tapis-vert-2024"
    )
    client.force_login(operator)
    return client


def test_a_full_width_name_is_stored_normalised(client: Client, db) -> None:
    client.post("/comptes/signup/", signup_data(username=FULL_WIDTH_BOB, email="bob@example.com"))

    assert list(User.objects.values_list("username", flat=True)) == ["bob"]


def test_a_name_with_a_cyrillic_letter_beside_its_latin_twin_is_refused(client: Client, db) -> None:
    member_create(username="alice")

    response = client.post(
        "/comptes/signup/", signup_data(username=CYRILLIC_ALICE, email="mallory@example.com")
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "username": [
            "Ce nom ressemble trop à celui d'un autre membre (« alice ») : choisissez-en un autre."
        ]
    }
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


def test_the_confusable_name_refusal_is_explained_in_english(client: Client, db) -> None:
    member_create(username="alice")
    client.cookies["django_language"] = "en"

    response = client.post(
        "/comptes/signup/", signup_data(username=CYRILLIC_ALICE, email="mallory@example.com")
    )

    assert response.context["form"].errors == {
        "username": [
            "This name looks too much like another member's (“alice”): please choose another."
        ]
    }


@pytest.mark.parametrize(
    ("existing", "lookalike"),
    [
        ("alice", "\uff21\uff2c\uff29\uff23\uff25"),  # ＡＬＩＣＥ, full-width capitals
        ("alice", "A1ice"),  # the digit one for the letter l
        ("Alice", "AIice"),  # a capital i for the letter l
        ("alice", "\U0001d41a\U0001d425\U0001d422\U0001d41c\U0001d41e"),  # mathematical bold
        ("pepe", "\u0440\u0435\u0440\u0435"),  # every letter Cyrillic
        ("mallory", "rnallory"),  # r and n for m
    ],
)
def test_lookalikes_of_an_existing_name_are_refused(
    client: Client, db, existing: str, lookalike: str
) -> None:
    member_create(username=existing)

    response = client.post(
        "/comptes/signup/", signup_data(username=lookalike, email="mallory@example.com")
    )

    assert response.status_code == 200
    assert list(User.objects.values_list("username", flat=True)) == [existing]


@pytest.mark.parametrize("other", ["alicia", "Zoé", "al1", "malice"])
def test_names_that_only_share_letters_are_accepted(client: Client, db, other: str) -> None:
    member_create(username="alice")

    response = client.post(
        "/comptes/signup/", signup_data(username=other, email="other@example.com")
    )

    assert response.status_code == 302
    assert User.objects.filter(username=other).exists()


def test_the_database_refuses_a_lookalike_saved_without_the_form(db) -> None:
    # Two registrations at the same moment both pass the form's check: the constraint decides.
    member_create(username="alice")

    with pytest.raises(IntegrityError):
        User.objects.create_user(username=CYRILLIC_ALICE, password="secret-pass-123")


def test_the_operator_cannot_rename_a_member_to_a_lookalike(operator_client: Client, db) -> None:
    member_create(username="alice")
    bob = member_create(username="bob")
    response = operator_client.post(
        f"/admin/accounts/user/{bob.pk}/change/",
        {
            "username": CYRILLIC_ALICE,
            "email": bob.email,
            "is_active": "on",
            "date_joined_0": "2026-06-01",
            "date_joined_1": "10:00:00",
            "ranked_wins": "0",
            "ranked_losses": "0",
            "preferred_language": "fr",
            "credit_movements-TOTAL_FORMS": "0",
            "credit_movements-INITIAL_FORMS": "0",
        },
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"] == [
        "Ce nom ressemble trop à celui d'un autre membre (« alice ») : choisissez-en un autre."
    ]
    bob.refresh_from_db()
    assert bob.username == "bob"


@pytest.mark.parametrize(
    ("name", "elides"),
    [("alice", True), ("Émile", True), ("hugo", True), ("Inès", True), ("bob", False), ("", False)],
)
def test_a_name_beginning_with_a_vowel_sound_takes_the_elision(name, elides) -> None:
    assert name_elides(name) is elides
