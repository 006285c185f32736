"""Table talk (games/tables/talk.py): preset phrases over the table's socket, refused to
spectators, unknown codes and floods; the flood limit's window on a clock of the test's own."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import channel_layers
from django.core.cache import cache
from django.utils import timezone

from games.errors import GameError
from games.lobby import services as lobby
from games.models import Game
from games.tables import talk
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_async_machinery():
    cache.clear()
    yield
    cache.clear()
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


def started_game(alice, bob) -> Game:
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    return lobby.game_join(game_id=game.pk, user=bob)


async def table_sockets(game: Game, *members) -> list:
    """Open the table on one socket per member (None: an anonymous spectator), each past its
    first state frame."""
    sockets = []
    for member in members:
        session = None if member is None else await sync_to_async(session_cookie)(member)
        socket, connected, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
        assert connected
        await state_at(socket, game.version)
        sockets.append(socket)
    return sockets


def is_phrase(frame: dict) -> bool:
    return frame["type"] == "phrase"


def is_error(frame: dict) -> bool:
    return frame["type"] == "error"


async def test_a_phrase_reaches_every_seat_and_spectator_of_the_table(alice, bob, make_member):
    carol = await sync_to_async(make_member)("carol")
    game = await sync_to_async(started_game)(alice, bob)
    seat_of_bob = game.seat_of(bob)
    sockets = await table_sockets(game, alice, bob, None, carol)

    await sockets[1].send_json_to({"type": "phrase", "phrase": "bien_joue"})
    heard = [await receive_until(socket, is_phrase) for socket in sockets]

    assert heard == [{"type": "phrase", "seat": seat_of_bob, "phrase": "bien_joue"}] * 4
    # Not a game action: the game did not move.
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == game.version
    for socket in sockets:
        await socket.disconnect()


async def test_an_unknown_phrase_and_a_spectator_are_refused(alice, bob, make_member):
    carol = await sync_to_async(make_member)("carol")
    game = await sync_to_async(started_game)(alice, bob)
    alice_socket, anonymous, carol_socket = await table_sockets(game, alice, None, carol)

    await alice_socket.send_json_to({"type": "phrase", "phrase": "you are bad"})
    unknown = await receive_until(alice_socket, is_error)
    await alice_socket.send_json_to({"type": "phrase", "phrase": ["merci"]})
    not_a_string = await receive_until(alice_socket, is_error)
    await carol_socket.send_json_to({"type": "phrase", "phrase": "merci"})
    watching = await receive_until(carol_socket, is_error)
    await anonymous.send_json_to({"type": "phrase", "phrase": "merci"})
    anonymous_refused = await receive_until(anonymous, is_error)

    assert unknown["code"] == "unknown_phrase"
    assert unknown["message"] == "Cette phrase n'existe pas."
    assert not_a_string["code"] == "unknown_phrase"
    assert watching["code"] == "not_seated"
    assert anonymous_refused["code"] == "not_authenticated"
    # Nothing refused was heard: the next phrase anyone hears is the one said after.
    await alice_socket.send_json_to({"type": "phrase", "phrase": "merci"})
    assert (await receive_until(carol_socket, is_phrase))["phrase"] == "merci"
    for socket in (alice_socket, anonymous, carol_socket):
        await socket.disconnect()


async def test_the_sixth_phrase_in_ten_seconds_is_refused(alice, bob):
    game = await sync_to_async(started_game)(alice, bob)
    alice_socket, bob_socket = await table_sockets(game, alice, bob)

    for _phrase in range(5):
        await alice_socket.send_json_to({"type": "phrase", "phrase": "oups"})
        assert (await receive_until(alice_socket, is_phrase))["phrase"] == "oups"
    await alice_socket.send_json_to({"type": "phrase", "phrase": "desole"})
    refused = await receive_until(alice_socket, lambda frame: frame["type"] in ("error", "phrase"))

    assert refused["code"] == "talk_too_fast"
    assert refused["message"].startswith("Trop de phrases d'affilée : attendez ")
    # The limit is the member's: his opponent still talks.
    await bob_socket.send_json_to({"type": "phrase", "phrase": "bonne_chance"})
    assert (await receive_until(alice_socket, is_phrase))["phrase"] == "bonne_chance"
    for socket in (alice_socket, bob_socket):
        await socket.disconnect()


def test_the_flood_window_frees_each_slot_ten_seconds_after_its_phrase(alice):
    for second in (0, 1, 2, 3, 4):
        talk.phrase_slot_take(user_id=alice.pk, now=1000.0 + second)

    with pytest.raises(GameError) as too_fast:
        talk.phrase_slot_take(user_id=alice.pk, now=1009.5)
    assert too_fast.value.code == "talk_too_fast"
    assert "attendez 1 s" in too_fast.value.message
    # Ten seconds after the first phrase its slot is free again, and only that one.
    talk.phrase_slot_take(user_id=alice.pk, now=1010.0)
    with pytest.raises(GameError):
        talk.phrase_slot_take(user_id=alice.pk, now=1010.5)


def test_a_table_cancelled_or_long_finished_no_longer_talks(alice, bob):
    game = started_game(alice, bob)
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, ended_at=now - talk.TALK_AFTER_END + timedelta(seconds=1)
    )
    said = talk.table_phrase_say(game_id=game.pk, user=alice, phrase="merci_partie", now=now)
    assert said == {"type": "phrase", "seat": game.seat_of(alice), "phrase": "merci_partie"}

    later = now + timedelta(seconds=2)
    with pytest.raises(GameError) as finished:
        talk.table_phrase_say(game_id=game.pk, user=alice, phrase="merci", now=later)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.CANCELLED)
    with pytest.raises(GameError) as cancelled:
        talk.table_phrase_say(game_id=game.pk, user=alice, phrase="merci", now=now)
    assert (finished.value.code, cancelled.value.code) == ("talk_closed", "talk_closed")
