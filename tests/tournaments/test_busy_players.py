"""A player who is elsewhere when his competition game is due (docs/tournaments.md, *Busy*).

His game waiting in the waiting room is cancelled; a game he is playing is not interrupted: the
competition waits for it to end, at most as long as one decision may take (3 minutes), then
starts his game anyway and the normal forfeit clock applies.
"""

from games import services as game_services
from games.models import Game
from tournaments.models import Match

from .conftest import advance, live_games, register, round_matches


def test_a_game_waiting_in_the_waiting_room_is_cancelled_when_the_round_starts(
    make_tournament, members
):
    tournament = make_tournament()
    first, second = members(2)
    register(tournament, first, second)
    waiting = game_services.game_create(user=first, format="six-deals", is_ranked=False)

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
    free_game = game_services.game_create(user=first, format="six-deals", is_ranked=False)
    game_services.game_join(game_id=free_game.pk, user=friend)

    advance(tournament)
    (match,) = round_matches(tournament, 1)
    assert (match.status, live_games(tournament)) == (Match.Status.WAITING, [])

    advance(tournament, minutes=2)
    assert live_games(tournament) == []

    advance(tournament, minutes=3)
    (game,) = live_games(tournament)
    assert (game.seat0, game.seat1) == (first, second)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING


def test_a_player_whose_other_game_ends_starts_at_once(make_tournament, members, member):
    tournament = make_tournament()
    first, second = members(2)
    friend = member("friend")
    register(tournament, first, second)
    free_game = game_services.game_create(user=first, format="six-deals", is_ranked=False)
    game_services.game_join(game_id=free_game.pk, user=friend)
    advance(tournament)

    game_services.game_leave(game_id=free_game.pk, user=friend)
    advance(tournament, minutes=1)

    assert len(live_games(tournament)) == 1


def test_a_game_against_the_computer_ends_when_the_round_starts(make_tournament, members):
    from games import robots
    from games.quitters import ranked_play_check

    tournament = make_tournament()
    first, second = members(2)
    register(tournament, first, second)
    casual = robots.computer_game_start(user=first, level="facile", format="six-deals")

    advance(tournament)

    casual.refresh_from_db()
    assert (casual.status, casual.end_reason) == (Game.Status.FINISHED, Game.EndReason.LEFT)
    assert casual.winner_seat == 1 - casual.seat_of(first)
    (game,) = live_games(tournament)
    assert {game.seat0, game.seat1} == {first, second}
    # Never counted: the member may still play ranked games.
    ranked_play_check(user=first, now=casual.ended_at)
