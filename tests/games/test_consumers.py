import asyncio
import json
import random

import pytest
from asgiref.sync import sync_to_async

from games import engine
from games.lobby import services as lobby
from games.models import Game, GameAction, LobbyPresence
from games.tables import services as tables
from tests.games.conftest import hidden_cards, shown_cards
from tests.games.lobby_mirror import LobbyMirror
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_async_machinery"),
]


@pytest.fixture
def sessions(alice, bob):
    return session_cookie(alice), session_cookie(bob)


async def reply(socket) -> dict:
    """Return the next frame that answers the client (presence news may come in between)."""
    return await receive_until(socket, lambda frame: frame["type"] not in ("presence", "rematch"))


async def start_over_lobby(sessions) -> tuple[int, str]:
    alice_lobby = await LobbyMirror.open(sessions[0])
    await alice_lobby.read_until(lambda m: [p["name"] for p in m.room["present"]] == ["alice"])
    bob_lobby = await LobbyMirror.open(sessions[1])
    await alice_lobby.read_until(lambda m: len(m.room["present"]) == 2)
    assert [member["name"] for member in alice_lobby.room["present"]] == ["alice", "bob"]

    await alice_lobby.send({"type": "create", "format": "first-to-71", "is_ranked": True})
    created = await alice_lobby.read_until_frame("created")
    await bob_lobby.read_until(lambda m: m.room["open_games"])
    listed = bob_lobby.room["open_games"]
    assert listed[0]["creator"] == "alice"
    assert listed[0]["is_ranked"] is True

    await bob_lobby.send({"type": "join", "game_id": created["game_id"]})
    to_alice = await alice_lobby.read_until_frame("game_started")
    to_bob = await bob_lobby.read_until_frame("game_started")
    assert to_alice == to_bob
    assert to_alice["url"] == f"/parties/{created['game_id']}/"
    await alice_lobby.close()
    await bob_lobby.close()
    return created["game_id"], to_alice["url"]


async def test_lobby_to_a_complete_match_over_websockets(sessions):
    game_id, _ = await start_over_lobby(sessions)
    path = f"/ws/parties/{game_id}/"
    players = [(await open_socket(path, session))[0] for session in sessions]
    spectator, connected, _ = await open_socket(path)
    assert connected
    watchers = [*players, spectator]
    seats = [0, 1, None]
    rng = random.Random(4)
    version = 1
    frames = 0

    while True:
        views = [await state_at(socket, version) for socket in watchers]
        game = await sync_to_async(Game.objects.get)(pk=game_id)
        for seat, frame in zip(seats, views, strict=True):
            assert frame["version"] == version
            assert frame["game"]["your_seat"] == seat
            visible = shown_cards(frame)
            assert visible & hidden_cards(game, seat) == set()
            frames += 1
        if views[0]["game"]["status"] == "finished":
            break
        to_act = views[0]["view"]["seat_to_act"]
        action = rng.choice(views[to_act]["view"]["legal_actions"])
        assert action["seat"] == to_act
        await players[to_act].send_json_to({"type": "act", "version": version, "action": action})
        version += 1

    assert frames == 3 * version
    assert views[0]["game"]["winner_seat"] == views[0]["view"]["winner"]
    assert views[0]["game"]["end_reason"] == "points"
    assert views[2]["game"]["record_url"] == f"/parties/{game_id}/partie.json"
    assert max(views[2]["view"]["totals"]) >= 71
    for socket in watchers:
        await socket.disconnect()


async def started_game(alice, bob, seed: int | None = None) -> Game:
    """A started game between alice and bob, its deck shuffled by `seed` (else at random)."""

    def start():
        game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
        rng = None if seed is None else random.Random(seed)
        return lobby.game_join(game_id=game.pk, user=bob, rng=rng)

    return await sync_to_async(start)()


async def test_bad_input_gets_an_error_frame_and_changes_nothing(alice, bob, make_member, sessions):
    game = await started_game(alice, bob)
    state = engine.state_from_json(game.state)
    to_act = engine.seat_to_act(state)
    waiting = 1 - to_act
    socket, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[waiting])
    await state_at(socket, 1)

    await socket.send_to(text_data="{not json")
    bad_json = await reply(socket)
    await socket.send_to(text_data="[1, 2]")
    not_object = await reply(socket)
    await socket.send_json_to({"type": "dance"})
    unknown = await reply(socket)
    await socket.send_json_to({"type": 7})
    type_not_a_string = await reply(socket)
    await socket.send_json_to({"version": 1})
    type_missing = await reply(socket)
    await socket.send_json_to({"type": "act", "version": "1", "action": {"type": "roll"}})
    bad_version = await reply(socket)
    await socket.send_to(text_data=json.dumps({"type": "act", "pad": "x" * 5000}))
    huge = await reply(socket)
    await socket.send_json_to({"type": "act", "version": 1, "action": {"type": "roll"}})
    out_of_turn = await reply(socket)
    await socket.send_json_to({"type": "act", "version": 1, "action": {"type": "fly"}})
    malformed = await reply(socket)
    await socket.send_json_to({"type": "act", "version": 0, "action": {"type": "roll"}})
    stale = await reply(socket)
    fresh = await reply(socket)
    await socket.send_json_to({"type": "ping"})
    pong = await reply(socket)

    assert [bad_json["code"], not_object["code"], unknown["code"], bad_version["code"]] == [
        "bad_json",
        "malformed",
        "unknown_type",
        "malformed",
    ]
    assert [type_not_a_string["code"], type_missing["code"]] == ["malformed", "malformed"]
    assert huge["code"] == "frame_too_large"
    assert out_of_turn["code"] == "not_your_turn"
    assert out_of_turn["type"] == "error"
    assert out_of_turn["version"] == 1
    assert malformed["code"] == "malformed"
    assert stale["code"] == "stale_version"
    assert fresh["type"] == "state"
    assert fresh["version"] == 1
    assert pong == {"type": "pong"}
    game_after = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert game_after.version == 1
    assert game_after.state == game.state
    await socket.disconnect()


async def test_an_illegal_card_is_explained(alice, bob, sessions):
    # A deck where the follower holds a card he may not play (not every deck has one).
    game = await started_game(alice, bob, seed=1)
    socket0, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    socket1, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[1])
    sockets = [socket0, socket1]
    version = 1
    views = [(await state_at(socket, version))["view"] for socket in sockets]
    # Announce: a trump suit, then pass as far as asked.
    while views[0]["phase"] != "play":
        to_act = views[0]["seat_to_act"]
        choice = next(a for a in views[to_act]["legal_actions"] if a["type"] in ("trump", "pass"))
        await sockets[to_act].send_json_to({"type": "act", "version": version, "action": choice})
        version += 1
        views = [(await state_at(socket, version))["view"] for socket in sockets]
    leader = views[0]["seat_to_act"]
    await sockets[leader].send_json_to(
        {"type": "act", "version": version, "action": views[leader]["legal_actions"][0]}
    )
    version += 1
    follower = 1 - leader
    views = [(await state_at(socket, version))["view"] for socket in sockets]
    follow_view = views[follower]
    legal_cards = {a["card"] for a in follow_view["legal_actions"]}
    available = set(follow_view["hand"]) | {
        s["up"] for s in follow_view["stacks"][follower] if s["up"]
    }
    illegal = sorted(available - legal_cards)
    assert illegal != []

    await sockets[follower].send_json_to(
        {"type": "act", "version": version, "action": {"type": "play", "card": illegal[0]}}
    )
    error = await receive_until(sockets[follower], lambda f: f["type"] == "error")

    assert error["code"] in ("must_follow_suit", "must_beat", "must_trump")
    assert error["message"] != ""
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == version
    for socket in sockets:
        await socket.disconnect()


async def test_spectator_and_stranger_cannot_act(alice, bob, make_member):
    game = await started_game(alice, bob)
    carol = await sync_to_async(make_member)("carol")
    carol_session = await sync_to_async(session_cookie)(carol)
    spectator, _, _ = await open_socket(f"/ws/parties/{game.pk}/")
    stranger, _, _ = await open_socket(f"/ws/parties/{game.pk}/", carol_session)
    watched = await state_at(spectator, 1)

    await spectator.send_json_to({"type": "act", "version": 1, "action": {"type": "roll"}})
    anonymous_error = await receive_until(spectator, lambda f: f["type"] == "error")
    await stranger.send_json_to({"type": "leave"})
    stranger_error = await receive_until(stranger, lambda f: f["type"] == "error")

    assert watched["view"]["hand"] == []
    assert watched["view"]["legal_actions"] == []
    assert anonymous_error["code"] == "not_authenticated"
    assert stranger_error["code"] == "not_seated"
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == 1
    await spectator.disconnect()
    await stranger.disconnect()


async def test_a_watched_tables_frame_is_built_once_per_language_for_its_spectators(
    alice, bob, make_member, sessions, monkeypatch
):
    """The spectators of one process share the frame of a version: one build and one encoding
    for all of them (per language), not one each; each player still gets his own seat's."""
    from games.tables import selectors

    game = await started_game(alice, bob, seed=1)
    path = f"/ws/parties/{game.pk}/"
    players = [(await open_socket(path, session))[0] for session in sessions]
    french = [(await open_socket(path))[0] for _ in range(5)]
    carol = await sync_to_async(make_member)("carol")
    carol.preferred_language = "en"
    await sync_to_async(carol.save)()
    english = [(await open_socket(path, await sync_to_async(session_cookie)(carol)))[0]]
    for socket in [*players, *french, *english]:
        await state_at(socket, 1)
    built = []
    real_game_frame = selectors.game_frame

    def game_frame_counted(*, game, seat, now=None):
        built.append(seat)
        return real_game_frame(game=game, seat=seat, now=now)

    monkeypatch.setattr(selectors, "game_frame", game_frame_counted)
    to_act = engine.seat_to_act(engine.state_from_json(game.state))
    action = engine.legal_actions(engine.state_from_json(game.state), to_act)[0].to_json()
    await players[to_act].send_json_to({"type": "act", "version": 1, "action": action})

    seen_by_players = [await state_at(socket, 2) for socket in players]
    seen_in_french = [await state_at(socket, 2) for socket in french]
    seen_in_english = await state_at(english[0], 2)

    # One build for the five French spectators (two if a second ended between them: a frame
    # counts the seconds to its deadline), one for the English one, one per player.
    assert 2 <= built.count(None) <= 3
    assert sorted(seat for seat in built if seat is not None) == [0, 1]
    assert [frame["game"]["your_seat"] for frame in seen_by_players] == [0, 1]
    assert all(frame["game"]["your_seat"] is None for frame in seen_in_french)
    assert all(frame["view"] == seen_in_french[0]["view"] for frame in seen_in_french)
    assert seen_in_french[0]["view"]["hand"] == []
    assert seen_in_english["game"]["variant_label"] != seen_in_french[0]["game"]["variant_label"]
    for socket in [*players, *french, *english]:
        await socket.disconnect()


async def test_a_presence_change_at_a_watched_table_is_read_once_for_its_spectators(
    alice, bob, sessions, monkeypatch
):
    """Every socket of the table shows who is there: a player's arrival is read once for all
    the sockets of the process that hear of it, not once each; each still gets the frame."""
    from games.tables import selectors

    game = await started_game(alice, bob, seed=1)
    path = f"/ws/parties/{game.pk}/"
    alice_socket = (await open_socket(path, sessions[0]))[0]
    spectators = [(await open_socket(path))[0] for _ in range(6)]
    for socket in [alice_socket, *spectators]:
        await receive_until(socket, lambda frame: frame["type"] == "presence")
    reads = []
    real_game_presence = selectors.game_presence

    def game_presence_counted(*, game, now=None):
        reads.append(game.pk)
        return real_game_presence(game=game, now=now)

    monkeypatch.setattr(selectors, "game_presence", game_presence_counted)
    bob_socket = (await open_socket(path, sessions[1]))[0]

    def both_there(frame):
        return frame["type"] == "presence" and [s["connected"] for s in frame["presence"]] == [
            True,
            True,
        ]

    for socket in [alice_socket, *spectators, bob_socket]:
        await receive_until(socket, both_there)
    # Bob's own opening reads his presence frame; his arrival, once for the seven others.
    assert len(reads) == 2
    for socket in [alice_socket, bob_socket, *spectators]:
        await socket.disconnect()


async def test_sockets_are_refused_for_unknown_games_anonymous_lobby_and_other_origins(sessions):
    _, unknown_connected, unknown_code = await open_socket("/ws/parties/999/", sessions[0])
    _, anonymous_connected, anonymous_code = await open_socket("/ws/salle/")
    _, foreign_connected, _ = await open_socket(
        "/ws/salle/", sessions[0], origin="http://evil.example"
    )

    assert (unknown_connected, unknown_code) == (False, 4404)
    assert (anonymous_connected, anonymous_code) == (False, 4401)
    assert foreign_connected is False


async def test_reconnecting_restores_the_same_view(alice, bob, sessions):
    game = await started_game(alice, bob)
    first, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    before = await state_at(first, 1)
    await first.disconnect()

    second, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    after = await state_at(second, 1)

    assert after["view"] == before["view"]
    assert after["game"]["deadline"] == before["game"]["deadline"]
    await second.disconnect()


async def drain(communicator) -> list[dict]:
    """Read every frame until the socket has been quiet for half a second."""
    frames = []
    while not await communicator.receive_nothing(timeout=0.5):
        frames.append(await communicator.receive_json_from())
    return frames


async def test_two_tabs_submitting_the_same_action_apply_it_once(alice, bob, sessions):
    game = await started_game(alice, bob)
    to_act = engine.seat_to_act(engine.state_from_json(game.state))
    tab_one, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[to_act])
    tab_two, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[to_act])
    view = (await state_at(tab_one, 1))["view"]
    await state_at(tab_two, 1)
    action = view["legal_actions"][0]

    await asyncio.gather(
        tab_one.send_json_to({"type": "act", "version": 1, "action": action}),
        tab_two.send_json_to({"type": "act", "version": 1, "action": action}),
    )
    frames = await drain(tab_one) + await drain(tab_two)

    errors = [f for f in frames if f["type"] == "error"]
    assert {f["version"] for f in frames if f["type"] == "state"} == {2}
    assert [f["code"] for f in errors] == ["stale_version"]
    assert await sync_to_async(GameAction.objects.filter(game_id=game.pk).count)() == 2
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == 2
    await tab_one.disconnect()
    await tab_two.disconnect()


async def test_leaving_over_the_socket_tells_both_players(alice, bob, sessions):
    game = await started_game(alice, bob)
    socket0, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    socket1, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[1])
    await state_at(socket0, 1)
    await state_at(socket1, 1)

    await socket1.send_json_to({"type": "leave"})
    seen_by_winner = await state_at(socket0, 2)

    assert seen_by_winner["game"]["status"] == "finished"
    assert seen_by_winner["game"]["end_reason"] == "left"
    assert seen_by_winner["game"]["winner_seat"] == 0
    await socket0.disconnect()
    await socket1.disconnect()


async def test_the_deadline_task_tells_a_connected_player(alice, bob, sessions):
    game = await started_game(alice, bob)
    socket0, _, _ = await open_socket(f"/ws/parties/{game.pk}/", sessions[0])
    await state_at(socket0, 1)

    ended = await sync_to_async(tables.game_enforce_deadlines)(
        now=game.deadline.replace(year=game.deadline.year + 1)
    )
    frame = await state_at(socket0, 2)

    assert ended == [game.pk]
    assert frame["game"]["end_reason"] == "timeout"
    await socket0.disconnect()


async def test_presence_counts_a_member_once_across_tabs(alice, bob, sessions):
    watcher = await LobbyMirror.open(sessions[1])
    tab_one = await LobbyMirror.open(sessions[0])
    await watcher.read_until(lambda m: len(m.room["present"]) == 2)
    joined = watcher.room["present"]
    tab_two = await LobbyMirror.open(sessions[0])

    await tab_one.close()
    still = await sync_to_async(LobbyPresence.objects.filter(user=alice).count)()
    await tab_two.close()
    await watcher.read_until(lambda m: len(m.room["present"]) == 1)

    assert [m["name"] for m in joined] == ["alice", "bob"]
    assert still == 1
    assert [m["name"] for m in watcher.room["present"]] == ["bob"]
    await watcher.close()


async def test_lobby_errors_come_back_as_frames(alice, bob, sessions):
    socket, _, _ = await open_socket("/ws/salle/", sessions[0])
    await receive_until(socket, lambda f: f["type"] == "lobby")

    await socket.send_json_to({"type": "join", "game_id": 424242})
    missing = await receive_until(socket, lambda f: f["type"] == "error")
    await socket.send_json_to({"type": "create", "format": "first-to-71", "is_ranked": "yes"})
    malformed = await receive_until(socket, lambda f: f["type"] == "error")
    await socket.send_json_to({"type": "create", "format": "first-to-71"})
    await receive_until(socket, lambda f: f["type"] == "created")
    await socket.send_json_to({"type": "create", "format": "six-deals"})
    busy = await receive_until(socket, lambda f: f["type"] == "error")

    assert missing["code"] == "game_not_found"
    assert malformed["code"] == "malformed"
    assert busy["code"] == "already_in_game"
    assert await sync_to_async(Game.objects.filter(host=alice).count)() == 1
    await socket.disconnect()
