"""Every game of the registry played for three or four at the one table, through its pages:
computers of each level play a whole match through the one writer, then the table's page, its
replay viewer and its record answer, and the record replays and verifies. A game added to the
registry is covered here without a line of its own."""

import random

import pytest
from django.urls import reverse

from games import engine
from games.engine.variants import VARIANTS
from games.models import Game
from games.tables import selectors as table_selectors

from .partnership_helpers import full_table, play_out

pytestmark = pytest.mark.django_db

TABLE_GAMES = [name for name, variant in VARIANTS.items() if variant.seat_count > 2]


@pytest.mark.parametrize("variant", TABLE_GAMES)
@pytest.mark.parametrize("level", ["facile", "moyen"])
def test_a_whole_match_of_every_table_game_and_its_pages(alice, client, settings, variant, level):
    settings.COMPUTER_PAUSE_SCALE = 0
    client.force_login(alice)
    # Every seat a person takes (with a dummy, three of four) but the host's.
    table = full_table(
        host=alice,
        computers=len(VARIANTS[variant].person_seats) - 1,
        variant=variant,
        format=VARIANTS[variant].default_format,
        level=level,
    )
    table = play_out(table, rng=random.Random(5))

    assert table.status == Game.Status.FINISHED
    for name in ("games:table", "games:replay"):
        assert client.get(reverse(name, args=[table.pk])).status_code == 200
    record = client.get(reverse("games:record", args=[table.pk])).json()
    # The record the page serves: the game's, with the site's own block beside it.
    assert record["site"]["game_id"] == table.pk
    assert {key: value for key, value in record.items() if key != "site"} == {
        key: value
        for key, value in table_selectors.game_record(game=table).items()
        if key != "site"
    }
    status, output = engine.replay_record(record)
    assert status == 0 and output["finished"]
    assert engine.verify_record(record)[0] == 0
    # The member's history names the game and a result.
    history = table_selectors.member_games(user=alice)[0]
    assert history.result_label in ("Victoire", "Défaite")
