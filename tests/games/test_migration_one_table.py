"""The data migration to one table for every game (games 0009–0011) carries everything over.

The database is taken back to `0008_partnership_tables`, filled through the historical models
with the two kinds of games of that time (two-player games; four-player tables with their seats
and actions), then migrated forward; the new models must hold the same games. The test leaves
the database migrated to the latest state, whatever happens.
"""

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from games.engine import CARDS, replay_record
from games.engine.variants import variant_get
from games.models import Game, GameAction, Seat
from games.robots.members import computer_member

BEFORE = [("games", "0008_partnership_tables")]
# A moment of the old site: every row keeps the dates it had.
THEN = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def played(name: str, *, format: str, options=None, seed: int, moves: int | None = None):
    """A match of `name` played at random by the engine as the old site stored it (decks dealt
    without the salts of verifiable deals) to its end, or through `moves` actions; and its
    actions."""
    variant = variant_get(name)
    rng = random.Random(seed)
    state = variant.new_match(
        first_dealer=seed % variant.seat_count, format=format, options=options
    )
    actions = []
    while not state.is_finished and (moves is None or len(actions) < moves):
        if state.is_waiting_for_deal:
            state = variant.deal_start(state, variant.shuffled_deck(rng))
            continue
        action = variant.server_action(state)
        if action is None:
            action = rng.choice(variant.legal_actions(state, variant.seat_to_act(state)))
        state = variant.apply(state, action)
        actions.append(action)
    return variant, state, actions


def migrated_to(executor: MigrationExecutor, targets) -> None:
    executor.migrate(targets)
    executor.loader.build_graph()


@pytest.fixture
def executor(transactional_db):
    executor = MigrationExecutor(connection)
    migrated_to(executor, BEFORE)
    yield executor
    # Forward again even when the test failed half-way: the next tests need today's schema.
    migrated_to(executor, executor.loader.graph.leaf_nodes())


def seats_of(game: Game) -> list[tuple]:
    return list(
        Seat.objects.filter(game=game)
        .order_by("seat")
        .values_list("seat", "team", "user_id", "is_computer", "stars")
    )


def test_the_migration_carries_every_game_and_table_over(executor, make_member) -> None:
    alice, bob, carol, dave, erin = (
        make_member(name) for name in ("alice", "bob", "carol", "dave", "erin")
    )
    strong, easy = computer_member(level="fort"), computer_member(level="facile")
    old = executor.loader.project_state(BEFORE).apps
    OldGame = old.get_model("games", "Game")
    PartnershipGame = old.get_model("games", "PartnershipGame")
    PartnershipSeat = old.get_model("games", "PartnershipSeat")
    PartnershipAction = old.get_model("games", "PartnershipAction")

    # A ranked two-player game that ended when seat 1 left, the first-dealer draw of the time.
    variant_2p, dealt, _moves = played("manille-2p", format="first-to-71", seed=4, moves=5)
    forfeited = variant_2p.forfeit(dealt, seat=1, reason="left")
    forfeited_json = variant_2p.state_to_json(forfeited)
    assert forfeited_json["forfeit"] == {"seat": 1, "reason": "left"}
    ranked = OldGame.objects.create(
        pk=41,
        creator_id=alice.pk,
        seat0_id=alice.pk,
        seat1_id=bob.pk,
        is_ranked=True,
        format="first-to-71",
        status="finished",
        state=forfeited_json,
        version=7,
        started_at=THEN,
        ended_at=THEN + timedelta(minutes=3),
        winner_seat=0,
        end_reason="left",
        seat0_stars=2,
        seat1_stars=1,
        first_dealer_draw=[[CARDS[31], CARDS[4]]],
        origin="lobby",
    )
    # A game waiting in the room for an opponent, and a game against the computer.
    waiting = OldGame.objects.create(
        creator_id=carol.pk, seat0_id=carol.pk, format="six-deals", status="open"
    )
    _variant, in_progress, _moves = played("manille-2p", format="first-to-71", seed=5, moves=3)
    against_computer = OldGame.objects.create(
        creator_id=dave.pk,
        seat0_id=dave.pk,
        seat1_id=strong.pk,
        format="first-to-71",
        status="in_progress",
        state=variant_2p.state_to_json(in_progress),
        version=3,
        seat0_stars=0,
        first_dealer_draw=[[CARDS[0], CARDS[1]], [CARDS[8], CARDS[20]]],
        origin="computer",
    )

    # A finished four-player table: three members and a computer, its actions in order.
    variant_4p, finished, moves = played(
        "manille-flemish", format="boom-61", options={"blind": True, "mee_tegen": False}, seed=6
    )
    finished_json = variant_4p.state_to_json(finished)
    draw = [[[0, CARDS[3]], [1, CARDS[11]], [2, CARDS[19]], [3, CARDS[27]]]]
    table = PartnershipGame.objects.create(
        host_id=alice.pk,
        variant="manille-flemish",
        format="boom-61",
        options={"blind": True, "mee_tegen": False},
        status="finished",
        state=finished_json,
        started_at=THEN + timedelta(minutes=10),
        ended_at=THEN + timedelta(minutes=40),
        winner_team=finished.winner,
        end_reason="points",
        first_dealer_draw=draw,
    )
    for seat, user, is_computer in ((0, alice, False), (1, bob, False), (2, strong, True)):
        PartnershipSeat.objects.create(
            game=table, seat=seat, user_id=user.pk, is_computer=is_computer
        )
    PartnershipSeat.objects.create(game=table, seat=3, user_id=carol.pk)
    rows = [
        ("seat", 1, {"event": "take", "name": "bob"}),
        ("seat", 2, {"event": "fill", "level": "fort"}),
        ("seat", 3, {"event": "take", "name": "carol"}),
        ("start", None, {"first_dealer": 6 % 4}),
        *(("action", move.seat, move.to_json()) for move in moves),
    ]
    written = []
    for version, (kind, seat, payload) in enumerate(rows, start=1):
        action = PartnershipAction.objects.create(
            game=table, version=version, kind=kind, seat=seat, payload=payload
        )
        # auto_now_add stamped them now: the old rows had their own times.
        moment = THEN + timedelta(minutes=5, seconds=version)
        PartnershipAction.objects.filter(pk=action.pk).update(created_at=moment)
        written.append((version, kind, seat, payload, moment))
    PartnershipGame.objects.filter(pk=table.pk).update(
        version=len(rows), created_at=THEN + timedelta(minutes=5)
    )
    # A table its host is still setting up: a computer seated.
    open_table = PartnershipGame.objects.create(
        host_id=erin.pk, variant="manille-french", format="first-to-34", options={}
    )
    PartnershipSeat.objects.create(game=open_table, seat=0, user_id=erin.pk)
    PartnershipSeat.objects.create(game=open_table, seat=1, user_id=easy.pk, is_computer=True)
    PartnershipGame.objects.filter(pk=open_table.pk).update(
        version=1, created_at=THEN + timedelta(hours=1)
    )

    migrated_to(executor, executor.loader.graph.leaf_nodes())

    # The two-player games keep their ids, their seats become rows, their winner a team.
    game = Game.objects.get(pk=41)
    assert game.pk == ranked.pk
    assert (game.variant, game.format, game.options) == ("manille-2p", "first-to-71", {})
    assert (game.host_id, game.is_ranked, game.status) == (alice.pk, True, "finished")
    assert seats_of(game) == [(0, 0, alice.pk, False, 2), (1, 1, bob.pk, False, 1)]
    assert (game.winner_team, game.winner_seat) == (0, 0)
    assert (game.end_reason, game.forfeit_seat) == ("left", 1)
    assert game.first_dealer_draw == [[[0, CARDS[31]], [1, CARDS[4]]]]
    assert (game.state, game.version) == (forfeited_json, 7)
    assert (game.started_at, game.ended_at) == (THEN, THEN + timedelta(minutes=3))
    assert game.legacy_table_id is None

    room_game = Game.objects.get(pk=waiting.pk)
    assert (room_game.status, room_game.starts_when_full) == ("open", True)
    assert seats_of(room_game) == [(0, 0, carol.pk, False, None)]
    assert room_game.first_dealer_draw is None
    assert (room_game.winner_team, room_game.forfeit_seat) == (None, None)

    computer_game = Game.objects.get(pk=against_computer.pk)
    assert (computer_game.origin, computer_game.starts_when_full) == ("computer", False)
    assert seats_of(computer_game) == [(0, 0, dave.pk, False, 0), (1, 1, strong.pk, True, None)]
    assert computer_game.first_dealer_draw == [
        [[0, CARDS[0]], [1, CARDS[1]]],
        [[0, CARDS[8]], [1, CARDS[20]]],
    ]

    # The four-player tables became games of their variant, their old number kept.
    moved = Game.objects.get(legacy_table_id=table.pk)
    assert moved.pk != table.pk
    assert (moved.variant, moved.format, moved.options) == (
        "manille-flemish",
        "boom-61",
        {"blind": True, "mee_tegen": False},
    )
    assert (moved.host_id, moved.is_ranked, moved.starts_when_full) == (alice.pk, False, False)
    assert (moved.status, moved.state, moved.version) == ("finished", finished_json, len(rows))
    assert (moved.winner_team, moved.end_reason, moved.forfeit_seat) == (
        finished.winner,
        "points",
        None,
    )
    assert moved.is_first_deal_complete is True
    assert moved.first_dealer_draw == draw
    assert moved.created_at == THEN + timedelta(minutes=5)
    assert (moved.started_at, moved.ended_at) == (
        THEN + timedelta(minutes=10),
        THEN + timedelta(minutes=40),
    )
    assert seats_of(moved) == [
        (0, 0, alice.pk, False, None),
        (1, 1, bob.pk, False, None),
        (2, 0, strong.pk, True, None),
        (3, 1, carol.pk, False, None),
    ]
    actions = GameAction.objects.filter(game=moved).order_by("version")
    assert [
        (action.version, action.kind, action.seat, action.payload, action.created_at)
        for action in actions
    ] == written

    still_open = Game.objects.get(legacy_table_id=open_table.pk)
    assert (still_open.variant, still_open.status) == ("manille-french", "open")
    assert (still_open.starts_when_full, still_open.state) == (False, None)
    assert still_open.created_at == THEN + timedelta(hours=1)
    assert seats_of(still_open) == [(0, 0, erin.pk, False, None), (1, 1, easy.pk, True, None)]
    assert Game.objects.count() == 5

    # The finished table's record downloads and replays to the totals of its state.
    response = Client().get(f"/parties/{moved.pk}/partie.json")
    assert response.status_code == 200
    document = response.json()
    assert document["variant"] == "manille-flemish"
    assert document["players"] == ["alice", "bob", strong.username, "carol"]
    status, output = replay_record(document)
    assert status == 0, output
    assert output["totals"] == list(variant_4p.state_from_json(moved.state).totals)
    assert output["totals"] == finished_json["totals"] == list(finished.totals)
    assert (output["finished"], output["winner"]) == (True, moved.winner_team)
    # Its old addresses lead to it.
    for old_path, new_path in (
        (f"/tables/{table.pk}/", f"/parties/{moved.pk}/"),
        (f"/tables/{table.pk}/partie.json", f"/parties/{moved.pk}/partie.json"),
        (f"/tables/{table.pk}/revoir/", f"/parties/{moved.pk}/revoir/"),
    ):
        redirect = Client().get(old_path)
        assert (redirect.status_code, redirect["Location"]) == (301, new_path)
