from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def tournament_index(request: HttpRequest) -> HttpResponse:
    """Championships are announced here before they begin (seed: *tout sera affiché avant*)."""
    return render(request, "tournaments/index.html")
