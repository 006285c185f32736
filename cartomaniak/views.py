"""Site-wide pages that belong to no single app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "rules.html")
