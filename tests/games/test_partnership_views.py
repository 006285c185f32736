"""The four-player tables' pages (create, table, record), their frame and the waiting room."""

import html
import json
import random

import pytest
from django.test import Client

from games import engine
from games.engine.variants import VARIANTS
from games.lobby.selectors import lobby_member_state, lobby_room, lobby_snapshot
from games.models import Game
from games.tables import selectors as table_selectors
from games.tables import services as tables

from .partnership_helpers import full_table, play_out

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_site_names_every_game_and_format_of_the_registry() -> None:
    # Every game of the registry has a table (the game is the registry's name, no fixed list):
    # the site names each game, each of its formats and each of its options.
    choices = table_selectors.variant_choices()
    assert [choice["name"] for choice in choices] == list(VARIANTS)
    for variant in VARIANTS.values():
        assert table_selectors.variant_label(variant.name) not in ("", variant.name)
        for name in variant.formats:
            assert table_selectors.format_label(variant.name, name) not in ("", name)
        labels = table_selectors.option_labels(variant.name)
        assert set(labels) == set(variant.option_defaults)
        assert all(labels.values())
    four_seats = [choice for choice in choices if choice["seat_count"] == 4]
    assert sorted(choice["name"] for choice in four_seats) == sorted(
        v.name for v in VARIANTS.values() if v.seat_count == 4
    )
    options = {key for variant in VARIANTS.values() for key in variant.option_defaults}
    assert {o["name"] for choice in choices for o in choice["options"]} == options


def test_create_opens_a_table_and_goes_to_it(alice) -> None:
    response = client_of(alice).post(
        "/tables/creer/",
        {"variant": "manille-flemish", "format": "boom-61", "blind": "on"},
    )
    table = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/parties/{table.pk}/"
    # Unchecked mee_tegen is sent as off; the French game would have received no option at all.
    assert table.options == {"blind": True, "mee_tegen": False}
    page = client_of(alice).get(response["Location"])
    assert page.status_code == 200
    frame = page.context["frame"]
    assert frame["game"]["your_seat"] == 0 and frame["game"]["is_host"] is True
    assert frame["view"] is None


def test_create_without_options_for_the_french_game(alice) -> None:
    client_of(alice).post(
        "/tables/creer/", {"variant": "manille-french", "format": "first-to-44", "blind": "on"}
    )
    assert Game.objects.get().options == {}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"variant": "manille-french", "format": "boom-101"}, "Format de partie inconnu."),
        # A table of any game of the registry may be set up (the two-player game too): only
        # the format is wrong here; a game the registry does not know is refused as such.
        ({"variant": "manille-2p", "format": "boom-101"}, "Format de partie inconnu."),
        ({"variant": "manille-belote", "format": "boom-101"}, "Jeu inconnu."),
    ],
)
def test_create_refusals_are_shown_in_the_waiting_room(alice, data, message) -> None:
    response = client_of(alice).post("/tables/creer/", data, follow=True)
    assert not Game.objects.exists()
    assert message in [str(m) for m in response.context["messages"]]


def test_create_is_rate_limited(alice, settings) -> None:
    settings.LOBBY_ACTIONS_PER_MINUTE = 0
    response = client_of(alice).post(
        "/tables/creer/", {"variant": "manille-french", "format": "first-to-34"}, follow=True
    )
    assert not Game.objects.exists()
    assert any("Trop de demandes" in str(m) for m in response.context["messages"])


def test_a_spectator_sees_the_table_without_a_hand(alice, bob) -> None:
    table = full_table(host=alice, members=[bob])
    frame = table_selectors.game_frame(game=table, seat=None)
    assert frame["view"]["hand"] == [] and frame["view"]["legal_actions"] == []
    assert frame["game"]["your_seat"] is None and frame["game"]["is_host"] is False
    assert Client().get(f"/parties/{table.pk}/").status_code == 200
    player = table_selectors.game_frame(game=table, seat=1)
    assert len(player["view"]["hand"]) == 8
    assert [seat["team"] for seat in player["game"]["seats"]] == [0, 1, 0, 1]
    assert player["game"]["seats"][1]["is_you"] is True
    assert player["game"]["seats"][2]["computer_level"] == "facile"
    assert player["game"]["seats"][2]["name"] == "Hugo (facile)"
    assert player["game"]["direction"] == "counter-clockwise"


def test_the_record_is_downloaded_once_the_table_is_over_and_replays(alice, bob) -> None:
    table = tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    assert Client().get(f"/parties/{table.pk}/partie.json").status_code == 404
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    for seat in (2, 3):
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(9))
    assert Client().get(f"/parties/{table.pk}/partie.json").status_code == 403
    table = play_out(table, rng=random.Random(9))
    response = Client().get(f"/parties/{table.pk}/partie.json")
    assert response.status_code == 200
    document = json.loads(response.content)
    assert document["players"] == ["alice", "bob", "ordinateur-facile", "ordinateur-facile"]
    assert document["site"]["game_id"] == table.pk and document["site"]["ranked"] is False
    status, output = engine.replay_record(document)
    assert status == 0 and output["winner"] == table.winner_team


def test_the_waiting_room_lists_open_and_running_tables(alice, bob, make_member) -> None:
    carol = make_member("carol")
    open_table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
    tables.game_seat_fill(game_id=open_table.pk, user=alice, seat=2, level="moyen")
    running = full_table(host=bob, computers=3)
    room = lobby_room()
    assert [t["id"] for t in room["open_tables"]] == [open_table.pk]
    entry = room["open_tables"][0]
    assert entry["host"] == "alice" and entry["url"] == f"/parties/{open_table.pk}/"
    assert entry["options"] == {"blind": False, "mee_tegen": True}
    assert [s["name"] for s in entry["seats"]] == ["alice", None, "ordinateur-moyen", None]
    assert entry["seats"][2]["computer_level"] == "moyen"
    assert set(entry) == {
        "id",
        "variant",
        "variant_label",
        "format",
        "format_label",
        "options",
        "host",
        "seats",
        "url",
    }
    assert [t["id"] for t in room["games_in_progress"]] == [running.pk]
    watched = room["games_in_progress"][0]
    assert watched["variant"] == "manille-french"
    assert [p["team"] for p in watched["players"]] == [0, 1, 0, 1]
    assert watched["players"][0] == {
        "name": "bob",
        "stars_label": "★",
        "computer_level": None,
        "team": 0,
    }
    # Members at a table are busy for the room's challenges; the computers are not.
    busy = lobby_member_state(frame=lobby_snapshot(user=carol))["busy"]
    assert busy == {"alice", "bob"}
    assert lobby_member_state(frame=lobby_snapshot(user=carol))["current_table"] is None
    own = lobby_member_state(frame=lobby_snapshot(user=alice))["current_table"]
    assert (own["id"], own["status"]) == (open_table.pk, "open")
    # A running table is one of the games in progress: the member's current game.
    bobs = lobby_member_state(frame=lobby_snapshot(user=bob))
    own = bobs["current_game"]
    assert (own["id"], own["status"]) == (running.pk, "in_progress")
    assert bobs["current_table"] is None


def test_play_again_opens_the_next_table_and_a_stranger_is_told_why_not(
    alice, bob, settings
) -> None:
    settings.COMPUTER_PAUSE_SCALE = 0
    finished = full_table(host=alice, computers=3)
    tables.game_leave(game_id=finished.pk, user=alice)

    refused = client_of(bob).post(f"/parties/{finished.pk}/rejouer/", follow=True)
    response = client_of(alice).post(f"/parties/{finished.pk}/rejouer/")

    again = Game.objects.exclude(pk=finished.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/parties/{again.pk}/"
    assert again.status == Game.Status.IN_PROGRESS
    assert "Vous n'êtes pas assis à cette partie." in html.unescape(refused.content.decode())
    assert client_of(alice).get(f"/parties/{finished.pk}/rejouer/").status_code == 405


def test_the_old_addresses_of_a_table_lead_to_its_game(alice, bob) -> None:
    table = play_out(full_table(host=alice, members=[bob]), rng=random.Random(4))
    old_id = table.pk + 1000
    Game.objects.filter(pk=table.pk).update(legacy_table_id=old_id)
    for old, new in (
        (f"/tables/{old_id}/", f"/parties/{table.pk}/"),
        (f"/tables/{old_id}/partie.json", f"/parties/{table.pk}/partie.json"),
        (f"/tables/{old_id}/revoir/", f"/parties/{table.pk}/revoir/"),
    ):
        response = Client().get(old)
        assert (response.status_code, response["Location"]) == (301, new), old
        assert Client().get(old, follow=True).status_code == 200, old
    # An old number no table had, or the game's own number, is not an old table.
    for unknown in (old_id + 1, table.pk):
        for page in ("", "partie.json", "revoir/"):
            assert Client().get(f"/tables/{unknown}/{page}").status_code == 404
