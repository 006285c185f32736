"""A whole four-player match through the real websocket stack (/ws/parties/<id>/): two members
set the table up and play from the frames their sockets receive, two computer players are
moved by the real runner (its timetable on the test's loop, its thread pool). No frame any
socket receives ever holds a card of another seat's hand; the record replays to the result."""

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.utils import timezone

from games import engine, tasks
from games.engine.partnership.questions import shown_seats_of
from games.engine.variants import variant_get
from games.models import Game, GameAction, Seat
from games.robots import scheduling
from games.tables import selectors as table_selectors
from games.tables import services as tables
from tests.games.conftest import cards_in
from tests.games.lobby_mirror import LobbyMirror
from tests.games.websocket import open_socket, receive_until, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def embedded_runner(settings):
    """The embedded default's runner (never a Celery queue here), stopped after each test."""
    settings.BACKGROUND_JOBS = "embedded"
    settings.COMPUTER_PAUSE_SCALE = 0
    yield
    scheduling.computer_runner_stop(wait=True)
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


def states_by_version(table: Game) -> dict[int, object]:
    """Rebuild the state of every version of a finished table from its record: the start's
    version holds the first deal, each action one more version (the next deal dealt with it)."""
    variant = variant_get(table.variant)
    record = table_selectors.game_record(game=table)
    start = GameAction.objects.get(game=table, kind="start").version
    state = variant.new_match(
        first_dealer=record["first_dealer"], format=record["format"], options=record.get("options")
    )
    decks = iter(deal["deck"] for deal in record["deals"])
    state = variant.deal_start(state, next(decks))
    states = {start: state}
    actions = [action for deal in record["deals"] for action in deal["actions"]]
    for offset, action in enumerate(actions, start=1):
        state = variant.apply(state, variant.action_from_json(action))
        if not state.is_finished and str(state.phase) == "dealing":
            state = variant.deal_start(state, next(decks))
        states[start + offset] = state
    return states


def hidden_from(state, seat: int | None) -> set[str]:
    """The cards `seat` (None: a spectator) must not see at this state: every other seat's
    hand, but the turned-up card (French), which the whole table sees, and a hand its partner
    was asked to show (parlée), which lies on the table; at three, the talon while the deal is
    played."""
    deal = state.deal
    if deal is None or str(state.phase) == "dealing":
        return set()
    shown = shown_seats_of(deal.actions) if hasattr(deal, "questions") else ()
    # Avec un mort: the dummy's hand lies face up for everyone.
    dummy = getattr(getattr(state, "options", None), "dummy", None)
    if dummy is not None:
        shown = (*shown, dummy)
    hidden = {
        card
        for other in range(len(deal.hands))
        if other != seat and other not in shown
        for card in deal.hands[other]
    }
    if str(state.phase) == "play" and getattr(deal, "talon", None):
        hidden |= set(deal.talon)
    # Manni: the pile, and every other seat's discards (the cut card is everyone's).
    if hasattr(deal, "manni"):
        hidden |= set(deal.manni)
        hidden |= {
            card for other, cards in enumerate(deal.discards) if other != seat for card in cards
        }
        hidden -= {deal.cut}
    return hidden - {getattr(deal, "turned_up", None)}


def shown_now(frame: dict) -> set[str]:
    """The cards a frame shows of the position now: the past (the draws at the start, earlier
    deals' summaries, a last trick of an earlier deal) and the public turned-up card left out."""
    table = dict(frame["game"])
    view = dict(frame["view"] or {})
    table.pop("first_dealer_draw")
    # The draw for the dummy (avec un mort): cards of another deck, before the match.
    table.pop("dummy_draw")
    trick = table.get("completed_trick")
    if trick is not None and not trick["key"].startswith(f"{view.get('deal_number')}-"):
        table.pop("completed_trick")
    view.pop("deals", None)
    view.pop("turned_up", None)
    # Parlée: a question names a card it asks about, and every answer is heard by all (the
    # test compares them with the engine's own answers instead).
    view.pop("questions", None)
    # A seat may ask about any card (`ask_card` of each of the 32): that names no holder.
    view["legal_actions"] = [
        action for action in view.get("legal_actions", []) if action["type"] != "ask_card"
    ]
    return cards_in(table) | cards_in(view)


async def play_member(socket, seat: int, rng: random.Random, frames: list) -> dict:
    """Play from the frames this socket receives until the match is over; keep every frame.

    The member's seat is the frame's (with a dummy, the draw may move him at the start), and he
    decides whenever his view lists decisions: at his turn, and the dummy's when he holds it."""
    acted = set()
    while True:
        frame = await receive_until(socket, lambda f: f["type"] in ("state", "error"), 60)
        if frame["type"] == "error":
            # Another seat moved between this frame and the decision: a fresh state follows.
            assert frame["code"] == "stale_version", frame
            continue
        seat = frame["game"]["your_seat"]
        frames.append((seat, frame))
        view = frame["view"]
        if frame["game"]["status"] == "finished":
            return frame
        if view is None:  # still the set-up's frames
            continue
        if view["legal_actions"] and frame["version"] not in acted:
            acted.add(frame["version"])
            action = rng.choice(view["legal_actions"])
            await socket.send_json_to(
                {"type": "act", "version": frame["version"], "action": action}
            )


async def watch(socket, frames: list) -> dict:
    while True:
        frame = await receive_until(socket, lambda f: f["type"] == "state", 60)
        frames.append((None, frame))
        if frame["game"]["status"] == "finished":
            return frame


@pytest.mark.parametrize(
    ("variant", "format", "options"),
    [
        ("manille-french", "first-to-34", {}),
        # Blind no trump on: the dealer's own cards are hidden until he looks.
        ("manille-flemish", "boom-61", {"blind": True}),
        # The members ask their partners at random: every answer is the engine's, heard by all.
        ("manille-parlee", "first-to-34", {}),
        # Three seats, each for himself, with the talon nobody sees before the deal's end.
        ("manille-a-trois", "first-to-34", {"sevens_removed": False}),
        # Each for himself, an auction first; the match ends on its last seat below 100.
        ("manille-encheres", "to-100", {}),
        # The same at three, with the 30 cards of à trois (a pair of sevens out).
        ("manille-encheres-3", "to-100", {}),
        # 52 cards, the Manni pile and the discards secret, an exchange before the cards.
        ("manni", "manni-10", {}),
        # Three people, the dummy face up at seat 3, played by whoever the draw seats at 1.
        ("manille-mort", "first-to-34", {}),
    ],
)
async def test_a_whole_match_with_two_members_and_two_computers(
    alice, bob, variant, format, options
) -> None:
    scheduling.computer_runner_ensure_started()
    table = await database_sync_to_async(tables.game_create)(
        host=alice, variant=variant, format=format, options=options
    )
    path = f"/ws/parties/{table.pk}/"
    alice_socket, connected, _ = await open_socket(path, await sync_to_async(session_cookie)(alice))
    assert connected
    bob_socket, connected, _ = await open_socket(path, await sync_to_async(session_cookie)(bob))
    assert connected
    spectator, connected, _ = await open_socket(path)
    assert connected
    opening = await receive_until(bob_socket, lambda f: f["type"] == "state")
    assert opening["game"]["status"] == "open" and opening["view"] is None
    assert opening["game"]["your_seat"] is None

    # The set-up through the socket: Bob sits, the host seats two computers and starts.
    await bob_socket.send_json_to({"type": "take_seat", "seat": 2})
    seated = await receive_until(bob_socket, lambda f: f.get("game", {}).get("your_seat") == 2)
    assert seated["game"]["seats"][2]["name"] == "bob" and not seated["game"]["is_host"]
    await bob_socket.send_json_to({"type": "start"})
    refused = await receive_until(bob_socket, lambda f: f["type"] == "error")
    assert refused["code"] == "not_host"
    await alice_socket.send_json_to({"type": "start"})
    refused = await receive_until(alice_socket, lambda f: f["type"] == "error")
    assert refused["code"] == "table_not_full"
    computer_seats = [seat for seat in variant_get(variant).person_seats if seat not in (0, 2)]
    for seat in computer_seats:
        await alice_socket.send_json_to({"type": "fill_seat", "seat": seat, "level": "facile"})
    full = await receive_until(
        alice_socket, lambda f: f["type"] == "state" and all(s["name"] for s in f["game"]["seats"])
    )
    assert full["game"]["is_host"] is True
    assert [s["seat"] for s in full["game"]["seats"] if s["is_computer"]] == computer_seats
    await alice_socket.send_json_to({"type": "start"})

    frames: list = []
    last_alice, last_bob, last_watched = await asyncio.gather(
        play_member(alice_socket, 0, random.Random(1), frames),
        play_member(bob_socket, 2, random.Random(2), frames),
        watch(spectator, frames),
    )

    table = await sync_to_async(Game.objects.get)(pk=table.pk)
    assert table.status == "finished" and table.end_reason == "points"
    for last in (last_alice, last_bob, last_watched):
        assert last["game"]["winner_team"] == table.winner_team
        assert last["game"]["record_url"] == f"/parties/{table.pk}/partie.json"
    # The computers played through the one writer: their seats acted (with a dummy, the draw
    # may have moved them: their seats are read again).
    computer_seats = await sync_to_async(
        lambda: list(
            Seat.objects.filter(game=table, is_computer=True).values_list("seat", flat=True)
        )
    )()
    computer_moves = await sync_to_async(
        lambda: GameAction.objects.filter(
            game=table, kind="action", seat__in=computer_seats
        ).count()
    )()
    # A match ends on points only after a complete deal: each computer played its eight cards.
    assert computer_moves >= 8 * len(computer_seats)

    states = await sync_to_async(states_by_version)(table)
    in_play = [(seat, frame) for seat, frame in frames if frame["version"] in states]
    assert len(in_play) > 30
    for seat, frame in in_play:
        state = states[frame["version"]]
        assert shown_now(frame) & hidden_from(state, seat) == set(), (seat, frame["version"])
        if variant == "manille-parlee" and str(state.phase) != "dealing":
            # The questions and answers of the deal in play, exactly, for every seat.
            expected = [question.to_json() for question in state.deal.questions]
            assert frame["view"]["questions"] == expected
        if seat is None:
            assert frame["view"]["hand"] == [] and frame["view"]["legal_actions"] == []
        else:
            # His own hand, whole (unless he may not look at it yet).
            shown_hand = set(frame["view"]["hand"])
            assert shown_hand == set(state.deal.hands[seat]) or frame["view"]["is_hand_hidden"]

    record = await sync_to_async(table_selectors.game_record)(game=table)
    if options.get("blind") and any(deal["dealer"] in (0, 2) for deal in record["deals"]):
        # A member dealt: his cards were hidden until he looked (his partner's until trump).
        assert any(frame["view"]["is_hand_hidden"] for seat, frame in in_play if seat is not None)

    if variant == "manille-parlee":
        # The members asked, and the record holds their questions without the answers.
        questions = [
            action
            for deal in record["deals"]
            for action in deal["actions"]
            if action["type"] in ("ask_card", "ask_count", "show")
        ]
        assert questions and all("answer" not in action for action in questions)
    status, output = engine.replay_record(record)
    assert status == 0
    assert output["winner"] == table.winner_team
    assert output["totals"] == last_alice["view"]["totals"]
    for socket in (alice_socket, bob_socket, spectator):
        await socket.disconnect()


async def test_errors_and_a_stale_version_are_answered_with_a_fresh_state(alice, bob) -> None:
    def setup():
        table = tables.game_create(host=alice, variant="manille-flemish", format="boom-61")
        tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
        for seat in (2, 3):
            tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
        return tables.game_start(game_id=table.pk, user=alice)

    table = await database_sync_to_async(setup)()
    socket, _, _ = await open_socket(
        f"/ws/parties/{table.pk}/", await sync_to_async(session_cookie)(bob)
    )
    first = await receive_until(socket, lambda f: f["type"] == "state")
    await socket.send_json_to({"type": "act", "version": first["version"] - 1, "action": {}})
    error = await receive_until(socket, lambda f: f["type"] == "error")
    assert error["code"] == "stale_version"
    fresh = await receive_until(socket, lambda f: f["type"] == "state")
    assert fresh["version"] >= first["version"]
    await socket.send_json_to({"type": "take_seat", "seat": 3})
    assert (await receive_until(socket, lambda f: f["type"] == "error"))["code"] == (
        "table_not_open"
    )
    await socket.send_json_to({"type": "dance"})
    assert (await receive_until(socket, lambda f: f["type"] == "error"))["code"] == "unknown_type"
    await socket.send_json_to({"type": "ping"})
    await receive_until(socket, lambda f: f["type"] == "pong")
    await socket.send_json_to({"type": "leave"})
    over = await receive_until(
        socket, lambda f: f["type"] == "state" and f["game"]["status"] == "finished"
    )
    assert (over["game"]["end_reason"], over["game"]["forfeit_seat"]) == ("left", 1)
    assert over["game"]["winner_team"] == 0
    await socket.disconnect()


async def test_an_unknown_table_closes_the_socket() -> None:
    _socket, connected, code = await open_socket("/ws/parties/999999/")
    assert not connected and code == 4404


async def test_the_waiting_room_follows_every_seat_change_start_and_end(alice, bob) -> None:
    room = await LobbyMirror.open(await sync_to_async(session_cookie)(bob))

    def seats(mirror) -> list:
        tables_open = mirror.room["open_tables"]
        return [seat["name"] for seat in tables_open[0]["seats"]] if tables_open else []

    table = await database_sync_to_async(tables.game_create)(
        host=alice, variant="manille-flemish", format="boom-101"
    )
    await room.read_until(lambda m: seats(m) == ["alice", None, None, None])
    await database_sync_to_async(tables.game_seat_take)(game_id=table.pk, user=bob, seat=1)
    await room.read_until(lambda m: seats(m) == ["alice", "bob", None, None])
    for seat in (2, 3):
        await database_sync_to_async(tables.game_seat_fill)(
            game_id=table.pk, user=alice, seat=seat, level="moyen"
        )
    await room.read_until(lambda m: seats(m)[3] == "ordinateur-moyen")
    await database_sync_to_async(tables.game_start)(game_id=table.pk, user=alice)
    await room.read_until(
        lambda m: not m.room["open_tables"] and [t["id"] for t in m.room["games_in_progress"]]
    )
    assert room.room["games_in_progress"][0]["id"] == table.pk
    await database_sync_to_async(tables.game_leave)(game_id=table.pk, user=bob)
    await room.read_until(lambda m: not m.room["games_in_progress"])
    await room.close()


async def test_set_up_messages_are_checked_and_counted(alice, bob, settings) -> None:
    table = await database_sync_to_async(tables.game_create)(
        host=alice, variant="manille-french", format="first-to-44"
    )
    path = f"/ws/parties/{table.pk}/"
    spectator, _, _ = await open_socket(path)
    await receive_until(spectator, lambda f: f["type"] == "state")
    await spectator.send_json_to({"type": "take_seat", "seat": 1})
    assert (await receive_until(spectator, lambda f: f["type"] == "error"))["code"] == (
        "not_authenticated"
    )
    socket, _, _ = await open_socket(path, await sync_to_async(session_cookie)(bob))
    await receive_until(socket, lambda f: f["type"] == "state")
    for message, code in (
        ({"type": "take_seat", "seat": "1"}, "malformed"),
        ({"type": "take_seat", "seat": 7}, "bad_seat"),
        ({"type": "fill_seat", "seat": 1, "level": "moyen"}, "not_host"),
        ({"type": "leave_seat"}, "not_seated"),
        ({"type": "act", "version": 1, "action": {"type": "pass"}}, "not_seated"),
    ):
        await socket.send_json_to(message)
        assert (await receive_until(socket, lambda f: f["type"] == "error"))["code"] == code
    settings.LOBBY_ACTIONS_PER_MINUTE = 0
    await socket.send_json_to({"type": "take_seat", "seat": 1})
    assert (await receive_until(socket, lambda f: f["type"] == "error"))["code"] == ("rate_limited")
    for communicator in (spectator, socket):
        await communicator.disconnect()


def lost_table_turn(alice) -> Game:
    """A running table where a computer must act and nothing is scheduled (no runner ran)."""
    a_minute_ago = timezone.now() - timedelta(minutes=1)
    table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
    for seat in (1, 2, 3):
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
    for _attempt in range(50):
        started = tables.game_start(game_id=table.pk, user=alice, now=a_minute_ago)
        if started.computer_due_at is not None:
            return started
        tables.game_leave(game_id=table.pk, user=alice)
        table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
        for seat in (1, 2, 3):
            tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
    raise AssertionError("alice always acted first")


async def test_the_sweep_plays_a_table_turn_nothing_scheduled(alice) -> None:
    table = await database_sync_to_async(lost_table_turn)(alice)
    assert not scheduling.computer_runner_is_running()
    socket, _, _ = await open_socket(
        f"/ws/parties/{table.pk}/", await sync_to_async(session_cookie)(alice)
    )
    first = await receive_until(socket, lambda f: f["type"] == "state")
    assert first["version"] == table.version and first["view"]["seat_to_act"] != 0

    scheduling.computer_runner_ensure_started()
    swept = await database_sync_to_async(tasks.computer_sweep)()

    after = await receive_until(
        socket, lambda f: f["type"] == "state" and f["version"] > table.version, 30
    )
    assert swept == 1
    action = await sync_to_async(
        lambda: GameAction.objects.get(game=table, version=table.version + 1)
    )()
    assert action.kind == "action" and action.seat == first["view"]["seat_to_act"]
    assert after["version"] >= table.version + 1
    # The computers would play on: their runner is stopped while this loop still runs, so that
    # a turn in flight still sends its broadcast on it (a turn waiting for a loop that has
    # stopped would keep the fixture's `computer_runner_stop(wait=True)` waiting forever).
    scheduling.computer_runner_stop()
    await asyncio.sleep(1.0)
    await socket.disconnect()
