"""Whole games against the computer through the real websocket stack.

The member plays legal actions from the view his socket receives. The computer's turns are
played either by the runner's service, called by the test (one game per level), or by the real
runner: its timetable on the test's event loop and its thread pool, with nothing called by the
test but the member's own moves.
"""

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.utils import timezone

from games import computer, tasks
from games.models import Game
from games.robots import scheduling, turns
from games.robots import services as robot_services
from games.tables import services as tables
from games.tables.selectors import COMPUTER_SEAT_NAMES
from tests.games.conftest import hidden_cards, shown_cards
from tests.games.websocket import open_socket, session_cookie, state_at

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def embedded_runner(settings):
    """The embedded default's runner (never a Celery queue here), stopped after each test."""
    settings.BACKGROUND_JOBS = "embedded"
    settings.COMPUTER_PAUSE_SCALE = 0.02
    yield
    scheduling.computer_runner_stop(wait=True)
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


async def play_as_member(socket, game_id: int, *, seat: int, level: str, rng, drive: bool):
    """Play the game to its end from the member's socket; return the last frame.

    `drive`: the test plays the computer's turns through `computer_move`; otherwise it only
    waits for the runner's.
    """
    version = 1
    computer_turns = 0
    while True:
        frame = await state_at(socket, version, timeout=30)
        version = frame["version"]
        game = await sync_to_async(Game.objects.get)(pk=game_id)
        computer_name = f"{COMPUTER_SEAT_NAMES[1 - seat]} ({level})"
        assert frame["game"]["seats"][1 - seat]["name"] == computer_name
        # The frame against the state of its own version: with the real runner the computer
        # may already have played on (a new deal dealt), and a later state hides other cards.
        if game.version == version:
            assert shown_cards(frame) & hidden_cards(game, seat) == set()
        if frame["game"]["status"] == "finished":
            return frame, computer_turns
        if frame["view"]["seat_to_act"] == seat:
            action = rng.choice(frame["view"]["legal_actions"])
            await socket.send_json_to({"type": "act", "version": version, "action": action})
        else:
            computer_turns += 1
            if drive:
                played = await database_sync_to_async(turns.computer_move)(
                    game_id=game_id, version=version
                )
                assert played is True
        version += 1


@pytest.mark.parametrize("level", computer.LEVELS)
async def test_a_whole_game_against_each_level(alice, level) -> None:
    game = await database_sync_to_async(robot_services.computer_game_start)(
        user=alice, level=level, format="six-deals"
    )
    session = await sync_to_async(session_cookie)(alice)
    socket, connected, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    assert connected

    last, computer_turns = await play_as_member(
        socket, game.pk, seat=0, level=level, rng=random.Random(11), drive=True
    )

    assert last["game"]["end_reason"] == "points"
    assert last["game"]["is_ranked"] is False
    assert last["game"]["origin"]["kind"] == "computer"
    assert last["view"]["finished"] is True
    assert computer_turns > 10
    await socket.disconnect()


async def test_the_real_runner_plays_a_whole_game_in_its_threads(alice) -> None:
    scheduling.computer_runner_ensure_started()
    game = await database_sync_to_async(robot_services.computer_game_start)(
        user=alice, level="facile", format="first-to-71"
    )
    session = await sync_to_async(session_cookie)(alice)
    socket, connected, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    assert connected

    last, computer_turns = await play_as_member(
        socket, game.pk, seat=0, level="facile", rng=random.Random(5), drive=False
    )

    assert last["game"]["end_reason"] == "points"
    assert max(last["view"]["totals"]) >= 71
    assert computer_turns > 10
    assert scheduling.computer_runner_is_running()
    await socket.disconnect()


def lost_computer_turn(alice) -> Game:
    """A game where the computer must act and nothing is scheduled: its turn was due a minute
    ago, when no runner ran (a restart)."""
    a_minute_ago = timezone.now() - timedelta(minutes=1)
    for _ in range(50):
        game = robot_services.computer_game_start(
            user=alice, level="moyen", format="first-to-71", now=a_minute_ago
        )
        if game.computer_due_at is not None:
            return game
        tables.game_leave(game_id=game.pk, user=alice)
    raise AssertionError("the computer never dealt first")


async def test_the_sweep_makes_the_computer_play_a_turn_nothing_scheduled(alice) -> None:
    game = await database_sync_to_async(lost_computer_turn)(alice)
    assert not scheduling.computer_runner_is_running()
    session = await sync_to_async(session_cookie)(alice)
    socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    first = await state_at(socket, game.version)
    assert first["view"]["seat_to_act"] == 1

    scheduling.computer_runner_ensure_started()
    swept = await database_sync_to_async(tasks.computer_sweep)()

    after = await state_at(socket, game.version + 1, timeout=30)
    assert swept == 1
    assert after["version"] == game.version + 1
    action = await sync_to_async(lambda: game.actions.get(version=game.version + 1))()
    assert action.seat == 1
    await socket.disconnect()


async def test_a_sweep_and_a_scheduled_run_of_one_turn_play_it_once(alice) -> None:
    game = await database_sync_to_async(lost_computer_turn)(alice)
    scheduling.computer_runner_ensure_started()

    await database_sync_to_async(tasks.computer_sweep)()
    await database_sync_to_async(scheduling.computer_turn_schedule)(
        game_id=game.pk, version=game.version, delay=0.0
    )
    played_directly = await database_sync_to_async(turns.computer_move)(
        game_id=game.pk, version=game.version
    )
    session = await sync_to_async(session_cookie)(alice)
    socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    await state_at(socket, game.version + 1)

    computer_actions = await sync_to_async(
        lambda: game.actions.filter(version=game.version + 1, seat=1).count()
    )()
    assert computer_actions == 1
    assert played_directly in (True, False)
    await socket.disconnect()


async def test_the_computer_is_named_in_the_members_language(alice) -> None:
    def start():
        alice.preferred_language = "en"
        alice.save(update_fields=["preferred_language"])
        return robot_services.computer_game_start(user=alice, level="fort", format="six-deals")

    game = await database_sync_to_async(start)()
    session = await sync_to_async(session_cookie)(alice)
    socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)

    frame = await state_at(socket, game.version)

    assert frame["game"]["seats"][1]["name"] == "Louise (strong)"
    assert frame["game"]["seats"][0]["name"] == "alice"
    await socket.disconnect()


async def test_the_computer_thinks_during_its_pause_and_plays_when_it_ends(alice) -> None:
    """The runner decides as soon as the turn is scheduled, waits on its loop what is left of
    the pause, then plays: the decision is taken before the due time, the move not before."""
    from cartomaniak.metrics import COMPUTER_DECISION, COMPUTER_TURN_LATE
    from tests.test_metrics import counted

    LATE = "cartomaniak_computer_turn_late_seconds"

    def decisions() -> float:
        # The decisions timed for the level (this histogram only: nothing read elsewhere).
        return counted(
            COMPUTER_DECISION, "cartomaniak_computer_decision_seconds_count", level="moyen"
        )

    game = await database_sync_to_async(lost_computer_turn)(alice)
    due_at = timezone.now() + timedelta(seconds=3)
    await sync_to_async(Game.objects.filter(pk=game.pk).update)(computer_due_at=due_at)
    before = decisions()
    late_before = (
        counted(COMPUTER_TURN_LATE, LATE + "_count", level="moyen"),
        counted(COMPUTER_TURN_LATE, LATE + "_sum", level="moyen"),
    )
    scheduling.computer_runner_ensure_started()
    await database_sync_to_async(scheduling.computer_turn_schedule)(
        game_id=game.pk, version=game.version, delay=3.0
    )

    while decisions() == before:
        await asyncio.sleep(0.02)
    decided_at = timezone.now()
    version_when_decided = await sync_to_async(
        lambda: Game.objects.values_list("version", flat=True).get(pk=game.pk)
    )()
    session = await sync_to_async(session_cookie)(alice)
    socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    await state_at(socket, game.version + 1, timeout=30)
    action = await sync_to_async(lambda: game.actions.get(version=game.version + 1))()

    assert decided_at < due_at
    assert version_when_decided == game.version
    assert action.seat == 1 and action.created_at >= due_at
    # The move was timed against its pause: one more turn, late by less than the pause itself.
    # The runner times the move once its write returns, which may be after the broadcast that
    # reached the socket: wait for it a little.
    timed_by = asyncio.get_running_loop().time() + 5
    while (
        counted(COMPUTER_TURN_LATE, LATE + "_count", level="moyen") == late_before[0]
        and asyncio.get_running_loop().time() < timed_by
    ):
        await asyncio.sleep(0.02)
    assert counted(COMPUTER_TURN_LATE, LATE + "_count", level="moyen") == late_before[0] + 1
    assert 0 <= counted(COMPUTER_TURN_LATE, LATE + "_sum", level="moyen") - late_before[1] < 3.0
    await socket.disconnect()
