"""Fuzzing of the websocket frames (docs/security.md, *Fuzzing of websocket frames*).

Thousands of random and mutated frames (a seeded generator: a failure replays exactly) go to a
game in progress, from both players and a spectator, and to the waiting room, between the legal
moves of the game. Afterwards the game holds exactly the legal moves, another game is untouched,
every frame got its answer on a socket still open, and nothing was logged as an error.
"""

import json
import logging
import random
import string
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import channel_layers
from django.core.cache import cache
from django.db import connections

from games import engine
from games.lobby import services as lobby
from games.models import Game, GameAction
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at

pytestmark = pytest.mark.django_db(transaction=True)

FRAMES_PER_SOCKET = 500
LEGAL_MOVE_EVERY = 25
TYPES = ["act", "snapshot", "ping", "create", "cancel", "join", "", "ACT", "act ", None, 1]
FIELDS = ["type", "version", "action", "game_id", "format", "is_ranked", "card", "suit", "seat"]


@pytest.fixture(autouse=True)
def fresh_async_machinery(settings):
    settings.LOBBY_ACTIONS_PER_MINUTE = 100_000  # the fuzzing is about frames, not this limit
    cache.clear()
    yield
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    # The worker thread's persistent connection goes with it (none left open on the database).
    used.submit(connections.close_all).result()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(10 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, -1, 1, 2**63, -(2**63) - 1, 10**30, rng.randrange(-50, 50)])
    if kind == 2:
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if kind == 3:
        return rng.choice([*engine.CARDS, "S", "H", "D", "C", "play", "trump", "roll", "pass"])
    if kind in (4, 5):
        alphabet = string.printable + "\x00éàü€𝐚аＡ\u202e\ud7ff"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
    if kind in (6, 7):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {rng.choice(FIELDS): random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))}


def mutated(frame: dict, rng: random.Random) -> dict:
    frame = json.loads(json.dumps(frame))
    for _mutation in range(rng.randrange(1, 4)):
        target = frame
        if "action" in frame and isinstance(frame["action"], dict) and rng.random() < 0.5:
            target = frame["action"]
        choice = rng.randrange(4)
        if choice == 0 and target:
            target.pop(rng.choice(list(target)))
        elif choice == 1:
            target[rng.choice(FIELDS)] = random_value(rng)
        elif choice == 2 and isinstance(frame.get("version"), int):
            frame["version"] = frame["version"] + rng.choice([-2, -1, 1, 2, 1000])
        else:
            frame["type"] = rng.choice(TYPES)
    return frame


def fuzz_frame(rng: random.Random, templates: list[dict]) -> dict:
    """One hostile frame: {"text": ...} or {"bytes": ...}."""
    kind = rng.randrange(10)
    if kind == 0:
        return {"bytes": rng.randbytes(rng.randrange(1, 64))}
    if kind == 1:
        return {"text": "".join(rng.choice('[]{}",:0123456789truefalsenull ') for _ in range(60))}
    if kind == 2:
        depth = rng.choice([50, 1500, 2000])  # within the 4096 characters of a frame
        return {"text": "[" * depth + "]" * depth}
    if kind == 3:
        return {"text": json.dumps({"type": "act", "pad": "x" * rng.choice([4000, 5000])})}
    if kind in (4, 5):
        return {"text": json.dumps(random_value(rng))}
    return {"text": json.dumps(mutated(rng.choice(templates), rng))}


def is_a_legal_move(frame: dict, version: int, legal: list[dict]) -> bool:
    """Whether a fuzzed frame happens to be a legal move (it would rightly change the game)."""
    if "text" not in frame:
        return False
    try:
        content = json.loads(frame["text"])
    except (ValueError, RecursionError):
        return False
    if not isinstance(content, dict):
        return False
    if content.get("type") == "leave":
        return True  # leaving is legal for a player: it would end the game
    action = content.get("action")
    if content.get("type") != "act" or content.get("version") != version:
        return False
    if not isinstance(action, dict) or not legal:
        return False
    try:
        # Parsed as the server parses it (extra fields ignored, the seat taken from the member).
        parsed = engine.Action.from_json({**action, "seat": legal[0]["seat"]}).to_json()
    except Exception:
        return False
    return parsed in legal


async def send_and_settle(socket, frame: dict) -> list[dict]:
    """Send one frame, then a ping; return every frame received up to the pong."""
    if "bytes" in frame:
        await socket.send_to(bytes_data=frame["bytes"])
    else:
        await socket.send_to(text_data=frame["text"])
    await socket.send_json_to({"type": "ping"})
    received = []
    while True:
        output = await socket.receive_json_from(timeout=5)
        if output == {"type": "pong"}:
            return received
        received.append(output)


async def test_fuzzed_frames_change_nothing_but_the_legal_moves(alice, bob, make_member, caplog):
    caplog.set_level(logging.WARNING)
    carol, dave = [await sync_to_async(make_member)(name) for name in ("carol", "dave")]

    def start(first, second):
        game = lobby.game_open(user=first, format="six-deals", is_ranked=False)
        return lobby.game_join(game_id=game.pk, user=second)

    game = await sync_to_async(start)(alice, bob)
    other = await sync_to_async(start)(carol, dave)
    other_before = await sync_to_async(Game.objects.values().get)(pk=other.pk)
    games_before = await sync_to_async(Game.objects.count)()
    sessions = [await sync_to_async(session_cookie)(member) for member in (alice, bob)]
    path = f"/ws/parties/{game.pk}/"
    players = [(await open_socket(path, session))[0] for session in sessions]
    spectator = (await open_socket(path))[0]
    room = (await open_socket("/ws/salle/", sessions[0]))[0]
    await receive_until(room, lambda frame: frame["type"] == "lobby")
    views = [await state_at(socket, 1) for socket in players]
    rng = random.Random(20261130)
    legal_moves = []
    answers = []

    for turn in range(FRAMES_PER_SOCKET):
        version = views[0]["version"]
        if turn % LEGAL_MOVE_EVERY == 0 and views[0]["game"]["status"] == "in_progress":
            to_act = views[0]["view"]["seat_to_act"]
            action = rng.choice(views[to_act]["view"]["legal_actions"])
            await players[to_act].send_json_to(
                {"type": "act", "version": version, "action": action}
            )
            legal_moves.append((to_act, action))
            views = [await state_at(socket, version + 1) for socket in players]
            continue
        templates = [
            {"type": "act", "version": version, "action": move}
            for seat in (0, 1)
            for move in views[seat]["view"]["legal_actions"]
        ] + [
            {"type": "join", "game_id": other.pk},
            {"type": "cancel", "game_id": game.pk},
            {"type": "create", "format": "six-deals", "is_ranked": False},
            {"type": "snapshot"},
        ]
        for seat, socket in enumerate([*players, spectator, room]):
            frame = fuzz_frame(rng, templates)
            legal = views[seat]["view"]["legal_actions"] if seat < 2 else []
            if seat < 3 and is_a_legal_move(frame, version, legal):
                continue
            answers.extend(await send_and_settle(socket, frame))

    actions = await sync_to_async(list)(
        GameAction.objects.filter(game=game).order_by("version").values_list("seat", "payload")
    )
    after = await sync_to_async(Game.objects.get)(pk=game.pk)
    other_after = await sync_to_async(Game.objects.values().get)(pk=other.pk)
    assert len(answers) > 2 * FRAMES_PER_SOCKET
    assert [frame.get("code") for frame in answers if frame.get("code") == "server_error"] == []
    # Presence news (a socket of the table opening or closing) may come in between.
    assert {frame["type"] for frame in answers} <= {"error", "state", "lobby", "presence"}
    assert after.version == 1 + len(legal_moves)
    assert [(seat, payload) for seat, payload in actions[1:]] == [
        (seat, {**action, "seat": seat}) for seat, action in legal_moves
    ]
    assert other_after == other_before
    assert await sync_to_async(Game.objects.count)() == games_before
    assert [
        record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR
    ] == []
    for socket in (*players, spectator, room):
        await socket.disconnect()
