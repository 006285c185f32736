"""Every websocket route of the site; each app keeps its own in `<app>/routing.py`."""

from games.routing import websocket_urlpatterns as games_websocket_urlpatterns

websocket_urlpatterns = [*games_websocket_urlpatterns]
