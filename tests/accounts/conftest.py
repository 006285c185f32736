import pytest
from allauth.account.models import EmailAddress
from django.core.cache import cache

from accounts.models import User

PASSWORD = "Tapis-vert-2024"


@pytest.fixture(autouse=True)
def empty_rate_limits():
    """allauth counts attempts in the cache: each test starts with none."""
    cache.clear()
    yield
    cache.clear()


def member_create(*, username: str, email: str = "", verified: bool = False) -> User:
    email = email or f"{username.lower()}@example.com"
    member = User.objects.create_user(username=username, email=email, password=PASSWORD)
    EmailAddress.objects.create(user=member, email=email, primary=True, verified=verified)
    return member


@pytest.fixture
def alice(db) -> User:
    return member_create(username="Alice", verified=True)


@pytest.fixture
def bob(db) -> User:
    return member_create(username="Bob")
