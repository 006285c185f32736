"""A table of Manni through the one writer: three seats, computers, an exchange sent as a
person sends it, the record, the replay viewer."""

import random

import pytest
from django.urls import reverse

from games import engine
from games.models import Game, GameAction
from games.tables import selectors as table_selectors
from games.tables import services as tables

from .partnership_helpers import full_table, play_out, state_of

pytestmark = pytest.mark.django_db

VARIANT = "manni"


def test_computers_play_a_whole_match_of_manni_and_the_record_replays(
    alice, client, settings, caplog
):
    settings.COMPUTER_PAUSE_SCALE = 0
    client.force_login(alice)
    table = full_table(host=alice, computers=2, variant=VARIANT, format="manni-10")
    table.refresh_from_db()
    _variant, state = state_of(table)
    assert (len(state.deal.deck), str(state.phase)) == (52, "exchange")
    assert client.get(reverse("games:table", args=[table.pk])).status_code == 200

    table = play_out(table, rng=random.Random(3))

    assert table.status == Game.Status.FINISHED
    record = table_selectors.game_record(game=table)
    status, output = engine.replay_record(record)
    assert (status, len(record["players"]), "options" in record) == (0, 3, False)
    assert output["winner"] == table.winner_team
    assert engine.verify_record(record)[0] == 0
    steps = table_selectors.game_replay_steps(game=table)
    assert steps["is_verified"] is True
    assert steps["totals"] == output["totals"]
    for name in ("table", "replay", "record"):
        assert client.get(reverse(f"games:{name}", args=[table.pk])).status_code == 200
    versions = list(GameAction.objects.filter(game=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert not [entry for entry in caplog.records if entry.levelname == "ERROR"]


def test_a_person_exchanges_cards_of_his_choice(alice, bob, make_member):
    carol = make_member("carol")
    table = tables.game_create(host=alice, variant=VARIANT, format="manni-10")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    tables.game_seat_take(game_id=table.pk, user=carol, seat=2)
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(7))
    variant, state = state_of(table)
    users = {0: alice, 1: bob, 2: carol}
    seat = variant.seat_to_act(state)
    discards = list(state.deal.hands[seat][:3])

    tables.game_act(
        game_id=table.pk,
        user=users[seat],
        action={"type": "exchange", "cards": discards},
        expected_version=table.version,
    )

    table.refresh_from_db()
    _variant, state = state_of(table)
    assert state.deal.discards[seat] == tuple(discards)
    assert state.deal.exchanged[seat] == 3
    assert not set(discards) & set(state.deal.hands[seat])


def test_the_room_offers_a_manni_table(alice, client):
    client.force_login(alice)

    page = client.get(reverse("games:lobby"))

    assert page.status_code == 200
    assert "Premier à 10 points plus" in page.content.decode()
