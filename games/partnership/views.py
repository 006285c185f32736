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


def _table_strings() -> dict:
    """The sentences the table's script shows, translated here (the fours-table page adds its
    own); `errors` maps every error code of the socket to its message."""
    return {
        "connected": _("En direct"),
        "reconnecting": _("Connexion perdue, reconnexion…"),
        "errors": {code: str(message) for code, message in APP_ERROR_MESSAGES.items()},
        "options": selectors.option_labels(),
    }


def partnership_table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The page of an open or running table (and of a finished one, with its result).

    Context (the table's template builds on these only):
    - `table`: the PartnershipGame; `frame`: the first `state` frame of this visitor (his seat's
      view, or a spectator's), exactly as the socket sends it;
    - `socket_path`: the websocket's path, `/ws/tables/<id>/`;
    - `table_strings`: the translated sentences (a dict, sent with json_script).
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
            "table_strings": _table_strings(),
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
