"""Two runners at once: threads on their own database connections (PostgreSQL or SQLite)."""

import threading

import pytest
from django.db import close_old_connections, connection

from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from games.models import Game
from rankings.models import FinalStanding, PeriodClosing, PointsEntry, Prize, RecordEntry
from rankings.periods import LadderKind, period_containing
from rankings.services import ladder_game_ended, period_close

from .conftest import MIDWEEK, finished_game, subscribe

RUNNERS = 4


def _run_at_once(function) -> list:
    """Run `function` in RUNNERS threads released together; return results or exceptions."""
    barrier = threading.Barrier(RUNNERS)
    results: list = []

    def runner() -> None:
        try:
            barrier.wait()
            results.append(function())
        except Exception as error:  # collected and asserted on by the test
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=runner) for _index in range(RUNNERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    close_old_connections()
    return results


@pytest.mark.django_db(transaction=True)
def test_a_game_ended_by_several_runners_at_once_counts_once(make_member) -> None:
    alice = make_member("alice")
    bob = make_member("bob")
    alice_weekly = subscribe(alice, LadderKind.WEEKLY)
    subscribe(alice, LadderKind.MONTHLY)
    bob_weekly = subscribe(bob, LadderKind.WEEKLY, points=10)
    game = finished_game(winner=alice, loser=bob)

    results = _run_at_once(lambda: ladder_game_ended(game=Game.objects.get(pk=game.pk)))

    assert results == [None] * RUNNERS
    assert PointsEntry.objects.filter(game=game).count() == 3
    assert RecordEntry.objects.filter(game=game).count() == 2
    alice_weekly.refresh_from_db()
    bob_weekly.refresh_from_db()
    alice.refresh_from_db()
    bob.refresh_from_db()
    assert (alice_weekly.points, alice_weekly.wins) == (5, 1)
    assert (bob_weekly.points, bob_weekly.losses) == (7, 1)
    assert (alice.ranked_wins, alice.ranked_losses) == (1, 0)
    assert (bob.ranked_wins, bob.ranked_losses) == (0, 1)


@pytest.mark.django_db(transaction=True)
def test_a_period_closed_by_several_runners_at_once_is_closed_once(make_member) -> None:
    week = period_containing(kind=LadderKind.WEEKLY, moment=MIDWEEK)
    first = make_member("first")
    second = make_member("second")
    first_subscription = subscribe(first, points=20)
    first_subscription.wins = 4
    first_subscription.save()
    second_subscription = subscribe(second, points=10)
    second_subscription.wins = 2
    second_subscription.save()
    for place, amount in ((1, 100), (2, 40)):
        Prize.objects.create(
            ladder_kind=LadderKind.WEEKLY,
            period_start=week.start,
            place=place,
            kind=Prize.Kind.CREDITS,
            amount=amount,
        )

    results = _run_at_once(
        lambda: period_close(ladder_kind=LadderKind.WEEKLY, period_start=week.start, now=week.end)
    )

    closings = [result for result in results if isinstance(result, PeriodClosing)]
    assert len(closings) == 1
    assert results.count(None) == RUNNERS - 1
    assert PeriodClosing.objects.count() == 1
    assert FinalStanding.objects.count() == 2
    assert CreditMovement.objects.filter(kind="prize").count() == 2
    assert wallet_balance(user=first) == 100
    assert wallet_balance(user=second) == 40
    assert list(Prize.objects.order_by("place").values_list("winner__username", "status")) == [
        ("first", "paid"),
        ("second", "paid"),
    ]
