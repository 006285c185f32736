import datetime as dt

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.services import wallet_move
from games import engine
from games.models import Game
from games.tables.services import game_act, game_enforce_deadlines, game_leave
from tournaments.models import Match, MatchGame, Tournament, TournamentPrize
from tournaments.services import registration_create, tournament_advance


@pytest.fixture
def make_tournament(db):
    """Make a competition whose registration is open and which starts in a minute."""

    def make(
        *,
        format: str = Tournament.Format.ELIMINATION,
        match_format: str = Tournament.MatchFormat.FIRST_TO_71,
        swiss_rounds: int | None = None,
        min_players: int = 2,
        max_players: int = 16,
        entry_fee: int = 0,
        prizes: tuple = (),
        **fields,
    ) -> Tournament:
        now = timezone.now()
        fields.setdefault("registration_opens_at", now - dt.timedelta(days=1))
        fields.setdefault("registration_closes_at", now + dt.timedelta(minutes=1))
        fields.setdefault("starts_at", now + dt.timedelta(minutes=1))
        tournament = Tournament.objects.create(
            name=fields.pop("name", "Coupe du printemps"),
            format=format,
            match_format=match_format,
            swiss_rounds=swiss_rounds,
            min_players=min_players,
            max_players=max_players,
            entry_fee=entry_fee,
            **fields,
        )
        for place, kind, amount, description in prizes:
            TournamentPrize.objects.create(
                tournament=tournament,
                place=place,
                kind=kind,
                amount=amount,
                description=description,
            )
        return tournament

    return make


@pytest.fixture
def member(db):
    """Make a member like `make_member` does, but without a password: these tests never log in
    with one, and hashing it would be most of a lifecycle test's time."""

    def make(username: str, *, wins: int = 0, losses: int = 0, is_verified: bool = True):
        user = get_user_model().objects.create_user(
            username=username,
            email=f"{username}@example.com",
            password=None,
            ranked_wins=wins,
            ranked_losses=losses,
        )
        EmailAddress.objects.create(user=user, email=user.email, verified=is_verified, primary=True)
        return user

    return make


@pytest.fixture
def members(member):
    """Make members named player1, player2, ... (one star each, verified email)."""

    def make(count: int) -> list:
        return [member(f"player{index}") for index in range(1, count + 1)]

    return make


def register(tournament: Tournament, *users) -> None:
    for user in users:
        registration_create(tournament_id=tournament.pk, user=user, now=timezone.now())


def grant(user, amount: int) -> None:
    wallet_move(user=user, amount=amount, kind="grant", reason="test grant")


def advance(tournament: Tournament, *, minutes: float = 0) -> Tournament:
    """Run the competition's step as the job would, `minutes` after its start."""
    tournament_advance(
        tournament_id=tournament.pk, now=tournament.starts_at + dt.timedelta(minutes=minutes)
    )
    tournament.refresh_from_db()
    return tournament


def live_games(tournament: Tournament) -> list[Game]:
    # Their seats read with them: `player_at` then asks nothing more (async tests too).
    return list(
        Game.objects.filter(
            tournament_match_game__match__tournament=tournament, status=Game.Status.IN_PROGRESS
        )
        .prefetch_related("seats__user")
        .order_by("pk")
    )


def lose(game: Game, loser) -> None:
    """End a game at once: the loser leaves it (a forfeit, ladder.md)."""
    game_leave(game_id=game.pk, user=loser)


def no_show(game: Game, absent) -> None:
    """End a game on time with no move of `absent`: his opponent plays every turn of his own
    until it is the absent member's, whose clock then runs out."""
    game.refresh_from_db()
    while True:
        state = engine.state_from_json(game.state)
        seat = engine.seat_to_act(state)
        player = game.player_at(seat)
        if player == absent:
            break
        action = engine.legal_actions(state, seat)[0].to_json()
        action.pop("seat")
        game_act(game_id=game.pk, user=player, action=action, expected_version=game.version)
        game.refresh_from_db()
    game_enforce_deadlines(now=game.deadline + dt.timedelta(seconds=1), game_ids=[game.pk])
    game.refresh_from_db()
    assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.TIMEOUT)


def lose_every_live_game(tournament: Tournament, *, seat: int = 1) -> list:
    """The player at `seat` leaves each live game of the competition; return the winners."""
    winners = []
    for game in live_games(tournament):
        lose(game, game.player_at(seat))
        winners.append(game.player_at(1 - seat))
    return winners


def round_matches(tournament: Tournament, number: int) -> list[Match]:
    return list(
        Match.objects.filter(tournament=tournament, round__number=number)
        .select_related("player0", "player1", "winner")
        .order_by("position")
    )


def match_games(match: Match) -> list[MatchGame]:
    return list(match.games.select_related("game").order_by("number"))
