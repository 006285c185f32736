"""A table of *Manille aux enchères* (at four and at three) through the one writer: computers
play a whole match, the record replays and verifies, a seat leaving loses alone."""

import random

import pytest

from games import engine
from games.engine.variants import variant_get
from games.models import Game, GameAction
from games.tables import selectors as table_selectors
from games.tables import services as tables

from .partnership_helpers import full_table, play_out, state_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "computers", "level"),
    [
        ("manille-encheres", 3, "moyen"),
        ("manille-encheres-3", 2, "facile"),
        ("manille-encheres-3", 2, "fort"),
    ],
)
def test_computers_play_a_whole_match_of_encheres_and_the_record_replays(
    alice, settings, caplog, variant, computers, level
):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(
        host=alice, computers=computers, variant=variant, format="to-100", level=level
    )
    table.refresh_from_db()
    _variant, state = state_of(table)
    assert (state.phase, len(state.deal.deck)) == ("bid", 32 if computers == 3 else 30)

    table = play_out(table, rng=random.Random(3))

    assert table.status == Game.Status.FINISHED
    game = variant_get(variant)
    final = game.state_from_json(table.state)
    record = table_selectors.game_record(game=table)
    status, output = engine.replay_record(record)
    assert status == 0
    assert (len(record["players"]), "options" in record) == (computers + 1, False)
    assert (output["winner"], table.winner_team) == (None, None)
    assert (output["loser"], output["reached"]) == (final.loser, list(final.reached))
    assert output["totals"] == list(final.totals)
    assert game.winning_seats(final) == tuple(s for s in game.seats if s != final.loser)
    assert engine.verify_record(record)[0] == 0
    versions = list(GameAction.objects.filter(game=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert not [entry for entry in caplog.records if entry.levelname == "ERROR"]


def test_leaving_an_encheres_table_loses_for_the_seat_alone(alice, bob, make_member):
    carol = make_member("carol")
    table = full_table(
        host=alice, members=[bob, carol], computers=1, variant="manille-encheres", format="to-120"
    )

    tables.game_leave(game_id=table.pk, user=carol)

    table.refresh_from_db()
    _variant, state = state_of(table)
    assert (table.status, table.end_reason, table.forfeit_seat) == ("finished", "left", 2)
    assert (table.winner_team, state.loser, state.format) == (None, 2, "to-120")
