"""Pages of the games app: the waiting room, the table, the record download.

The forms post to the same services as the websocket; the websocket only makes the pages live.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import engine

from . import limits, quitters, selectors, services
from .errors import APP_ERROR_MESSAGES, GameError
from .forms import GameCreateForm
from .models import Game


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    services.game_enforce_deadlines(now=timezone.now())
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
    return render(
        request,
        "games/lobby.html",
        {
            "snapshot": snapshot,
            "current_game": current_game,
            "waiting_detail": waiting_detail,
            "ranked_ban_message": ranked_ban_message,
            "form": GameCreateForm(),
            "formats": Game.Format.choices,
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
        game = services.game_create(
            user=request.user,
            format=form.cleaned_data["format"],
            is_ranked=form.cleaned_data["is_ranked"],
        )
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    # The creator waits in the room (its waiting panel); the join event takes him to the table.
    del game
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
        services.game_cancel(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
    return redirect("games:lobby")


def _table_strings(user=None) -> dict:
    """Every sentence table.js shows, translated here so that it goes through gettext."""

    return {
        "connected": _("En direct"),
        "reconnecting": _("Connexion perdue, reconnexion…"),
        "not_sent": _("Connexion perdue : votre choix n'a pas été envoyé, rejouez-le."),
        # French counts 0 and 1 in the singular ("0 pli"), English only 1 ("0 tricks").
        "zero_is_singular": (get_language() or "fr").startswith("fr"),
        "card_images": True,
        "muted": bool(getattr(user, "is_sound_muted", False)),
        "sound_on": _("Sons : oui"),
        "sound_off": _("Sons : non"),
        "your_turn": _("À vous"),
        "their_turn": _("Au tour de %(name)s"),
        "phase": {
            "trump": _("choisir l'atout ou rouler"),
            "buque": _("buquer ou passer"),
            "surbuque": _("sur-buquer ou passer"),
            "play": _("jouer une carte"),
            "dealing": _("distribution"),
        },
        "deal_number": _("Donne %(n)s"),
        "deal_of": _("Donne %(n)s / %(total)s"),
        "trump": _("Atout : %(suit)s"),
        "rolled": _("Roulé (sans atout)"),
        "rolled_short": _("roulé"),
        "no_trump_yet": _("Atout pas encore choisi"),
        "buque": _("Buqué"),
        "surbuque": _("Sur-buqué"),
        "multiplier": _("×%(n)s"),
        "dealer": _("donneur"),
        "you": _("vous"),
        "here": _("à la table"),
        "away": _("absent"),
        "away_seconds": _("absent depuis %(n)s s"),
        "away_minutes": _("absent depuis %(n)s min"),
        # Both forms of each count; table.js picks one by the language's rule.
        "tricks_count": {
            "one": ngettext("%(n)s pli", "%(n)s plis", 1),
            "other": ngettext("%(n)s pli", "%(n)s plis", 2),
        },
        "points_count": {
            "one": ngettext("%(n)s point", "%(n)s points", 1),
            "other": ngettext("%(n)s point", "%(n)s points", 2),
        },
        "suit_names": {"S": _("pique"), "H": _("cœur"), "D": _("carreau"), "C": _("trèfle")},
        "suit_to": {"S": _("à pique"), "H": _("à cœur"), "D": _("à carreau"), "C": _("à trèfle")},
        "rank_names": {
            "7": _("sept"),
            "8": _("huit"),
            "9": _("neuf"),
            "T": _("manille (10)"),
            "J": _("valet"),
            "Q": _("dame"),
            "K": _("roi"),
            "A": _("as (manillon)"),
        },
        # The letters of a card's corner index as the reader names the courts: R, D, V in French
        # (roi, dame, valet), K, Q, J in English.
        "rank_letters": {
            "K": pgettext("corner index of a king", "R"),
            "Q": pgettext("corner index of a queen", "D"),
            "J": pgettext("corner index of a jack", "V"),
        },
        "card_name": _("%(rank)s de %(suit)s"),
        "actions": {
            "trump": _("Atout %(suit)s"),
            "roll": _("Rouler"),
            "buque": _("Buquer"),
            "surbuque": _("Sur-buquer"),
            "pass": _("Passer"),
        },
        "draw_line": _("%(name0)s : %(card0)s — %(name1)s : %(card1)s"),
        "draw_result": _("%(name)s donne en premier."),
        "trick_taken": _("Pli pour %(name)s"),
        "announce_played": _("%(name)s a joué %(card)s"),
        "deal_summary": _("Fin de la donne %(n)s"),
        "notes": {
            "capot": _("Capot : tous les plis pour un seul joueur."),
            "tie": _("30–30 : personne ne marque, la donne suivante compte double."),
            "rolled": _("Donne roulée : ×2."),
            "buque": _("Buque : ×2."),
            "surbuque": _("Sur-buque : ×2 de plus."),
            "doubled_by_tie": _("Égalité 30–30 reportée : ×2."),
            "multiplier": _("Multiplicateur total : ×%(n)s."),
            "cap": _("Plafond atteint : 480 points au plus par donne."),
        },
        "capot_short": _("capot"),
        "cut_short": _("interrompue"),
        "history_cell": _("%(points)s pts → +%(score)s (%(total)s)"),
        "winner": _("%(name)s gagne la partie"),
        "you_win": _("Vous gagnez la partie !"),
        "you_lose": _("Vous perdez la partie."),
        "end_reasons": {
            "points": _("Aux points : %(a)s à %(b)s."),
            "left": _("Forfait : %(name)s a quitté la partie."),
            "timeout": _("Forfait au temps : %(name)s n'a pas joué à temps."),
        },
        "final_totals": _("Score final : %(name0)s %(a)s, %(name1)s %(b)s."),
        "ladder_won": _("Classement %(ladder)s : +%(n)s points"),
        "ladder_lost": _("Classement %(ladder)s : −%(n)s points"),
        "cancelled": _("Cette partie a été annulée."),
        "stakes": _("Enjeu : %(win)s / %(loss)s"),
        "confirm_leave": _("Quitter la partie ? Vous la perdez par forfait."),
        "rematch": {
            "waiting": _("Revanche proposée : en attente de la réponse de votre adversaire…"),
            "received": _("%(name)s vous propose une revanche."),
            "accepted": _("Revanche acceptée : la nouvelle partie commence."),
            "declined": _("Revanche refusée."),
            "expired": _("La proposition de revanche a expiré."),
            "gone": _("Votre adversaire a quitté la table : pas de revanche possible."),
        },
        "rules": {
            "must_beat": _("Vous devez monter %(suit)s : %(cards)s."),
            "must_follow_suit": _("Vous devez fournir %(suit)s : %(cards)s."),
            "must_trump": _("Vous devez couper (atout %(suit)s) : %(cards)s."),
            "not_your_turn": _("Ce n'est pas à vous de jouer."),
            "wrong_phase": _("Ce n'est pas le moment de cette annonce."),
            "card_not_available": _("Cette carte n'est pas disponible."),
            "surbuque_not_allowed": _(
                "Sur-buque impossible : la donne est roulée et compte déjà double (30–30)."
            ),
            "roll_required": _("Cette donne doit être roulée."),
            "malformed": _("Message mal formé."),
        },
        "or": _("ou"),
        "errors": {code: str(message) for code, message in APP_ERROR_MESSAGES.items()},
    }


def table(request: HttpRequest, game_id: int) -> HttpResponse:
    now = timezone.now()
    services.game_enforce_deadlines(now=now, game_ids=[game_id])
    try:
        game = selectors.game_get(game_id=game_id)
    except GameError:
        raise Http404 from None
    seat = selectors.game_seat_for_user(game=game, user=request.user)
    frame = selectors.game_frame(game=game, seat=seat, now=now)
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "seat": seat,
            "frame": frame,
            "stakes": frame["game"]["stakes"],
            "table_strings": _table_strings(request.user),
        },
    )


@login_required
@require_POST
def table_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        services.game_leave(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
    return redirect("games:table", game_id=game_id)


def record(request: HttpRequest, game_id: int) -> HttpResponse:
    services.game_enforce_deadlines(now=timezone.now(), game_ids=[game_id])
    try:
        game = selectors.game_get(game_id=game_id)
    except GameError:
        raise Http404 from None
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED) or game.state is None:
        raise Http404
    if not game.is_finished:
        # game-record.md, Exporting: no deck order leaves the server while a game is in progress.
        return HttpResponseForbidden()
    document = {**selectors.game_record(game=game), "site": selectors.game_record_site(game=game)}
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="partie-{game.pk}.json"'
    return response


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """Watch a finished game again, step by step, from its record (the table's own drawing)."""
    services.game_enforce_deadlines(now=timezone.now(), game_ids=[game_id])
    try:
        game = selectors.game_get(game_id=game_id)
    except GameError:
        raise Http404 from None
    if not game.is_finished or game.state is None:
        raise Http404
    replay_data = selectors.game_replay_steps(game=game)
    first = replay_data["steps"][0]
    frame = {
        "type": "state",
        "version": 0,
        "game": {
            "id": game.pk,
            "status": "in_progress",
            "format": game.format,
            "is_ranked": game.is_ranked,
            "your_seat": None,
            "players": [
                {"name": name, "stars": None, "stars_label": ""} for name in replay_data["players"]
            ],
            "seconds_left": None,
            "winner_seat": None,
            "end_reason": None,
            "first_dealer_draw": None,
            "target": engine.FORMATS[game.format].target,
            "regular_deals": engine.FORMATS[game.format].regular_deal_count,
            "completed_trick": first["completed_trick"],
            "ladder_points": [],
            "can_rematch": False,
            "stakes": None,
            "record_url": reverse("games:record", args=[game.pk]),
        },
        "view": first["view"],
    }
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "seat": None,
            "frame": frame,
            "replay": replay_data,
            "stakes": None,
            "table_strings": {**_table_strings(), **_replay_strings()},
        },
    )


def _replay_strings() -> dict:
    return {
        "replay_step": _("Étape %(n)s sur %(total)s"),
        "replay_start": _("Début de la donne %(n)s"),
        "replay_action": {
            "trump": _("%(name)s choisit l'atout %(suit)s"),
            "roll": _("%(name)s roule"),
            "buque": _("%(name)s buque"),
            "surbuque": _("%(name)s sur-buque"),
            "pass": _("%(name)s passe"),
            "play": _("%(name)s joue %(card)s"),
            "forfeit": _("%(name)s perd par forfait"),
        },
    }
