"""Several runners at once (threads on their own connections, PostgreSQL or SQLite): the
scheduled job overlapping itself and the end of a game change nothing more than one run."""

import threading

import pytest
from django.db import close_old_connections, connection

from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from games.models import Game
from games.tables.services import game_leave
from tournaments.models import FinalStanding, Match, MatchGame, Round, Tournament
from tournaments.services import tournaments_run_due

from .conftest import live_games, register


def _run_at_once(*functions) -> list:
    """Run each function in its own thread, released together; return results or errors."""
    barrier = threading.Barrier(len(functions))
    results: list = []

    def runner(function) -> None:
        try:
            barrier.wait()
            results.append(function())
        except Exception as error:  # collected and asserted on by the test
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(function,)) for function in functions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    close_old_connections()
    return results


def _leave(game: Game, loser):
    return lambda: game_leave(game_id=game.pk, user=loser)


@pytest.mark.django_db(transaction=True)
def test_overlapping_runners_start_pair_and_close_a_competition_once(make_tournament, members):
    tournament = make_tournament(prizes=((1, "credits", 100, ""), (2, "credits", 40, "")))
    players = members(4)
    register(tournament, *players)
    run = lambda: tournaments_run_due(now=tournament.starts_at)  # noqa: E731

    results = _run_at_once(run, run, run, run)
    assert not [result for result in results if isinstance(result, Exception)]
    assert Round.objects.count() == 1
    assert Match.objects.count() == MatchGame.objects.count() == 2

    # Both semi-finals end while two runners go: one final, one game.
    first, second = live_games(tournament)
    results = _run_at_once(
        _leave(first, first.player_at(1)), _leave(second, second.player_at(1)), run, run
    )
    assert not [result for result in results if isinstance(result, Exception)]
    assert Round.objects.count() == 2
    assert Match.objects.filter(round__number=2).count() == 1
    (final,) = live_games(tournament)

    results = _run_at_once(_leave(final, final.player_at(1)), run, run, run)
    assert not [result for result in results if isinstance(result, Exception)]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert FinalStanding.objects.count() == 4
    assert CreditMovement.objects.filter(kind="prize").count() == 2
    assert wallet_balance(user=final.player_at(0)) == 100
    assert wallet_balance(user=final.player_at(1)) == 40
