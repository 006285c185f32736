"""Pages of the four-player tables: opening one, the table, the record download.

The form posts to the same services as the websocket; the websocket makes the table live.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import limits
from games import views as games_views
from games.engine.variants import variant_get
from games.errors import APP_ERROR_MESSAGES, GameError
from games.forms import PartnershipTableForm
from games.models import PartnershipGame

from . import selectors, services


@login_required
@require_POST
def partnership_create(request: HttpRequest) -> HttpResponse:
    """Open a four-player table (the member takes seat 0) and go to it; refusals are shown in
    the waiting room, each with its reason."""
    form = PartnershipTableForm(request.POST)
    if not form.is_valid():
        code = "bad_variant" if "variant" in form.errors else "bad_format"
        messages.error(request, str(APP_ERROR_MESSAGES[code]))
        return redirect("games:lobby")
    variant = variant_get(form.cleaned_data["variant"])
    try:
        limits.lobby_action_check(user=request.user)
        table = services.table_create(
            host=request.user,
            variant=variant.name,
            format=form.cleaned_data["format"],
            options=form.options_for(variant.option_defaults),
        )
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:partnership_table", table_id=table.pk)


@login_required
@require_POST
def partnership_again(request: HttpRequest, table_id: int) -> HttpResponse:
    """*Rejouer*: the same table again, hosted by the member (`services.table_again`)."""
    try:
        limits.lobby_action_check(user=request.user)
        table = services.table_again(table_id=table_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:partnership_table", table_id=table.pk)


def partnership_table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The page of an open or running table (and of a finished one, with its result).

    Context (the table's template builds on these only):
    - `table`: the PartnershipGame; `frame`: the first `state` frame of this visitor (his seat's
      view, or a spectator's), exactly as the socket sends it;
    - `socket_path`: the websocket's path, `/ws/tables/<id>/`.
    The sentences its script shows come from the `partnership_table_strings` tag.
    """
    now = timezone.now()
    services.table_enforce_deadlines(now=now, table_ids=[table_id])
    try:
        table = selectors.table_get(table_id=table_id)
    except GameError:
        raise Http404 from None
    if table.status == PartnershipGame.Status.CANCELLED:
        raise Http404
    seat = selectors.table_seat_for_user(game=table, user=request.user)
    return render(
        request,
        "games/partnership_table.html",
        {
            "table": table,
            "frame": selectors.partnership_frame(game=table, seat=seat, now=now),
            "socket_path": f"/ws/tables/{table.pk}/",
        },
    )


def partnership_record(request: HttpRequest, table_id: int) -> HttpResponse:
    """Download the record of a finished table (manille-4p.md, *Records*), with the site's
    metadata; no deck order leaves the server while the table is in progress."""
    services.table_enforce_deadlines(now=timezone.now(), table_ids=[table_id])
    try:
        table = selectors.table_get(table_id=table_id)
    except GameError:
        raise Http404 from None
    if table.state is None:
        raise Http404
    if not table.is_finished:
        return HttpResponseForbidden()
    document = {
        **selectors.partnership_record(game=table),
        "site": selectors.partnership_record_site(game=table),
    }
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}.json"'
    return response


def _replay_strings() -> dict:
    """The sentences of the four-player replay: the two-player replay's, and the words of the
    four-player announcements, teams and seats."""
    table = games_views._table_strings()
    replay = games_views._replay_strings()
    return {
        **{key: table[key] for key in ("suit_names", "rank_names", "rank_letters", "card_name")},
        "replay_step": replay["replay_step"],
        "replay_start": replay["replay_start"],
        "replay_action": {
            **replay["replay_action"],
            "look": _("%(name)s regarde ses cartes"),
            "blind": _("%(name)s annonce sans atout à l'aveugle"),
            "no_trump": _("%(name)s joue sans atout"),
            "mee": _("%(name)s dit mee"),
            "tegen": _("%(name)s dit tegen"),
        },
        "team": _("Équipe %(n)s"),
        "dealer": _("donneur"),
        "to_act": _("à jouer"),
        "trump": _("Atout : %(suit)s"),
        "no_trump": _("Sans atout"),
        "blind": _("Sans atout à l'aveugle"),
        "doubled_by_tie": _("après un 30–30"),
        "multiplier": _("donne ×%(n)s"),
        "turned_up": _("Carte retournée : %(card)s"),
        "deal_score": _("Donne %(n)s : plis %(tricks)s, points %(points)s"),
        "winner": _("L'équipe %(n)s gagne la partie."),
        "forfeit": _("Forfait de %(name)s : son équipe perd la partie."),
    }


def replay(request: HttpRequest, table_id: int) -> HttpResponse:
    """Watch a finished four-player table again, step by step, from its record.

    All four hands are shown, so only a finished table can be watched: a table in progress is
    not found (no card that is still hidden leaves the server).
    """
    services.table_enforce_deadlines(now=timezone.now(), table_ids=[table_id])
    try:
        table = selectors.table_get(table_id=table_id)
    except GameError:
        raise Http404 from None
    if not table.is_finished or table.state is None:
        raise Http404
    replay_data = selectors.partnership_replay_steps(game=table)
    # Named as at the table: a computer is "Ordinateur (facile)" in the page's language.
    seated = selectors.table_players(game=table)
    replay_data["players"] = [
        seated[seat].display_name if seat in seated else name
        for seat, name in enumerate(replay_data["players"])
    ]
    return render(
        request,
        "games/partnership_replay.html",
        {
            "table": table,
            "variant_label": selectors.variant_label(table.variant),
            "format_label": selectors.format_label(table.format),
            "replay": replay_data,
            # Each deal's score and the total after it, by team (team 0 first).
            "deal_rows": [
                list(zip(deal["score"], deal["totals"], strict=True))
                for deal in replay_data["deals"]
            ],
            "team_players": [
                [replay_data["players"][seat] for seat in team] for team in replay_data["teams"]
            ],
            "replay_strings": _replay_strings(),
        },
    )
