"""Site-wide pages that belong to no single app."""

import logging
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from games.engine.cards import SUIT_SYMBOLS
from games.engine.errors import MUST_BEAT, MUST_FOLLOW_SUIT, MUST_TRUMP
from games.engine.partnership.follower_examples import FOLLOWER_EXAMPLES, FollowerExample
from games.engine.tricks import trick_winner
from games.engine.variants import VARIANT_TWO_PLAYER, VARIANTS
from games.templatetags.lobby import RULES_URL_NAMES

logger = logging.getLogger(__name__)

# A database that refuses (PostgreSQL restarting, every connection taken) passes by itself: the
# visitor is asked to try again in a few seconds instead of being shown a fault of the site.
RETRY_AFTER_SECONDS = 10


def server_error(request: HttpRequest) -> HttpResponse:
    """Answer a request that raised: 503 when the database refused it, 500 for anything else.

    Django's `handler500`, called while the exception is handled. The page is drawn without the
    request's context (no member, no session): what failed may be the database itself.
    """
    error = sys.exc_info()[1]
    is_unavailable = isinstance(error, OperationalError | InterfaceError)
    try:
        text = loader.get_template("server_error.html").render({"is_unavailable": is_unavailable})
        content_type = None
    except Exception:
        # An error page that fails would leave the request unanswered, and its database
        # connection out of the pool: a plain line instead, logged.
        logger.exception("The error page failed")
        text = "Service momentanément indisponible." if is_unavailable else "Erreur du serveur."
        content_type = "text/plain; charset=utf-8"
    if not is_unavailable:
        return HttpResponse(text, status=500, content_type=content_type)
    response = HttpResponse(text, status=503, content_type=content_type)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _games_offered() -> list[dict]:
    """Every game of the registry as the home page lists it: its name, how many play it, and
    its rules page."""
    rules_url_names = {VARIANT_TWO_PLAYER: "rules", **RULES_URL_NAMES}
    return [
        {
            "label": gettext(variant.label),
            "players": ngettext("%(count)d joueur", "%(count)d joueurs", len(variant.person_seats))
            % {"count": len(variant.person_seats)},
            "rules_url": reverse(rules_url_names[variant.name]),
        }
        for variant in VARIANTS.values()
    ]


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games_offered": _games_offered()})


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "rules.html")


def rules_flemish(request: HttpRequest) -> HttpResponse:
    return render(request, "rules_flemish.html", _partnership_rules_context(has_no_trump=True))


def rules_french(request: HttpRequest) -> HttpResponse:
    # The turned-up card always names a trump: no example of a deal without one.
    return render(request, "rules_french.html", _partnership_rules_context(has_no_trump=False))


def rules_parlee(request: HttpRequest) -> HttpResponse:
    # Muette's page and examples, plus the partners' questions.
    return render(request, "rules_parlee.html", _partnership_rules_context(has_no_trump=False))


def rules_mort(request: HttpRequest) -> HttpResponse:
    # Muette's page and examples, plus the dummy.
    return render(request, "rules_mort.html", _partnership_rules_context(has_no_trump=False))


def _decision_minutes() -> dict:
    return {"decision_minutes": max(1, settings.GAME_DECISION_SECONDS // 60)}


def rules_a_trois(request: HttpRequest) -> HttpResponse:
    return render(request, "rules_a_trois.html", _decision_minutes())


def rules_encheres(request: HttpRequest) -> HttpResponse:
    return render(request, "rules_encheres.html", _decision_minutes())


def rules_manni(request: HttpRequest) -> HttpResponse:
    return render(request, "rules_manni.html", _decision_minutes())


def favicon(request: HttpRequest) -> HttpResponse:
    """Send a browser's /favicon.ico request to the site's icon (a static file)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


# --- the four-player rules pages ---------------------------------------------------------------

# The page's words for each worked example of the engine's follower_examples (by its key): the
# positions and the cards allowed come from the engine's data, only the sentence is the page's.
FOLLOWER_EXAMPLE_TEXTS = {
    "beat_the_opponents_card": gettext_lazy(
        "Un adversaire entame le 9♥ : avec le 10♥ et le 8♥, vous devez le battre."
    ),
    "beat_the_winning_card_not_the_led_card": gettext_lazy(
        "Votre partenaire entame la D♥ et un adversaire la prend avec l'A♥ : avec le 10♥ et le R♥,"
        " vous devez jouer le 10♥, le seul cœur au-dessus de l'as."
    ),
    "cannot_beat_follow_with_any": gettext_lazy(
        "Un adversaire entame le 10♥ : rien ne le bat, n'importe quel cœur convient (le 8♥ ou le"
        " 7♥)."
    ),
    "partner_winning_follow_with_any": gettext_lazy(
        "Le R♥ de votre partenaire gagne sur le 9♥ de l'adversaire : n'importe quel cœur, vous"
        " n'êtes pas obligé de monter."
    ),
    "opponent_trumped_follow_with_any": gettext_lazy(
        "Cœur demandé, un adversaire coupe avec le 7♠ : vous fournissez quand même, avec"
        " n'importe quel cœur, puisqu'aucun cœur ne peut gagner le pli."
    ),
    "trump_led_beat_it": gettext_lazy(
        "Un adversaire entame le V♠, pique étant atout : avec l'A♠ et le 7♠, vous devez jouer"
        " l'A♠ (l'atout demandé se fournit comme n'importe quelle couleur)."
    ),
    "void_partner_winning_any_card": gettext_lazy(
        "L'A♣ de votre partenaire gagne et vous n'avez pas de trèfle : n'importe quelle carte,"
        " atout ou non."
    ),
    "void_any_trump_wins": gettext_lazy(
        "Un adversaire entame l'A♠ (atout cœur) et vous n'avez pas de pique : le pli ne contient"
        " aucun atout, n'importe lequel gagnerait, vous devez donc couper, avec n'importe quel"
        " cœur."
    ),
    "void_overtrump": gettext_lazy(
        "Trèfle demandé, un adversaire a coupé avec le V♥ (atout cœur) : avec le 10♥ et le 9♥,"
        " vous devez surcouper avec le 10♥, l'atout qui gagne."
    ),
    "void_lower_trump_allowed": gettext_lazy(
        "Trèfle demandé, un adversaire a coupé avec le V♥ : avec seulement le 9♥ et le 8♥, aucun"
        " de vos atouts ne gagne, donc n'importe quelle carte, un atout plus petit compris."
    ),
    "void_overtrump_partner_overtrumped": gettext_lazy(
        "Votre partenaire a coupé avec le 9♥ et l'adversaire suivant a surcoupé avec le R♥ : avec"
        " l'A♥, vous devez le jouer pour reprendre le pli."
    ),
    "void_holding_no_trump_any_card": gettext_lazy(
        "La D♣ d'un adversaire gagne, vous n'avez ni trèfle ni atout (pique) : n'importe quelle"
        " carte."
    ),
    "void_no_trump_any_card": gettext_lazy(
        "Donne sans atout : un adversaire entame le R♣ et vous n'avez pas de trèfle : n'importe"
        " quelle carte."
    ),
}

# Why a card of the hand is refused, by the engine's error code.
REFUSAL_TEXTS = {
    MUST_FOLLOW_SUIT: gettext_lazy("il faut fournir"),
    MUST_BEAT: gettext_lazy("il faut monter"),
    MUST_TRUMP: gettext_lazy("il faut couper"),
}

SUIT_NAMES = {
    "S": gettext_lazy("pique"),
    "H": gettext_lazy("cœur"),
    "D": gettext_lazy("carreau"),
    "C": gettext_lazy("trèfle"),
}
RANK_NAMES = {
    "7": gettext_lazy("sept"),
    "8": gettext_lazy("huit"),
    "9": gettext_lazy("neuf"),
    "T": gettext_lazy("manille (10)"),
    "J": gettext_lazy("valet"),
    "Q": gettext_lazy("dame"),
    "K": gettext_lazy("roi"),
    "A": gettext_lazy("as (manillon)"),
}


def _rank_letter(rank: str) -> str:
    """Return the corner index of a rank as the reader names the courts (R, D, V in French)."""
    if rank == "K":
        return pgettext("corner index of a king", "R")
    if rank == "Q":
        return pgettext("corner index of a queen", "D")
    if rank == "J":
        return pgettext("corner index of a jack", "V")
    return "10" if rank == "T" else rank


def _card_face(card: str) -> dict:
    return {
        "code": card,
        "suit": card[1],
        "label": _rank_letter(card[0]) + SUIT_SYMBOLS[card[1]],
        "name": gettext("%(rank)s de %(suit)s")
        % {"rank": RANK_NAMES[card[0]], "suit": SUIT_NAMES[card[1]]},
        "image": static(f"cards/{card}.svg"),
    }


def _follower_example(example: FollowerExample) -> dict:
    """Return one worked example as the page draws it: the trick so far, then the hand."""
    winner = trick_winner(example.trick, example.trump)
    refused = dict(example.refused)
    return {
        "key": example.key,
        "rule": example.rule,
        "text": FOLLOWER_EXAMPLE_TEXTS[example.key],
        "trump": (
            {
                "suit": example.trump,
                "symbol": SUIT_SYMBOLS[example.trump],
                "name": SUIT_NAMES[example.trump],
            }
            if example.trump
            else None
        ),
        "trick": [
            {
                **_card_face(card),
                "is_partner": seat == 2,
                "is_lead": index == 0,
                "is_winning": seat == winner,
            }
            for index, (seat, card) in enumerate(example.trick)
        ],
        "hand": [
            {
                **_card_face(card),
                "may_play": card in example.allowed,
                "refusal": REFUSAL_TEXTS.get(refused.get(card, "")),
            }
            for card in example.hand
        ],
    }


def _partnership_rules_context(*, has_no_trump: bool) -> dict:
    return {
        "follower_examples": [
            _follower_example(example)
            for example in FOLLOWER_EXAMPLES
            if has_no_trump or example.trump is not None
        ],
        "decision_minutes": max(1, settings.GAME_DECISION_SECONDS // 60),
    }
