import datetime as dt

import pytest
from django.core import mail

from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from rankings.models import FinalStanding, PeriodClosing, Prize, Subscription
from rankings.periods import LadderKind, period_containing
from rankings.services import (
    CLOSE_GRACE,
    ladder_game_ended,
    period_close,
    periods_close_ended,
    prizes_mark_delivered,
)
from rankings.tasks import close_ended_periods

from .conftest import MIDWEEK, finished_game, paris, subscribe

WEEK = period_containing(kind=LadderKind.WEEKLY, moment=MIDWEEK)
AFTER_WEEK = WEEK.end + dt.timedelta(minutes=5)


def _standing(user, *, points: int, wins: int, losses: int, reached_at=None) -> Subscription:
    subscription = subscribe(user)
    subscription.points = points
    subscription.wins = wins
    subscription.losses = losses
    subscription.points_reached_at = reached_at or WEEK.start
    subscription.save()
    return subscription


def _prize(place: int, kind: str = Prize.Kind.CREDITS, **fields) -> Prize:
    fields.setdefault("amount", 100 if kind == Prize.Kind.CREDITS else 0)
    fields.setdefault("description", "" if kind == Prize.Kind.CREDITS else "Un jeu de cartes")
    return Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, place=place, kind=kind, **fields
    )


def test_final_standings_follow_points_wins_losses_then_who_reached_his_points_first(
    make_member,
) -> None:
    early = make_member("early")
    late = make_member("late")
    more_wins = make_member("more_wins")
    fewer_losses = make_member("fewer_losses")
    top = make_member("top")
    _standing(late, points=10, wins=3, losses=2, reached_at=paris(2026, 6, 17, 12, 0))
    _standing(early, points=10, wins=3, losses=2, reached_at=paris(2026, 6, 16, 12, 0))
    _standing(more_wins, points=10, wins=4, losses=2)
    _standing(fewer_losses, points=10, wins=3, losses=1)
    _standing(top, points=11, wins=2, losses=9)

    closing = period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    ranked = list(
        FinalStanding.objects.filter(closing=closing)
        .order_by("rank")
        .values_list("rank", "user__username", "points", "wins", "losses")
    )
    assert ranked == [
        (1, "top", 11, 2, 9),
        (2, "more_wins", 10, 4, 2),
        (3, "fewer_losses", 10, 3, 1),
        (4, "early", 10, 3, 2),
        (5, "late", 10, 3, 2),
    ]
    assert closing.participant_count == 5
    assert closing.closed_at == AFTER_WEEK


def test_closing_records_winners_pays_credit_prizes_and_lists_the_others_to_deliver(
    make_member,
) -> None:
    first = make_member("first")
    second = make_member("second")
    third = make_member("third")
    _standing(first, points=30, wins=6, losses=0)
    _standing(second, points=20, wins=4, losses=1)
    _standing(third, points=10, wins=2, losses=2)
    credits = _prize(1, amount=150)
    item = _prize(2, Prize.Kind.ITEM, description="Un jeu de cartes dédicacé")
    money = _prize(3, Prize.Kind.MONEY, description="20 euros")

    period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    credits.refresh_from_db()
    item.refresh_from_db()
    money.refresh_from_db()
    assert (credits.winner, credits.status) == (first, Prize.Status.PAID)
    assert (item.winner, item.status) == (second, Prize.Status.TO_DELIVER)
    assert (money.winner, money.status) == (third, Prize.Status.TO_DELIVER)
    assert wallet_balance(user=first) == 150
    movement = CreditMovement.objects.get()
    assert (movement.kind, movement.cause_type, movement.cause_id) == (
        "prize",
        "prize",
        str(credits.pk),
    )
    assert wallet_balance(user=second) == 0


def test_winners_are_emailed_in_french_after_commit(
    make_member, django_capture_on_commit_callbacks
):
    first = make_member("first")
    _standing(first, points=30, wins=6, losses=0)
    _prize(1, amount=150)

    with django_capture_on_commit_callbacks(execute=True):
        period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["first@example.com"]
    assert message.subject == "Vous avez gagné un prix au classement hebdomadaire"
    assert "Vous terminez à la place n° 1 du classement hebdomadaire" in message.body
    assert "du 15/06/2026 au 21/06/2026" in message.body
    assert "Votre prix : 150 crédits." in message.body
    assert "Les crédits ont été versés sur votre compte." in message.body


def test_a_place_nobody_reached_or_held_without_playing_is_not_awarded(make_member) -> None:
    player = make_member("player")
    idle = make_member("idle")
    _standing(player, points=5, wins=1, losses=0)
    _standing(idle, points=0, wins=0, losses=0)
    second = _prize(2, amount=50)
    third = _prize(3, amount=20)

    period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    second.refresh_from_db()
    third.refresh_from_db()
    assert (second.winner, second.status) == (None, Prize.Status.NOT_AWARDED)
    assert (third.winner, third.status) == (None, Prize.Status.NOT_AWARDED)
    assert CreditMovement.objects.count() == 0


def test_closing_twice_changes_nothing_more(make_member, django_capture_on_commit_callbacks):
    first = make_member("first")
    _standing(first, points=30, wins=6, losses=0)
    _prize(1, amount=150)

    with django_capture_on_commit_callbacks(execute=True):
        closing = period_close(
            ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK
        )
        again = period_close(
            ladder_kind=LadderKind.WEEKLY,
            period_start=WEEK.start,
            now=AFTER_WEEK + dt.timedelta(days=3),
        )

    assert closing is not None
    assert again is None
    assert PeriodClosing.objects.count() == 1
    assert FinalStanding.objects.count() == 1
    assert wallet_balance(user=first) == 150
    assert len(mail.outbox) == 1


def test_a_period_that_has_not_ended_cannot_be_closed(alice) -> None:
    subscribe(alice)

    with pytest.raises(ValueError):
        period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=MIDWEEK)

    assert PeriodClosing.objects.count() == 0


def test_periods_close_ended_waits_for_the_grace_delay_then_closes_each_period_once(
    alice, bob
) -> None:
    subscribe(alice, LadderKind.WEEKLY)
    subscribe(bob, LadderKind.MONTHLY)
    next_week = subscribe(alice, LadderKind.WEEKLY, moment=WEEK.end)

    too_early = periods_close_ended(now=WEEK.end + CLOSE_GRACE - dt.timedelta(seconds=1))
    closed = periods_close_ended(now=WEEK.end + CLOSE_GRACE)
    again = periods_close_ended(now=WEEK.end + CLOSE_GRACE + dt.timedelta(hours=1))
    month_end = period_containing(kind=LadderKind.MONTHLY, moment=MIDWEEK).end
    late = periods_close_ended(now=month_end + dt.timedelta(days=40))

    assert too_early == []
    assert [(closing.ladder_kind, closing.period_start) for closing in closed] == [
        ("weekly", WEEK.start)
    ]
    assert again == []
    assert sorted((closing.ladder_kind, closing.period_start) for closing in late) == sorted(
        [("weekly", next_week.period_start), ("monthly", paris(2026, 6, 1, 0, 0))]
    )
    assert PeriodClosing.objects.count() == 3


def test_a_period_with_prizes_and_no_subscriber_is_closed_with_its_prizes_not_awarded(db):
    prize = _prize(1, amount=10)

    closings = periods_close_ended(now=AFTER_WEEK)

    prize.refresh_from_db()
    assert [closing.participant_count for closing in closings] == [0]
    assert prize.status == Prize.Status.NOT_AWARDED


def test_the_scheduled_task_closes_ended_periods(alice) -> None:
    subscribe(alice, moment=paris(2025, 1, 8, 12, 0))

    assert close_ended_periods() == 1
    assert close_ended_periods() == 0
    assert PeriodClosing.objects.get().period_start == paris(2025, 1, 6, 0, 0)


def test_frozen_standings_stay_as_they_were_at_closing(alice, bob) -> None:
    subscribe(alice)
    subscribe(bob)
    ladder_game_ended(game=finished_game(winner=alice, loser=bob))
    closing = period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    Subscription.objects.filter(user=bob).update(points=99)

    assert list(
        FinalStanding.objects.filter(closing=closing)
        .order_by("rank")
        .values_list("user__username", "points")
    ) == [("alice", 5), ("bob", 0)]


def test_marking_delivered_changes_only_prizes_to_deliver(make_member) -> None:
    first = make_member("first")
    second = make_member("second")
    operator = make_member("operator")
    _standing(first, points=30, wins=6, losses=0)
    _standing(second, points=20, wins=4, losses=0)
    credits = _prize(1, amount=10)
    item = _prize(2, Prize.Kind.ITEM)
    period_close(ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK)

    count = prizes_mark_delivered(
        prize_ids=[credits.pk, item.pk], operator=operator, now=AFTER_WEEK
    )

    credits.refresh_from_db()
    item.refresh_from_db()
    assert count == 1
    assert credits.status == Prize.Status.PAID
    assert (item.status, item.delivered_at) == (Prize.Status.DELIVERED, AFTER_WEEK)


def test_a_deactivated_member_wins_no_prize_and_gets_no_email(
    make_member, django_capture_on_commit_callbacks
) -> None:
    banned = make_member("banned")
    second = make_member("second")
    _standing(banned, points=30, wins=6, losses=0)
    _standing(second, points=20, wins=4, losses=1)
    first_prize = _prize(1, amount=150)
    second_prize = _prize(2, Prize.Kind.ITEM, description="Un jeu de cartes")
    banned.is_active = False
    banned.save(update_fields=["is_active"])

    with django_capture_on_commit_callbacks(execute=True):
        closing = period_close(
            ladder_kind=LadderKind.WEEKLY, period_start=WEEK.start, now=AFTER_WEEK
        )

    first_prize.refresh_from_db()
    second_prize.refresh_from_db()
    assert (first_prize.winner, first_prize.status) == (None, Prize.Status.NOT_AWARDED)
    assert (second_prize.winner, second_prize.status) == (second, Prize.Status.TO_DELIVER)
    assert wallet_balance(user=banned) == 0
    assert [message.to for message in mail.outbox] == [["second@example.com"]]
    # The standings stay what was played: his place is his, only the prize is withheld.
    assert list(
        FinalStanding.objects.filter(closing=closing)
        .order_by("rank")
        .values_list("user__username", flat=True)
    ) == ["banned", "second"]
