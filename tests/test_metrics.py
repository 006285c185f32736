"""/metrics and the figures of cartomaniak/metrics.py, measured on real moves, sockets and rows."""

import random
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from cartomaniak import metrics
from cartomaniak.metrics import celery_queue_names, redis_client
from games import engine
from games.lobby import services as lobby
from games.models import Game
from games.robots import services as robot_services
from games.robots import turns
from tests.games.test_consumers import started_game
from tests.games.websocket import open_socket, receive_until, session_cookie, state_at
from tests.probes import unreachable_redis_url

OUTSIDER = "203.0.113.7"


def scraped(name: str, **labels) -> float | None:
    """The value of a sample as Prometheus reads it from /metrics (None: not in the page)."""
    page = Client().get("/metrics").content.decode()
    for family in text_string_to_metric_families(page):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return None


def counted(metric, name: str, **labels) -> float:
    """The value of a sample of one metric of this process, read without a scrape."""
    for family in metric.collect():
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return 0.0


# --- Who may read them --------------------------------------------------------------------------


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="operator-token")
def test_a_visitor_without_the_token_is_refused() -> None:
    refused = Client(REMOTE_ADDR=OUTSIDER).get("/metrics")
    wrong = Client(REMOTE_ADDR=OUTSIDER).get("/metrics", HTTP_AUTHORIZATION="Bearer guessed")

    assert refused.status_code == 403
    assert wrong.status_code == 403
    assert b"cartomaniak_" not in refused.content


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="operator-token")
def test_the_token_opens_them_from_anywhere() -> None:
    response = Client(REMOTE_ADDR=OUTSIDER).get(
        "/metrics", HTTP_AUTHORIZATION="Bearer operator-token"
    )

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    assert b'cartomaniak_moves_total{kind="game"}' in response.content


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="")
def test_no_token_set_opens_nothing_to_an_outsider_and_the_loopback_reads_them() -> None:
    outsider = Client(REMOTE_ADDR=OUTSIDER).get("/metrics", HTTP_AUTHORIZATION="Bearer ")
    local = Client(REMOTE_ADDR="127.0.0.1").get("/metrics")

    assert outsider.status_code == 403
    assert local.status_code == 200


@pytest.mark.django_db
@override_settings(METRICS_ALLOWED_NETWORKS=["10.0.0.0/8"], METRICS_TOKEN="")
def test_the_allowed_networks_replace_the_loopback() -> None:
    assert Client(REMOTE_ADDR="10.1.2.3").get("/metrics").status_code == 200
    assert Client(REMOTE_ADDR="127.0.0.1").get("/metrics").status_code == 403


# --- Read at scrape time ------------------------------------------------------------------------


@pytest.mark.django_db
def test_games_in_progress_and_members_present_are_read_from_the_database(
    alice, bob, make_member
) -> None:
    carol, dave = make_member("carol"), make_member("dave")
    for first, second in ((alice, bob), (carol, dave)):
        game = lobby.game_open(user=first, format="first-to-71", is_ranked=False)
        lobby.game_join(game_id=game.pk, user=second)
    lobby.game_open(user=make_member("erin"), format="first-to-71", is_ranked=False)
    lobby.lobby_presence_join(user=alice, channel_name="alice-1")
    lobby.lobby_presence_join(user=alice, channel_name="alice-2")
    lobby.lobby_presence_join(
        user=bob, channel_name="bob-1", now=timezone.now() - timedelta(minutes=5)
    )

    # Labelled by the registry's game now (no more kinds of tables): every game is there.
    assert scraped("cartomaniak_games_in_progress", variant="manille-2p") == 2
    assert scraped("cartomaniak_games_in_progress", variant="manille-flemish") == 0
    assert scraped("cartomaniak_games_in_progress", variant="manille-french") == 0
    assert scraped("cartomaniak_lobby_members_present") == 1


def test_the_database_unreachable_leaves_its_samples_out(database_unreachable) -> None:
    errors_before = counted(
        metrics.READ_ERRORS, "cartomaniak_metrics_read_errors_total", read="database"
    )

    response = Client().get("/metrics")

    assert response.status_code == 200
    assert b"cartomaniak_games_in_progress" not in response.content
    assert b"cartomaniak_moves_total" in response.content
    assert (
        counted(metrics.READ_ERRORS, "cartomaniak_metrics_read_errors_total", read="database")
        == errors_before + 1
    )


@pytest.mark.django_db
def test_redis_unreachable_leaves_the_queue_lengths_out() -> None:
    errors_before = counted(
        metrics.READ_ERRORS, "cartomaniak_metrics_read_errors_total", read="redis"
    )

    with override_settings(REDIS_URL=unreachable_redis_url()):
        response = Client().get("/metrics")

    assert response.status_code == 200
    assert b"cartomaniak_celery_queue_length" not in response.content
    assert b"cartomaniak_games_in_progress" in response.content
    assert (
        counted(metrics.READ_ERRORS, "cartomaniak_metrics_read_errors_total", read="redis")
        == errors_before + 1
    )


def test_the_queues_are_the_default_one_and_those_of_the_routes() -> None:
    assert celery_queue_names() == ["celery", "computer"]


@pytest.mark.skipif(not settings.REDIS_URL, reason="the site's Redis (REDIS_URL) is not set")
@pytest.mark.django_db
def test_the_queue_lengths_are_those_of_the_broker() -> None:
    client = redis_client(settings.REDIS_URL)
    marker = f"test-{uuid.uuid4()}"
    before = scraped("cartomaniak_celery_queue_length", queue="computer")
    client.rpush("computer", marker, marker)
    try:
        during = scraped("cartomaniak_celery_queue_length", queue="computer")
        waiting = client.llen("computer")
    finally:
        client.lrem("computer", 0, marker)

    assert during == waiting
    assert during - before == 2


@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="pg_stat_activity is PostgreSQL's",
)
@pytest.mark.django_db
def test_the_database_connections_are_counted_on_postgresql() -> None:
    assert scraped("cartomaniak_database_connections") >= 1


# --- Measured on real moves and sockets ---------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_moves_over_the_socket_are_counted_and_timed_once_each(alice, bob) -> None:
    game = await started_game(alice, bob)
    sessions = [await sync_to_async(session_cookie)(member) for member in (alice, bob)]
    sockets = [(await open_socket(f"/ws/parties/{game.pk}/", s))[0] for s in sessions]
    views = [(await state_at(socket, 1))["view"] for socket in sockets]
    moves_before = counted(metrics.MOVES, "cartomaniak_moves_total", kind="game")
    timed_before = counted(
        metrics.MOVE_LATENCY, "cartomaniak_move_latency_seconds_count", kind="game"
    )
    rng = random.Random(3)
    version = 1

    for _move in range(6):
        to_act = views[0]["seat_to_act"]
        action = rng.choice(views[to_act]["legal_actions"])
        await sockets[to_act].send_json_to({"type": "act", "version": version, "action": action})
        version += 1
        views = [(await state_at(socket, version))["view"] for socket in sockets]
    await sockets[0].send_json_to({"type": "act", "version": 1, "action": {"type": "roll"}})
    stale = await receive_until(sockets[0], lambda frame: frame["type"] == "error")

    assert stale["code"] == "stale_version"
    assert counted(metrics.MOVES, "cartomaniak_moves_total", kind="game") == moves_before + 6
    assert (
        counted(metrics.MOVE_LATENCY, "cartomaniak_move_latency_seconds_count", kind="game")
        == timed_before + 6
    )
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_sockets_gauge_follows_sockets_opened_and_closed(alice, bob) -> None:
    game = await started_game(alice, bob)
    before = {
        kind: counted(metrics.SOCKETS_OPEN, "cartomaniak_sockets_open", kind=kind)
        for kind in ("lobby", "game")
    }
    session = await sync_to_async(session_cookie)(alice)

    lobby, lobby_connected, _ = await open_socket("/ws/salle/", session)
    player, _, _ = await open_socket(f"/ws/parties/{game.pk}/", session)
    spectator, _, _ = await open_socket(f"/ws/parties/{game.pk}/")
    _missing, missing_connected, _ = await open_socket("/ws/parties/999999/")
    opened = {
        kind: counted(metrics.SOCKETS_OPEN, "cartomaniak_sockets_open", kind=kind)
        for kind in ("lobby", "game")
    }
    for socket in (lobby, player, spectator):
        await socket.disconnect()
    closed = {
        kind: counted(metrics.SOCKETS_OPEN, "cartomaniak_sockets_open", kind=kind)
        for kind in ("lobby", "game")
    }

    assert lobby_connected is True
    assert missing_connected is False
    assert opened == {"lobby": before["lobby"] + 1, "game": before["game"] + 2}
    assert closed == before


@pytest.mark.django_db(transaction=True)
def test_a_computer_decision_is_timed_and_its_move_counted(alice) -> None:
    # With this deal, the computer (seat 1) speaks first. A move counts once committed: this test
    # commits.
    game = robot_services.computer_game_start(
        user=alice, level="facile", format="first-to-71", rng=random.Random(3)
    )
    decisions_before = counted(
        metrics.COMPUTER_DECISION, "cartomaniak_computer_decision_seconds_count", level="facile"
    )
    moves_before = counted(metrics.MOVES, "cartomaniak_moves_total", kind="game")

    is_played = turns.computer_move(game_id=game.pk, version=game.version)

    assert engine.seat_to_act(engine.state_from_json(game.state)) == 1
    assert is_played is True
    assert Game.objects.get(pk=game.pk).version == game.version + 1
    assert counted(
        metrics.COMPUTER_DECISION, "cartomaniak_computer_decision_seconds_count", level="facile"
    ) == (decisions_before + 1)
    assert counted(metrics.MOVES, "cartomaniak_moves_total", kind="game") == moves_before + 1
