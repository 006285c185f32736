"""Pages of the competitions: the list, a competition's page and its live part, registering.

Each page first settles the competition (overdue games forfeited, a due step taken), so that an
idle or restarted server never shows what the clock has already changed.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import selectors, services
from .models import Tournament

PAST_PER_PAGE = 20


def tournament_index(request: HttpRequest) -> HttpResponse:
    """Every competition is announced here with its dates before it begins (the seed: *tout
    sera affiché avant chaque début de compétition*)."""
    past_page = Paginator(selectors.tournaments_past(), PAST_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "tournaments/index.html",
        {
            "upcoming": selectors.tournaments_upcoming(),
            "running": selectors.tournaments_running(),
            "past_page": past_page,
            "now": timezone.now(),
        },
    )


def _page_context(request: HttpRequest, tournament_id: int) -> dict:
    now = timezone.now()
    services.tournament_settle(tournament_id=tournament_id, now=now)
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404
    return {
        "tournament": tournament,
        "page": selectors.tournament_page(tournament=tournament),
        "entry": selectors.member_entry(tournament=tournament, user=request.user, now=now),
        "now": now,
    }


def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    context = _page_context(request, tournament_id)
    context["live_strings"] = {
        "connected": _("En direct"),
        "reconnecting": _("Connexion perdue, reconnexion…"),
    }
    return render(request, "tournaments/detail.html", context)


def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The parts of the page that change while it runs (status, entry, rounds, standings),
    fetched again by the page when its socket says that something changed."""
    return render(request, "tournaments/_live_parts.html", _page_context(request, tournament_id))


@login_required
@require_POST
def tournament_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        services.registration_create(
            tournament_id=tournament_id, user=request.user, now=timezone.now()
        )
    except services.TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Vous êtes inscrit. Bonne chance !"))
    return redirect("tournaments:detail", tournament_id=tournament_id)


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        services.registration_withdraw(
            tournament_id=tournament_id, user=request.user, now=timezone.now()
        )
    except services.TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Vous êtes désinscrit."))
    return redirect("tournaments:detail", tournament_id=tournament_id)
