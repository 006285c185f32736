"""Every websocket route of the site; each app keeps its own in `<app>/routing.py`."""

from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from tournaments.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

websocket_urlpatterns = [*games_websocket_urlpatterns, *tournaments_websocket_urlpatterns]
