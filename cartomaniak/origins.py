"""The websocket origin check: only a page of the site itself may open a socket.

A browser sends the `Origin` of the page that opens a websocket and the `Host` it connects to,
and a page cannot forge either. The check is the one Django's CSRF middleware makes for a form
posted over HTTPS (`CsrfViewMiddleware._origin_verified`): the origin must be exactly the site's
own, `scheme://host[:port]` built from the socket's Host header (which must be one of
`ALLOWED_HOSTS`) and its scheme, or one of `CSRF_TRUSTED_ORIGINS` (where `https://*.example.com`
also admits the subdomains). Channels' `AllowedHostsOriginValidator` compared the host name only,
so a page on another port of the same machine, or over another scheme, was let in.

Behind the production proxy, TLS ends at the proxy: the socket reaches the server as `ws`, and the
scheme comes from `SECURE_PROXY_SSL_HEADER` exactly as `request.is_secure()` reads it for pages
(the proxy sets that header on every request; the server is reachable only through it).
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import is_same_domain, split_domain_port, validate_host


def _header(scope, name: bytes) -> str | None:
    values = [value for key, value in scope.get("headers", []) if key == name]
    if len(values) != 1:
        return None  # absent, or sent twice: no way to tell which one the browser meant
    return values[0].decode("latin-1")


def _is_secure(scope) -> bool:
    if scope.get("scheme") == "wss":
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy_header:
        return False
    meta_name, secure_value = proxy_header
    header_name = meta_name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
    value = _header(scope, header_name)
    return value is not None and value.split(",", 1)[0].strip() == secure_value


def site_origin_is_allowed(scope) -> bool:
    """Return whether the socket's Origin is the site's own or one of the trusted origins."""
    origin = _header(scope, b"origin")
    host = _header(scope, b"host")
    if not origin or origin == "null" or not host:
        return False
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    own_origin = f"{'https' if _is_secure(scope) else 'http'}://{host}"
    if origin == own_origin:
        return True
    trusted = settings.CSRF_TRUSTED_ORIGINS
    if origin in trusted:
        return True
    parsed = urlsplit(origin)
    return any(
        "://*." in pattern
        and urlsplit(pattern).scheme == parsed.scheme
        and is_same_domain(parsed.netloc, pattern.split("://", 1)[1][1:])
        for pattern in trusted
    )


class SiteOriginValidator:
    """ASGI middleware: refuse (close before accepting) a websocket from any other origin."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not site_origin_is_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
