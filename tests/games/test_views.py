import json
import random
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import engine
from games.lobby import selectors as lobby_selectors
from games.lobby import services as lobby
from games.models import Game, GameAction
from games.tables import selectors as table_selectors
from games.tables import services as tables
from tests.games.partnership_helpers import play_out
from tests.games.test_services import play_to_end, start_game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_lobby_needs_a_login(db):
    response = Client().get(reverse("games:lobby"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_lobby_lists_open_games_and_the_create_form(alice, bob):
    lobby.game_open(user=bob, format="six-deals", is_ranked=True)

    response = logged_in(alice).get(reverse("games:lobby"))

    page = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Salle d'attente</h1>" in page
    assert "bob" in page
    assert "6 donnes" in page
    assert "classée" in page
    assert 'action="/salle/creer/"' in page


def test_create_join_and_cancel_work_with_plain_forms(alice, bob, make_member):
    carol = make_member("carol")
    alice_client = logged_in(alice)

    created = alice_client.post(reverse("games:create"), {"format": "first-to-71"})
    game = Game.objects.get(host=alice)
    cancelled = logged_in(carol).post(reverse("games:cancel", args=[game.pk]))
    joined = logged_in(bob).post(reverse("games:join", args=[game.pk]))

    game.refresh_from_db()
    assert created.status_code == 302
    assert created["Location"] == reverse("games:lobby")
    assert cancelled.status_code == 302
    assert joined["Location"] == reverse("games:table", args=[game.pk])
    assert game.status == Game.Status.IN_PROGRESS
    assert game.is_ranked is False


def test_a_member_with_a_game_sees_a_link_to_it(alice):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)

    page = logged_in(alice).get(reverse("games:lobby")).content.decode()

    assert f'href="/parties/{game.pk}/"' in page
    assert "une seule à la fois" in page


def test_table_shows_only_the_players_own_hand(alice, bob):
    game = start_game(alice, bob)
    state = game.state["deal"]

    alice_page = logged_in(alice).get(reverse("games:table", args=[game.pk])).content.decode()
    spectator_page = Client().get(reverse("games:table", args=[game.pk])).content.decode()

    alice_frame = json.loads(
        alice_page.split('id="initial-frame" type="application/json">')[1].split("</script>")[0]
    )
    spectator_frame = json.loads(
        spectator_page.split('id="initial-frame" type="application/json">')[1].split("</script>")[0]
    )
    assert alice_frame["view"]["hand"] == sorted(state["hands"][0], key=engine.CARDS.index)
    assert alice_frame["game"]["your_seat"] == 0
    assert spectator_frame["view"]["hand"] == []
    assert spectator_frame["game"]["your_seat"] is None
    assert 0 < alice_frame["game"]["seconds_left"] <= 180


def test_unknown_table_is_404(db):
    assert Client().get(reverse("games:table", args=[999])).status_code == 404


def test_record_is_only_for_finished_games(alice, bob):
    open_game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    client = logged_in(alice)
    assert client.get(reverse("games:record", args=[open_game.pk])).status_code == 404
    game = lobby.game_join(game_id=open_game.pk, user=bob)
    assert client.get(reverse("games:record", args=[game.pk])).status_code == 403
    assert client.get(reverse("games:record", args=[12345])).status_code == 404

    tables.game_leave(game_id=game.pk, user=alice)
    response = client.get(reverse("games:record", args=[game.pk]))

    record = json.loads(response.content)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="partie-{game.pk}.json"'
    assert record["variant"] == "manille-2p"
    assert record["players"] == ["alice", "bob"]
    assert record["end"] == {"type": "forfeit", "seat": 0, "reason": "left"}
    game.refresh_from_db()
    assert record["site"] == {
        "game_id": game.pk,
        "started_at": game.started_at.isoformat(),
        "ended_at": game.ended_at.isoformat(),
        "ranked": False,
    }


def test_downloaded_record_replays_to_the_same_result(alice, bob, tmp_path: Path):
    game = play_to_end(start_game(alice, bob), random.Random(21))
    response = logged_in(alice).get(reverse("games:record", args=[game.pk]))
    path = tmp_path / "partie.json"
    path.write_bytes(response.content)

    replay = subprocess.run(
        [sys.executable, "manage.py", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        check=False,
    )

    document = json.loads(replay.stdout)
    state = engine.state_from_json(game.state)
    # The site's metadata rides along in the file; replay ignores it.
    assert json.loads(response.content)["site"]["game_id"] == game.pk
    assert replay.returncode == 0
    assert document["ok"] is True
    assert document["finished"] is True
    assert document["winner"] == game.winner_seat
    assert document["totals"] == list(state.totals)


def test_forfeit_record_replays_with_its_end(alice, bob):
    game = start_game(alice, bob)
    tables.game_enforce_deadlines(now=game.deadline.replace(year=game.deadline.year + 1))
    game.refresh_from_db()

    response = logged_in(bob).get(reverse("games:record", args=[game.pk]))
    status, document = engine.replay_record(response.content.decode())

    assert status == 0
    assert document["finished"] is True
    assert document["winner"] == game.winner_seat
    assert document["end"]["reason"] == "timeout"


def test_leave_button_posts_a_forfeit(alice, bob):
    game = start_game(alice, bob)

    response = logged_in(bob).post(reverse("games:leave", args=[game.pk]))

    game.refresh_from_db()
    assert response.status_code == 302
    assert game.end_reason == "left"
    assert game.winner_seat == 0


def test_table_page_settles_an_overdue_deadline_first(alice, bob):
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(deadline=game.started_at.replace(year=2000))

    page = Client().get(reverse("games:table", args=[game.pk])).content.decode()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.end_reason == "timeout"
    assert '"status": "finished"' in page


def test_admin_shows_a_game_read_only(alice, bob, make_member):
    game = start_game(alice, bob)
    admin = make_member("boss")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client = logged_in(admin)

    page = client.get(reverse("admin:games_game_change", args=[game.pk]))
    posted = client.post(reverse("admin:games_game_change", args=[game.pk]), {"status": "open"})

    game.refresh_from_db()
    assert page.status_code == 200
    assert "first_dealer" in page.content.decode()
    assert posted.status_code == 403
    assert game.status == Game.Status.IN_PROGRESS


def test_a_hosted_table_of_the_two_player_game_plays_against_a_computer_and_replays(alice):
    table = tables.game_create(host=alice, variant="manille-2p", format="first-to-71")
    assert (table.status, table.starts_when_full, table.player_at(0)) == ("open", False, alice)
    # Not a game waiting in the room for an opponent: the host sets it up himself.
    assert lobby_selectors.lobby_open_games() == []
    assert [entry["id"] for entry in lobby_selectors.lobby_open_tables()] == [table.pk]

    tables.game_seat_fill(game_id=table.pk, user=alice, seat=1, level="facile")
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(11))

    table = table_selectors.game_get(game_id=table.pk)
    assert table.status == Game.Status.IN_PROGRESS
    frame = table_selectors.game_frame(game=table, seat=0)
    assert (frame["game"]["variant"], frame["game"]["seat_count"]) == ("manille-2p", 2)
    assert frame["game"]["is_host"] is True and frame["game"]["starts_when_full"] is False
    assert frame["game"]["seats"][1]["name"] == "Louise (facile)"
    assert frame["game"]["seats"][1]["is_computer"] is True
    page = logged_in(alice).get(reverse("games:table", args=[table.pk]))
    assert page.status_code == 200 and page.context["layout"] == "two"

    table = play_out(table, rng=random.Random(11))

    # The computer played its own turns, through the one writer.
    assert GameAction.objects.filter(game=table, kind="action", seat=1).exists()
    assert table.status == Game.Status.FINISHED
    response = logged_in(alice).get(reverse("games:record", args=[table.pk]))
    document = json.loads(response.content)
    assert response.status_code == 200
    assert document["variant"] == "manille-2p"
    assert document["players"] == ["alice", "ordinateur-facile"]
    status, replayed = engine.replay_record(document)
    assert status == 0 and replayed["finished"] is True
    assert replayed["winner"] == table.winner_team
    assert replayed["totals"] == list(engine.state_from_json(table.state).totals)
    assert Client().get(reverse("games:replay", args=[table.pk])).status_code == 200
