"""The websocket origin check: a socket is accepted only from a page of the site itself.

Each test goes through the real ASGI application of `cartomaniak.asgi` (origin check, session,
router, consumer) with Channels' WebsocketCommunicator. The embedded job loop is switched off
(as in production, where Celery runs the jobs) so that it does not run inside the test's loop.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings

from cartomaniak.asgi import application
from tests.games.websocket import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def jobs_elsewhere(settings):
    settings.BACKGROUND_JOBS = "celery"
    yield
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


@pytest.fixture
def session(alice) -> str:
    return session_cookie(alice)


async def lobby_connect(
    session: str, *, host: str | None, origin: str | None, scheme: str = "ws", extra=()
) -> tuple[bool, int | None]:
    headers = [(b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={session}".encode())]
    if host is not None:
        headers.append((b"host", host.encode()))
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    headers.extend(extra)
    communicator = WebsocketCommunicator(application, "/ws/salle/", headers=headers)
    communicator.scope["scheme"] = scheme
    connected, code = await communicator.connect(timeout=5)
    await communicator.disconnect()
    return connected, code


async def test_a_page_of_the_site_itself_opens_a_socket(session) -> None:
    result = await lobby_connect(session, host="127.0.0.1:8000", origin="http://127.0.0.1:8000")

    assert result == (True, None)


async def test_a_page_on_another_port_of_the_same_host_is_refused(session) -> None:
    connected, _ = await lobby_connect(
        session, host="127.0.0.1:8000", origin="http://127.0.0.1:9999"
    )

    assert connected is False


async def test_a_page_with_another_scheme_is_refused(session) -> None:
    connected, _ = await lobby_connect(session, host="localhost:8000", origin="https://localhost")

    assert connected is False


async def test_an_https_page_may_open_a_secure_socket(session) -> None:
    result = await lobby_connect(
        session, host="localhost:8000", origin="https://localhost:8000", scheme="wss"
    )

    assert result == (True, None)


async def test_a_socket_without_origin_or_host_is_refused(session) -> None:
    without_origin, _ = await lobby_connect(session, host="localhost:8000", origin=None)
    without_host, _ = await lobby_connect(session, host=None, origin="http://localhost:8000")
    null_origin, _ = await lobby_connect(session, host="localhost:8000", origin="null")

    assert (without_origin, without_host, null_origin) == (False, False, False)


async def test_a_host_outside_the_allowed_hosts_is_refused(session) -> None:
    connected, _ = await lobby_connect(
        session, host="evil.example:8000", origin="http://evil.example:8000"
    )

    assert connected is False


@pytest.fixture
def behind_the_proxy(settings):
    """The production set-up: TLS ends at the proxy, which says so in X-Forwarded-Proto."""
    settings.ALLOWED_HOSTS = ["cartomaniak.fr"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.CSRF_TRUSTED_ORIGINS = ["https://cartomaniak.fr", "https://jeu.cartomaniak.fr"]


async def test_behind_the_proxy_the_https_page_of_the_site_opens_a_socket(
    session, behind_the_proxy
) -> None:
    result = await lobby_connect(
        session,
        host="cartomaniak.fr",
        origin="https://cartomaniak.fr",
        extra=[(b"x-forwarded-proto", b"https")],
    )

    assert result == (True, None)


async def test_behind_the_proxy_a_plain_http_page_is_refused(session, behind_the_proxy) -> None:
    connected, _ = await lobby_connect(
        session,
        host="cartomaniak.fr",
        origin="http://cartomaniak.fr",
        extra=[(b"x-forwarded-proto", b"https")],
    )

    assert connected is False


async def test_a_trusted_origin_of_the_settings_opens_a_socket(session, behind_the_proxy) -> None:
    result = await lobby_connect(
        session, host="cartomaniak.fr", origin="https://jeu.cartomaniak.fr"
    )

    assert result == (True, None)
