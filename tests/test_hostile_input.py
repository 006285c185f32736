"""Hostile values in URLs and query strings give a clean 400 or 404, never a server error.

A NUL byte reaches PostgreSQL as a string literal it refuses (a 500); a date at the edge of the
calendar overflows when it is turned into a period. The walk at the end puts hostile values in
every parameter of every URL pattern of the site, the admin included, as a visitor, a member and
an operator.
"""

import itertools
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from accounts.models import User

# Values for a parameter of a URL path (they must still match its converter to reach the view).
HOSTILE_PATH_VALUES = {
    "int": ["0", "99999999999999999999999999"],
    "id": ["0", "999999999999999999"],
    "slug": ["semaine", "x" * 300],
    "str": ["%00", "0001-01-01", "9999-12-27", "9999-12-01", "%C0%AF", "x" * 300],
    "path": ["%00", "0", "99999999999999999999999999"],
}
# One query string that puts hostile values in the parameters the pages read.
HOSTILE_QUERIES = [
    "",
    "q=%00&page=%00&moi=%00&next=%00&a_remettre=%00",
    "q=%FF%FE&page=-1&moi=1&o=99",
    "page=99999999999999999999999999&p=99999999999999999999999999",
]


def _patterns(resolver: URLResolver, prefix: str = "") -> list[str]:
    """Return every URL pattern of the site as a route with `<converter:name>` placeholders."""
    routes = []
    for entry in resolver.url_patterns:
        pattern = entry.pattern
        text = str(pattern) if isinstance(pattern, RoutePattern) else pattern.regex.pattern
        if isinstance(entry, URLResolver):
            routes.extend(_patterns(entry, prefix + text))
        elif isinstance(entry, URLPattern):
            routes.append(prefix + text)
    return routes


PLACEHOLDER = re.compile(r"<(?:(\w+):)?\w+>")


def _hostile_urls() -> list[str]:
    urls = set()
    for route in _patterns(get_resolver()):
        if route.startswith("^") or "(?P" in route:
            continue  # a regex pattern (the admin's app index): walked through its routes
        converters = [match.group(1) or "str" for match in PLACEHOLDER.finditer(route)]
        # A converter missing here is a KeyError: a new kind of parameter needs its hostile values.
        choices = [HOSTILE_PATH_VALUES[converter] for converter in converters]
        for values in itertools.product(*choices):
            url = route
            for value in values:
                url = PLACEHOLDER.sub(value, url, count=1)
            urls.add("/" + url.lstrip("^").rstrip("$"))
    return sorted(urls)


@pytest.fixture
def member_client(make_member) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(make_member("alice"))
    return client


@pytest.fixture
def operator_client(db) -> Client:
    operator = User.objects.create_superuser(
        username="operateur", email="operateur@example.com", password="Tapis-vert-2024"
    )
    client = Client(raise_request_exception=False)
    client.force_login(operator)
    return client


def test_a_nul_byte_in_the_leaderboard_search_is_a_bad_request(client: Client, db) -> None:
    response = client.get("/classements/semaine/", {"q": "\x00"})

    assert response.status_code == 400


def test_a_nul_byte_in_a_profile_name_is_a_bad_request(client: Client, db) -> None:
    response = client.get("/joueurs/%00/")

    assert response.status_code == 400


def test_a_period_at_the_first_day_of_the_calendar_is_not_found(client: Client, db) -> None:
    response = client.get("/classements/semaine/0001-01-01/")

    assert response.status_code == 404


def test_a_period_at_the_last_week_of_the_calendar_is_not_found(client: Client, db) -> None:
    # 27 December 9999 is a Monday: the week would end in the year 10000.
    response = client.get("/classements/semaine/9999-12-27/")

    assert response.status_code == 404


def test_a_game_id_beyond_64_bits_is_not_found(client: Client, db) -> None:
    response = client.get("/parties/99999999999999999999999999/")

    assert response.status_code == 404


def test_a_nul_byte_in_an_admin_search_is_a_bad_request(operator_client: Client) -> None:
    response = operator_client.get("/admin/accounts/user/", {"q": "\x00"})

    assert response.status_code == 400


def test_the_walk_covers_every_app_and_the_admin() -> None:
    urls = _hostile_urls()

    assert {"/joueurs/%00/", "/classements/semaine/0001-01-01/", "/parties/0/"} <= set(urls)
    assert any(url.startswith("/admin/accounts/user/") for url in urls)
    assert any(url.startswith("/admin/games/game/") for url in urls)


@pytest.mark.parametrize("who", ["visitor", "member", "operator"])
def test_hostile_values_in_every_url_never_give_a_server_error(
    who: str, request, db, caplog
) -> None:
    client = (
        Client(raise_request_exception=False)
        if who == "visitor"
        else request.getfixturevalue(f"{who}_client")
    )
    failures = []

    for url in _hostile_urls():
        for query in HOSTILE_QUERIES:
            response = client.get(f"{url}?{query}" if query else url)
            if response.status_code >= 500:
                failures.append((url, query, response.status_code))

    assert failures == [], "\n".join(map(str, failures))
    assert [record for record in caplog.records if record.levelname == "ERROR"] == []
