"""Pages of the tables: the table, leaving it, its record, its replay, *Rejouer*, and the old
addresses of the four-player tables.

The forms post to the same services as the websocket; the websocket only makes the page live.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from games import limits
from games.errors import GameError
from games.models import Game

from . import selectors, services
from .strings import table_strings


def _settled_game(game_id: int) -> Game:
    """The game, after settling its overdue decision (a page never shows a decided result as
    undecided), or 404."""
    services.game_enforce_deadlines(now=timezone.now(), game_ids=[game_id])
    try:
        return selectors.game_get(game_id=game_id)
    except GameError:
        raise Http404 from None


def table(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page of a table of any game: open (its seats), running, or finished (its result).

    Context: `game`; `frame`, the first `state` frame of this visitor (his seat's view, or a
    spectator's), exactly as the socket sends it; `table_strings`, the script's sentences.
    """
    now = timezone.now()
    game = _settled_game(game_id)
    seat = selectors.game_seat_for_user(game=game, user=request.user)
    frame = selectors.game_frame(game=game, seat=seat, now=now)
    variant = selectors.game_variant(game=game)
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "seat": seat,
            "frame": frame,
            "layout": _layout(variant.seat_count),
            "table_strings": table_strings(variant=variant, user=request.user),
        },
    )


def _layout(seat_count: int) -> str:
    """The drawing module of a number of seats (static/js/table-<layout>.js)."""
    return {2: "two", 3: "three"}.get(seat_count, "four")


@login_required
@require_POST
def table_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        services.game_leave(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def table_again(request: HttpRequest, game_id: int) -> HttpResponse:
    """*Rejouer*: the same table again, hosted by the member (`services.game_again`)."""
    try:
        limits.lobby_action_check(user=request.user)
        game = services.game_again(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)


def record(request: HttpRequest, game_id: int) -> HttpResponse:
    """Download the record of a finished game, with the site's metadata; no deck order leaves
    the server while the game is in progress (game-record.md, *Exporting*)."""
    game = _settled_game(game_id)
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED) or game.state is None:
        raise Http404
    if not game.is_finished:
        return HttpResponseForbidden()
    document = {**selectors.game_record(game=game), "site": selectors.game_record_site(game=game)}
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="partie-{game.pk}.json"'
    return response


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """Watch a finished game again, step by step, from its record, through the table's own
    drawing. Every hand is shown, so only a finished game can be watched."""
    game = _settled_game(game_id)
    if not game.is_finished or game.state is None:
        raise Http404
    variant = selectors.game_variant(game=game)
    replay_data = selectors.game_replay_steps(game=game)
    frame = selectors.game_frame(game=game, seat=None)
    first = replay_data["steps"][0]
    frame["version"] = 0
    frame["game"].update(
        status="in_progress",
        seconds_left=None,
        winner_team=None,
        winning_seats=None,
        end_reason=None,
        forfeit_seat=None,
        first_dealer_draw=None,
        dummy_draw=None,
        completed_trick=first["completed_trick"],
        can_rematch=False,
        can_play_again=False,
    )
    frame["view"] = first["view"]
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "seat": None,
            "frame": frame,
            "replay": replay_data,
            "layout": _layout(variant.seat_count),
            "table_strings": table_strings(variant=variant, user=request.user),
        },
    )


def legacy_table(request: HttpRequest, table_id: int, page: str = "") -> HttpResponse:
    """The old address of a four-player table (/tables/<n>/...): the same page of its game."""
    try:
        game = selectors.game_by_legacy_table(table_id=table_id)
    except GameError:
        raise Http404 from None
    names = {"": "games:table", "record": "games:record", "replay": "games:replay"}
    return redirect(names[page], game_id=game.pk, permanent=True)
