"""Pages of the waiting room: the room, and the plain forms that open, join and cancel games.

The forms post to the same services as the websocket; the websocket only makes the page live.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import limits, quitters
from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.errors import APP_ERROR_MESSAGES, GameError
from games.forms import ComputerGameForm, GameCreateForm, TableCreateForm
from games.models import Game
from games.robots.services import computer_game_start
from games.tables import services as tables
from games.tables.selectors import format_label

from . import selectors, services


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    tables.game_enforce_deadlines(now=timezone.now())
    snapshot = selectors.lobby_snapshot(user=request.user)
    member_state = selectors.lobby_member_state(frame=snapshot)
    ranked_ban = quitters.ranked_play_ban_current(user=request.user, now=timezone.now())
    ranked_ban_message = quitters.ranked_play_ban_message(ban=ranked_ban) if ranked_ban else None
    lobby_strings = {
        "connected": _("En direct"),
        "reconnecting": _("Connexion perdue, reconnexion…"),
        "ranked": _("classée"),
        "free": _("libre"),
        "join": _("Rejoindre"),
        "cancel": _("Annuler"),
        "watch": _("Regarder"),
        "busy": _("en partie"),
        "challenge": _("Défier"),
        "challenge_received": _("%(name)s vous défie : %(format)s, libre."),
        "challenge_sent": _("Défi envoyé à %(name)s : %(format)s, libre."),
        "challenge_accept": _("Accepter"),
        "challenge_decline": _("Refuser"),
        "challenge_cancel": _("Retirer"),
        "seconds_left": _("%(n)s s"),
        "challenge_news": {
            "declined": _("%(name)s a refusé votre défi."),
            "cancelled": _("%(name)s a retiré son défi."),
            "expired": _("Le défi entre %(from)s et %(to)s a expiré sans réponse."),
        },
        "versus": _("contre"),
        "guest_name": _("Invité %(number)s"),
        "computer_names": {
            level: _("Ordinateur (%(level)s)") % {"level": label}
            for level, label in get_user_model().ComputerLevel.choices
        },
        "waiting_game": _("Partie n° %(id)s : %(format)s, %(kind)s."),
        "join_url": reverse("games:join", args=[0]),
        "cancel_url": reverse("games:cancel", args=[0]),
        "play_now_url": reverse("games:play_now"),
        "table_url": reverse("games:table", args=[0]),
        "errors": {code: str(message) for code, message in APP_ERROR_MESSAGES.items()},
    }
    if ranked_ban_message:
        # The refusal of a ranked create/join over the socket: the notice below says the rest.
        lobby_strings["errors"]["ranked_play_barred"] = _(
            "Pas de partie classée pour l'instant : voir ci-dessous jusqu'à quand."
        )
    current_game = member_state["current_game"]
    waiting_detail = ""
    if current_game and current_game["status"] == Game.Status.OPEN:
        waiting_detail = lobby_strings["waiting_game"] % {
            "id": current_game["id"],
            "format": current_game["format_label"],
            "kind": lobby_strings["ranked"] if current_game["is_ranked"] else lobby_strings["free"],
        }
    two_player = variant_get(VARIANT_TWO_PLAYER)
    return render(
        request,
        "games/lobby.html",
        {
            "snapshot": snapshot,
            "current_game": current_game,
            "waiting_detail": waiting_detail,
            "ranked_ban_message": ranked_ban_message,
            "form": GameCreateForm(),
            "formats": [
                (name, format_label(VARIANT_TWO_PLAYER, name)) for name in two_player.formats
            ],
            "busy": member_state["busy"],
            "challenges": snapshot["you"]["challenges"],
            "lobby_strings": lobby_strings,
        },
    )


@login_required
@require_POST
def lobby_create(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        messages.error(request, str(GameError("bad_format").message))
        return redirect("games:lobby")
    try:
        limits.lobby_action_check(user=request.user)
        services.game_open(
            user=request.user,
            format=form.cleaned_data["format"],
            is_ranked=form.cleaned_data["is_ranked"],
        )
    except GameError as error:
        messages.error(request, error.message)
    # The creator waits in the room (its waiting panel); the join event takes him to the table.
    return redirect("games:lobby")


@login_required
@require_POST
def lobby_play_now(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        messages.error(request, str(GameError("bad_format").message))
        return redirect("games:lobby")
    try:
        game, is_started = services.game_play_now(
            user=request.user,
            format=form.cleaned_data["format"],
            is_ranked=form.cleaned_data["is_ranked"],
        )
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    if is_started:
        return redirect("games:table", game_id=game.pk)
    # Nobody was waiting: the member's own game now waits in the room.
    return redirect("games:lobby")


@login_required
@require_POST
def lobby_join(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        limits.lobby_action_check(user=request.user)
        game = services.game_join(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def lobby_cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        limits.lobby_action_check(user=request.user)
        tables.game_cancel(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
    return redirect("games:lobby")


@login_required
@require_POST
def computer_start(request: HttpRequest) -> HttpResponse:
    """*Jouer contre l'ordinateur*: a level and a format; the member lands on the table at once."""
    form = ComputerGameForm(request.POST)
    if not form.is_valid():
        code = "bad_level" if "level" in form.errors else "bad_format"
        messages.error(request, GameError(code).message)
        return redirect("games:lobby")
    try:
        game = computer_game_start(
            user=request.user,
            level=form.cleaned_data["level"],
            format=form.cleaned_data["format"],
        )
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def table_create(request: HttpRequest) -> HttpResponse:
    """Open a table whose host sets it up (the member takes seat 0) and go to it; refusals are
    shown in the waiting room, each with its reason."""
    form = TableCreateForm(request.POST)
    if not form.is_valid():
        code = "bad_variant" if "variant" in form.errors else "bad_format"
        messages.error(request, str(APP_ERROR_MESSAGES[code]))
        return redirect("games:lobby")
    variant = variant_get(form.cleaned_data["variant"])
    try:
        limits.lobby_action_check(user=request.user)
        game = tables.game_create(
            host=request.user,
            variant=variant.name,
            format=form.cleaned_data["format"],
            options=form.options_for(variant.option_defaults),
        )
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)
