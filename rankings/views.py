"""Pages of the ladder: leaderboards (current and closed periods), *Mon classement*, subscribing.

Each page first settles overdue game deadlines, so that an idle or restarted server never shows
standings that a running-out clock has already changed (design-notes.md, *Deadlines*).
"""

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from . import selectors, services
from .forms import SubscriptionForm, period_choice_label, period_choice_value
from .models import Subscription
from .periods import KIND_SLUGS, SLUG_KINDS, LadderKind, period_containing, period_starting_on

PREVIEW_SIZE = 10
CLOSED_PERIODS_PER_PAGE = 20


def _results_settle(now: dt.datetime) -> None:
    from games.tables.services import game_enforce_deadlines

    game_enforce_deadlines(now=now)


def _period_url(period) -> str:
    return reverse(
        "rankings:leaderboard",
        kwargs={"kind": KIND_SLUGS[LadderKind(period.kind)], "day": period.start_date.isoformat()},
    )


def leaderboards(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    _results_settle(now)
    boards = []
    for kind in LadderKind.values:
        period = period_containing(kind=kind, moment=now)
        board = selectors.leaderboard_get(period=period)
        boards.append(
            {
                "board": board,
                "rows": selectors.leaderboard_rows(leaderboard=board, page=1)[:PREVIEW_SIZE],
                "url": _period_url(period),
                "is_member_on_it": selectors.leaderboard_has_member(
                    leaderboard=board, user=request.user
                ),
            }
        )
    closings_page = Paginator(selectors.closed_periods(), CLOSED_PERIODS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    prizes = selectors.prizes_by_period(closings=closings_page.object_list)
    closed = [
        {
            "closing": closing,
            "period": closing.period,
            "url": _period_url(closing.period),
            "prizes": prizes[(closing.ladder_kind, closing.period_start)],
        }
        for closing in closings_page.object_list
    ]
    return render(
        request,
        "rankings/leaderboards.html",
        {"boards": boards, "closed": closed, "closings_page": closings_page},
    )


def leaderboard(request: HttpRequest, kind: str, day: str | None = None) -> HttpResponse:
    now = timezone.now()
    ladder_kind = SLUG_KINDS.get(kind)
    if ladder_kind is None:
        raise Http404
    if day is None:
        period = period_containing(kind=ladder_kind, moment=now)
    else:
        try:
            period = period_starting_on(kind=ladder_kind, day=dt.date.fromisoformat(day))
        except ValueError:
            period = None
        if period is None or period.start > now:
            raise Http404
    _results_settle(now)
    board = selectors.leaderboard_get(period=period)
    # The member's rank costs a count down the standing index: it is computed only when he asks
    # for his position, which then opens the page that holds his row.
    if request.GET.get("moi"):
        my_rank = selectors.leaderboard_member_rank(leaderboard=board, user=request.user)
        if my_rank:
            page = selectors.page_of_rank(my_rank)
            return redirect(f"{_period_url(period)}?page={page}#rang-{my_rank}")
    try:
        page = max(1, min(int(request.GET.get("page", "1")), board.page_count))
    except ValueError:
        page = 1
    query = request.GET.get("q", "").strip()
    rows = selectors.leaderboard_rows(leaderboard=board, page=page)
    return render(
        request,
        "rankings/leaderboard.html",
        {
            "board": board,
            "period": period,
            "is_current": period.contains(now),
            "rows": rows,
            "page": page,
            "previous_page": page - 1 if page > 1 else None,
            "next_page": page + 1 if page < board.page_count else None,
            "query": query,
            "search_rows": selectors.leaderboard_search(leaderboard=board, query=query)
            if query
            else None,
            "is_member_on_it": selectors.leaderboard_has_member(
                leaderboard=board, user=request.user
            ),
            "prizes": selectors.period_prizes(period=period),
            "base_url": _period_url(period),
        },
    )


@login_required
def my_ranking(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    _results_settle(now)
    positions = []
    for position in selectors.member_positions(user=request.user, now=now):
        positions.append(
            {
                "position": position,
                "url": _period_url(position.period),
                "page": selectors.page_of_rank(position.rank) if position.rank else None,
                "ledger": selectors.member_ledger(subscription=position.subscription)
                if position.subscription
                else [],
            }
        )
    return render(
        request,
        "rankings/my_ranking.html",
        {
            "positions": positions,
            "upcoming": selectors.member_upcoming_subscriptions(user=request.user, now=now),
            "final_standings": selectors.member_final_standings(user=request.user),
        },
    )


def _subscription_choices(*, user, now: dt.datetime) -> list[tuple[str, str]]:
    taken = set(
        Subscription.objects.filter(user=user, period_end__gt=now).values_list(
            "ladder_kind", "period_start"
        )
    )
    choices = []
    for kind in LadderKind.values:
        price = services.ladder_price(ladder_kind=kind)
        for period in selectors.subscribable_periods(ladder_kind=kind, now=now):
            if (period.kind, period.start) in taken:
                continue
            choices.append((period_choice_value(period), period_choice_label(period, price=price)))
    return choices


@login_required
def subscribe(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    choices = _subscription_choices(user=request.user, now=now)
    form = SubscriptionForm(request.POST or None, choices=choices)
    if request.method == "POST" and form.is_valid():
        kind, _separator, day = form.cleaned_data["period"].partition(":")
        period = period_starting_on(kind=kind, day=dt.date.fromisoformat(day))
        try:
            services.subscription_create(
                user=request.user, ladder_kind=kind, period_start=period.start, now=now
            )
        except services.SubscriptionError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Abonnement enregistré. Bonne chance !"))
            return redirect("rankings:my_ranking")
    from accounts.selectors import wallet_balance

    return render(
        request,
        "rankings/subscribe.html",
        {
            "form": form,
            "balance": wallet_balance(user=request.user),
            "is_verified": selectors.member_has_verified_email(user=request.user),
            "upcoming": selectors.member_upcoming_subscriptions(user=request.user, now=now),
        },
    )
