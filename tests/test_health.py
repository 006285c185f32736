"""/sante/: 200 only when the database (and Redis, when the site uses it) answers; 503 naming
what failed; answered before anything a visitor's page does (cartomaniak/health.py)."""

import json

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tests.probes import unreachable_redis_url


def body(response) -> dict:
    return json.loads(response.content)


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_the_database_up_answers_200_saying_what_was_checked() -> None:
    response = Client().get("/sante/")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    assert body(response) == {"status": "ok", "database": "ok"}


@override_settings(REDIS_URL="")
def test_the_database_unreachable_answers_503_naming_it(database_unreachable) -> None:
    response = Client().get("/sante/")

    assert response.status_code == 503
    assert body(response) == {"status": "failing", "database": "failed"}


@pytest.mark.django_db
def test_redis_unreachable_answers_503_naming_redis() -> None:
    with override_settings(REDIS_URL=unreachable_redis_url()):
        response = Client().get("/sante/")

    assert response.status_code == 503
    assert body(response) == {"status": "failing", "database": "ok", "redis": "failed"}


@pytest.mark.skipif(not settings.REDIS_URL, reason="the site's Redis (REDIS_URL) is not set")
@pytest.mark.django_db
def test_redis_up_is_checked_too() -> None:
    response = Client().get("/sante/")

    assert response.status_code == 200
    assert body(response) == {"status": "ok", "database": "ok", "redis": "ok"}


@pytest.mark.django_db
@override_settings(
    REDIS_URL="", SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["cartomaniak.fr"], DEBUG=False
)
def test_a_probe_by_address_over_plain_http_is_answered(alice) -> None:
    member = Client(HTTP_HOST="10.0.0.12:8001", raise_request_exception=False)
    member.force_login(alice)

    with CaptureQueriesContext(connection) as queries:
        probe = member.get("/sante/")
    statements = [query["sql"] for query in queries.captured_queries]
    page = member.get("/")

    assert probe.status_code == 200
    # Nothing but the check: no session read nor written, no cookie, no redirect.
    assert statements == ["SELECT 1"]
    assert probe.cookies == {}
    # The same request to a page meets the host check.
    assert page.status_code == 400


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_only_reads_are_answered() -> None:
    response = Client().post("/sante/")

    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
