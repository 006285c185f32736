"""A table of *Manille à trois* through the one writer: three seats, computers, the record."""

import random

import pytest

from games import engine
from games.engine.variants import variant_get
from games.models import Game, GameAction
from games.tables import selectors as table_selectors
from games.tables import services as tables

from .partnership_helpers import full_table, play_out, state_of

pytestmark = pytest.mark.django_db

VARIANT = "manille-a-trois"


@pytest.fixture
def carol(make_member):
    return make_member("carol")


@pytest.mark.parametrize("level", ["facile", "moyen", "fort"])
def test_computers_play_a_whole_match_of_a_trois_and_the_record_replays(
    alice, settings, caplog, level
):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, computers=2, variant=VARIANT, level=level)
    table.refresh_from_db()
    _variant, state = state_of(table)
    assert (len(state.deal.deck), state.removed is not None) == (30, True)

    table = play_out(table, rng=random.Random(3))

    assert table.status == Game.Status.FINISHED
    record = table_selectors.game_record(game=table)
    status, output = engine.replay_record(record)
    assert status == 0
    assert (len(record["players"]), record["options"]) == (3, {"sevens_removed": True})
    assert output["winner"] == table.winner_team
    assert output["totals"] == list(variant_get(VARIANT).state_from_json(table.state).totals)
    assert engine.verify_record(record)[0] == 0
    versions = list(GameAction.objects.filter(game=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert not [entry for entry in caplog.records if entry.levelname == "ERROR"]


def test_a_table_without_the_sevens_removed_deals_32_cards(alice, bob):
    table = tables.game_create(
        host=alice, variant=VARIANT, format="first-to-44", options={"sevens_removed": False}
    )
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    tables.game_seat_fill(game_id=table.pk, user=alice, seat=2, level="facile")
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(7))

    _variant, state = state_of(table)
    assert (len(state.deal.deck), state.removed, state.format) == (32, None, "first-to-44")


def test_leaving_a_trois_table_loses_for_the_seat_alone(alice, bob, carol):
    table = full_table(host=alice, members=[bob, carol], computers=0, variant=VARIANT)

    tables.game_leave(game_id=table.pk, user=carol)

    table.refresh_from_db()
    assert (table.status, table.end_reason, table.forfeit_seat) == ("finished", "left", 2)
    # Every total is 0: the two others are equal, nobody wins.
    assert table.winner_team is None
    # Each member's history says who lost: the two others did not.
    labels = {
        user.username: table_selectors.member_games(user=user)[0].result_label
        for user in (alice, bob, carol)
    }
    assert labels == {"alice": "Victoire", "bob": "Victoire", "carol": "Défaite"}
