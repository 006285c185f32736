"""The operators' endpoints: /sante/ for probes (nginx, systemd, a load balancer), /metrics for
Prometheus.

Both are answered by `ProbeMiddleware`, first of the stack, so nothing a visitor's page does runs
for them: no HTTPS redirect (a load balancer probes the upstream over plain HTTP), no host check
(probes name the machine by its address; neither body depends on the Host), no session, no
authentication, no CSRF, no language. Neither writes anything, and neither raises: a part that
fails is named in the answer. docs/operations.md, *Health and metrics*.
"""

import functools
import hmac
import ipaddress
import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_safe
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from . import metrics as site_metrics

logger = logging.getLogger(__name__)


def _database_ping() -> None:
    """SELECT 1 on this thread's connection; once more on a fresh one if that one was dead (a
    restarted PostgreSQL leaves every persistent connection broken)."""
    for attempt in (1, 2):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
            return
        except Exception:
            connection.close()
            if attempt == 2:
                raise


def _redis_ping() -> None:
    site_metrics.redis_client(settings.REDIS_URL).ping()


def _checked(name: str, check) -> str:
    try:
        check()
    except Exception as error:
        logger.warning("Health check of %s failed: %r", name, error)
        return "failed"
    return "ok"


@require_safe
def health(request: HttpRequest) -> HttpResponse:
    """200 when the database answers, and Redis when the site uses it; 503 naming what failed."""
    checks = {"database": _checked("database", _database_ping)}
    if settings.REDIS_URL:
        checks["redis"] = _checked("redis", _redis_ping)
    is_healthy = all(result == "ok" for result in checks.values())
    return JsonResponse(
        {"status": "ok" if is_healthy else "failing", **checks},
        status=200 if is_healthy else 503,
        headers={"Cache-Control": "no-store"},
    )


@functools.lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _is_from_allowed_network(address: str) -> bool:
    try:
        client = ipaddress.ip_address(address)
    except ValueError:
        return False
    client = getattr(client, "ipv4_mapped", None) or client
    return any(client in network for network in _networks(tuple(settings.METRICS_ALLOWED_NETWORKS)))


def _has_token(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    if not token:
        return False
    given = request.headers.get("Authorization", "")
    return hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def metrics_access_allowed(request: HttpRequest) -> bool:
    """From an allowed network (the address Daphne reports: behind nginx, with --proxy-headers,
    the visitor's own), or with the token."""
    return _is_from_allowed_network(request.META.get("REMOTE_ADDR", "")) or _has_token(request)


@require_safe
def metrics(request: HttpRequest) -> HttpResponse:
    """This process's figures and the site's, in Prometheus' text format."""
    if not metrics_access_allowed(request):
        return HttpResponseForbidden("Metrics: from the operators' network or with the token.\n")
    return HttpResponse(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)


@functools.cache
def _probe_views() -> dict:
    return {reverse("health"): health, reverse("metrics"): metrics}


class ProbeMiddleware:
    """Answer the probes' routes (`cartomaniak/urls.py`) before any other middleware runs."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        view = _probe_views().get(request.path_info)
        if view is None:
            return self.get_response(request)
        return view(request)
