"""The replay viewer's data: every position of a finished game, rebuilt from its record."""

import json
import random

from django.test import Client
from django.urls import reverse

from games import engine
from games.tables import selectors as table_selectors
from games.tables import services as tables
from tests.games.test_services import play_to_end, start_game


def test_the_viewer_steps_through_a_whole_match_to_the_totals_of_replay(alice, bob):
    game = play_to_end(start_game(alice, bob), random.Random(8))
    record = table_selectors.game_record(game=game)

    data = table_selectors.game_replay_steps(game=game)

    _status, replayed = engine.replay_record(record)
    actions = sum(len(deal["actions"]) for deal in record["deals"])
    assert len(data["steps"]) == actions + len(record["deals"])
    assert data["totals"] == replayed["totals"] == data["steps"][-1]["view"]["totals"]
    # Each deal is replay's own summary, with the totals after it and the commitment to its
    # deck published before it was dealt (checked by the server too).
    assert [
        {key: deal[key] for key in summary}
        for deal, summary in zip(data["deals"], replayed["deals"], strict=True)
    ] == replayed["deals"]
    running = [0, 0]
    for deal, deal_record in zip(data["deals"], record["deals"], strict=True):
        running = [total + score for total, score in zip(running, deal["score"], strict=True)]
        assert deal["totals"] == running
        assert deal["commitment"] == deal_record["commitment"]
    assert data["is_verified"] is True
    assert data["winner"] == replayed["winner"] == game.winner_seat
    # Each deal starts with both full hands shown (the game is over: nothing is secret).
    first = data["steps"][0]
    assert first["action"] is None
    assert [len(hand) for hand in first["view"]["hands"]] == [8, 8]
    # A card that completes a trick names the trick just taken.
    taken = next(
        step
        for step in data["steps"]
        if step["action"] and not step["view"]["trick"] and step["action"]["type"] == "play"
    )
    assert len(taken["completed_trick"]["cards"]) == 2
    assert taken["completed_trick"]["winner"] in (0, 1)


def test_a_forfeit_ends_the_replay_with_its_step(alice, bob):
    game = start_game(alice, bob)
    game = tables.game_leave(game_id=game.pk, user=bob)

    data = table_selectors.game_replay_steps(game=game)

    assert data["steps"][-1]["action"] == {"type": "forfeit", "seat": 1, "reason": "left"}
    assert data["winner"] == 0


def test_the_replay_page_is_for_finished_games_only(alice, bob):
    game = start_game(alice, bob)
    client = Client()
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 404

    tables.game_leave(game_id=game.pk, user=alice)
    response = client.get(reverse("games:replay", args=[game.pk]))

    page = response.content.decode()
    data = json.loads(
        page.split('id="replay-data" type="application/json">')[1].split("</script>")[0]
    )
    assert response.status_code == 200
    assert data["players"] == ["alice", "bob"]
    assert data["winner"] == 1


def test_the_history_opens_a_finished_game_in_the_viewer(alice, bob):
    game = start_game(alice, bob)
    [in_progress] = table_selectors.member_games(user=alice)
    tables.game_leave(game_id=game.pk, user=alice)
    [finished] = table_selectors.member_games(user=alice)

    assert in_progress.url == reverse("games:table", args=[game.pk])
    assert finished.url == reverse("games:replay", args=[game.pk])
