"""Pages of computer games: start one from the waiting room (or "Rejouer" at the table's end).

A plain POST form (CSRF-protected) calling one service; the member lands on the table at once.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .errors import GameError
from .forms import ComputerGameForm
from .robots import computer_game_start


@login_required
@require_POST
def computer_start(request: HttpRequest) -> HttpResponse:
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
