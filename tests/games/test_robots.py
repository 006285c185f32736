"""Computer members, computer games and the turn runner's service functions (games/robots/).

The runner is driven synchronously here through its service (`computer_move`); the real thread
runs in tests/games/test_robots_consumers.py, the restart in tests/games/test_robots_restart.py.
"""

import json
import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import member_find
from games import computer, engine
from games.errors import GameError
from games.lobby import services as lobby
from games.lobby.selectors import lobby_games_in_progress, lobby_present_members
from games.models import Game, GameAction, LobbyPresence, RankedPlayBan
from games.quitters import member_completion, quitters_game_ended
from games.robots import members as robot_members
from games.robots import scheduling, turns
from games.robots import services as robot_services
from games.tables import services as tables
from games.tables.selectors import game_frame, game_presence, member_games
from rankings.models import PointsEntry, RecordEntry
from tests.games.conftest import random_legal_action
from tests.rankings.conftest import subscribe

pytestmark = pytest.mark.django_db


def play_out(game: Game, human, rng: random.Random) -> Game:
    """Play the game to its end: the human a random legal action, the computer its own turns."""
    for _ in range(2000):
        game.refresh_from_db()
        if game.status != Game.Status.IN_PROGRESS:
            return game
        state = engine.state_from_json(game.state)
        if engine.seat_to_act(state) == game.seat_of(human):
            _seat, action = random_legal_action(game, rng)
            tables.game_act(
                game_id=game.pk, user=human, action=action, expected_version=game.version
            )
        else:
            assert turns.computer_move(game_id=game.pk, version=game.version) is True
    raise AssertionError("the game did not end")


# --- Members ----------------------------------------------------------------------------------


def test_the_levels_of_the_members_are_the_levels_of_the_contract() -> None:
    assert tuple(get_user_model().ComputerLevel.values) == computer.LEVELS


def test_one_computer_member_per_level_exists_and_cannot_log_in() -> None:
    members = {level: robot_members.computer_member(level=level) for level in computer.LEVELS}

    assert {member.computer_level for member in members.values()} == set(computer.LEVELS)
    assert get_user_model().objects.filter(is_computer=True).count() == 3
    strong = members["fort"]
    assert strong.is_computer is True
    assert strong.is_active is False
    assert strong.has_usable_password() is False
    assert strong.display_name == "Ordinateur (fort)"
    assert Client().login(username=strong.username, password="") is False


def test_computer_member_makes_the_row_when_the_migration_one_is_gone() -> None:
    get_user_model().objects.filter(is_computer=True, computer_level="moyen").delete()

    member = robot_members.computer_member(level="moyen")

    assert member.is_computer is True
    assert member.computer_level == "moyen"
    assert robot_members.computer_member(level="moyen").pk == member.pk


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(GameError) as raised:
        robot_members.computer_member(level="expert")
    assert raised.value.code == "bad_level"


def test_computer_members_are_neither_present_nor_found_as_members(alice) -> None:
    strong = robot_members.computer_member(level="fort")
    # Even a presence row of its own (none is ever made) would not count it as present.
    for index, member in enumerate((alice, strong)):
        LobbyPresence.objects.create(
            channel_name=f"channel-{index}", user=member, last_seen=timezone.now()
        )
    get_user_model().objects.filter(pk=strong.pk).update(is_active=True)

    assert member_find(username=strong.username) is None
    assert Client().get(reverse("accounts:profile", args=[strong.username])).status_code == 404
    assert [member["name"] for member in lobby_present_members()] == ["alice"]


def test_the_display_name_is_translated() -> None:
    from django.utils import translation

    strong = robot_members.computer_member(level="fort")
    with translation.override("en"):
        assert strong.display_name == "Computer (strong)"


# --- Starting a game --------------------------------------------------------------------------


def test_a_computer_game_starts_at_once_free_with_the_member_at_seat_0(alice) -> None:
    game = robot_services.computer_game_start(user=alice, level="moyen", format="six-deals")

    assert game.status == Game.Status.IN_PROGRESS
    assert game.origin == Game.Origin.COMPUTER
    assert game.is_ranked is False
    assert game.format == "six-deals"
    assert game.player_at(0) == alice
    assert game.player_at(1).is_computer and game.player_at(1).computer_level == "moyen"
    frame = game_frame(game=game, seat=0)
    assert frame["game"]["seats"][1] == {
        "seat": 1,
        "team": 1,
        "name": "Louise (moyen)",
        "stars": None,
        "stars_label": "",
        "is_computer": True,
        "computer_level": "moyen",
        "is_you": False,
    }
    assert frame["game"]["stakes"] is None


def test_a_computer_game_cancels_the_members_open_game(alice) -> None:
    waiting = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)

    robot_services.computer_game_start(user=alice, level="facile", format="first-to-71")

    waiting.refresh_from_db()
    assert waiting.status == Game.Status.CANCELLED


def test_a_member_playing_a_game_cannot_start_a_computer_game(alice, bob) -> None:
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    lobby.game_join(game_id=game.pk, user=bob)

    with pytest.raises(GameError) as raised:
        robot_services.computer_game_start(user=alice, level="facile", format="first-to-71")

    assert raised.value.code == "already_in_game"
    assert Game.objects.filter(origin=Game.Origin.COMPUTER).count() == 0


def test_two_members_play_the_same_level_at_the_same_time(alice, bob) -> None:
    first = robot_services.computer_game_start(user=alice, level="fort", format="first-to-71")
    second = robot_services.computer_game_start(user=bob, level="fort", format="first-to-71")

    assert first.player_at(1).pk == second.player_at(1).pk
    assert {first.status, second.status} == {Game.Status.IN_PROGRESS}


def test_the_start_page_takes_the_member_to_the_table(alice) -> None:
    client = Client()
    client.force_login(alice)

    response = client.post(
        reverse("games:computer_start"), {"level": "fort", "format": "six-deals"}
    )

    game = Game.objects.get(origin=Game.Origin.COMPUTER)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert game.player_at(1).computer_level == "fort"
    assert game.format == "six-deals"


def test_the_start_page_refuses_an_unknown_level_and_starts_nothing(alice) -> None:
    client = Client()
    client.force_login(alice)

    response = client.post(
        reverse("games:computer_start"), {"level": "expert", "format": "six-deals"}, follow=True
    )

    assert "Niveau de l&#x27;ordinateur inconnu." in response.content.decode()
    assert Game.objects.count() == 0


def test_the_start_page_needs_a_csrf_token(alice) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post(
        reverse("games:computer_start"), {"level": "fort", "format": "six-deals"}
    )

    assert response.status_code == 403
    assert Game.objects.count() == 0


def test_the_waiting_room_shows_the_computer_block(alice) -> None:
    client = Client()
    client.force_login(alice)

    page = client.get(reverse("games:lobby")).content.decode()

    assert "Jouer contre l'ordinateur" in page
    assert 'action="/salle/ordinateur/"' in page
    for level in computer.LEVELS:
        assert f'value="{level}"' in page


def test_the_waiting_room_lists_a_computer_game_to_watch_with_the_computer_named(
    alice, bob
) -> None:
    robot_services.computer_game_start(user=alice, level="fort", format="first-to-71")
    client = Client()
    client.force_login(bob)

    page = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    # The room's frame is one for every language: the page names the computer from its level.
    watch_list = page.split('id="watch-list"')[1].split("</ul>")[0]
    assert "Ordinateur (fort)" in watch_list
    assert "ordinateur-fort" not in watch_list
    assert lobby_games_in_progress()[0]["players"][1]["computer_level"] == "fort"


# --- Turns ------------------------------------------------------------------------------------


def computer_to_act(alice, *, level: str = "fort", now=None) -> Game:
    """Start computer games until one where the computer acts first (the first dealer's turn)."""
    for _ in range(50):
        game = robot_services.computer_game_start(
            user=alice, level=level, format="first-to-71", now=now or timezone.now()
        )
        if game.computer_due_at is not None:
            return game
        tables.game_leave(game_id=game.pk, user=alice)
    raise AssertionError("the computer never dealt first")


def test_the_due_time_is_set_when_the_computer_is_to_act_and_cleared_otherwise(alice) -> None:
    game = computer_to_act(alice)
    state = engine.state_from_json(game.state)
    assert engine.seat_to_act(state) == 1
    assert game.computer_due_at > game.started_at

    assert turns.computer_move(game_id=game.pk, version=game.version) is True

    game.refresh_from_db()
    state = engine.state_from_json(game.state)
    if engine.seat_to_act(state) == 0:
        assert game.computer_due_at is None
    else:
        assert game.computer_due_at is not None


def test_a_duplicate_trigger_is_played_at_most_once(alice) -> None:
    game = computer_to_act(alice)
    version = game.version

    assert turns.computer_move(game_id=game.pk, version=version) is True
    assert turns.computer_move(game_id=game.pk, version=version) is False

    assert GameAction.objects.filter(game=game, version=version + 1).count() == 1
    assert GameAction.objects.filter(game=game, version=version + 2).count() == 0 or (
        GameAction.objects.get(game=game, version=version + 2).seat == 1
    )


def test_the_computer_never_plays_the_humans_turn(alice) -> None:
    game = robot_services.computer_game_start(user=alice, level="fort", format="first-to-71")
    while game.computer_due_at is not None:
        turns.computer_move(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    version = game.version

    assert turns.computer_move(game_id=game.pk, version=version) is False

    game.refresh_from_db()
    assert game.version == version


def test_the_computer_is_handed_only_its_seats_view(alice, monkeypatch) -> None:
    game = computer_to_act(alice)
    seen = []
    real_choose = computer.choose_action

    def recording_choose(level, view, *, seed):
        seen.append(view)
        return real_choose(level, view, seed=seed)

    monkeypatch.setattr(computer, "choose_action", recording_choose)

    turns.computer_move(game_id=game.pk, version=game.version)

    expected = engine.player_view(engine.state_from_json(game.state), 1)
    assert seen == [expected]


def test_the_sweep_finds_a_lost_turn_and_only_once_it_is_late(alice) -> None:
    game = computer_to_act(alice)

    assert turns.computer_turns_overdue(now=game.computer_due_at) == []
    late = game.computer_due_at + timedelta(seconds=scheduling.SWEEP_GRACE_SECONDS + 1)
    assert turns.computer_turns_overdue(now=late) == [(game.pk, game.version)]


def test_a_human_forfeit_clears_the_computer_turn(alice) -> None:
    game = computer_to_act(alice)

    tables.game_leave(game_id=game.pk, user=alice)

    game.refresh_from_db()
    assert game.computer_due_at is None
    assert turns.computer_turns_overdue(now=timezone.now() + timedelta(hours=1)) == []


@pytest.mark.parametrize("level", computer.LEVELS)
def test_a_whole_game_against_each_level_is_free(alice, bob, level) -> None:
    subscribe(alice)
    game = robot_services.computer_game_start(user=alice, level=level, format="six-deals")

    game = play_out(game, alice, random.Random(7))

    assert game.status == Game.Status.FINISHED
    assert game.end_reason == Game.EndReason.POINTS
    alice.refresh_from_db()
    assert (alice.ranked_wins, alice.ranked_losses) == (0, 0)
    assert RecordEntry.objects.count() == 0
    assert PointsEntry.objects.count() == 0
    history = member_games(user=alice)
    assert [(item.opponent_name, item.is_against_computer) for item in history] == [
        (f"Louise ({level})", True)
    ]


def test_the_profile_lists_the_computer_game_without_a_link_to_the_computer(alice) -> None:
    game = robot_services.computer_game_start(user=alice, level="moyen", format="six-deals")
    play_out(game, alice, random.Random(3))

    page = Client().get(reverse("accounts:profile", args=["alice"])).content.decode()

    assert "Louise (moyen)" in page
    assert "contre l'ordinateur" in page
    assert "/joueurs/ordinateur-moyen/" not in page


def test_leaving_computer_games_never_bars_from_ranked_play(alice) -> None:
    for _ in range(4):
        game = robot_services.computer_game_start(user=alice, level="facile", format="first-to-71")
        # After the first deal, when a free game counts for the quitters rule.
        Game.objects.filter(pk=game.pk).update(is_first_deal_complete=True)
        tables.game_leave(game_id=game.pk, user=alice)
        game.refresh_from_db()
        quitters_game_ended(game=game)

    assert RankedPlayBan.objects.count() == 0
    assert member_completion(user=alice) == (0, 0)


def page_frame(page: str) -> dict:
    """The first `state` frame a table page carries (its `initial-frame` script)."""
    script = page.split('<script id="initial-frame" type="application/json">')[1]
    return json.loads(script.split("</script>")[0])


def test_the_replay_form_is_shown_to_the_player_of_a_computer_game(alice) -> None:
    # *Rejouer* is one form for every game now (POST /parties/<id>/rejouer/, drawn from the
    # frame's `can_play_again` and `again_url`): at the end of a computer game, its player gets
    # another game against the same level in the same format; a spectator does not.
    game = robot_services.computer_game_start(user=alice, level="fort", format="six-deals")
    play_out(game, alice, random.Random(5))
    client = Client()
    client.force_login(alice)

    frame = page_frame(client.get(reverse("games:table", args=[game.pk])).content.decode())
    spectator_frame = page_frame(
        Client().get(reverse("games:table", args=[game.pk])).content.decode()
    )

    assert frame["game"]["can_play_again"] is True
    assert frame["game"]["again_url"] == reverse("games:again", args=[game.pk])
    assert spectator_frame["game"]["can_play_again"] is False
    response = client.post(frame["game"]["again_url"])
    again = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[again.pk])
    assert again.origin == Game.Origin.COMPUTER
    assert again.status == Game.Status.IN_PROGRESS
    assert again.format == "six-deals"
    assert again.player_at(0) == alice
    assert again.player_at(1).computer_level == "fort"


# --- Celery -----------------------------------------------------------------------------------


def test_computer_turns_go_to_a_celery_queue_of_their_own() -> None:
    from cartomaniak.celery import app

    assert app.amqp.router.route({}, "games.tasks.computer_act")["queue"].name == "computer"
    assert app.amqp.router.route({}, "games.tasks.computer_apply")["queue"].name == "computer"
    assert app.amqp.router.route({}, "games.tasks.computer_sweep")["queue"].name == "celery"


@pytest.mark.django_db(transaction=True)
def test_with_celery_the_committed_move_sends_the_computer_turn_to_its_task(alice, settings):
    from cartomaniak.celery import app
    from cartomaniak.metrics import COMPUTER_TURN_LATE
    from tests.test_metrics import counted

    LATE_COUNT = "cartomaniak_computer_turn_late_seconds_count"

    settings.BACKGROUND_JOBS = "celery"
    timed_before = counted(COMPUTER_TURN_LATE, LATE_COUNT, level="facile")
    was_eager = app.conf.task_always_eager
    # Eager: the task runs where it is sent, so the test sees its effect on either stack.
    app.conf.task_always_eager = True
    try:
        # Whoever deals first, the computer's opening turns are played when the start commits.
        game = robot_services.computer_game_start(user=alice, level="facile", format="first-to-71")
        game.refresh_from_db()
        assert engine.seat_to_act(engine.state_from_json(game.state)) == 0
        version = game.version
        _seat, action = random_legal_action(game, random.Random(1))
        tables.game_act(game_id=game.pk, user=alice, action=action, expected_version=version)
    finally:
        app.conf.task_always_eager = was_eager

    game.refresh_from_db()
    after = game.actions.filter(version__gt=version + 1).values_list("seat", flat=True)
    to_act = engine.seat_to_act(engine.state_from_json(game.state))
    # Every computer turn after the member's move was played by the task, down to his next turn.
    assert to_act in (0, None)
    assert game.computer_due_at is None
    assert set(after) <= {1}
    # The apply task carried the turn's due time and level through the broker's JSON: each
    # computer move was timed against its pause.
    timed = counted(COMPUTER_TURN_LATE, LATE_COUNT, level="facile")
    assert timed - timed_before >= len(after) >= 1


@pytest.mark.django_db(transaction=True)
def test_two_triggers_of_one_turn_at_the_same_moment_play_it_once(alice, settings) -> None:
    from tests.games.test_concurrency import run_at_once

    # No runner in this process: the on-commit schedule of the start is a no-op.
    settings.BACKGROUND_JOBS = "embedded"
    game = computer_to_act(alice)

    def trigger():
        return turns.computer_move(game_id=game.pk, version=game.version)

    outcomes = run_at_once(trigger, trigger, trigger)

    assert sorted(outcomes) == [("ok", False), ("ok", False), ("ok", True)]
    assert GameAction.objects.filter(game=game, version=game.version + 1).count() == 1
    assert Game.objects.get(pk=game.pk).version >= game.version + 1
    assert GameAction.objects.filter(game=game, seat=1).count() == 1


def test_a_failing_level_leaves_the_easy_level_to_play(alice, monkeypatch) -> None:
    game = computer_to_act(alice, level="fort")
    real_choose = computer.choose_action

    def broken_strong(level, view, *, seed):
        if level == "fort":
            raise RuntimeError("a bug in the strong level")
        return real_choose(level, view, seed=seed)

    monkeypatch.setattr(computer, "choose_action", broken_strong)

    assert turns.computer_move(game_id=game.pk, version=game.version) is True

    played = GameAction.objects.get(game=game, version=game.version + 1)
    view = engine.player_view(engine.state_from_json(game.state), 1)
    assert {**played.payload} in view["legal_actions"]


def test_a_swept_turn_waits_the_grace_again_before_the_next_sweep(alice) -> None:
    game = computer_to_act(alice)
    late = game.computer_due_at + timedelta(seconds=scheduling.SWEEP_GRACE_SECONDS + 1)

    assert turns.computer_turns_sweep(now=late) == 1

    assert turns.computer_turns_overdue(now=late + timedelta(seconds=1)) == []
    again = late + timedelta(seconds=scheduling.SWEEP_GRACE_SECONDS + 1)
    assert turns.computer_turns_overdue(now=again) == [(game.pk, game.version)]


def test_the_computer_is_always_shown_at_its_table(alice) -> None:
    game = robot_services.computer_game_start(user=alice, level="facile", format="first-to-71")

    presence = game_presence(game=game)

    # The member has not opened the table yet; the computer never opens a socket.
    assert presence == [
        {"connected": False, "away_seconds": None},
        {"connected": True, "away_seconds": None},
    ]
