"""ASGI entry point: the Django app first, then routing, then origin check, auth, URL router."""

import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from cartomaniak.background import background_jobs_ensure_started  # noqa: E402
from cartomaniak.routing import websocket_application  # noqa: E402
from cartomaniak.startup import static_files_check  # noqa: E402

static_files_check()


class BackgroundJobsStarter:
    """Start the embedded job loop on the first connection of any kind (Daphne has no lifespan)."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        background_jobs_ensure_started()
        return await self.inner(scope, receive, send)


application = BackgroundJobsStarter(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": websocket_application,
        }
    )
)


def _start_jobs_when_daphne_runs() -> None:
    """Start the embedded jobs as soon as Daphne's reactor runs, before anybody connects.

    Without this, a restarted server would enforce overdue deadlines only once a first visitor
    arrived. Other servers (and tests) keep the lazy start of `BackgroundJobsStarter`.
    """
    if "twisted.internet.reactor" not in sys.modules:
        return
    from twisted.internet import reactor

    # Startup triggers fire before the asyncio loop itself runs; callLater lands inside it.
    reactor.callWhenRunning(reactor.callLater, 0, background_jobs_ensure_started)


_start_jobs_when_daphne_runs()
