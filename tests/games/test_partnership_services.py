"""The four-player tables' writes: seats, the host's rights, the start, one writer per table,
deadlines, forfeits, computer players (games/tables/services.py)."""

import random
from datetime import timedelta

import pytest

from games import engine
from games.engine.partnership import legal_plays
from games.engine.variants import variant_get
from games.errors import GameError
from games.lobby import selectors as lobby_selectors
from games.lobby import services as lobby
from games.models import Game, GameAction, Seat
from games.robots import scheduling, turns
from games.robots import services as robot_services
from games.tables import selectors as table_selectors
from games.tables import services as tables
from games.tables.selectors import member_is_busy, member_is_playing

from .partnership_helpers import (
    full_table,
    play_out,
    random_member_action,
    seat_to_act,
    state_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(make_member):
    return make_member("carol")


def seats_of(table) -> dict[int, str]:
    return dict(Seat.objects.filter(game=table).values_list("seat", "user__username"))


def test_create_seats_the_host_with_the_registry_defaults(alice, bob):
    table = tables.game_create(host=alice, variant="manille-flemish", format="boom-61")
    assert seats_of(table) == {0: "alice"}
    assert table.status == Game.Status.OPEN
    assert table.options == dict(variant_get("manille-flemish").option_defaults)
    # The options given are kept, the others take their default.
    other = tables.game_create(
        host=bob, variant="manille-flemish", format="boom-101", options={"blind": True}
    )
    assert other.options == {"blind": True, "mee_tegen": True}


@pytest.mark.parametrize(
    ("variant", "format", "options", "code"),
    [
        # Every game of the registry opens a table now (the two-player one too): only an unknown
        # game is refused.
        ("whist", "boom-101", {}, "bad_variant"),
        ("manille-flemish", "first-to-34", {}, "bad_format"),
        ("manille-french", "first-to-34", {"blind": True}, "bad_options"),
        ("manille-flemish", "boom-101", {"blind": "yes"}, "bad_options"),
    ],
)
def test_create_refuses_what_the_registry_refuses(alice, variant, format, options, code):
    with pytest.raises(GameError) as error:
        tables.game_create(host=alice, variant=variant, format=format, options=options)
    assert error.value.code == code
    assert not Game.objects.exists()


def test_a_busy_member_cannot_open_or_sit_and_a_seated_one_is_busy(alice, bob, carol):
    lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    with pytest.raises(GameError, match="already_in_game"):
        tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    table = tables.game_create(host=bob, variant="manille-french", format="first-to-34")
    with pytest.raises(GameError, match="already_in_game"):
        tables.game_seat_take(game_id=table.pk, user=alice, seat=1)
    # Seated at an open table, Carol is busy for the two-player room and the computer games.
    tables.game_seat_take(game_id=table.pk, user=carol, seat=2)
    assert member_is_busy(user=carol)
    with pytest.raises(GameError, match="already_in_game"):
        lobby.game_open(user=carol, format="first-to-71", is_ranked=False)
    with pytest.raises(GameError, match="already_in_game"):
        robot_services.computer_game_start(user=carol, level="facile", format="first-to-71")
    with pytest.raises(GameError, match="already_in_game"):
        tables.game_create(host=carol, variant="manille-flemish", format="boom-101")
    assert member_is_playing(user_id=carol.pk)
    tables.game_seat_leave(game_id=table.pk, user=carol)
    assert not member_is_busy(user=carol)


def test_seats_are_taken_once_moved_and_left(alice, bob, carol):
    table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=2)
    with pytest.raises(GameError, match="seat_taken"):
        tables.game_seat_take(game_id=table.pk, user=carol, seat=2)
    with pytest.raises(GameError, match="bad_seat"):
        tables.game_seat_take(game_id=table.pk, user=carol, seat=4)
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)  # a move, not a second seat
    assert seats_of(table) == {0: "alice", 1: "bob"}
    with pytest.raises(GameError, match="host_cannot_leave"):
        tables.game_seat_leave(game_id=table.pk, user=alice)
    with pytest.raises(GameError, match="not_seated"):
        tables.game_seat_leave(game_id=table.pk, user=carol)
    tables.game_seat_leave(game_id=table.pk, user=bob)
    assert seats_of(table) == {0: "alice"}
    table.refresh_from_db()
    # Every seat change is a version of its own (the table's frames follow it).
    assert table.version == 3
    assert GameAction.objects.filter(game=table, kind="seat").count() == 3


def test_only_the_host_fills_empties_starts_and_cancels(alice, bob):
    table = tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    for call in (
        lambda: tables.game_seat_fill(game_id=table.pk, user=bob, seat=2, level="facile"),
        lambda: tables.game_seat_empty(game_id=table.pk, user=bob, seat=2),
        lambda: tables.game_start(game_id=table.pk, user=bob),
        lambda: tables.game_cancel(game_id=table.pk, user=bob),
    ):
        with pytest.raises(GameError, match="not_host"):
            call()
    with pytest.raises(GameError, match="not_computer_seat"):
        tables.game_seat_empty(game_id=table.pk, user=alice, seat=1)
    with pytest.raises(GameError, match="bad_level"):
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=2, level="champion")
    # One computer member may take two seats of a table.
    tables.game_seat_fill(game_id=table.pk, user=alice, seat=2, level="facile")
    tables.game_seat_fill(game_id=table.pk, user=alice, seat=3, level="facile")
    tables.game_seat_empty(game_id=table.pk, user=alice, seat=3)
    assert sorted(seats_of(table)) == [0, 1, 2]


def test_start_needs_four_seats_and_deals(alice, bob):
    table = tables.game_create(host=alice, variant="manille-flemish", format="boompje-12")
    tables.game_seat_fill(game_id=table.pk, user=alice, seat=1, level="facile")
    with pytest.raises(GameError, match="table_not_full"):
        tables.game_start(game_id=table.pk, user=alice)
    tables.game_seat_take(game_id=table.pk, user=bob, seat=2)
    tables.game_seat_fill(game_id=table.pk, user=alice, seat=3, level="moyen")
    table = tables.game_start(game_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.status == Game.Status.IN_PROGRESS
    assert table.deadline is not None and table.started_at is not None
    variant = variant_get(table.variant)
    state = variant.state_from_json(table.state)
    assert str(state.phase) in ("trump", "look")
    draw_dealer = table.first_dealer_draw[-1]
    assert state.dealer in {seat for seat, _card in draw_dealer}
    with pytest.raises(GameError, match="table_not_open"):
        tables.game_seat_take(game_id=table.pk, user=bob, seat=2)
    with pytest.raises(GameError, match="table_not_open"):
        tables.game_cancel(game_id=table.pk, user=alice)


def test_a_decision_sent_twice_applies_once(alice, bob):
    table = full_table(host=alice, members=[bob])
    table.refresh_from_db()
    seat_users = {0: alice, 1: bob}
    # Let the computers play until a member is to act.
    while random_member_action(table, random.Random(1))[0] not in seat_users:
        assert turns.computer_move(game_id=table.pk, version=table.version)
        table.refresh_from_db()
    seat, action = random_member_action(table, random.Random(2))
    version = table.version
    tables.game_act(
        game_id=table.pk, user=seat_users[seat], action=action, expected_version=version
    )
    with pytest.raises(GameError, match="stale_version"):
        tables.game_act(
            game_id=table.pk, user=seat_users[seat], action=action, expected_version=version
        )
    assert GameAction.objects.filter(game=table, version=version + 1).count() == 1
    assert not GameAction.objects.filter(game=table, version=version + 2).exists()
    other = bob if seat_users[seat] == alice else alice
    with pytest.raises(GameError) as error:
        tables.game_act(
            game_id=table.pk, user=other, action={"type": "pass"}, expected_version=version + 1
        )
    assert error.value.code != "stale_version"  # judged by the engine, not played


def test_a_missed_deadline_forfeits_once(alice, bob):
    table = full_table(host=alice, members=[bob], computers=2)
    table.refresh_from_db()
    late = table.deadline + timedelta(seconds=1)
    seat = random_member_action(table, random.Random(0))[0]
    assert tables.game_enforce_deadlines(now=late) == [table.pk]
    assert tables.game_enforce_deadlines(now=late) == []
    table.refresh_from_db()
    assert table.status == Game.Status.FINISHED
    assert table.end_reason == "timeout"
    assert table.forfeit_seat == seat
    assert table.winner_team == 1 - variant_get(table.variant).team_of(seat)
    assert GameAction.objects.filter(game=table, kind="forfeit").count() == 1
    with pytest.raises(GameError, match="game_not_in_progress"):
        tables.game_act(
            game_id=table.pk, user=alice, action={"type": "pass"}, expected_version=table.version
        )


def test_a_decision_after_its_deadline_is_a_forfeit_not_a_move(alice, bob):
    table = full_table(host=alice, members=[bob], computers=2)
    table.refresh_from_db()
    with pytest.raises(GameError, match="time_over"):
        tables.game_act(
            game_id=table.pk,
            user=alice,
            action={"type": "pass"},
            expected_version=table.version,
            now=table.deadline + timedelta(seconds=1),
        )
    table.refresh_from_db()
    assert table.end_reason == "timeout"
    assert GameAction.objects.filter(game=table, kind="forfeit").count() == 1


def test_leaving_loses_the_match_for_the_team(alice, bob, carol):
    table = full_table(host=alice, members=[bob, carol], computers=1)
    tables.game_leave(game_id=table.pk, user=carol)
    table.refresh_from_db()
    assert (table.status, table.end_reason, table.forfeit_seat) == ("finished", "left", 2)
    assert table.winner_team == 1  # Carol sits at seat 2, team 0 with Alice
    assert not member_is_busy(user=alice)
    with pytest.raises(GameError, match="game_not_in_progress"):
        tables.game_leave(game_id=table.pk, user=alice)


def test_cancel_frees_everyone(alice, bob):
    table = tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=3)
    tables.game_cancel(game_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.status == Game.Status.CANCELLED
    assert not member_is_busy(user=alice) and not member_is_busy(user=bob)
    assert lobby_selectors.lobby_open_tables() == []


def test_computers_play_their_turns_and_the_record_replays(alice, settings):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, computers=3)
    table.refresh_from_db()
    table = play_out(table, rng=random.Random(3))
    assert table.status == Game.Status.FINISHED
    assert table.computer_due_at is None
    record = table_selectors.game_record(game=table)
    status, output = engine.replay_record(record)
    assert status == 0
    assert output["winner"] == table.winner_team
    variant = variant_get(table.variant)
    assert output["totals"] == list(variant.state_from_json(table.state).totals)
    # Every computer decision went through the one writer, one version each.
    versions = list(GameAction.objects.filter(game=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))


@pytest.mark.parametrize("variant", ["manille-flemish", "manille-french", "manille-parlee"])
@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_every_level_plays_a_deal_of_both_games_at_a_table(
    alice, settings, monkeypatch, caplog, level, variant
):
    from games.computer.partnership import strong

    monkeypatch.setattr(strong, "PLAYOUTS", 200)
    settings.COMPUTER_PAUSE_SCALE = 0
    format = variant_get(variant).default_format
    table = full_table(host=alice, computers=3, variant=variant, format=format, level=level)
    table = play_out(table, rng=random.Random(5), deals=1)
    _variant, state = state_of(table)
    assert state.completed_deal_count >= 1 or table.status == Game.Status.FINISHED
    # The level itself decided each turn: no fallback to the easy level was needed.
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


def test_a_computer_turn_is_due_and_an_overdue_one_is_found(alice):
    table = full_table(host=alice, computers=3)
    table.refresh_from_db()
    if table.computer_due_at is None:  # Alice is to act first: play her turn
        seat, action = random_member_action(table, random.Random(4))
        tables.game_act(game_id=table.pk, user=alice, action=action, expected_version=table.version)
        table.refresh_from_db()
    assert table.computer_due_at is not None
    late = table.computer_due_at + timedelta(seconds=scheduling.SWEEP_GRACE_SECONDS + 1)
    assert turns.computer_turns_overdue(now=late) == [(table.pk, table.version)]
    assert turns.computer_turns_sweep(now=late) == 1
    assert turns.computer_turns_overdue(now=late) == []


def test_the_scheduled_sweeper_ends_an_overdue_table(alice, bob):
    from cartomaniak.schedules import SCHEDULED_JOBS
    from games.tasks import enforce_deadlines

    # One sweeper for every table, whatever the game.
    assert "games.tasks.enforce_deadlines" in {job.task for job in SCHEDULED_JOBS}
    table = full_table(host=alice, members=[bob])
    assert enforce_deadlines() == 0
    Game.objects.filter(pk=table.pk).update(deadline=table.deadline - timedelta(hours=1))
    assert enforce_deadlines() == 1
    assert Game.objects.get(pk=table.pk).end_reason == "timeout"


def test_play_again_reseats_the_computers_around_the_member_and_starts(alice, settings):
    settings.COMPUTER_PAUSE_SCALE = 0
    finished = tables.game_create(host=alice, variant="manille-flemish", format="boompje-12")
    for seat, level in ((1, "fort"), (2, "moyen"), (3, "facile")):
        tables.game_seat_fill(game_id=finished.pk, user=alice, seat=seat, level=level)
    finished = tables.game_start(game_id=finished.pk, user=alice, rng=random.Random(2))
    with pytest.raises(GameError, match="table_not_finished"):
        tables.game_again(game_id=finished.pk, user=alice)
    tables.game_leave(game_id=finished.pk, user=alice)

    again = tables.game_again(game_id=finished.pk, user=alice, rng=random.Random(3))

    assert again.pk != finished.pk
    assert again.status == Game.Status.IN_PROGRESS
    assert (again.variant, again.format, again.options) == (
        finished.variant,
        finished.format,
        finished.options,
    )
    levels = dict(
        Seat.objects.filter(game=again, is_computer=True).values_list(
            "seat", "user__computer_level"
        )
    )
    assert levels == {1: "fort", 2: "moyen", 3: "facile"}


def test_play_again_with_members_keeps_their_places_free_around_the_new_host(
    alice, bob, carol, make_member
):
    finished = tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    tables.game_seat_take(game_id=finished.pk, user=bob, seat=1)
    tables.game_seat_take(game_id=finished.pk, user=carol, seat=2)
    tables.game_seat_fill(game_id=finished.pk, user=alice, seat=3, level="moyen")
    tables.game_start(game_id=finished.pk, user=alice, rng=random.Random(2))
    tables.game_leave(game_id=finished.pk, user=carol)
    with pytest.raises(GameError, match="not_seated"):
        tables.game_again(game_id=finished.pk, user=make_member("dave"))

    again = tables.game_again(game_id=finished.pk, user=bob)

    assert (again.status, again.host_id) == (Game.Status.OPEN, bob.pk)
    # Bob moves from seat 1 to seat 0 and everyone turns with him: the computer of seat 3 sits
    # at seat 2, opposite him as before; Alice's and Carol's places wait for them.
    computers = Seat.objects.filter(game=again, is_computer=True)
    assert dict(computers.values_list("seat", "user__computer_level")) == {2: "moyen"}
    assert set(seats_of(again)) == {0, 2}


def test_a_parlee_question_keeps_the_seats_clock_and_a_card_restarts_it(alice):
    """A question is not a move (manille-variants.md, *parlée*): the same seat still has to
    play, on the clock he had; the card he plays next gives the next seat a fresh one."""
    table = full_table(host=alice, computers=3, variant="manille-parlee")
    table.refresh_from_db()
    while seat_to_act(table) != 0:
        assert turns.computer_move(game_id=table.pk, version=table.version)
        table.refresh_from_db()
    deadline = table.deadline
    later = deadline - timedelta(seconds=60)
    tables.game_act(
        game_id=table.pk,
        user=alice,
        action={"type": "ask_count", "suit": "H"},
        expected_version=table.version,
        now=later,
    )
    table.refresh_from_db()
    assert table.deadline == deadline
    assert seat_to_act(table) == 0
    variant, state = state_of(table)
    hearts = sum(1 for card in state.deal.hands[2] if card[1] == "H")
    assert variant.player_view(state, 1)["questions"] == [
        {"seat": 0, "type": "ask_count", "suit": "H", "answer": hearts}
    ]
    with pytest.raises(GameError, match="question_limit"):
        tables.game_act(
            game_id=table.pk,
            user=alice,
            action={"type": "show"},
            expected_version=table.version,
            now=later,
        )
    card = legal_plays(state, 0)[0].card
    tables.game_act(
        game_id=table.pk,
        user=alice,
        action={"type": "play", "card": card},
        expected_version=table.version,
        now=later,
    )
    table.refresh_from_db()
    assert table.deadline > deadline
