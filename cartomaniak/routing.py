"""Every websocket route of the site (each app keeps its own in `<app>/routing.py`), and the
stack every websocket goes through: origin check, cookies, session, authentication, router."""

import logging

from autobahn.exception import Disconnected
from channels.auth import AuthMiddleware, get_user
from channels.routing import URLRouter
from channels.sessions import CookieMiddleware, SessionMiddleware

from cartomaniak.database import database_call
from cartomaniak.origins import SiteOriginValidator
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from tournaments.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

logger = logging.getLogger(__name__)

websocket_urlpatterns = [*games_websocket_urlpatterns, *tournaments_websocket_urlpatterns]


class PooledAuthMiddleware(AuthMiddleware):
    """Channels' authentication, its session and user reads on the pool of database threads:
    on Channels' single thread every handshake of the process queued behind the others (a
    reconnection storm then outlasted Daphne's handshake timeout; docs/performance.md)."""

    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await database_call(get_user.func)(scope)


class FramesForGoneClientsDropped:
    """Drop a frame sent to a client that has just closed, instead of failing its consumer.

    Daphne drops what is sent to a socket it knows is closed, but between the client's close and
    Daphne hearing of it the websocket library raises `Disconnected`: a move, a presence or a
    table change being answered at that moment crashed the consumer with an ERROR and a
    traceback, for a client that no longer wanted the frame.
    """

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        async def send_unless_gone(message):
            try:
                await send(message)
            except Disconnected:
                logger.debug("A frame for a client that has closed was dropped: %s", scope["path"])

        return await self.inner(scope, receive, send_unless_gone)


websocket_application = FramesForGoneClientsDropped(
    SiteOriginValidator(
        CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(URLRouter(websocket_urlpatterns))))
    )
)
