import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from accounts.models import User
from accounts.selectors import member_is_verified
from tests.accounts.conftest import PASSWORD, member_create

STRONG_PASSWORD = "Manille-71-capot"


def signup_data(**overrides) -> dict:
    data = {
        "username": "Zoe",
        "email": "zoe@example.com",
        "password1": STRONG_PASSWORD,
        "password2": STRONG_PASSWORD,
    }
    data.update(overrides)
    return data


def confirmation_link(message) -> str:
    return re.search(r"https?://testserver(/comptes/confirm-email/[^\s]+/)", message.body).group(1)


def test_registration_confirmation_then_login(client: Client, db) -> None:
    response = client.post("/comptes/signup/", signup_data())

    assert response.status_code == 302
    member = User.objects.get(username="Zoe")
    assert member.email == "zoe@example.com"
    assert member_is_verified(user=member) is False
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["zoe@example.com"]
    assert message.subject == "[Cartomaniak] Confirmez votre adresse e-mail"
    assert "Le membre Zoe a donné cette adresse e-mail pour son compte Cartomaniak." in message.body

    link = confirmation_link(message)
    confirm_page = client.get(link)
    assert confirm_page.status_code == 200
    assert "Confirmer" in confirm_page.content.decode()
    client.post(link)

    assert member_is_verified(user=member) is True
    client.post("/comptes/logout/")
    assert "_auth_user_id" not in client.session
    login = client.post("/comptes/login/", {"login": "Zoe", "password": STRONG_PASSWORD})
    assert login.status_code == 302
    assert client.session["_auth_user_id"] == str(member.pk)


def test_registration_in_english_sends_the_email_in_english(client: Client, db) -> None:
    client.cookies["django_language"] = "en"

    client.post("/comptes/signup/", signup_data())

    assert mail.outbox[0].subject == "[Cartomaniak] Please Confirm Your Email Address"
    assert "The member Zoe gave this email address for their Cartomaniak account." in (
        mail.outbox[0].body
    )


def test_login_with_the_email_address_in_any_case(client: Client, alice) -> None:
    response = client.post("/comptes/login/", {"login": "ALICE@example.com", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_login_with_a_wrong_password_says_so_in_french(client: Client, alice) -> None:
    response = client.post("/comptes/login/", {"login": "Alice", "password": "pas-le-bon"})

    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Le pseudo et/ou le mot de passe sont incorrects."
    ]
    assert "_auth_user_id" not in client.session


def test_repeated_failed_logins_are_rate_limited(client: Client, alice) -> None:
    for _attempt in range(5):
        client.post("/comptes/login/", {"login": "Alice", "password": "pas-le-bon"})

    response = client.post("/comptes/login/", {"login": "Alice", "password": PASSWORD})

    assert response.context["form"].non_field_errors() == [
        "Trop de tentatives de connexion échouées. Veuillez réessayer ultérieurement."
    ]
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    ("overrides", "errors"),
    [
        (
            {"username": "alice"},
            {"username": ["Un utilisateur avec ce nom existe déjà."]},
        ),
        (
            {"email": "ALICE@Example.com"},
            {"email": ["Un autre utilisateur utilise déjà cette adresse e-mail."]},
        ),
        ({"email": "pas-une-adresse"}, {"email": ["Saisissez une adresse de courriel valide."]}),
        (
            {"password1": "azerty12", "password2": "azerty12"},
            {"password1": ["Ce mot de passe est trop courant."]},
        ),
        (
            {"password1": "court", "password2": "court"},
            {
                "password1": [
                    "Ce mot de passe est trop court. Il doit contenir au minimum 8 caractères."
                ]
            },
        ),
        (
            {"password1": "8317402659", "password2": "8317402659"},
            {"password1": ["Ce mot de passe est entièrement numérique."]},
        ),
        (
            {"username": "Zoeline", "password1": "zoeline1", "password2": "zoeline1"},
            {
                "password1": [
                    "Le mot de passe est trop semblable au champ «\xa0nom d’utilisateur\xa0»."
                ]
            },
        ),
        (
            {"password2": "Manille-71-capot!"},
            {"password2": ["Vous devez saisir deux fois le même mot de passe."]},
        ),
        (
            {"username": "Z" * 151},
            {
                "username": [
                    "Assurez-vous que cette valeur comporte au plus 150 caractères "
                    "(actuellement 151)."
                ]
            },
        ),
        (
            {"email": "a" * 60 + "." + "b" * 60 + "." + "c" * 60 + "." + "d" * 60 + "@example.com"},
            {"email": ["L'adresse e-mail ne peut pas dépasser 254 caractères."]},
        ),
        ({"username": "zo@e"}, {"username": ["Le nom d'utilisateur ne peut pas contenir « @ »."]}),
        (
            {"username": "Zo"},
            {
                "username": [
                    "Assurez-vous que cette valeur comporte au moins 3 caractères (actuellement 2)."
                ]
            },
        ),
    ],
)
def test_bad_registration_input_explains_and_creates_nothing(
    client: Client, alice, overrides, errors
) -> None:
    response = client.post("/comptes/signup/", signup_data(**overrides))

    assert response.status_code == 200
    assert response.context["form"].errors == errors
    assert list(User.objects.values_list("username", flat=True)) == ["Alice"]
    assert EmailAddress.objects.count() == 1
    assert mail.outbox == []
    assert "_auth_user_id" not in client.session


def test_bad_registration_input_is_explained_in_english_when_chosen(client: Client, alice) -> None:
    client.cookies["django_language"] = "en"

    response = client.post("/comptes/signup/", signup_data(email="alice@example.com"))

    assert response.context["form"].errors == {
        "email": ["A user is already registered with this email address."]
    }
    assert User.objects.count() == 1


def test_password_reset_by_email_link(client: Client, alice) -> None:
    client.post("/comptes/password/reset/", {"email": "alice@example.com"})

    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == "[Cartomaniak] E-mail de réinitialisation de mot de passe"
    link = re.search(r"http://testserver(/comptes/password/reset/key/[^\s]+/)", mail.outbox[0].body)
    form_page = client.get(link.group(1), follow=True)
    client.post(
        form_page.redirect_chain[-1][0],
        {"password1": "Nouveau-tapis-2025", "password2": "Nouveau-tapis-2025"},
    )

    assert User.objects.get(pk=alice.pk).check_password("Nouveau-tapis-2025") is True


def test_change_password_while_logged_in(client: Client, alice) -> None:
    client.force_login(alice)

    client.post(
        "/comptes/password/change/",
        {"oldpassword": PASSWORD, "password1": "Autre-tapis-2025", "password2": "Autre-tapis-2025"},
    )

    assert User.objects.get(pk=alice.pk).check_password("Autre-tapis-2025") is True


def test_add_an_email_address_sends_its_confirmation(client: Client, alice) -> None:
    client.force_login(alice)

    client.post("/comptes/email/", {"action_add": "", "email": "alice@cartes.example"})

    address = EmailAddress.objects.get(email="alice@cartes.example")
    assert (address.user, address.verified, address.primary) == (alice, False, False)
    assert mail.outbox[0].to == ["alice@cartes.example"]


def test_account_pages_use_the_site_frame(client: Client, alice) -> None:
    client.force_login(alice)

    for url in ("/comptes/email/", "/comptes/password/change/", "/comptes/logout/"):
        page = client.get(url).content.decode()
        assert 'class="skip-link"' in page
        assert "Salle d'attente" in page


def test_the_admin_login_goes_through_the_site_login(client: Client, db) -> None:
    response = client.get("/admin/login/")

    assert response.status_code == 302
    assert response["Location"] == "/comptes/login/?next=%2Fadmin%2Flogin%2F"


def test_a_member_who_is_not_staff_is_refused_the_admin_login(client: Client, alice) -> None:
    client.force_login(alice)

    assert client.get("/admin/login/").status_code == 403


def test_member_is_verified_needs_a_verified_primary_address(db) -> None:
    unverified = member_create(username="Eve")
    verified = member_create(username="Fred", verified=True)
    secondary_only = member_create(username="Gaby")
    EmailAddress.objects.create(
        user=secondary_only, email="gaby@cartes.example", primary=False, verified=True
    )
    without_address = User.objects.create_user(username="Hugo", password=PASSWORD)

    assert [
        member_is_verified(user=member)
        for member in (unverified, verified, secondary_only, without_address, None)
    ] == [False, True, False, False, False]


def test_a_confirmation_link_used_twice_says_the_address_is_already_confirmed(
    client: Client, db
) -> None:
    client.post("/comptes/signup/", signup_data())
    link = confirmation_link(mail.outbox[0])
    client.post(link)
    assert member_is_verified(user=User.objects.get(username="Zoe")) is True

    second = client.get(link)

    page = second.content.decode()
    assert second.status_code == 200
    assert "Adresse e-mail déjà confirmée" in page
    assert "L'adresse zoe@example.com est déjà confirmée : ce lien a déjà servi." in page
    assert "expiré" not in page
    # A key that names no address, or a forged one, still reads as expired or invalid.
    forged = client.get(link.replace("/confirm-email/", "/confirm-email/x"))
    assert "Ce lien de confirmation a expiré ou n'est pas valable." in forged.content.decode()
