"""One writer per four-player table: concurrent requests land once (threads, own connections)."""

import random
from datetime import timedelta

import pytest

from games.models import Game, GameAction, Seat
from games.robots import turns
from games.tables import services as tables
from tests.games.partnership_helpers import full_table, random_member_action
from tests.games.test_concurrency import run_at_once

pytestmark = pytest.mark.django_db(transaction=True)


def members_turn(table: Game) -> Game:
    """Let the computers play until the host (seat 0) is to act."""
    table.refresh_from_db()
    while random_member_action(table, random.Random(0))[0] != 0:
        assert turns.computer_move(game_id=table.pk, version=table.version)
        table.refresh_from_db()
    return table


def test_the_same_decision_sent_twice_at_once_is_applied_once(alice):
    table = members_turn(full_table(host=alice, computers=3))
    _seat, action = random_member_action(table, random.Random(1))
    version = table.version

    def submit():
        return tables.game_act(
            game_id=table.pk, user=alice, action=action, expected_version=version
        ).version

    outcomes = run_at_once(submit, submit)

    assert sorted(outcomes, key=str) == [("error", "stale_version"), ("ok", version + 1)]
    assert GameAction.objects.filter(game=table, version=version + 1).count() == 1


def test_two_members_taking_one_seat_at_once_seat_one(alice, bob, make_member):
    carol = make_member("carol")
    table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")

    outcomes = run_at_once(
        lambda: tables.game_seat_take(game_id=table.pk, user=bob, seat=1).version,
        lambda: tables.game_seat_take(game_id=table.pk, user=carol, seat=1).version,
    )

    assert sorted(kind for kind, _ in outcomes) == ["error", "ok"]
    assert ("error", "seat_taken") in outcomes
    assert Seat.objects.filter(game=table, seat=1).count() == 1


def test_one_member_sitting_at_two_tables_at_once_gets_one_seat(alice, bob, make_member):
    carol = make_member("carol")
    first = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
    second = tables.game_create(host=bob, variant="manille-french", format="first-to-34")

    outcomes = run_at_once(
        lambda: tables.game_seat_take(game_id=first.pk, user=carol, seat=1).pk,
        lambda: tables.game_seat_take(game_id=second.pk, user=carol, seat=1).pk,
    )

    assert sorted(kind for kind, _ in outcomes) == ["error", "ok"]
    assert ("error", "already_in_game") in outcomes
    assert Seat.objects.filter(user=carol).count() == 1


def test_a_late_decision_and_the_sweeper_at_once_end_the_table_once(alice):
    table = members_turn(full_table(host=alice, computers=3))
    _seat, action = random_member_action(table, random.Random(2))
    late = table.deadline + timedelta(seconds=1)

    outcomes = run_at_once(
        lambda: (
            tables.game_act(
                game_id=table.pk,
                user=alice,
                action=action,
                expected_version=table.version,
                now=late,
            ).version
        ),
        lambda: tables.game_enforce_deadlines(now=late),
    )

    table.refresh_from_db()
    assert table.status == "finished" and table.end_reason == "timeout"
    assert GameAction.objects.filter(game=table, kind="forfeit").count() == 1
    assert ("error", "time_over") in outcomes or ("error", "game_not_in_progress") in outcomes
