"""The database refuses: pages answer 503 with a French page, and work again once it is back.

docs/operations.md, *Database connections*. The refusal is real (tests/faults.py,
`database_refusing`): the driver fails to connect.
"""

import pytest
from django.test import Client

from tests.faults import database_refusing

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_page_answers_503_in_french_while_the_database_refuses_then_works_again(alice):
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    with database_refusing():
        refused = client.get("/salle/")

    assert refused.status_code == 503
    assert refused["Retry-After"] == "10"
    text = refused.content.decode()
    assert '<html lang="fr">' in text
    assert "Service momentanément indisponible" in text
    assert "réessayez dans quelques secondes" in text
    assert client.get("/salle/").status_code == 200


def test_the_503_page_follows_the_visitor_s_language(alice):
    client = Client(raise_request_exception=False, headers={"accept-language": "en"})
    client.cookies["django_language"] = "en"

    with database_refusing():
        refused = client.get("/classements/")

    assert refused.status_code == 503
    assert "Service temporarily unavailable" in refused.content.decode()


def test_any_other_error_is_a_500_page_of_the_site(alice, settings):
    client = Client(raise_request_exception=False)
    settings.ROOT_URLCONF = "tests.failing_urls"

    response = client.get("/fails/")

    assert response.status_code == 500
    assert "Erreur du serveur" in response.content.decode()
