"""Abuse limits of the live site (games/limits.py; docs/security.md, *Abuse of the waiting room
and of sockets*) and hostile frames."""

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import channel_layers
from django.core.cache import cache
from django.db import connections
from django.test import Client

from games import limits
from games.lobby import services as lobby_services
from games.models import Game
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_async_machinery():
    cache.clear()
    yield
    cache.clear()
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    # The worker thread's persistent connection goes with it (none left open on the database).
    used.submit(connections.close_all).result()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


async def closed_with(communicator) -> int | None:
    output = await communicator.receive_output(timeout=2)
    while output["type"] == "websocket.send":
        output = await communicator.receive_output(timeout=2)
    assert output["type"] == "websocket.close"
    return output.get("code")


async def started_game(alice, bob) -> Game:
    def start():
        game = lobby_services.game_open(user=alice, format="first-to-71", is_ranked=False)
        return lobby_services.game_join(game_id=game.pk, user=bob)

    return await sync_to_async(start)()


async def test_a_deeply_nested_frame_gets_an_error_frame_and_the_socket_stays_open(alice, bob):
    game = await started_game(alice, bob)
    session = await sync_to_async(session_cookie)(alice)
    table, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    await state_at(table, 1)
    lobby, _, _ = await open_socket("/ws/salle/", session)
    await receive_until(lobby, lambda frame: frame["type"] == "lobby")

    for socket in (table, lobby):
        await socket.send_to(text_data="[" * 2000 + "]" * 2000)
        error = await receive_until(socket, lambda frame: frame["type"] == "error")
        await socket.send_to(text_data='{"type": ' + "[" * 1000 + "]" * 1000 + "}")
        nested_type = await receive_until(socket, lambda frame: frame["type"] == "error")
        await socket.send_json_to({"type": "ping"})
        pong = await receive_until(socket, lambda frame: frame["type"] == "pong")

        assert (error["type"], error["code"]) == ("error", "malformed")
        assert (nested_type["type"], nested_type["code"]) == ("error", "malformed")
        assert pong == {"type": "pong"}
        await socket.disconnect()


async def test_a_member_opens_at_most_his_share_of_sockets_then_4008(alice, bob, settings):
    settings.SOCKETS_PER_MEMBER = 3
    game = await started_game(alice, bob)
    session = await sync_to_async(session_cookie)(alice)
    bobs_session = await sync_to_async(session_cookie)(bob)
    table = f"/ws/parties/{game.pk}/"
    allowed = [
        (await open_socket("/ws/salle/", session))[0],
        (await open_socket(table, session))[0],
        (await open_socket(table, session))[0],
    ]
    for socket in allowed[1:]:
        await state_at(socket, 1)

    one_too_many, accepted, _ = await open_socket("/ws/salle/", session)
    code = await closed_with(one_too_many)
    bobs_own, bob_accepted, _ = await open_socket(table, bobs_session)
    bobs_state = await state_at(bobs_own, 1)
    await allowed[0].disconnect()
    again, _, _ = await open_socket(table, session)
    again_state = await state_at(again, 1)

    assert accepted
    assert code == limits.CLOSE_TOO_MANY_SOCKETS
    assert bobs_state["version"] == again_state["version"] == 1
    for socket in (*allowed[1:], bobs_own, again):
        await socket.disconnect()


async def test_the_slots_of_a_process_that_died_expire(alice, monkeypatch, settings):
    settings.SOCKETS_PER_MEMBER = 2
    monkeypatch.setattr(limits, "SLOT_TTL_SECONDS", 1)
    session = await sync_to_async(session_cookie)(alice)
    scope = {"user": alice}
    dead = [await limits.socket_slot_claim(scope=scope) for _slot in range(2)]
    # Its process is gone: nobody keeps its slots alive any more.
    for key, _token in dead:
        limits._held_slots.pop(key)

    refused, _, _ = await open_socket("/ws/salle/", session)
    refused_code = await closed_with(refused)
    await asyncio.sleep(1.5)
    accepted, _, _ = await open_socket("/ws/salle/", session)
    lobby = await receive_until(accepted, lambda frame: frame["type"] == "lobby")

    assert refused_code == limits.CLOSE_TOO_MANY_SOCKETS
    assert lobby["type"] == "lobby"
    await accepted.disconnect()


async def test_a_burst_of_messages_then_the_socket_is_closed_with_4029(alice, settings):
    settings.SOCKET_MESSAGES_BURST = 5
    settings.SOCKET_MESSAGES_PER_SECOND = 0.01
    session = await sync_to_async(session_cookie)(alice)
    lobby, _, _ = await open_socket("/ws/salle/", session)
    await receive_until(lobby, lambda frame: frame["type"] == "lobby")

    pongs = []
    for _message in range(5):
        await lobby.send_json_to({"type": "ping"})
        pongs.append(await receive_until(lobby, lambda frame: frame["type"] == "pong"))
    await lobby.send_json_to({"type": "ping"})
    code = await closed_with(lobby)

    assert len(pongs) == 5
    assert code == limits.CLOSE_TOO_MANY_MESSAGES


async def test_create_cancel_join_are_limited_per_member_on_the_socket_and_the_form(
    alice, settings
):
    settings.LOBBY_ACTIONS_PER_MINUTE = 3
    session = await sync_to_async(session_cookie)(alice)
    lobby, _, _ = await open_socket("/ws/salle/", session)
    await receive_until(lobby, lambda frame: frame["type"] == "lobby")

    await lobby.send_json_to({"type": "create", "format": "six-deals", "is_ranked": False})
    created = await receive_until(lobby, lambda frame: frame["type"] == "created")
    await lobby.send_json_to({"type": "cancel", "game_id": created["game_id"]})
    await lobby.send_json_to({"type": "create", "format": "six-deals", "is_ranked": False})
    second = await receive_until(lobby, lambda frame: frame["type"] == "created")
    await lobby.send_json_to({"type": "cancel", "game_id": second["game_id"]})
    refused = await receive_until(lobby, lambda frame: frame["type"] == "error")
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    form = await sync_to_async(browser.post)(
        "/salle/creer/", {"format": "six-deals", "is_ranked": ""}, follow=True
    )

    assert refused["code"] == "rate_limited"
    assert form.status_code == 200
    assert "Trop de demandes" in form.content.decode()
    statuses = await sync_to_async(list)(
        Game.objects.filter(host=alice).order_by("pk").values_list("status", flat=True)
    )
    assert statuses == [Game.Status.CANCELLED, Game.Status.OPEN]
    await lobby.disconnect()


async def test_a_visitor_s_refused_set_up_messages_spend_no_one_s_count(alice, settings):
    """Visitors have no member to count by: one visitor's refused messages must not make
    another's answer `rate_limited` instead of `not_authenticated`."""
    settings.LOBBY_ACTIONS_PER_MINUTE = 1
    table = await sync_to_async(Game.objects.create)(
        host=alice, variant="manille-flemish", format="boom-101"
    )
    answers = []
    for _visitor in range(2):
        socket, _, _ = await open_socket(f"/ws/parties/{table.pk}/")
        await receive_until(socket, lambda frame: frame["type"] == "state")
        for _message in range(2):
            await socket.send_json_to({"type": "take_seat", "seat": 1})
            answers.append((await receive_until(socket, lambda f: f["type"] == "error"))["code"])
        await socket.disconnect()

    assert answers == ["not_authenticated"] * 4


def test_the_message_budget_refills_at_its_rate(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: clock[0])
    budget = limits.MessageBudget(burst=2, per_second=1)

    first = [budget.spend(), budget.spend(), budget.spend()]
    clock[0] += 1
    after_a_second = [budget.spend(), budget.spend()]

    assert first == [True, True, False]
    assert after_a_second == [True, False]


async def test_a_member_s_sockets_share_one_budget_then_the_one_over_it_is_closed_with_4029(
    alice, settings
):
    # Each socket keeps within its own budget; together they go beyond the member's.
    settings.MEMBER_MESSAGES_BURST = 8
    settings.MEMBER_MESSAGES_PER_SECOND = 0.01
    session = await sync_to_async(session_cookie)(alice)
    sockets = []
    for _socket in range(2):
        lobby, _, _ = await open_socket("/ws/salle/", session)
        await receive_until(lobby, lambda frame: frame["type"] == "lobby")
        sockets.append(lobby)

    pongs = 0
    for _message in range(4):
        for lobby in sockets:
            await lobby.send_json_to({"type": "ping"})
            await receive_until(lobby, lambda frame: frame["type"] == "pong")
            pongs += 1
    await sockets[0].send_json_to({"type": "ping"})
    code = await closed_with(sockets[0])

    assert pongs == 8
    assert code == limits.CLOSE_TOO_MANY_MESSAGES
    await sockets[1].disconnect()


async def test_a_member_s_messages_on_other_processes_count_against_his_budget(alice, settings):
    # Another process of the site has told the cache of his messages there (by tens, as each
    # process does): this process's bucket alone would let him go on.
    settings.MEMBER_MESSAGES_BURST = 30
    settings.MEMBER_MESSAGES_PER_SECOND = 0.01
    owner = f"member-{alice.pk}"
    allowance = limits.member_window_allowance()
    limits._member_uncounted.pop(owner, None)
    now = time.time()
    # This window and the next: the test may cross from one to the other.
    for window_time in (now, now + limits.MEMBER_WINDOW_SECONDS):
        await sync_to_async(limits._member_window_add)(
            owner, int(allowance) - limits.MEMBER_COUNT_EVERY + 1, now=window_time
        )
    session = await sync_to_async(session_cookie)(alice)
    lobby, _, _ = await open_socket("/ws/salle/", session)
    await receive_until(lobby, lambda frame: frame["type"] == "lobby")

    pongs = 0
    for _message in range(limits.MEMBER_COUNT_EVERY - 1):
        await lobby.send_json_to({"type": "ping"})
        await receive_until(lobby, lambda frame: frame["type"] == "pong")
        pongs += 1
    await lobby.send_json_to({"type": "ping"})
    code = await closed_with(lobby)

    assert pongs == limits.MEMBER_COUNT_EVERY - 1
    assert code == limits.CLOSE_TOO_MANY_MESSAGES
