"""A player who is elsewhere when his competition game is due (docs/tournaments.md, *Busy*).

His game waiting in the waiting room is cancelled; a game he is playing is not interrupted: the
competition waits for it to end, however long it lasts, so that he never holds two games at
once, and starts his game as soon as it has ended.
"""

import datetime as dt

from games.lobby import services as lobby_services
from games.models import Game
from games.tables import services as table_services
from games.tables.selectors import game_ids_of
from tournaments.models import Match

from .conftest import advance, live_games, register, round_matches


def games_in_progress(user) -> int:
    return Game.objects.filter(game_ids_of(user_id=user.pk), status=Game.Status.IN_PROGRESS).count()


def test_a_game_waiting_in_the_waiting_room_is_cancelled_when_the_round_starts(
    make_tournament, members
):
    tournament = make_tournament()
    first, second = members(2)
    register(tournament, first, second)
    waiting = lobby_services.game_open(user=first, format="six-deals", is_ranked=False)

    advance(tournament)

    waiting.refresh_from_db()
    assert waiting.status == Game.Status.CANCELLED
    assert len(live_games(tournament)) == 1


def test_a_player_in_another_game_is_waited_for_then_brought_to_his_game(
    make_tournament, members, member
):
    tournament = make_tournament()
    first, second = members(2)
    friend = member("friend")
    register(tournament, first, second)
    free_game = lobby_services.game_open(user=first, format="six-deals", is_ranked=False)
    lobby_services.game_join(game_id=free_game.pk, user=friend)

    advance(tournament)
    (match,) = round_matches(tournament, 1)
    assert (match.status, live_games(tournament)) == (Match.Status.WAITING, [])

    advance(tournament, minutes=2)
    assert live_games(tournament) == []

    # Longer than one decision: still no second game while the first goes on.
    advance(tournament, minutes=30)
    assert (live_games(tournament), games_in_progress(first)) == ([], 1)

    table_services.game_leave(game_id=free_game.pk, user=friend)
    advance(tournament, minutes=31)
    (game,) = live_games(tournament)
    assert (game.player_at(0), game.player_at(1)) == (first, second)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING


def test_a_player_whose_other_game_ends_starts_at_once(make_tournament, members, member):
    tournament = make_tournament()
    first, second = members(2)
    friend = member("friend")
    register(tournament, first, second)
    free_game = lobby_services.game_open(user=first, format="six-deals", is_ranked=False)
    lobby_services.game_join(game_id=free_game.pk, user=friend)
    advance(tournament)

    table_services.game_leave(game_id=free_game.pk, user=friend)
    advance(tournament, minutes=1)

    assert len(live_games(tournament)) == 1


def test_a_game_against_the_computer_ends_when_the_round_starts(make_tournament, members):
    from games.quitters import ranked_play_check
    from games.robots.services import computer_game_start

    tournament = make_tournament()
    first, second = members(2)
    register(tournament, first, second)
    casual = computer_game_start(user=first, level="facile", format="six-deals")

    advance(tournament)

    casual.refresh_from_db()
    assert (casual.status, casual.end_reason) == (Game.Status.FINISHED, Game.EndReason.LEFT)
    assert casual.winner_seat == 1 - casual.seat_of(first)
    (game,) = live_games(tournament)
    assert {game.player_at(0), game.player_at(1)} == {first, second}
    # Never counted: the member may still play ranked games.
    ranked_play_check(user=first, now=casual.ended_at)


def test_four_player_tables_not_started_are_left_when_the_round_starts(
    make_tournament, members, member
):
    tournament = make_tournament()
    first, second = members(2)
    host = member("host")
    register(tournament, first, second)
    own_table = table_services.game_create(
        host=first, variant="manille-french", format="first-to-34"
    )
    other_table = table_services.game_create(
        host=host, variant="manille-flemish", format="boom-101"
    )
    table_services.game_seat_take(game_id=other_table.pk, user=second, seat=1)

    advance(tournament)

    own_table.refresh_from_db()
    other_table.refresh_from_db()
    assert own_table.status == own_table.Status.CANCELLED
    assert other_table.status == other_table.Status.OPEN
    assert list(other_table.seats.values_list("user_id", flat=True)) == [host.pk]
    assert len(live_games(tournament)) == 1


def test_a_player_at_a_running_four_player_table_is_waited_for(make_tournament, members):
    tournament = make_tournament()
    first, second = members(2)
    register(tournament, first, second)
    table = table_services.game_create(host=first, variant="manille-french", format="first-to-34")
    for seat in (1, 2, 3):
        table_services.game_seat_fill(game_id=table.pk, user=first, seat=seat, level="facile")
    table_services.game_start(game_id=table.pk, user=first)

    advance(tournament)
    waiting = live_games(tournament)
    advance(tournament, minutes=5)
    still_waiting = live_games(tournament)
    table_services.game_leave(game_id=table.pk, user=first)
    advance(tournament, minutes=6)

    assert (waiting, still_waiting) == ([], [])
    assert len(live_games(tournament)) == 1


def test_a_member_of_two_competitions_starting_together_plays_one_game_at_a_time(
    make_tournament, members
):
    evening = make_tournament(name="Coupe du soir")
    # A minute apart: registration refuses only the same start (test_registration.py).
    night = make_tournament(
        name="Coupe de la nuit", starts_at=evening.starts_at + dt.timedelta(minutes=1)
    )
    both, evening_opponent, night_opponent = members(3)
    register(evening, both, evening_opponent)
    register(night, both, night_opponent)

    advance(evening)
    advance(night)
    (night_match,) = round_matches(night, 1)
    # Long after one decision's wait, his evening game still goes on: the night one waits.
    advance(night, minutes=30)
    waited = (live_games(night), games_in_progress(both))
    (evening_game,) = live_games(evening)
    table_services.game_leave(game_id=evening_game.pk, user=evening_opponent)
    advance(night, minutes=31)

    assert waited == ([], 1)
    night_match.refresh_from_db()
    assert night_match.status == Match.Status.PLAYING
    (night_game,) = live_games(night)
    assert {night_game.player_at(0), night_game.player_at(1)} == {both, night_opponent}
    assert games_in_progress(both) == 1
