"""Live: the competition's page socket, and players brought to their games (real websocket
stack through `WebsocketCommunicator`)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import channel_layers

from games.lobby.selectors import lobby_member_state
from games.tables.services import game_leave
from tests.games.lobby_mirror import LobbyMirror
from tests.games.websocket import open_socket, receive_until, session_cookie

from .conftest import advance, live_games, register

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_async_machinery():
    """Leave no channel layer or executor thread behind for a live server forked later."""
    yield
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


@pytest.fixture
def started_bracket(make_tournament, members):
    """Three players: player1 has a bye, player2 and player3 play the semi-final."""
    tournament = make_tournament()
    players = members(3)
    register(tournament, *players)
    return tournament, players


async def test_the_page_socket_says_when_a_game_ends_and_the_final_begins(started_bracket):
    tournament, players = started_bracket
    await sync_to_async(advance)(tournament)
    (semi_final,) = await sync_to_async(live_games)(tournament)
    page, connected, _ = await open_socket(f"/ws/tournois/{tournament.pk}/")
    assert connected

    await sync_to_async(game_leave)(game_id=semi_final.pk, user=players[2])

    assert await page.receive_json_from(timeout=5) == {"type": "changed"}
    (final,) = await sync_to_async(live_games)(tournament)
    assert {taken.user_id for taken in final.seats.all()} == {players[0].pk, players[1].pk}
    await page.send_json_to({"type": "ping"})
    assert await receive_until(page, lambda frame: frame["type"] == "pong") == {"type": "pong"}
    await page.disconnect()


async def frames_until_quiet(communicator, quiet: float = 1.0) -> list[dict]:
    """Read every frame the socket sends until it stays silent for `quiet` seconds."""
    frames = []
    while not await communicator.receive_nothing(timeout=quiet):
        frames.append(await communicator.receive_json_from(timeout=quiet))
    return frames


async def test_the_page_socket_says_once_that_the_competition_started(started_bracket):
    tournament, _players = started_bracket
    page, connected, _ = await open_socket(f"/ws/tournois/{tournament.pk}/")
    assert connected

    await sync_to_async(advance)(tournament)

    assert await frames_until_quiet(page) == [{"type": "changed"}]
    await page.disconnect()


async def test_the_page_socket_says_once_that_a_game_ended(started_bracket):
    tournament, players = started_bracket
    await sync_to_async(advance)(tournament)
    (semi_final,) = await sync_to_async(live_games)(tournament)
    page, connected, _ = await open_socket(f"/ws/tournois/{tournament.pk}/")
    assert connected

    # One event: the semi-final ends, which decides its match and starts the final.
    await sync_to_async(game_leave)(game_id=semi_final.pk, user=players[2])

    assert await frames_until_quiet(page) == [{"type": "changed"}]
    await page.disconnect()


async def test_an_unknown_competition_socket_is_closed(db):
    _page, connected, code = await open_socket("/ws/tournois/999/")

    assert (connected, code) == (False, 4404)


async def test_players_waiting_in_the_waiting_room_are_brought_to_their_game(started_bracket):
    tournament, players = started_bracket
    lobbies = []
    for player in players[1:]:
        lobbies.append(await LobbyMirror.open(await sync_to_async(session_cookie)(player)))

    await sync_to_async(advance)(tournament)

    (game,) = await sync_to_async(live_games)(tournament)
    for lobby in lobbies:
        started = await lobby.read_until_frame("game_started")
        assert started == {
            "type": "game_started",
            "game_id": game.pk,
            "url": f"/parties/{game.pk}/",
        }
        await lobby.read_until(lambda m: lobby_member_state(frame=m.frame)["current_game"])
        current_game = lobby_member_state(frame=lobby.frame)["current_game"]
        assert current_game["origin"] == "tournament"
        assert current_game["origin_label"] == "Coupe du printemps"
        await lobby.close()


async def test_a_player_at_his_finished_table_hears_that_his_next_game_began(started_bracket):
    tournament, players = started_bracket
    await sync_to_async(advance)(tournament)
    (semi_final,) = await sync_to_async(live_games)(tournament)
    winner = players[1]
    table, connected, _ = await open_socket(
        f"/ws/parties/{semi_final.pk}/", await sync_to_async(session_cookie)(winner)
    )
    assert connected
    first = await receive_until(table, lambda frame: frame["type"] == "state")
    assert first["game"]["origin"] == {
        "kind": "tournament",
        "label": "Coupe du printemps",
        "url": f"/tournois/{tournament.pk}/",
    }

    await sync_to_async(game_leave)(game_id=semi_final.pk, user=players[2])

    started = await receive_until(table, lambda frame: frame["type"] == "game_started")
    (final,) = await sync_to_async(live_games)(tournament)
    assert started == {"type": "game_started", "game_id": final.pk, "url": f"/parties/{final.pk}/"}
    await table.disconnect()


async def closed_with(communicator) -> int | None:
    output = await communicator.receive_output(timeout=2)
    while output["type"] == "websocket.send":
        output = await communicator.receive_output(timeout=2)
    assert output["type"] == "websocket.close"
    return output.get("code")


async def test_the_page_socket_keeps_the_site_socket_limits(make_tournament, settings):
    from django.core.cache import cache

    from games import limits

    await sync_to_async(cache.clear)()
    settings.SOCKETS_PER_ADDRESS = 2
    settings.SOCKET_MESSAGES_BURST = 3
    settings.SOCKET_MESSAGES_PER_SECOND = 0.01
    tournament = await sync_to_async(make_tournament)()
    path = f"/ws/tournois/{tournament.pk}/"
    first, first_connected, _ = await open_socket(path)
    second, _, _ = await open_socket(path)
    one_too_many, accepted, _ = await open_socket(path)
    too_many_code = await closed_with(one_too_many)

    pongs = []
    for _message in range(3):
        await first.send_json_to({"type": "ping"})
        pongs.append(await receive_until(first, lambda frame: frame["type"] == "pong"))
    await first.send_json_to({"type": "ping"})
    flood_code = await closed_with(first)
    await first.disconnect()
    # The flooder's slot is given back: the address may open a socket again.
    again, again_connected, _ = await open_socket(path)
    await again.send_json_to({"type": "ping"})
    again_pong = await receive_until(again, lambda frame: frame["type"] == "pong")

    assert (first_connected, accepted, again_connected) == (True, True, True)
    assert too_many_code == limits.CLOSE_TOO_MANY_SOCKETS
    assert len(pongs) == 3
    assert again_pong == {"type": "pong"}
    assert flood_code == limits.CLOSE_TOO_MANY_MESSAGES
    for socket in (second, again):
        await socket.disconnect()
    await sync_to_async(cache.clear)()
