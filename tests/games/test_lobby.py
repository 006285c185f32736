"""The waiting room fanned out once: every member's page equals the room built for him alone."""

import random
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from games.lobby import hub
from games.lobby import selectors as lobby_selectors
from games.lobby import services as lobby
from games.models import Challenge, Game
from games.tables import selectors as table_selectors
from tests.games.lobby_mirror import LobbyMirror
from tests.games.websocket import session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_async_machinery"),
]


@pytest.fixture
def members(make_member):
    return [make_member(name) for name in ("alice", "bob", "carol")] + [
        make_member("dave", is_verified=False)
    ]


async def open_mirrors(users) -> list[LobbyMirror]:
    mirrors = []
    for user in users:
        mirrors.append(await LobbyMirror.open(await sync_to_async(session_cookie)(user)))
    return mirrors


async def settle(mirrors, users) -> list[dict]:
    """Read until each page shows the room built for its member alone; return those rooms."""
    expected = []
    for mirror, user in zip(mirrors, users, strict=True):
        alone = await sync_to_async(lobby_selectors.lobby_snapshot)(user=user)
        try:
            await mirror.read_until(lambda m, alone=alone: m.frame == alone, timeout=3)
        except TimeoutError:
            pass
        expected.append(alone)
    return expected


async def test_every_member_sees_the_room_built_for_him_alone(members):
    users = members
    mirrors = await open_mirrors(users)
    alice, bob, carol, dave = mirrors

    await bob.send({"type": "create", "format": "six-deals", "is_ranked": False})
    created = await bob.read_until_frame("created")
    await carol.send({"type": "create", "format": "first-to-71", "is_ranked": True})
    await carol.read_until_frame("created")
    await alice.send({"type": "join", "game_id": created["game_id"]})
    await alice.read_until_frame("game_started")
    await bob.read_until_frame("game_started")
    await dave.close()
    expected = await settle(mirrors[:3], users[:3])

    assert [mirror.frame for mirror in mirrors[:3]] == expected
    assert [m["name"] for m in expected[0]["present"]] == ["alice", "bob", "carol"]
    assert [g["creator"] for g in expected[0]["open_games"]] == ["carol"]
    assert [[p["name"] for p in g["players"]] for g in expected[0]["games_in_progress"]] == [
        ["bob", "alice"]
    ]
    assert [mirror.you["name"] for mirror in mirrors] == ["alice", "bob", "carol", "dave"]
    assert dave.you["can_play_ranked"] is False
    states = [lobby_selectors.lobby_member_state(frame=frame) for frame in expected]
    assert [s["current_game"]["status"] for s in states] == ["in_progress"] * 2 + ["open"]
    for mirror in mirrors[:3]:
        await mirror.close()


async def test_a_change_builds_the_room_once_whatever_the_number_of_sockets(members, monkeypatch):
    mirrors = await open_mirrors(members)
    await settle(mirrors, members)
    builds = []
    real_build = lobby_selectors.lobby_room

    def counted_build(**kwargs):
        builds.append(1)
        return real_build(**kwargs)

    monkeypatch.setattr(lobby_selectors, "lobby_room", counted_build)

    await mirrors[1].send({"type": "create", "format": "six-deals", "is_ranked": False})
    await mirrors[1].read_until_frame("created")
    for mirror in mirrors:
        await mirror.read_until(lambda m: len(m.room["open_games"]) == 1)

    assert len(builds) == 1
    for mirror in mirrors:
        await mirror.close()


async def test_a_socket_that_asks_again_gets_the_same_room(members):
    mirrors = await open_mirrors(members[:2])
    await sync_to_async(lobby.game_open)(user=members[0], format="six-deals", is_ranked=False)
    await settle(mirrors, members[:2])

    await mirrors[1].send({"type": "snapshot"})
    await mirrors[1].read_until(lambda m: m.version is not None)
    before = mirrors[1].frame
    frame = await mirrors[1].communicator.receive_json_from()
    mirrors[1].take(frame)

    assert frame["type"] == "lobby"
    assert mirrors[1].frame == before
    for mirror in mirrors:
        await mirror.close()


def random_room(rng: random.Random) -> dict:
    names = rng.sample(["ann", "ben", "cy", "dan", "eve", "fay"], rng.randint(0, 6))
    return {
        "present": [{"name": n, "stars": rng.randint(1, 3)} for n in sorted(names)],
        "open_games": [
            {"id": i, "creator": rng.choice("xyz")} for i in sorted(rng.sample(range(9), 3))
        ],
        # Every game being played, two players or four, in one list.
        "games_in_progress": [
            {
                "id": i,
                "players": [
                    {"name": rng.choice("xyz"), "team": seat % 2}
                    for seat in range(rng.choice((2, 4)))
                ],
            }
            for i in sorted(rng.sample(range(9), rng.randint(0, 4)), reverse=True)
        ],
        "open_tables": [
            {"id": i, "seats": [{"seat": 0, "name": rng.choice("xyz")}]}
            for i in sorted(rng.sample(range(9), rng.randint(0, 3)))
        ],
    }


@pytest.mark.parametrize("seed", range(30))
def test_applying_the_changes_between_two_rooms_gives_the_second(seed):
    rng = random.Random(seed)
    old, new = random_room(rng), random_room(rng)

    changes = hub.room_diff(old, new)

    assert hub.room_apply(old, changes) == new
    assert (changes == {}) == (old == new)


async def test_play_now_without_an_open_game_opens_one_and_waits(members):
    alice, bob = await open_mirrors(members[:2])

    await alice.send({"type": "play_now", "format": "six-deals", "is_ranked": False})
    created = await alice.read_until_frame("created")
    for mirror in (alice, bob):
        await mirror.read_until(lambda m: m.room["open_games"])

    game = await sync_to_async(Game.objects.get)(pk=created["game_id"])
    assert (game.status, game.format, game.is_ranked) == ("open", "six-deals", False)
    assert [g["id"] for g in bob.room["open_games"]] == [game.pk]
    state = lobby_selectors.lobby_member_state(frame=alice.frame)
    assert (state["current_game"]["id"], state["current_game"]["status"]) == (game.pk, "open")
    await alice.close()
    await bob.close()


async def test_play_now_joins_the_oldest_compatible_open_game(members):
    alice, bob, carol = members[:3]
    make = sync_to_async(lobby.game_open)
    await make(user=alice, format="first-to-71", is_ranked=True)  # another kind
    oldest = await make(user=bob, format="first-to-71", is_ranked=False)
    await make(user=members[3], format="first-to-71", is_ranked=False)
    mirrors = await open_mirrors([bob, carol])

    await mirrors[1].send({"type": "play_now", "format": "first-to-71", "is_ranked": False})
    to_carol = await mirrors[1].read_until_frame("game_started")
    to_bob = await mirrors[0].read_until_frame("game_started")

    game = await sync_to_async(table_selectors.game_get)(game_id=oldest.pk)
    assert (
        to_carol
        == to_bob
        == {
            "type": "game_started",
            "game_id": oldest.pk,
            "url": f"/parties/{oldest.pk}/",
        }
    )
    assert (game.status, game.player_at(1)) == ("in_progress", carol)
    assert await sync_to_async(Game.objects.filter(status="open").count)() == 2
    for mirror in mirrors:
        await mirror.close()


async def test_a_challenge_accepted_takes_both_members_to_the_new_game(members):
    alice, bob = await open_mirrors(members[:2])

    await alice.send({"type": "challenge", "name": "bob", "format": "six-deals"})
    sent = await alice.read_until_frame("challenge")
    received = await bob.read_until_frame("challenge")
    await bob.send({"type": "challenge_accept", "challenge_id": received["challenge"]["id"]})
    to_bob = await bob.read_until_frame("game_started")
    to_alice = await alice.read_until_frame("game_started")
    answered = await alice.read_until_frame("challenge")

    game = await sync_to_async(table_selectors.game_get)(game_id=to_bob["game_id"])
    assert sent == received
    assert received["challenge"]["from"] == "alice"
    assert received["challenge"]["to"] == "bob"
    assert received["challenge"]["status"] == "pending"
    assert 0 < received["challenge"]["expires_in"] <= 60
    assert to_alice == to_bob
    assert (game.player_at(0), game.player_at(1), game.format) == (
        members[0],
        members[1],
        "six-deals",
    )
    assert (game.status, game.is_ranked) == ("in_progress", False)
    assert answered["challenge"]["status"] == "accepted"
    await alice.close()
    await bob.close()


async def test_a_challenge_declined_is_told_to_the_challenger(members):
    alice, bob = await open_mirrors(members[:2])
    await alice.send({"type": "challenge", "name": "bob", "format": "first-to-71"})
    received = await bob.read_until_frame("challenge")

    await bob.send({"type": "challenge_decline", "challenge_id": received["challenge"]["id"]})
    await alice.read_until_frame("challenge")  # her own challenge, sent
    answered = await alice.read_until_frame("challenge")
    await bob.send({"type": "challenge_accept", "challenge_id": received["challenge"]["id"]})
    too_late = await bob.read_until_frame("error")

    assert answered["challenge"]["status"] == "declined"
    assert too_late["code"] == "challenge_not_pending"
    assert await sync_to_async(Game.objects.count)() == 0
    await alice.close()
    await bob.close()


async def test_a_challenge_expires_unanswered(members):
    alice, bob = await open_mirrors(members[:2])
    await alice.send({"type": "challenge", "name": "bob", "format": "first-to-71"})
    received = await bob.read_until_frame("challenge")
    challenge = await sync_to_async(Challenge.objects.get)(pk=received["challenge"]["id"])

    expired = await sync_to_async(lobby.challenge_expire)(
        now=challenge.expires_at + timedelta(seconds=1)
    )
    told_alice = [await alice.read_until_frame("challenge") for _ in range(2)][-1]
    told_bob = await bob.read_until_frame("challenge")
    await bob.send({"type": "challenge_accept", "challenge_id": challenge.pk})
    refused = await bob.read_until_frame("error")

    assert expired == 1
    assert told_alice["challenge"]["status"] == told_bob["challenge"]["status"] == "expired"
    assert refused["code"] == "challenge_not_pending"
    assert await sync_to_async(Game.objects.count)() == 0
    await alice.close()
    await bob.close()


async def test_a_member_playing_or_absent_cannot_be_challenged(members):
    alice, bob, carol, dave = members
    game = await sync_to_async(lobby.game_open)(user=bob, format="six-deals", is_ranked=False)
    await sync_to_async(lobby.game_join)(game_id=game.pk, user=carol)
    mirrors = await open_mirrors([alice, bob])

    await mirrors[0].send({"type": "challenge", "name": "bob", "format": "six-deals"})
    busy = await mirrors[0].read_until_frame("error")
    await mirrors[0].send({"type": "challenge", "name": "dave", "format": "six-deals"})
    absent = await mirrors[0].read_until_frame("error")

    assert busy["code"] == "member_busy"
    assert absent["code"] == "member_not_present"
    assert await sync_to_async(Challenge.objects.count)() == 0
    for mirror in mirrors:
        await mirror.close()


async def test_the_room_comes_back_for_new_sockets_after_its_database_failed_at_start(members):
    # The hub reads the room on a thread of its own, with a connection of its own: PostgreSQL
    # refusing that one connection (every slot taken, a restart) failed the hub's start, and the
    # process kept that failure for every later socket until a restart (closed 1011 for good).
    import threading

    from django.db import OperationalError
    from django.db.backends.signals import connection_created

    from tests.games.websocket import open_socket

    def refuse_the_hub_s_connections(sender, connection, **kwargs):
        if threading.current_thread().name.startswith("lobby-hub"):
            raise OperationalError("connection refused (the database is restarting)")

    cookie = await sync_to_async(session_cookie)(members[0])
    connection_created.connect(refuse_the_hub_s_connections)
    try:
        refused, connected, _code = await open_socket("/ws/salle/", cookie)
        assert connected
        # The socket's consumer raises: Daphne closes it with 1011.
        with pytest.raises(OperationalError):
            await refused.receive_output(timeout=5)
    finally:
        connection_created.disconnect(refuse_the_hub_s_connections)

    socket, connected, _code = await open_socket("/ws/salle/", cookie)
    assert connected
    frame = await socket.receive_json_from(timeout=5)
    assert frame["type"] == "lobby"
    assert [entry["name"] for entry in frame["present"]] == ["alice"]
    await socket.disconnect()
