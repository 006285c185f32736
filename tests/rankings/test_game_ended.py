import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from games.models import Game, Seat
from rankings.models import PointsEntry, RecordEntry, Subscription
from rankings.periods import LadderKind
from rankings.services import ladder_game_ended

from .conftest import finished_game, paris, subscribe

User = get_user_model()

# (winner wins, winner losses) and (loser ...) giving each group, all time.
RECORD_OF_GROUP = {1: (0, 0), 2: (15, 9), 3: (200, 100)}


def _record(user) -> tuple[int, int]:
    user = User.objects.get(pk=user.pk)
    return user.ranked_wins, user.ranked_losses


@pytest.mark.parametrize(
    ("winner_stars", "loser_stars", "won", "lost"),
    [
        (1, 1, 5, 3),
        (1, 2, 6, 4),
        (1, 3, 7, 5),
        (2, 1, 4, 2),
        (2, 2, 5, 3),
        (2, 3, 6, 4),
        (3, 1, 3, 1),
        (3, 2, 4, 2),
        (3, 3, 5, 3),
    ],
)
def test_every_cell_of_the_points_matrix(
    make_member, winner_stars: int, loser_stars: int, won: int, lost: int
) -> None:
    wins, losses = RECORD_OF_GROUP[winner_stars]
    winner = make_member("winner", wins=wins, losses=losses)
    wins, losses = RECORD_OF_GROUP[loser_stars]
    loser = make_member("loser", wins=wins, losses=losses)
    winner_subscription = subscribe(winner, points=20)
    loser_subscription = subscribe(loser, points=20)
    game = finished_game(winner=winner, loser=loser)

    ladder_game_ended(game=game)

    winner_subscription.refresh_from_db()
    loser_subscription.refresh_from_db()
    assert (winner_subscription.points, winner_subscription.wins) == (20 + won, 1)
    assert (loser_subscription.points, loser_subscription.losses) == (20 - lost, 1)
    entries = {entry.user_id: entry for entry in PointsEntry.objects.filter(game=game)}
    assert (entries[winner.pk].delta, entries[winner.pk].nominal_delta) == (won, won)
    assert (entries[loser.pk].delta, entries[loser.pk].nominal_delta) == (-lost, -lost)
    assert (entries[winner.pk].stars, entries[winner.pk].opponent_stars) == (
        winner_stars,
        loser_stars,
    )
    assert entries[loser.pk].opponent_id == winner.pk
    assert winner_subscription.points_reached_at == game.ended_at


def test_points_never_go_below_zero_and_the_applied_delta_is_recorded(alice, bob) -> None:
    subscribe(alice)
    bob_subscription = subscribe(bob, points=1)
    game = finished_game(winner=alice, loser=bob)  # 1 star against 1 star: -3 for bob

    ladder_game_ended(game=game)

    bob_subscription.refresh_from_db()
    entry = PointsEntry.objects.get(game=game, user=bob)
    assert bob_subscription.points == 0
    assert (entry.nominal_delta, entry.delta, entry.points_after) == (-3, -1, 0)
    assert bob_subscription.losses == 1


def test_a_loss_at_zero_leaves_zero_and_keeps_the_time_the_points_were_reached(alice, bob) -> None:
    subscribe(alice)
    bob_subscription = subscribe(bob)
    reached_before = bob_subscription.points_reached_at
    game = finished_game(winner=alice, loser=bob)

    ladder_game_ended(game=game)

    bob_subscription.refresh_from_db()
    assert bob_subscription.points == 0
    assert bob_subscription.points_reached_at == reached_before
    assert PointsEntry.objects.get(game=game, user=bob).delta == 0


def test_groups_are_those_stored_at_match_start_even_when_the_match_crosses_a_threshold(
    make_member,
) -> None:
    # 19 games: one star. This 20th game makes the winner 3 stars (20 wins, 0 losses), but the
    # points use the groups stored when the match started.
    winner = make_member("rising", wins=19, losses=0)
    loser = make_member("steady", wins=200, losses=100)
    winner_subscription = subscribe(winner)
    loser_subscription = subscribe(loser, points=10)
    game = finished_game(winner=winner, loser=loser, winner_stars=1, loser_stars=3)

    ladder_game_ended(game=game)

    winner.refresh_from_db()
    winner_subscription.refresh_from_db()
    loser_subscription.refresh_from_db()
    assert winner.stars == 3
    assert winner_subscription.points == 7
    assert loser_subscription.points == 5


def test_a_game_without_stored_groups_uses_the_record_before_the_game(make_member) -> None:
    winner = make_member("rising", wins=19, losses=0)
    loser = make_member("steady", wins=200, losses=100)
    winner_subscription = subscribe(winner)
    game = finished_game(winner=winner, loser=loser)
    Seat.objects.filter(game=game).update(stars=None)
    game.refresh_from_db()

    ladder_game_ended(game=game)

    winner_subscription.refresh_from_db()
    assert winner_subscription.points == 7


def test_the_record_counts_every_ranked_game_even_without_subscription(alice, bob) -> None:
    game = finished_game(winner=alice, loser=bob)

    ladder_game_ended(game=game)

    assert _record(alice) == (1, 0)
    assert _record(bob) == (0, 1)
    assert PointsEntry.objects.count() == 0
    assert set(RecordEntry.objects.values_list("user_id", "outcome")) == {
        (alice.pk, "win"),
        (bob.pk, "loss"),
    }


@pytest.mark.parametrize("end_reason", [Game.EndReason.TIMEOUT, Game.EndReason.LEFT])
@pytest.mark.parametrize("winner_seat", [0, 1])
def test_forfeit_before_the_end_of_the_first_deal_gives_the_winner_nothing(
    alice, bob, end_reason: str, winner_seat: int
) -> None:
    alice_subscription = subscribe(alice, points=10)
    bob_subscription = subscribe(bob, points=10)
    game = finished_game(
        winner=alice,
        loser=bob,
        end_reason=end_reason,
        is_first_deal_complete=False,
        winner_seat=winner_seat,
    )

    ladder_game_ended(game=game)

    alice_subscription.refresh_from_db()
    bob_subscription.refresh_from_db()
    # The loser loses his points and his loss is recorded...
    assert (bob_subscription.points, bob_subscription.losses) == (7, 1)
    assert _record(bob) == (0, 1)
    # ...the winner gains nothing and gets no win.
    assert (alice_subscription.points, alice_subscription.wins) == (10, 0)
    assert _record(alice) == (0, 0)
    alice_entry = PointsEntry.objects.get(game=game, user=alice)
    assert (alice_entry.outcome, alice_entry.delta) == ("uncounted_win", 0)
    assert RecordEntry.objects.get(game=game, user=alice).outcome == "uncounted_win"


def test_forfeit_after_the_first_deal_counts_as_a_normal_win(alice, bob) -> None:
    alice_subscription = subscribe(alice)
    game = finished_game(
        winner=alice, loser=bob, end_reason=Game.EndReason.TIMEOUT, is_first_deal_complete=True
    )

    ladder_game_ended(game=game)

    alice_subscription.refresh_from_db()
    assert (alice_subscription.points, alice_subscription.wins) == (5, 1)
    assert _record(alice) == (1, 0)


def test_a_free_game_changes_nothing(alice, bob) -> None:
    alice_subscription = subscribe(alice, points=4)
    game = finished_game(winner=alice, loser=bob, is_ranked=False)

    ladder_game_ended(game=game)

    alice_subscription.refresh_from_db()
    assert alice_subscription.points == 4
    assert _record(alice) == (0, 0)
    assert _record(bob) == (0, 0)
    assert RecordEntry.objects.count() == 0
    assert PointsEntry.objects.count() == 0


def test_a_game_still_in_progress_changes_nothing(alice, bob) -> None:
    game = finished_game(winner=alice, loser=bob)
    game.status = Game.Status.IN_PROGRESS

    ladder_game_ended(game=game)

    assert RecordEntry.objects.count() == 0
    assert _record(alice) == (0, 0)


def test_a_game_ending_on_monday_at_00_00_30_counts_for_the_new_week(alice, bob) -> None:
    sunday = paris(2026, 6, 21, 23, 58)
    monday = paris(2026, 6, 22, 0, 0, 30)
    old_week = subscribe(alice, moment=sunday)
    new_week = subscribe(alice, moment=monday)
    game = finished_game(winner=alice, loser=bob, ended_at=monday)

    ladder_game_ended(game=game)

    old_week.refresh_from_db()
    new_week.refresh_from_db()
    assert old_week.points == 0
    assert new_week.points == 5
    assert PointsEntry.objects.get(game=game).period_start == paris(2026, 6, 22, 0, 0)


def test_one_player_subscribed_and_the_other_not(alice, bob) -> None:
    alice_subscription = subscribe(alice)
    game = finished_game(winner=bob, loser=alice)

    ladder_game_ended(game=game)

    alice_subscription.refresh_from_db()
    assert alice_subscription.points == 0
    assert alice_subscription.losses == 1
    assert list(PointsEntry.objects.values_list("user_id", "delta")) == [(alice.pk, 0)]
    assert _record(bob) == (1, 0)
    assert Subscription.objects.filter(user=bob).count() == 0


def test_weekly_only_and_monthly_only_subscribers(alice, bob) -> None:
    alice_weekly = subscribe(alice, LadderKind.WEEKLY, points=10)
    bob_monthly = subscribe(bob, LadderKind.MONTHLY, points=10)
    game = finished_game(winner=alice, loser=bob)

    ladder_game_ended(game=game)

    alice_weekly.refresh_from_db()
    bob_monthly.refresh_from_db()
    assert alice_weekly.points == 15
    assert bob_monthly.points == 7
    assert sorted(PointsEntry.objects.values_list("user_id", "ladder_kind", "delta")) == sorted(
        [(alice.pk, "weekly", 5), (bob.pk, "monthly", -3)]
    )


def test_both_ladders_move_for_a_member_subscribed_to_both(alice, bob) -> None:
    weekly = subscribe(alice, LadderKind.WEEKLY)
    monthly = subscribe(alice, LadderKind.MONTHLY, points=30)
    game = finished_game(winner=alice, loser=bob)

    ladder_game_ended(game=game)

    weekly.refresh_from_db()
    monthly.refresh_from_db()
    assert (weekly.points, monthly.points) == (5, 35)


def test_a_subscription_for_another_period_is_untouched(alice, bob) -> None:
    next_week = subscribe(alice, moment=paris(2026, 6, 24, 12, 0))
    game = finished_game(winner=alice, loser=bob, ended_at=paris(2026, 6, 17, 12, 0))

    ladder_game_ended(game=game)

    next_week.refresh_from_db()
    assert next_week.points == 0
    assert PointsEntry.objects.count() == 0


def test_calling_the_hook_twice_applies_the_game_once(alice, bob) -> None:
    alice_subscription = subscribe(alice)
    subscribe(alice, LadderKind.MONTHLY)
    subscribe(bob, points=9)
    game = finished_game(winner=alice, loser=bob)

    ladder_game_ended(game=game)
    ladder_game_ended(game=game)
    ladder_game_ended(game=Game.objects.get(pk=game.pk))

    alice_subscription.refresh_from_db()
    assert alice_subscription.points == 5
    assert alice_subscription.wins == 1
    assert PointsEntry.objects.filter(game=game).count() == 3
    assert _record(alice) == (1, 0)
    assert _record(bob) == (0, 1)


def test_end_time_is_used_not_the_time_of_the_call(alice, bob) -> None:
    subscribe(alice, moment=paris(2026, 6, 10, 12, 0))
    game = finished_game(winner=alice, loser=bob, ended_at=paris(2026, 6, 10, 12, 0))

    ladder_game_ended(game=game)

    entry = PointsEntry.objects.get(game=game)
    assert entry.game_ended_at == paris(2026, 6, 10, 12, 0)
    assert entry.period_start == paris(2026, 6, 8, 0, 0)
    assert entry.game_ended_at - entry.period_start == dt.timedelta(days=2, hours=12)
