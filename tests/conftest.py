"""Fixtures shared by the test packages: members as the site knows them, a database down."""

from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import connections

from tests.probes import closed_port


@pytest.fixture(autouse=True)
def database_pool_closed():
    """Close the websockets' database threads after each test, and the connection of Channels'
    own thread: persistent connections would otherwise keep the test database from being
    dropped."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from cartomaniak.database import database_pool_close

    database_pool_close()
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()


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
def database_unreachable(transactional_db, tmp_path: Path):
    """Point the site's database connection where no database answers, for the test's length:
    PostgreSQL at a closed port, SQLite at a file in a folder that does not exist."""
    connection = connections["default"]
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "postgresql":
        connection.settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()))
    else:
        connection.settings_dict["NAME"] = str(tmp_path / "no-such-folder" / "db.sqlite3")
    yield
    connection.close()
    connection.settings_dict.clear()
    connection.settings_dict.update(saved)
