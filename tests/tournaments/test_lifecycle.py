"""A competition from its start to its prizes, run by `tournament_advance` as the job runs it.

Games end at once by a forfeit (a player leaves), which is the shortest legal end of a game.
"""

import datetime as dt

from django.core import mail
from django.utils import timezone

from accounts.models import CreditMovement
from accounts.selectors import wallet_balance
from games.models import Game
from rankings.models import PointsEntry, RecordEntry, Subscription
from tests.rankings.conftest import subscribe
from tournaments.models import FinalStanding, Match, Registration, Round, Tournament
from tournaments.services import tournaments_run_due
from tournaments.tasks import run_tournaments

from .conftest import (
    advance,
    grant,
    live_games,
    lose,
    lose_every_live_game,
    match_games,
    no_show,
    register,
    round_matches,
)


def test_too_few_players_cancels_at_the_start_and_refunds_every_fee(
    make_tournament, members, django_capture_on_commit_callbacks
):
    tournament = make_tournament(min_players=3, entry_fee=10)
    first, second = members(2)
    for member in (first, second):
        grant(member, 50)
    register(tournament, first, second)
    assert (wallet_balance(user=first), wallet_balance(user=second)) == (40, 40)

    with django_capture_on_commit_callbacks(execute=True):
        advance(tournament)
    advance(tournament, minutes=1)

    assert tournament.status == Tournament.Status.CANCELLED
    assert tournament.cancel_reason == Tournament.CancelReason.TOO_FEW_PLAYERS
    assert (wallet_balance(user=first), wallet_balance(user=second)) == (50, 50)
    assert CreditMovement.objects.filter(kind="refund").count() == 2
    assert Round.objects.filter(tournament=tournament).count() == 0
    assert sorted(message.to[0] for message in mail.outbox) == [first.email, second.email]
    assert "annulé" in mail.outbox[0].subject


def test_the_start_seeds_by_stars_then_weekly_points_and_mails_each_player(
    make_tournament, member, django_capture_on_commit_callbacks
):
    tournament = make_tournament(format=Tournament.Format.ROUND_ROBIN)
    one_star = member("one_star")
    two_stars = member("two_stars", wins=15, losses=9)
    three_stars = member("three_stars", wins=200, losses=100)
    one_star_with_points = member("one_star_with_points")
    subscribe(one_star_with_points, moment=tournament.starts_at, points=30)
    register(tournament, one_star, two_stars, three_stars, one_star_with_points)

    with django_capture_on_commit_callbacks(execute=True):
        advance(tournament)

    seeds = dict(
        Registration.objects.filter(tournament=tournament).values_list("user__username", "seed")
    )
    assert seeds == {"three_stars": 1, "two_stars": 2, "one_star_with_points": 3, "one_star": 4}
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.round_count == 3
    assert len(live_games(tournament)) == 2
    assert len(mail.outbox) == 4
    assert all("le tour 1 commence" in message.subject for message in mail.outbox)


def test_the_round_email_states_the_real_time_per_decision(
    make_tournament, member, settings, django_capture_on_commit_callbacks
):
    settings.GAME_DECISION_SECONDS = 60
    tournament = make_tournament()
    french = member("french")
    english = member("english")
    english.preferred_language = "en"
    english.save()
    register(tournament, french, english)

    with django_capture_on_commit_callbacks(execute=True):
        advance(tournament)

    bodies = {message.to[0]: message.body for message in mail.outbox}
    assert "chaque décision a 1 minute, après quoi la partie" in bodies[french.email]
    assert "each decision has 1 minute, after which the game" in bodies[english.email]
    assert "3 minutes" not in bodies[french.email] + bodies[english.email]


def test_a_forfeit_sends_the_winner_to_the_next_round_of_the_bracket(make_tournament, members):
    tournament = make_tournament(format=Tournament.Format.ELIMINATION)
    players = members(5)
    register(tournament, *players)
    advance(tournament)
    first_round = round_matches(tournament, 1)
    # Five players: a bracket of 8, byes for the three best seeds; seeds 4 and 5 play.
    assert [(match.player0.username, match.player1 and match.player1.username) for match in
            first_round] == [("player1", None), ("player4", "player5"), ("player2", None),
                             ("player3", None)]  # fmt: skip
    assert [match.status for match in first_round] == [
        "finished",
        "playing",
        "finished",
        "finished",
    ]

    # player5 leaves his game: a forfeit, player4 goes through.
    lose(live_games(tournament)[0], players[4])
    advance(tournament, minutes=1)

    assert round_matches(tournament, 1)[1].winner == players[3]
    semi_finals = round_matches(tournament, 2)
    assert [(match.player0, match.player1) for match in semi_finals] == [
        (players[0], players[3]),
        (players[1], players[2]),
    ]
    assert len(live_games(tournament)) == 2

    lose_every_live_game(tournament, seat=0)  # the underdogs win: player4 and player3
    advance(tournament, minutes=2)
    final = round_matches(tournament, 3)
    assert [(match.player0, match.player1) for match in final] == [(players[3], players[2])]

    lose_every_live_game(tournament, seat=1)
    advance(tournament, minutes=3)

    assert tournament.status == Tournament.Status.FINISHED
    ranking = list(
        FinalStanding.objects.filter(tournament=tournament)
        .order_by("rank")
        .values_list("user__username", flat=True)
    )
    assert ranking[:2] == ["player4", "player3"]
    assert sorted(ranking[2:4]) == ["player1", "player2"]
    assert ranking[4] == "player5"


def test_a_best_of_three_is_decided_in_two_games_and_plays_the_second_by_itself(
    make_tournament, members
):
    tournament = make_tournament(match_format=Tournament.MatchFormat.BEST_OF_THREE)
    first, second = members(2)
    register(tournament, first, second)
    advance(tournament)
    (match,) = round_matches(tournament, 1)
    (game_one,) = live_games(tournament)
    assert (game_one.player_at(0), game_one.player_at(1), game_one.format) == (
        first,
        second,
        "first-to-71",
    )

    lose(game_one, second)
    advance(tournament, minutes=1)

    (game_two,) = live_games(tournament)
    assert game_two.pk != game_one.pk
    assert [match_game.number for match_game in match_games(match)] == [1, 2]
    match.refresh_from_db()
    assert (match.status, match.wins0, match.wins1) == ("playing", 1, 0)

    lose(game_two, second)
    advance(tournament, minutes=2)

    match.refresh_from_db()
    assert (match.status, match.winner, match.wins0, match.wins1) == ("finished", first, 2, 0)
    assert len(match_games(match)) == 2
    assert live_games(tournament) == []
    assert tournament.status == Tournament.Status.FINISHED


def test_prizes_are_paid_once_even_if_the_closing_runs_twice(
    make_tournament, members, django_capture_on_commit_callbacks
):
    tournament = make_tournament(
        prizes=(
            (1, "credits", 100, ""),
            (2, "item", 0, "Un jeu de cartes"),
            (3, "money", 0, "20 euros"),
        )
    )
    first, second = members(2)
    register(tournament, first, second)
    advance(tournament)
    lose_every_live_game(tournament, seat=1)

    with django_capture_on_commit_callbacks(execute=True):
        advance(tournament, minutes=1)
    advance(tournament, minutes=2)
    tournaments_run_due(now=tournament.starts_at)

    prizes = {prize.place: prize for prize in tournament.prizes.all()}
    assert (prizes[1].status, prizes[1].winner) == ("paid", first)
    assert (prizes[2].status, prizes[2].winner) == ("to_deliver", second)
    assert (prizes[3].status, prizes[3].winner) == ("not_awarded", None)
    assert wallet_balance(user=first) == 100
    assert CreditMovement.objects.filter(kind="prize").count() == 1
    assert FinalStanding.objects.filter(tournament=tournament).count() == 2
    assert sorted(message.to[0] for message in mail.outbox) == [first.email, second.email]


def test_swiss_with_five_players_gives_a_different_bye_each_round_and_no_rematch(
    make_tournament, members
):
    tournament = make_tournament(format=Tournament.Format.SWISS, swiss_rounds=4)
    players = members(5)
    register(tournament, *players)
    advance(tournament)

    for minutes in range(1, 5):
        lose_every_live_game(tournament, seat=minutes % 2)
        advance(tournament, minutes=minutes)

    assert tournament.status == Tournament.Status.FINISHED
    matches = Match.objects.filter(tournament=tournament)
    byes = [match.player0_id for match in matches if match.player1_id is None]
    pairs = [frozenset((match.player0_id, match.player1_id)) for match in matches
             if match.player1_id is not None]  # fmt: skip
    assert len(byes) == len(set(byes)) == 4
    assert len(pairs) == len(set(pairs)) == 8
    standings = FinalStanding.objects.filter(tournament=tournament).order_by("rank")
    assert [standing.rank for standing in standings] == [1, 2, 3, 4, 5]
    assert sum(standing.points for standing in standings) == 8 + 4  # 8 wins and 4 byes


def test_a_round_robin_of_three_plays_three_rounds_with_one_rest_each(make_tournament, members):
    tournament = make_tournament(format=Tournament.Format.ROUND_ROBIN)
    players = members(3)
    register(tournament, *players)
    advance(tournament)

    for minutes in range(1, 4):
        assert len(live_games(tournament)) == 1
        lose_every_live_game(tournament)
        advance(tournament, minutes=minutes)

    assert tournament.status == Tournament.Status.FINISHED
    rests = Match.objects.filter(tournament=tournament, player1__isnull=True)
    assert sorted(rests.values_list("player0__username", flat=True)) == [
        "player1",
        "player2",
        "player3",
    ]
    assert FinalStanding.objects.filter(tournament=tournament).count() == 3


def test_competition_games_change_no_ladder_and_no_ranked_record(make_tournament, members):
    tournament = make_tournament()
    first, second = members(2)
    for member in (first, second):
        subscribe(member, moment=tournament.starts_at, points=10)
    register(tournament, first, second)
    advance(tournament)
    (game,) = live_games(tournament)
    assert (game.is_ranked, game.origin, game.origin_label) == (
        False,
        Game.Origin.TOURNAMENT,
        "Coupe du printemps",
    )

    lose(game, second)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.ranked_wins, first.ranked_losses, second.ranked_wins, second.ranked_losses) == (
        0,
        0,
        0,
        0,
    )
    assert RecordEntry.objects.count() == PointsEntry.objects.count() == 0
    assert set(Subscription.objects.values_list("points", "wins", "losses")) == {(10, 0, 0)}


def test_the_end_of_a_game_starts_the_next_round_without_waiting_for_the_job(
    make_tournament, members, django_capture_on_commit_callbacks
):
    tournament = make_tournament()
    players = members(4)
    register(tournament, *players)
    advance(tournament)

    with django_capture_on_commit_callbacks(execute=True):
        lose_every_live_game(tournament)

    final = round_matches(tournament, 2)
    assert [(match.player0, match.player1) for match in final] == [(players[0], players[1])]
    assert len(live_games(tournament)) == 1


def test_after_a_crash_between_two_steps_the_scheduled_job_carries_on(make_tournament, members):
    # Without after-commit callbacks here, a game's end is recorded but nothing follows it, as
    # when a process dies just after the game's transaction: the job alone must carry on.
    tournament = make_tournament(match_format=Tournament.MatchFormat.BEST_OF_THREE)
    first, second = members(2)
    register(tournament, first, second)
    Tournament.objects.filter(pk=tournament.pk).update(
        registration_closes_at=timezone.now() - dt.timedelta(seconds=2),
        starts_at=timezone.now() - dt.timedelta(seconds=1),
    )
    assert run_tournaments() == 1  # the task Celery beat and the embedded loop call
    (game_one,) = live_games(tournament)
    lose(game_one, second)

    assert tournaments_run_due(now=timezone.now()) == 1
    (game_two,) = live_games(tournament)
    lose(game_two, second)
    assert tournaments_run_due(now=timezone.now()) == 1
    assert tournaments_run_due(now=timezone.now()) == 0

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert FinalStanding.objects.get(tournament=tournament, rank=1).user == first


def test_a_swiss_no_show_is_paired_no_more_and_a_player_who_left_still_is(make_tournament, members):
    tournament = make_tournament(format=Tournament.Format.SWISS, swiss_rounds=3)
    players = members(4)
    register(tournament, *players)
    advance(tournament)
    first_game, second_game = live_games(tournament)
    absent = first_game.player_at(1)
    left = second_game.player_at(1)

    no_show(first_game, absent)
    lose(second_game, left)
    advance(tournament, minutes=5)

    (first_match, second_match) = round_matches(tournament, 1)
    assert (first_match.absent_player, second_match.absent_player) == (absent, None)
    round_two = round_matches(tournament, 2)
    paired = [{match.player0, match.player1} for match in round_two]
    assert len(round_two) == 2
    assert all(absent not in pair for pair in paired)
    assert sum(1 for match in round_two if match.is_bye) == 1
    assert any(left in pair for pair in paired)
    assert len(live_games(tournament)) == 1


def test_a_round_robin_no_show_loses_his_later_matches_at_once(make_tournament, members):
    tournament = make_tournament(format=Tournament.Format.ROUND_ROBIN)
    players = members(4)
    register(tournament, *players)
    advance(tournament)
    first_game, second_game = live_games(tournament)
    absent = first_game.player_at(1)

    no_show(first_game, absent)
    lose(second_game, second_game.player_at(1))
    advance(tournament, minutes=5)

    round_two = round_matches(tournament, 2)
    (walkover,) = [match for match in round_two if absent in (match.player0, match.player1)]
    assert walkover.status == Match.Status.FINISHED
    assert walkover.absent_player == absent
    assert walkover.winner not in (None, absent)
    assert match_games(walkover) == []
    assert len(live_games(tournament)) == 1
