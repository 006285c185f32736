"""Site-wide pages that belong to no single app."""

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "rules.html")


def favicon(request: HttpRequest) -> HttpResponse:
    """Send a browser's /favicon.ico request to the site's icon (a static file)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
