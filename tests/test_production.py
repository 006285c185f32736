"""Production defaults fail closed.

Settings are read once per process, so each production start here is a separate Python process
with the environment a server would have: nothing set, a weak key, no host names, and the
documented production environment (`deploy/production.env.example`, whose SECRET_KEY is left
for the operator to fill: the test draws one).
"""

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client

from tests.accounts.conftest import PASSWORD, member_create

BASE_DIR = Path(__file__).resolve().parent.parent
DOCUMENTED_ENVIRONMENT = BASE_DIR / "deploy" / "production.env.example"
# What the developer's shell or CI may have set, which a production start must not inherit.
PROJECT_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "REDIS_URL",
    "TRUSTED_PROXY_COUNT",
    "STATIC_ROOT",
    "EMAIL_HOST",
    # Set by the browser tests of this same run (Playwright's sync API): never in production.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def environment(**variables: str) -> dict[str, str]:
    base = {key: value for key, value in os.environ.items() if key not in PROJECT_VARIABLES}
    return {**base, "DJANGO_SETTINGS_MODULE": "cartomaniak.settings", **variables}


def documented_environment(**overrides: str) -> dict[str, str]:
    variables = {}
    for line in DOCUMENTED_ENVIRONMENT.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _equals, value = line.partition("=")
            variables[name] = value
    assert variables["SECRET_KEY"] == ""  # the operator's own, never one from the repository
    variables["SECRET_KEY"] = secrets.token_urlsafe(50)
    return environment(**{**variables, **overrides})


def python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=BASE_DIR, capture_output=True, text=True
    )


def manage(*arguments: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
    )


SETUP = "import django; django.setup(); from django.conf import settings; "


def test_nothing_set_is_a_production_start_that_refuses_to_run() -> None:
    result = python(SETUP + "print(settings.DEBUG)", environment())

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
    assert "DEBUG=1" in result.stderr  # the message says how to get the development default


def test_debug_on_gives_the_development_default() -> None:
    result = python(SETUP + "print(settings.DEBUG, settings.ALLOWED_HOSTS)", environment(DEBUG="1"))

    assert result.stdout.strip() == "True ['127.0.0.1', 'localhost', '[::1]', 'testserver']"


@pytest.mark.parametrize(
    "secret_key",
    ["change-me", "django-insecure-" + "x1y2z3" * 10, "a" * 60],
)
def test_a_production_start_refuses_a_weak_secret_key(secret_key: str) -> None:
    result = python(
        SETUP, environment(DEBUG="0", SECRET_KEY=secret_key, ALLOWED_HOSTS="cartomaniak.fr")
    )

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_a_production_start_refuses_to_run_without_its_host_names() -> None:
    result = python(SETUP, environment(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50)))

    assert result.returncode != 0
    assert "ALLOWED_HOSTS" in result.stderr


def test_check_deploy_is_clean_with_the_documented_environment() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=documented_environment())

    assert (result.returncode, result.stdout.strip()) == (
        0,
        "System check identified no issues (0 silenced).",
    ), result.stderr


def test_the_documented_environment_trusts_the_one_proxy_in_front() -> None:
    result = python(
        SETUP + "import json; print(json.dumps([settings.ALLAUTH_TRUSTED_PROXY_COUNT, "
        "settings.SECURE_PROXY_SSL_HEADER, settings.SECURE_SSL_REDIRECT, "
        "settings.SECURE_HSTS_SECONDS, settings.ALLOWED_HOSTS]))",
        documented_environment(),
    )

    assert json.loads(result.stdout) == [
        1,
        ["HTTP_X_FORWARDED_PROTO", "https"],
        True,
        31536000,
        ["cartomaniak.fr"],
    ]


@pytest.fixture
def fast_passwords(settings) -> None:
    """A fast hasher: the limit counts failures per minute, and a loaded machine spends a
    second or more per PBKDF2 login, which would let the minute slide under the test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def proxy_count_of_production() -> int:
    result = python(SETUP + "print(settings.ALLAUTH_TRUSTED_PROXY_COUNT)", documented_environment())
    return int(result.stdout)


def test_behind_the_proxy_one_attacker_does_not_lock_everybody_out(
    settings, proxy_count_of_production: int, fast_passwords, db
) -> None:
    # Every request reaches Daphne from the proxy (REMOTE_ADDR 127.0.0.1); the proxy sets
    # X-Forwarded-For to the visitor's own address.
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = proxy_count_of_production
    cache.clear()
    member_create(username="Bob", verified=True)
    attacker = Client(HTTP_X_FORWARDED_FOR="203.0.113.7")
    for attempt in range(12):
        attacker.post("/comptes/login/", {"login": f"guess{attempt}", "password": "wrong"})
    visitor = Client(HTTP_X_FORWARDED_FOR="198.51.100.4")

    attacker_again = attacker.post("/comptes/login/", {"login": "Bob", "password": PASSWORD})
    visitor_login = visitor.post("/comptes/login/", {"login": "Bob", "password": PASSWORD})

    assert attacker_again.status_code == 200  # still refused: the limit holds for him
    assert "_auth_user_id" not in attacker.session
    assert visitor_login.status_code == 302
    assert "_auth_user_id" in visitor.session
    cache.clear()


def test_a_forged_forwarded_address_does_not_escape_the_limit(
    settings, proxy_count_of_production: int, fast_passwords, db
) -> None:
    # The proxy appends the real address: what the attacker wrote before it is not believed.
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = proxy_count_of_production
    cache.clear()
    member_create(username="Bob", verified=True)
    attacker = Client()
    for attempt in range(12):
        attacker.post(
            "/comptes/login/",
            {"login": f"guess{attempt}", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"10.0.0.{attempt}, 203.0.113.7",
        )

    response = attacker.post(
        "/comptes/login/",
        {"login": "Bob", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="10.0.0.99, 203.0.113.7",
    )

    assert response.status_code == 200
    assert "_auth_user_id" not in attacker.session
    cache.clear()


PAGE_REQUESTS = (
    "import cartomaniak.asgi; from django.test import Client; client = Client(); "
    "plain = client.get('/', HTTP_HOST='cartomaniak.fr'); "
    "secure = client.get('/', HTTP_HOST='cartomaniak.fr', HTTP_X_FORWARDED_PROTO='https'); "
    "import json; print(json.dumps([plain.status_code, plain.get('Location'), "
    "secure.status_code, secure.get('Strict-Transport-Security'), "
    "'/static/' in secure.content.decode()]))"
)


def page_environment(static_root: Path, database_folder: Path) -> dict[str, str]:
    return documented_environment(
        STATIC_ROOT=str(static_root),
        DATABASE_URL=f"sqlite:///{database_folder / 'production.sqlite3'}",
        REDIS_URL="",
    )


@pytest.fixture(scope="module")
def collected_static(tmp_path_factory) -> Path:
    """Static files collected once, as a release does (collectstatic takes a while)."""
    folder = tmp_path_factory.mktemp("release")
    env = page_environment(folder / "static", folder)
    collected = manage("collectstatic", "--noinput", env=env)
    assert collected.returncode == 0, collected.stderr
    return folder / "static"


def test_a_production_start_without_collected_static_files_refuses_to_run(
    tmp_path: Path,
) -> None:
    result = python("import cartomaniak.asgi", page_environment(tmp_path / "static", tmp_path))

    assert result.returncode != 0
    assert "collectstatic" in result.stderr


def test_a_production_start_after_collectstatic_serves_the_site_over_https_only(
    collected_static: Path, tmp_path: Path
) -> None:
    result = python(PAGE_REQUESTS, page_environment(collected_static, tmp_path))

    assert json.loads(result.stdout) == [
        301,
        "https://cartomaniak.fr/",
        200,
        "max-age=31536000; includeSubDomains; preload",
        True,
    ]


def test_static_files_of_an_older_release_are_refused(
    collected_static: Path, tmp_path: Path
) -> None:
    static_root = tmp_path / "static"
    shutil.copytree(collected_static, static_root)
    manifest_path = static_root / "staticfiles.json"
    manifest = json.loads(manifest_path.read_text())
    missing = sorted(manifest["paths"])[-1]
    del manifest["paths"][missing]
    manifest_path.write_text(json.dumps(manifest))

    result = python("import cartomaniak.asgi", page_environment(static_root, tmp_path))

    assert result.returncode != 0
    assert "collectstatic" in result.stderr
    assert missing in result.stderr
