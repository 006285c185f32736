"""Members' pages: public profile, own settings, credits wallet, language switch; a guest's
way in (docs/guests.md)."""

from allauth.account.adapter import get_adapter
from allauth.account.internal.decorators import login_not_required
from allauth.account.mixins import RedirectAuthenticatedUserMixin
from allauth.account.views import LoginView, SignupView
from allauth.account.views._decorators import sensitive_post_parameters_m
from allauth.decorators import rate_limit
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.errors import GameError
from games.quitters import member_completion
from games.robots.services import computer_game_start
from games.tables.selectors import member_games

from .guests import GuestLimitReached, guest_create
from .selectors import (
    member_find,
    member_is_guest,
    member_is_verified,
    wallet_balance,
    wallet_movements,
)
from .services import (
    FIRST_GAME_HINTS,
    TABLE_PREFERENCES,
    member_dismiss_hint,
    member_set_language,
    member_set_sound,
    member_set_table_preference,
)

MOVEMENTS_PER_PAGE = 50
RECENT_GAMES = 20


def profile(request: HttpRequest, username: str) -> HttpResponse:
    member = member_find(username=username)
    if member is None:
        raise Http404
    if member.username != username:
        return redirect("accounts:profile", username=member.username)
    completed, counted = member_completion(user=member)
    return render(
        request,
        "accounts/profile.html",
        {
            "member": member,
            "completed_games": completed,
            "counted_games": counted,
            "completion_percent": round(100 * completed / counted) if counted else None,
            "games": member_games(user=member, limit=RECENT_GAMES),
            "is_own_profile": request.user.is_authenticated and request.user.pk == member.pk,
        },
    )


@login_required
def account_settings(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "accounts/settings.html",
        {
            "is_verified": member_is_verified(user=request.user),
            "balance": wallet_balance(user=request.user),
            "languages": settings.LANGUAGES,
        },
    )


@login_required
def wallet(request: HttpRequest) -> HttpResponse:
    page = Paginator(wallet_movements(user=request.user), MOVEMENTS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "accounts/wallet.html",
        {"balance": wallet_balance(user=request.user), "page": page},
    )


@require_POST
def language_switch(request: HttpRequest) -> HttpResponse:
    """Set the language cookie (Django's `set_language`) and remember it on the member's account."""
    language = request.POST.get("language", "")
    if language not in {code for code, _name in settings.LANGUAGES}:
        # Django's view would accept any language it has a catalogue for; the site has two.
        return HttpResponseBadRequest()
    if request.user.is_authenticated:
        member_set_language(user=request.user, language=language)
    return set_language(request)


@login_required
@require_POST
def sound_switch(request: HttpRequest) -> HttpResponse:
    """Switch the table's sounds off (muted=1) or on (muted=0) for the member's account."""
    muted = request.POST.get("muted")
    if muted not in ("0", "1"):
        return HttpResponseBadRequest()
    member_set_sound(user=request.user, is_muted=muted == "1")
    return JsonResponse({"muted": request.user.is_sound_muted})


@login_required
@require_POST
def table_preference(request: HttpRequest) -> HttpResponse:
    """Set one of the table's switches: name (TABLE_PREFERENCES) and value 0 or 1."""
    name = request.POST.get("name")
    value = request.POST.get("value")
    if name not in TABLE_PREFERENCES or value not in ("0", "1"):
        return HttpResponseBadRequest()
    member_set_table_preference(user=request.user, name=name, value=value == "1")
    return JsonResponse({"name": name, "value": value == "1"})


@login_required
@require_POST
def hint_dismiss(request: HttpRequest) -> HttpResponse:
    """Remember that a first-game hint was seen (FIRST_GAME_HINTS): it does not come back."""
    hint = request.POST.get("hint")
    if hint not in FIRST_GAME_HINTS:
        return HttpResponseBadRequest()
    member_dismiss_hint(user=request.user, hint=hint)
    return JsonResponse({"dismissed": request.user.dismissed_hints})


# --- Guests (docs/guests.md) ------------------------------------------------------------------


def _welcoming_guests(view_class, *, action: str):
    """allauth's login or sign-up view, open to a guest too.

    allauth sends a visitor who is logged in away from these pages; a guest is logged in, yet
    he is the one they are for: he signs up in place (`AccountAdapter.new_user`) or logs into
    the account he already has. Everyone else gets allauth's own behaviour.
    """

    class GuestWelcomingView(view_class):
        # allauth's own decorators of the view's dispatch, kept as they are.
        @method_decorator(rate_limit(action=action))
        @method_decorator(login_not_required)
        @sensitive_post_parameters_m
        @method_decorator(never_cache)
        def dispatch(self, request, *args, **kwargs):
            if member_is_guest(user=request.user):
                # Past the mixin that would send him away, on to the form.
                return super(RedirectAuthenticatedUserMixin, self).dispatch(
                    request, *args, **kwargs
                )
            return RedirectAuthenticatedUserMixin.dispatch(self, request, *args, **kwargs)

    return GuestWelcomingView.as_view()


signup = _welcoming_guests(SignupView, action="signup")
login = _welcoming_guests(LoginView, action="login")

# Where the visitor goes once he is a guest: a game against the computer at once (the home
# page's button), or the waiting room (the login page's "Continuer en invité").
GUEST_DESTINATIONS = ("table", "lobby")
# A newcomer's first game: the easy computer, the two-player game's own format.
GUEST_COMPUTER_LEVEL = "facile"


@require_POST
def guest_play(request: HttpRequest) -> HttpResponse:
    """Make the visitor a guest (unless he is logged in already), then take him to a game
    against the computer or to the waiting room."""
    destination = request.POST.get("destination", "table")
    if destination not in GUEST_DESTINATIONS:
        return HttpResponseBadRequest()
    if not request.user.is_authenticated:
        try:
            guest = guest_create(address=get_adapter().get_client_ip(request))
        except GuestLimitReached:
            return render(request, "accounts/guest_refused.html", status=429)
        auth_login(request, guest, backend="django.contrib.auth.backends.ModelBackend")
    if destination == "lobby":
        return redirect("games:lobby")
    try:
        game = computer_game_start(
            user=request.user,
            level=GUEST_COMPUTER_LEVEL,
            format=variant_get(VARIANT_TWO_PLAYER).default_format,
        )
    except GameError as error:
        # A game of his in progress, most likely: the waiting room shows it and says why.
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)
