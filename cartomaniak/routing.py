"""Every websocket route of the site (each app keeps its own in `<app>/routing.py`), and the
stack every websocket goes through: origin check, cookies, session, authentication, router."""

from channels.auth import AuthMiddleware, get_user
from channels.routing import URLRouter
from channels.sessions import CookieMiddleware, SessionMiddleware

from cartomaniak.database import database_call
from cartomaniak.origins import SiteOriginValidator
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from tournaments.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

websocket_urlpatterns = [*games_websocket_urlpatterns, *tournaments_websocket_urlpatterns]


class PooledAuthMiddleware(AuthMiddleware):
    """Channels' authentication, its session and user reads on the pool of database threads:
    on Channels' single thread every handshake of the process queued behind the others (a
    reconnection storm then outlasted Daphne's handshake timeout; docs/performance.md)."""

    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await database_call(get_user.func)(scope)


websocket_application = SiteOriginValidator(
    CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(URLRouter(websocket_urlpatterns))))
)
