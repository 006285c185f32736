"""Fixtures shared by the test packages: members as the site knows them, a database down."""

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model


@pytest.fixture(autouse=True)
def database_pool_closed():
    """Close the websockets' database threads after each test, the connection of Channels' own
    thread, and on PostgreSQL the process's pool of connections: open connections would
    otherwise keep the test database from being dropped, and a connection a test's thread took
    from the pool and never gave back (a thread of the test's own, an executor replaced) would
    be missing from the pool for every later test."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from cartomaniak.database import database_pool_close

    database_pool_close()
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
    connection = connections["default"]
    if connection.vendor == "postgresql" and connection.alias in connection._connection_pools:
        connection.close_pool()


@pytest.fixture(autouse=True)
def seats_held_forgotten():
    """Forget the game rows and seats that the process holds: each test's database starts empty,
    and SQLite gives a rolled-back game's id again."""
    from games.tables.selectors import games_remembered_forget

    games_remembered_forget()
    yield


@pytest.fixture
def make_member(db):
    """Make a member with a primary email address (verified unless told otherwise)."""

    def make(username: str, *, wins: int = 0, losses: int = 0, is_verified: bool = True):
        user = get_user_model().objects.create_user(
            username=username,
            email=f"{username}@example.com",
            password="secret-pass-123",
            ranked_wins=wins,
            ranked_losses=losses,
        )
        EmailAddress.objects.create(user=user, email=user.email, verified=is_verified, primary=True)
        return user

    return make


@pytest.fixture
def alice(make_member):
    return make_member("alice")


@pytest.fixture
def bob(make_member):
    return make_member("bob")


@pytest.fixture
def database_unreachable(transactional_db):
    """Every new connection to the site's database refused, for the test's length
    (tests/faults.py, `database_refusing`: the pool closed first on PostgreSQL)."""
    from tests.faults import database_refusing

    with database_refusing():
        yield
