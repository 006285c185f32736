"""Quitters (ladder.md, *Quitters*; learned from lichess' playban and BGA's reputation).

A member who forfeits (leaves, or lets his clock run out) 3 of his last 10 counted games is
barred from creating or joining ranked games: 15 minutes the first time, then 1 hour, then
1 day for each new bar while the previous one began less than a week before. Free games stay
open to him. A game is *counted* once finished, ranked or free, except a free game that ended
before its first deal was complete (leaving a friendly game at once harms nobody). A game
against the computer is never counted: leaving it harms nobody either (docs/computer.md).

The bar is decided when a game ends (a handler of `cartomaniak.handlers`), stored as a
`RankedPlayBan` (once per game), and checked by `games.tables.services` when a ranked game is
created or joined. Only rankable games count (`Variant.is_rankable`: the two-player game).
"""

import datetime as dt

from django.conf import settings
from django.db.models import F, Q, QuerySet
from django.utils import translation
from django.utils.translation import gettext as _

from rankings.periods import site_zone

from .engine.variants import VARIANTS
from .errors import GameError
from .models import Game, RankedPlayBan, Seat

RECENT_GAMES = 10
ABANDONS_TO_BAR = 3
BAR_DURATIONS = (dt.timedelta(minutes=15), dt.timedelta(hours=1), dt.timedelta(days=1))
# A bar that began within this time before a new one makes the new one longer.
ESCALATION_WINDOW = dt.timedelta(days=7)
FORFEIT_REASONS = (Game.EndReason.LEFT, Game.EndReason.TIMEOUT)


def _rankable_variants() -> list[str]:
    # The rule counts the games of the ranked side only (`Variant.is_rankable`), ranked or free.
    return [name for name, variant in VARIANTS.items() if variant.is_rankable]


def _counted_games(*, user_id: int) -> QuerySet:
    return (
        Game.objects.filter(
            seats__user_id=user_id,
            seats__is_computer=False,
            variant__in=_rankable_variants(),
            status=Game.Status.FINISHED,
        )
        .exclude(is_ranked=False, is_first_deal_complete=False)
        .exclude(origin=Game.Origin.COMPUTER)
    )


def _abandon_filter(user_id: int) -> Q:
    """Games the member lost by forfeit: his seat's team is not the winning one."""
    return Q(end_reason__in=FORFEIT_REASONS) & Q(
        pk__in=Seat.objects.filter(user_id=user_id, is_computer=False)
        .exclude(team=F("game__winner_team"))
        .values("game_id")
    )


def quitters_game_ended(*, game) -> None:
    """Bar the loser of a forfeited game if it makes 3 forfeits among his last 10 games.

    A handler of `cartomaniak.handlers.GAME_ENDED_HANDLERS`, inside the result's transaction.
    """
    if game.status != Game.Status.FINISHED or game.end_reason not in FORFEIT_REASONS:
        return
    if not game.is_ranked and not game.is_first_deal_complete:
        return
    if game.origin == Game.Origin.COMPUTER or game.variant not in _rankable_variants():
        return
    if game.forfeit_seat is None or game.ended_at is None:
        return
    loser = game.player_at(game.forfeit_seat)
    if loser is None or loser.is_computer:
        return
    loser_id = loser.pk
    recent_ids = list(
        _counted_games(user_id=loser_id)
        .order_by("-ended_at", "-pk")
        .values_list("pk", flat=True)[:RECENT_GAMES]
    )
    abandons = Game.objects.filter(_abandon_filter(loser_id), pk__in=recent_ids).count()
    if abandons < ABANDONS_TO_BAR:
        return
    earlier_bars = RankedPlayBan.objects.filter(
        user_id=loser_id, starts_at__gt=game.ended_at - ESCALATION_WINDOW
    ).exclude(game=game)
    duration = BAR_DURATIONS[min(earlier_bars.count(), len(BAR_DURATIONS) - 1)]
    RankedPlayBan.objects.get_or_create(
        user_id=loser_id,
        game=game,
        defaults={
            "starts_at": game.ended_at,
            "ends_at": game.ended_at + duration,
            "abandons": abandons,
            "counted_games": len(recent_ids),
        },
    )


def ranked_play_ban_current(*, user, now: dt.datetime) -> RankedPlayBan | None:
    """Return the bar that keeps the member from ranked play now, or None."""
    return (
        RankedPlayBan.objects.filter(user_id=user.pk, ends_at__gt=now).order_by("-ends_at").first()
    )


def ranked_play_ban_message(*, ban: RankedPlayBan) -> str:
    """Say why and until when, on the Paris clock, in the active language."""
    until = ban.ends_at.astimezone(site_zone())
    return _(
        "Vous avez abandonné %(abandons)d de vos %(games)d dernières parties : pas de partie "
        "classée avant le %(date)s à %(time)s (heure de Paris). "
        "Les parties libres restent ouvertes."
    ) % {
        "abandons": ban.abandons,
        # The rule's window, even for a member who has played fewer games: the rule he broke.
        "games": RECENT_GAMES,
        "date": until.strftime("%d/%m/%Y"),
        "time": until.strftime("%H:%M"),
    }


def ranked_play_check(*, user, now: dt.datetime) -> None:
    """Raise GameError("ranked_play_barred") while the member is barred from ranked play.

    The message is in the member's own language, whether he asked through a page or a socket.
    """
    ban = ranked_play_ban_current(user=user, now=now)
    if ban is None:
        return
    language = getattr(user, "preferred_language", "") or settings.LANGUAGE_CODE
    with translation.override(language):
        raise GameError("ranked_play_barred", ranked_play_ban_message(ban=ban))


def member_completion(*, user) -> tuple[int, int]:
    """Return (games completed, games counted) of the member: a forfeit he lost is not completed."""
    counted = _counted_games(user_id=user.pk)
    total = counted.count()
    return total - counted.filter(_abandon_filter(user.pk)).count(), total
