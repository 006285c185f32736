"""Quitters (ladder.md, *Quitters*): a member who forfeits 3 of his last 10 games is barred from
ranked play for 15 minutes, then 1 hour, then 1 day; free games stay open to him."""

import datetime as dt
import random
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from cartomaniak.handlers import game_ended_dispatch
from games.errors import GameError
from games.lobby import services as lobby
from games.models import Game, RankedPlayBan, Seat
from games.tables import services as tables

PARIS = ZoneInfo("Europe/Paris")
# A Wednesday afternoon in June, Paris time (UTC+2).
START = dt.datetime(2026, 6, 17, 15, 0, tzinfo=PARIS).astimezone(dt.UTC)


def past_game(member, opponent, *, ended_at, abandoned: bool, is_ranked: bool = True) -> Game:
    """A game the member finished earlier: lost by leaving, or played to its end and won."""
    game = Game.objects.create(
        host=member,
        is_ranked=is_ranked,
        format="first-to-71",
        status=Game.Status.FINISHED,
        started_at=ended_at - dt.timedelta(minutes=20),
        ended_at=ended_at,
        winner_team=1 if abandoned else 0,
        end_reason=Game.EndReason.LEFT if abandoned else Game.EndReason.POINTS,
        forfeit_seat=0 if abandoned else None,
        is_first_deal_complete=True,
    )
    Seat.objects.create(game=game, seat=0, team=0, user=member)
    Seat.objects.create(game=game, seat=1, team=1, user=opponent)
    return game


def leave_a_ranked_game(quitter, opponent, *, now) -> Game:
    """Create a ranked game, let the opponent join, then leave it: a forfeit by the quitter."""
    game = lobby.game_open(user=quitter, format="first-to-71", is_ranked=True, now=now)
    lobby.game_join(game_id=game.pk, user=opponent, now=now)
    return tables.game_leave(game_id=game.pk, user=quitter, now=now)


@pytest.fixture
def quitter(make_member):
    return make_member("quitter")


@pytest.fixture
def opponent(make_member):
    return make_member("opponent")


def test_a_third_forfeit_in_ten_games_bars_ranked_play_for_15_minutes(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)

    leave_a_ranked_game(quitter, opponent, now=START)

    with pytest.raises(GameError) as refused:
        lobby.game_open(
            user=quitter, format="first-to-71", is_ranked=True, now=START + dt.timedelta(minutes=5)
        )
    assert refused.value.code == "ranked_play_barred"
    assert refused.value.message == (
        "Vous avez abandonné 3 de vos 10 dernières parties : pas de partie classée avant "
        "le 17/06/2026 à 15:15 (heure de Paris). Les parties libres restent ouvertes."
    )
    ban = RankedPlayBan.objects.get()
    assert (ban.user, ban.starts_at, ban.ends_at, ban.abandons) == (
        quitter,
        START,
        START + dt.timedelta(minutes=15),
        3,
    )


def test_a_barred_member_cannot_join_a_ranked_game_but_plays_free_ones(
    quitter, opponent, make_member
) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    leave_a_ranked_game(quitter, opponent, now=START)
    host = make_member("host")
    ranked = lobby.game_open(user=host, format="first-to-71", is_ranked=True, now=START)

    with pytest.raises(GameError) as refused:
        lobby.game_join(game_id=ranked.pk, user=quitter, now=START + dt.timedelta(minutes=1))
    free = lobby.game_open(
        user=quitter, format="first-to-71", is_ranked=False, now=START + dt.timedelta(minutes=1)
    )

    assert refused.value.code == "ranked_play_barred"
    assert Game.objects.get(pk=ranked.pk).status == Game.Status.OPEN
    assert free.status == Game.Status.OPEN


def test_the_bar_ends_on_time(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    leave_a_ranked_game(quitter, opponent, now=START)

    game = lobby.game_open(
        user=quitter, format="first-to-71", is_ranked=True, now=START + dt.timedelta(minutes=15)
    )

    assert game.is_ranked is True


def test_the_bar_grows_15_minutes_then_1_hour_then_1_day(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    moments = [START, START + dt.timedelta(minutes=20), START + dt.timedelta(hours=2)]

    for moment in moments:
        leave_a_ranked_game(quitter, opponent, now=moment)

    assert [ban.ends_at - ban.starts_at for ban in RankedPlayBan.objects.order_by("starts_at")] == [
        dt.timedelta(minutes=15),
        dt.timedelta(hours=1),
        dt.timedelta(days=1),
    ]


def test_the_growth_starts_over_after_a_clean_week(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    leave_a_ranked_game(quitter, opponent, now=START)
    later = START + dt.timedelta(days=8)

    leave_a_ranked_game(quitter, opponent, now=later)

    last = RankedPlayBan.objects.order_by("starts_at").last()
    assert last.ends_at - last.starts_at == dt.timedelta(minutes=15)


def test_a_timeout_counts_as_a_forfeit(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    game = lobby.game_open(user=quitter, format="first-to-71", is_ranked=True, now=START)
    # This deal gives the first decision to seat 0, the quitter's; he lets his clock run out.
    game = lobby.game_join(game_id=game.pk, user=opponent, now=START, rng=random.Random(0))

    tables.game_enforce_deadlines(now=game.deadline + dt.timedelta(seconds=1))

    game.refresh_from_db()
    assert (game.end_reason, game.winner_seat) == (Game.EndReason.TIMEOUT, 1)
    assert RankedPlayBan.objects.get().user == quitter


def test_forfeits_older_than_the_last_ten_games_are_forgotten(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(days=3), abandoned=True)
    for hour in range(9, 1, -1):
        past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=hour), abandoned=False)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)

    leave_a_ranked_game(quitter, opponent, now=START)

    assert RankedPlayBan.objects.count() == 0


def test_leaving_a_free_game_before_the_first_deal_ends_is_not_counted(quitter, opponent) -> None:
    for minutes in (0, 10, 20):
        moment = START + dt.timedelta(minutes=minutes)
        game = lobby.game_open(user=quitter, format="first-to-71", is_ranked=False, now=moment)
        lobby.game_join(game_id=game.pk, user=opponent, now=moment)
        tables.game_leave(game_id=game.pk, user=quitter, now=moment)

    assert RankedPlayBan.objects.count() == 0
    assert lobby.game_open(
        user=quitter, format="first-to-71", is_ranked=True, now=START + dt.timedelta(minutes=21)
    ).is_ranked


def test_a_free_game_abandoned_after_the_first_deal_counts(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(
        quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True, is_ranked=False
    )
    third = past_game(quitter, opponent, ended_at=START, abandoned=True, is_ranked=False)

    game_ended_dispatch(game=third)

    assert RankedPlayBan.objects.get().abandons == 3


def test_a_game_ended_twice_bars_once(quitter, opponent) -> None:
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    game = leave_a_ranked_game(quitter, opponent, now=START)

    game_ended_dispatch(game=game)

    assert RankedPlayBan.objects.count() == 1


def test_the_refusal_is_in_english_for_a_member_who_chose_english(quitter, opponent) -> None:
    quitter.preferred_language = "en"
    quitter.save(update_fields=["preferred_language"])
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=1), abandoned=True)
    leave_a_ranked_game(quitter, opponent, now=START)

    with pytest.raises(GameError) as refused:
        lobby.game_open(
            user=quitter, format="first-to-71", is_ranked=True, now=START + dt.timedelta(minutes=5)
        )

    assert refused.value.message == (
        "You forfeited 3 of your last 10 games: no ranked game before 17/06/2026 at 15:15 "
        "(Paris time). Free games remain open to you."
    )


def test_the_waiting_room_says_why_and_until_when(quitter, opponent) -> None:
    from django.utils import timezone

    now = timezone.now()
    past_game(quitter, opponent, ended_at=now - dt.timedelta(hours=2), abandoned=True)
    past_game(quitter, opponent, ended_at=now - dt.timedelta(hours=1), abandoned=True)
    leave_a_ranked_game(quitter, opponent, now=now)
    until = (now + dt.timedelta(minutes=15)).astimezone(PARIS)
    client = Client()
    client.force_login(quitter)

    page = client.get("/salle/").content.decode()

    assert (
        "Vous avez abandonné 3 de vos 10 dernières parties : pas de partie classée avant le "
        f"{until:%d/%m/%Y} à {until:%H:%M} (heure de Paris)."
    ) in page


def test_the_profile_shows_the_completion_rate(quitter, opponent) -> None:
    for hour in range(4, 0, -1):
        past_game(quitter, opponent, ended_at=START - dt.timedelta(hours=hour), abandoned=hour == 1)

    page = Client().get("/joueurs/quitter/").content.decode()

    assert "Parties menées à leur terme : 3 sur 4 (75 %)" in page
