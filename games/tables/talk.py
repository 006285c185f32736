"""Table talk: the preset phrases a seated member says at his table (docs/table.md, *Table
talk*; docs/protocol.md, `phrase`).

No free text: a phrase is a short code, and every reader's page shows it in its own language
(`talk_strings`, through the table's strings). A phrase is no part of the game: it is neither
stored nor replayed, only broadcast to the table's sockets once this module has allowed it.

The flood limit holds for a member, all his tables and sockets together: at most
`PHRASES_PER_WINDOW` phrases in any `WINDOW_SECONDS`. Each phrase takes one of the member's
numbered slots in the cache for the window (an atomic add, so several processes on Redis agree),
and the sixth finds none free.
"""

import math
import time
from datetime import datetime, timedelta

from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import GameError
from games.models import Game

from .selectors import game_for_player

# Code -> the French phrase, the catalogue's message id. Codes travel; readers translate.
PHRASES = {
    "bonjour": gettext_lazy("Bonjour !"),
    "bonne_chance": gettext_lazy("Bonne chance !"),
    "bien_joue": gettext_lazy("Bien joué !"),
    "bravo_partenaire": gettext_lazy("Bravo partenaire !"),
    "merci": gettext_lazy("Merci !"),
    "oups": gettext_lazy("Oups !"),
    "desole": gettext_lazy("Désolé !"),
    "plus_vite": gettext_lazy("Plus vite, s'il vous plaît ?"),
    "merci_partie": gettext_lazy("Merci pour la partie !"),
}
# Said to one's partner: offered only to a seat that has one.
PARTNER_PHRASES = ("bravo_partenaire",)

PHRASES_PER_WINDOW = 5
WINDOW_SECONDS = 10
# How long after the end of a match its table may still talk (thanks, well played).
TALK_AFTER_END = timedelta(minutes=10)


def _is_talk_open(game: Game, now: datetime) -> bool:
    if game.status in (Game.Status.OPEN, Game.Status.IN_PROGRESS):
        return True
    if game.status == Game.Status.FINISHED:
        return game.ended_at is None or now - game.ended_at <= TALK_AFTER_END
    return False


def _slot_keys(user_id: int) -> list[str]:
    return [f"talk:phrases:{user_id}:{number}" for number in range(PHRASES_PER_WINDOW)]


def phrase_slot_take(*, user_id: int, now: float) -> None:
    """Count one phrase of the member; raise GameError("talk_too_fast") beyond the limit.

    `now` is seconds on the wall clock (time.time()). A slot holds the time its phrase was said;
    the cache drops it after the window, and a slot whose time is a window old counts as free
    even while the cache still holds it (the cache's clock and ours differ by a little).
    """
    keys = _slot_keys(user_id)
    held = cache.get_many(keys)
    for key in keys:
        said_at = held.get(key)
        if said_at is None:
            if cache.add(key, now, timeout=WINDOW_SECONDS):
                return
        elif said_at <= now - WINDOW_SECONDS:
            cache.set(key, now, timeout=WINDOW_SECONDS)
            return
    oldest = min(held.values(), default=now)
    wait = max(1, math.ceil(oldest + WINDOW_SECONDS - now))
    raise GameError(
        "talk_too_fast",
        _("Trop de phrases d'affilée : attendez %(n)s s avant la suivante.") % {"n": wait},
    )


def table_phrase_say(
    *,
    game_id: int,
    user,
    phrase: object,
    now: datetime | None = None,
    clock: float | None = None,
) -> dict:
    """Allow a seated member's phrase at his table; return the frame every socket of it gets.

    Refused (GameError): an anonymous socket, a spectator, an unknown code, a table cancelled
    or finished long ago, the flood limit. Nothing is stored but the member's flood count.
    """
    game, seat = game_for_player(game_id=game_id, user=user)
    if not isinstance(phrase, str) or phrase not in PHRASES:
        raise GameError("unknown_phrase")
    if not _is_talk_open(game, now or timezone.now()):
        raise GameError("talk_closed")
    phrase_slot_take(user_id=user.pk, now=time.time() if clock is None else clock)
    return {"type": "phrase", "seat": seat, "phrase": phrase}


def talk_strings(*, user=None) -> dict:
    """The table's sentences of table talk, in the active language (table_strings' `talk`)."""
    return {
        "phrases": {code: str(label) for code, label in PHRASES.items()},
        "partner_phrases": list(PARTNER_PHRASES),
        "muted": bool(getattr(user, "is_table_talk_muted", False)),
        "open": _("Phrases"),
        "title": _("Dire à la table"),
        "mute": _("Masquer les phrases des autres"),
        "watching": _("Les spectateurs lisent les phrases sans en dire."),
        "said": _("%(name)s : %(phrase)s"),
        "preference_url": reverse("accounts:table_preference"),
    }
