"""Reads of the rankings app: stakes of a game, leaderboards, a member's position and ledger.

A leaderboard page reads only the rows it shows: the live standings come from the subscription
rows in the order of their index, the closed ones from the frozen table by stored rank, and a
member's live rank is a COUNT of the rows ahead of him on that same index.
"""

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from .models import (
    STANDING_ORDER,
    FinalStanding,
    LadderPeriod,
    PeriodClosing,
    PointsEntry,
    Prize,
    Subscription,
)
from .periods import LadderKind, Period, period_containing
from .points import stake_for
from .stars import star_group

LEADERBOARD_PAGE_SIZE = 50
# A member may subscribe to the current period and to this many coming ones.
SUBSCRIBABLE_PERIODS_AHEAD = 3


def member_has_verified_email(*, user) -> bool:
    """Return whether the member's primary email is verified (ranked play requires it too)."""
    from accounts.selectors import member_is_verified

    return member_is_verified(user=user)


def subscribable_periods(*, ladder_kind: str, now: dt.datetime) -> list[Period]:
    """Return the periods of a ladder a member may subscribe to now: current, then coming."""
    period = period_containing(kind=ladder_kind, moment=now)
    periods = [period]
    for _index in range(SUBSCRIBABLE_PERIODS_AHEAD):
        period = period.next()
        periods.append(period)
    return periods


def game_stakes(*, game) -> dict | None:
    """Return what a ranked game is worth for each seat, as positive numbers of points:
    {0: {"win": points won if seat 0 wins, "loss": points lost if seat 0 loses}, 1: {...}}.

    None for a free game, or while a seat is empty. Uses the groups stored at match start, or the
    players' current groups before it starts. The floor at 0 and an early forfeit can make the
    applied change smaller.
    """
    if not game.is_ranked:
        return None
    seats = {taken.seat: taken for taken in game.seats.all()}
    if set(seats) != {0, 1}:
        return None
    stars = {
        seat: taken.stars if taken.stars is not None else taken.user.stars
        for seat, taken in seats.items()
    }
    return {
        seat: {
            "win": stake_for(winner_stars=stars[seat], loser_stars=stars[1 - seat]).won,
            "loss": stake_for(winner_stars=stars[1 - seat], loser_stars=stars[seat]).lost,
        }
        for seat in (0, 1)
    }


# --- Leaderboards -----------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    rank: int
    user_id: int
    username: str
    stars: int
    points: int
    wins: int
    losses: int


@dataclass(frozen=True)
class Leaderboard:
    period: Period
    closing: PeriodClosing | None
    total: int

    @property
    def is_closed(self) -> bool:
        return self.closing is not None

    @property
    def page_count(self) -> int:
        return max(1, -(-self.total // LEADERBOARD_PAGE_SIZE))


def leaderboard_get(*, period: Period) -> Leaderboard:
    """Return the leaderboard of a period: frozen once closed, live before."""
    closing = PeriodClosing.objects.filter(
        ladder_kind=period.kind, period_start=period.start
    ).first()
    if closing is not None:
        total = closing.participant_count
    else:
        total = (
            LadderPeriod.objects.filter(ladder_kind=period.kind, period_start=period.start)
            .values_list("participant_count", flat=True)
            .first()
        ) or 0
    return Leaderboard(period=period, closing=closing, total=total)


def _live_standings(period: Period) -> QuerySet:
    return Subscription.objects.filter(ladder_kind=period.kind, period_start=period.start)


def _rows_from_live(subscriptions, first_rank: int) -> list[StandingRow]:
    return [
        StandingRow(
            rank=first_rank + index,
            user_id=subscription.user_id,
            username=subscription.user.username,
            stars=star_group(
                wins=subscription.user.ranked_wins, losses=subscription.user.ranked_losses
            ),
            points=subscription.points,
            wins=subscription.wins,
            losses=subscription.losses,
        )
        for index, subscription in enumerate(subscriptions)
    ]


def _rows_from_final(standings) -> list[StandingRow]:
    return [
        StandingRow(
            rank=standing.rank,
            user_id=standing.user_id,
            username=standing.user.username,
            stars=star_group(wins=standing.user.ranked_wins, losses=standing.user.ranked_losses),
            points=standing.points,
            wins=standing.wins,
            losses=standing.losses,
        )
        for standing in standings
    ]


_USER_FIELDS = ("user__username", "user__ranked_wins", "user__ranked_losses")


def leaderboard_rows(*, leaderboard: Leaderboard, page: int) -> list[StandingRow]:
    """Return the rows of one page (1-based) of a leaderboard."""
    offset = (page - 1) * LEADERBOARD_PAGE_SIZE
    if leaderboard.closing is not None:
        standings = (
            FinalStanding.objects.filter(
                closing=leaderboard.closing,
                rank__gt=offset,
                rank__lte=offset + LEADERBOARD_PAGE_SIZE,
            )
            .select_related("user")
            .only("rank", "user_id", "points", "wins", "losses", *_USER_FIELDS)
            .order_by("rank")
        )
        return _rows_from_final(standings)
    # The page's ids first, from the standing index alone (an index-only scan even deep down the
    # leaderboard); then only those rows are joined to their members.
    page_ids = list(
        _live_standings(leaderboard.period)
        .order_by(*STANDING_ORDER)
        .values_list("id", flat=True)[offset : offset + LEADERBOARD_PAGE_SIZE]
    )
    subscriptions = (
        Subscription.objects.filter(pk__in=page_ids)
        .select_related("user")
        .only("user_id", "points", "wins", "losses", "points_reached_at", *_USER_FIELDS)
        .order_by(*STANDING_ORDER)
    )
    return _rows_from_live(subscriptions, first_rank=offset + 1)


def _rows_ahead(subscription: Subscription) -> list[Q]:
    """Return disjoint conditions, one per tie-break, for the rows ranked ahead of this one.

    Each is a single range of the standing index, so counting them walks only the entries
    ahead of the member; one OR of them all would make the database filter every row.
    """
    points, wins, losses = subscription.points, subscription.wins, subscription.losses
    reached_at = subscription.points_reached_at
    return [
        Q(points__gt=points),
        Q(points=points, wins__gt=wins),
        Q(points=points, wins=wins, losses__lt=losses),
        Q(points=points, wins=wins, losses=losses, points_reached_at__lt=reached_at),
        Q(
            points=points,
            wins=wins,
            losses=losses,
            points_reached_at=reached_at,
            id__lt=subscription.pk,
        ),
    ]


def subscription_rank(*, subscription: Subscription) -> int:
    """Return a member's live rank in his ladder period (1 = first)."""
    period_rows = Subscription.objects.filter(
        ladder_kind=subscription.ladder_kind, period_start=subscription.period_start
    )
    return 1 + sum(period_rows.filter(condition).count() for condition in _rows_ahead(subscription))


def leaderboard_has_member(*, leaderboard: Leaderboard, user) -> bool:
    """Return whether the member is on this leaderboard (one lookup on a unique index)."""
    if user is None or not user.is_authenticated:
        return False
    if leaderboard.closing is not None:
        return FinalStanding.objects.filter(closing=leaderboard.closing, user=user).exists()
    return _live_standings(leaderboard.period).filter(user=user).exists()


def leaderboard_member_rank(*, leaderboard: Leaderboard, user) -> int | None:
    """Return the member's rank on this leaderboard, or None if he is not on it."""
    if user is None or not user.is_authenticated:
        return None
    if leaderboard.closing is not None:
        return (
            FinalStanding.objects.filter(closing=leaderboard.closing, user=user)
            .values_list("rank", flat=True)
            .first()
        )
    subscription = _live_standings(leaderboard.period).filter(user=user).first()
    if subscription is None:
        return None
    return subscription_rank(subscription=subscription)


def page_of_rank(rank: int) -> int:
    return (rank - 1) // LEADERBOARD_PAGE_SIZE + 1


SEARCH_LIMIT = 20
RARE_NAME_LIMIT = 1000


def leaderboard_search(*, leaderboard: Leaderboard, query: str) -> list[StandingRow]:
    """Return the rows of members whose name contains `query`, by rank, at most SEARCH_LIMIT."""
    query = query.strip()
    if not query:
        return []
    if leaderboard.closing is not None:
        standings = (
            FinalStanding.objects.filter(
                closing=leaderboard.closing, user__username__icontains=query
            )
            .select_related("user")
            .order_by("rank")[:SEARCH_LIMIT]
        )
        return _rows_from_final(standings)
    subscriptions = _live_standings(leaderboard.period).select_related("user")
    # A rare name is found faster from the members (then a handful of subscriptions); a common
    # one from the standing index, which stops at the first SEARCH_LIMIT matches.
    member_ids = list(
        get_user_model()
        .objects.filter(username__icontains=query)
        .values_list("pk", flat=True)[: RARE_NAME_LIMIT + 1]
    )
    if len(member_ids) <= RARE_NAME_LIMIT:
        subscriptions = subscriptions.filter(user_id__in=member_ids)
    else:
        subscriptions = subscriptions.filter(user__username__icontains=query)
    subscriptions = subscriptions.order_by(*STANDING_ORDER)[:SEARCH_LIMIT]
    rows = []
    for subscription in subscriptions:
        rank = subscription_rank(subscription=subscription)
        rows.extend(_rows_from_live([subscription], first_rank=rank))
    return rows


def period_prizes(*, period: Period) -> list[Prize]:
    return list(
        Prize.objects.filter(ladder_kind=period.kind, period_start=period.start)
        .select_related("winner")
        .order_by("place")
    )


def closed_periods(*, ladder_kind: str | None = None) -> QuerySet:
    """Return the closed periods, newest first, each with its prizes and their winners."""
    closings = PeriodClosing.objects.order_by("-period_start", "ladder_kind")
    if ladder_kind:
        closings = closings.filter(ladder_kind=ladder_kind)
    return closings


def prizes_by_period(*, closings) -> dict[tuple[str, dt.datetime], list[Prize]]:
    keys = [(closing.ladder_kind, closing.period_start) for closing in closings]
    if not keys:
        return {}
    query = Q()
    for kind, start in keys:
        query |= Q(ladder_kind=kind, period_start=start)
    grouped: dict[tuple[str, dt.datetime], list[Prize]] = {key: [] for key in keys}
    for prize in Prize.objects.filter(query).select_related("winner").order_by("place"):
        grouped[(prize.ladder_kind, prize.period_start)].append(prize)
    return grouped


# --- A member's own ranking -------------------------------------------------------------------


@dataclass(frozen=True)
class MemberPosition:
    period: Period
    subscription: Subscription | None
    rank: int | None
    total: int


def member_positions(*, user, now: dt.datetime) -> list[MemberPosition]:
    """Return the member's place in the current weekly and monthly periods."""
    positions = []
    for kind in LadderKind.values:
        period = period_containing(kind=kind, moment=now)
        subscription = Subscription.objects.filter(
            user=user, ladder_kind=kind, period_start=period.start
        ).first()
        rank = subscription_rank(subscription=subscription) if subscription else None
        total = leaderboard_get(period=period).total if subscription else 0
        positions.append(
            MemberPosition(period=period, subscription=subscription, rank=rank, total=total)
        )
    return positions


def member_ledger(*, subscription: Subscription, limit: int = 100) -> list[PointsEntry]:
    """Return the member's points movements in one subscription, newest first."""
    return list(
        PointsEntry.objects.filter(subscription=subscription)
        .select_related("opponent")
        .order_by("-id")[:limit]
    )


def member_upcoming_subscriptions(*, user, now: dt.datetime) -> list[Subscription]:
    return list(
        Subscription.objects.filter(user=user, period_start__gt=now).order_by(
            "period_start", "ladder_kind"
        )
    )


def member_final_standings(*, user, limit: int = 20) -> list[FinalStanding]:
    """Return the member's final places in closed periods, newest first."""
    return list(
        FinalStanding.objects.filter(user=user)
        .select_related("closing")
        .order_by("-closing__period_start")[:limit]
    )
