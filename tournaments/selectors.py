"""Reads of the tournaments app: the list, the page of a competition, standings and bracket."""

import datetime as dt
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.selectors import member_is_verified, wallet_balance
from games.models import Game
from rankings.stars import star_label

from . import standings as standings_module
from .models import FinalStanding, Match, MatchGame, Registration, Round, Tournament

# --- The clock of a decision -----------------------------------------------------------------


def decision_time_label() -> str:
    """Return the time a player has for each decision, as the games enforce it ("3 minutes",
    "90 secondes"), in the active language: the page and the round's e-mail promise that."""
    seconds = settings.GAME_DECISION_SECONDS
    if seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    return ngettext("%(count)d seconde", "%(count)d secondes", seconds) % {"count": seconds}


# --- Inputs of the pairing and the standings --------------------------------------------------


def tournament_seeded_players(*, tournament: Tournament) -> list[int]:
    """Return the players' ids by seed, best first (set at the start)."""
    return list(
        Registration.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True, seed__isnull=False
        )
        .order_by("seed")
        .values_list("user_id", flat=True)
    )


def tournament_results(*, tournament: Tournament) -> list[standings_module.MatchResult]:
    """Return every decided match, byes and rests included, in round and table order."""
    rows = (
        Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED)
        .order_by("round__number", "position")
        .values_list(
            "player0_id",
            "player1_id",
            "winner_id",
            "points0",
            "points1",
            "round__number",
            "absent_player_id",
        )
    )
    return [
        standings_module.MatchResult(
            player0=player0,
            player1=player1,
            winner=winner,
            points0=points0,
            points1=points1,
            round_number=number,
            absent=absent,
        )
        for player0, player1, winner, points0, points1, number, absent in rows
    ]


def tournament_absent_players(*, tournament: Tournament) -> set[int]:
    """Return the players withdrawn for a no-show: each lost a match without a move of his."""
    return set(
        Match.objects.filter(tournament=tournament, absent_player__isnull=False).values_list(
            "absent_player_id", flat=True
        )
    )


def tournament_standings_compute(
    *, tournament: Tournament, players: list[int], results: list
) -> list[standings_module.Standing]:
    if tournament.format == Tournament.Format.SWISS:
        return standings_module.swiss_standings(players, results)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return standings_module.round_robin_standings(players, results)
    return standings_module.elimination_standings(players, results)


# --- The list ---------------------------------------------------------------------------------


def tournaments_upcoming() -> QuerySet[Tournament]:
    return _with_player_count(
        Tournament.objects.filter(status=Tournament.Status.SCHEDULED).order_by("starts_at", "pk")
    )


def tournaments_running() -> QuerySet[Tournament]:
    return _with_player_count(
        Tournament.objects.filter(status=Tournament.Status.RUNNING).order_by("starts_at", "pk")
    )


def tournaments_past() -> QuerySet[Tournament]:
    return _with_player_count(
        Tournament.objects.filter(
            status__in=(Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
        ).order_by("-starts_at", "-pk")
    )


def _with_player_count(queryset: QuerySet[Tournament]) -> QuerySet[Tournament]:
    return queryset.annotate(
        player_count=Count("registrations", filter=Q(registrations__withdrawn_at__isnull=True))
    )


# --- A competition's page ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerView:
    user_id: int
    username: str
    stars: int
    seed: int | None

    @property
    def stars_label(self) -> str:
        return star_label(self.stars)


@dataclass(frozen=True)
class GameLink:
    number: int
    url: str
    is_live: bool
    winner_seat: int | None
    points: tuple[int, int]
    is_forfeit: bool = False


@dataclass(frozen=True)
class MatchView:
    match_id: int
    position: int
    status: str
    player0: PlayerView
    player1: PlayerView | None
    winner_id: int | None
    wins: tuple[int, int]
    points: tuple[int, int]
    games: list[GameLink]
    is_best_of_three: bool
    # Won without a game: the opponent had been withdrawn for a no-show.
    is_walkover: bool = False

    @property
    def is_bye(self) -> bool:
        return self.player1 is None

    @property
    def is_finished(self) -> bool:
        return self.status == Match.Status.FINISHED

    @property
    def live_game(self) -> GameLink | None:
        return next((game for game in self.games if game.is_live), None)

    @property
    def is_decided_by_forfeit(self) -> bool:
        """Return whether the last game played ended by a forfeit (left, or out of time)."""
        finished = [game for game in self.games if game.winner_seat is not None]
        return bool(finished) and finished[-1].is_forfeit

    @property
    def has_result(self) -> bool:
        """Return whether at least one of the match's games has ended."""
        return not self.is_bye and any(game.winner_seat is not None for game in self.games)

    @property
    def score_label(self) -> str:
        """Return "2 – 1" (games won, best of three) or "71 – 45" (deal points, one game)."""
        if not self.has_result:
            return ""
        first, second = self.wins if self.is_best_of_three else self.points
        return f"{first} – {second}"

    @property
    def player0_won(self) -> bool:
        return self.winner_id is not None and self.winner_id == self.player0.user_id

    @property
    def player1_won(self) -> bool:
        return self.player1 is not None and self.winner_id == self.player1.user_id

    @property
    def score0(self) -> str:
        return self._score(0)

    @property
    def score1(self) -> str:
        return self._score(1)

    def _score(self, side: int) -> str:
        if not self.has_result:
            return ""
        return str((self.wins if self.is_best_of_three else self.points)[side])


@dataclass(frozen=True)
class RoundView:
    number: int
    title: str
    started_at: dt.datetime | None
    completed_at: dt.datetime | None
    matches: list  # MatchView, or None for a bracket slot not yet played

    @property
    def is_complete(self) -> bool:
        return self.completed_at is not None


@dataclass(frozen=True)
class StandingView:
    rank: int
    player: PlayerView
    points: int
    wins: int
    losses: int
    tiebreak1: int
    tiebreak2: int


@dataclass
class TournamentPage:
    tournament: Tournament
    players: list[PlayerView]
    rounds: list[RoundView]
    standings: list[StandingView]
    is_final: bool
    prizes: list
    bracket: list[RoundView] = field(default_factory=list)

    @property
    def current_round(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def past_rounds(self) -> list[RoundView]:
        if self.tournament.status == Tournament.Status.RUNNING:
            return list(reversed(self.rounds[:-1]))
        return list(reversed(self.rounds))


def elimination_round_title(*, number: int, round_count: int) -> str:
    remaining = round_count - number
    if remaining == 0:
        return _("Finale")
    if remaining == 1:
        return _("Demi-finales")
    if remaining == 2:
        return _("Quarts de finale")
    if remaining == 3:
        return _("Huitièmes de finale")
    return _("Tour %(number)s") % {"number": number}


def tournament_page(*, tournament: Tournament) -> TournamentPage:
    """Gather everything the competition's page shows, in a fixed number of queries."""
    registrations = list(
        Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("user")
        .order_by("seed", "created_at", "pk")
    )
    players = {
        registration.user_id: PlayerView(
            user_id=registration.user_id,
            username=registration.user.username,
            stars=registration.user.stars,
            seed=registration.seed,
        )
        for registration in registrations
    }
    rounds = _round_views(tournament, players)
    is_final = tournament.status == Tournament.Status.FINISHED
    if is_final:
        standings = [
            StandingView(
                rank=row.rank,
                player=players[row.user_id],
                points=row.points,
                wins=row.wins,
                losses=row.losses,
                tiebreak1=row.tiebreak1,
                tiebreak2=row.tiebreak2,
            )
            for row in FinalStanding.objects.filter(tournament=tournament).order_by("rank")
        ]
    elif tournament.status == Tournament.Status.RUNNING:
        computed = tournament_standings_compute(
            tournament=tournament,
            players=tournament_seeded_players(tournament=tournament),
            results=tournament_results(tournament=tournament),
        )
        standings = [
            StandingView(
                rank=row.rank,
                player=players[row.player],
                points=row.points,
                wins=row.wins,
                losses=row.losses,
                tiebreak1=row.tiebreak1,
                tiebreak2=row.tiebreak2,
            )
            for row in computed
        ]
    else:
        standings = []
    page = TournamentPage(
        tournament=tournament,
        players=list(players.values()),
        rounds=rounds,
        standings=standings,
        is_final=is_final,
        prizes=list(tournament.prizes.select_related("winner").order_by("place")),
    )
    if tournament.format == Tournament.Format.ELIMINATION and tournament.round_count:
        page.bracket = _bracket(tournament, rounds)
    return page


def _round_views(tournament: Tournament, players: dict[int, PlayerView]) -> list[RoundView]:
    games_by_match: dict[int, list[GameLink]] = {}
    match_games = (
        MatchGame.objects.filter(match__tournament=tournament)
        .select_related("game")
        .only(
            "match_id",
            "number",
            "winner_seat",
            "points0",
            "points1",
            "game__status",
            "game__end_reason",
        )
        .order_by("match_id", "number")
    )
    for match_game in match_games:
        games_by_match.setdefault(match_game.match_id, []).append(
            GameLink(
                number=match_game.number,
                url=reverse("games:table", args=[match_game.game_id]),
                is_live=match_game.game.status == Game.Status.IN_PROGRESS,
                winner_seat=match_game.winner_seat,
                points=(match_game.points0, match_game.points1),
                is_forfeit=match_game.game.end_reason
                in (Game.EndReason.TIMEOUT, Game.EndReason.LEFT),
            )
        )
    matches_by_round: dict[int, list[MatchView]] = {}
    is_best_of_three = tournament.match_format == Tournament.MatchFormat.BEST_OF_THREE
    for match in Match.objects.filter(tournament=tournament).order_by("round_id", "position"):
        matches_by_round.setdefault(match.round_id, []).append(
            MatchView(
                match_id=match.pk,
                position=match.position,
                status=match.status,
                player0=players[match.player0_id],
                player1=players.get(match.player1_id) if match.player1_id else None,
                winner_id=match.winner_id,
                wins=(match.wins0, match.wins1),
                points=(match.points0, match.points1),
                games=games_by_match.get(match.pk, []),
                is_best_of_three=is_best_of_three,
                is_walkover=match.is_finished
                and match.absent_player_id is not None
                and not (games_by_match.get(match.pk)),
            )
        )
    views = []
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        views.append(
            RoundView(
                number=round_.number,
                title=_round_title(tournament, round_.number),
                started_at=round_.started_at,
                completed_at=round_.completed_at,
                matches=matches_by_round.get(round_.pk, []),
            )
        )
    return views


def _round_title(tournament: Tournament, number: int) -> str:
    if tournament.format == Tournament.Format.ELIMINATION and tournament.round_count:
        return elimination_round_title(number=number, round_count=tournament.round_count)
    if tournament.format == Tournament.Format.SWISS:
        return _("Ronde %(number)s") % {"number": number}
    return _("Tour %(number)s") % {"number": number}


def _bracket(tournament: Tournament, rounds: list[RoundView]) -> list[RoundView]:
    """Return every round of the bracket, the ones not yet paired as empty slots."""
    played = {round_view.number: round_view for round_view in rounds}
    first_round_size = len(rounds[0].matches) if rounds else 0
    columns = []
    for number in range(1, tournament.round_count + 1):
        if number in played:
            columns.append(played[number])
            continue
        size = max(1, first_round_size >> (number - 1))
        columns.append(
            RoundView(
                number=number,
                title=_round_title(tournament, number),
                started_at=None,
                completed_at=None,
                matches=[None] * size,
            )
        )
    return columns


# --- A member and a competition ---------------------------------------------------------------


@dataclass(frozen=True)
class MemberEntry:
    registration: Registration | None
    can_register: bool
    refusal: str  # why he may not register, for the page
    can_withdraw: bool
    balance: int
    current_game_url: str | None


def registration_at_the_same_start(*, tournament: Tournament, user) -> Registration | None:
    """Return the member's active registration to another competition, not ended, that starts
    at the same time as this one.

    Registration refuses such a competition: two first rounds at once are a certain clash.
    Competitions that overlap later (one starting while another still runs) are served by the
    round waiting for him (docs/tournaments.md, *Busy*).
    """
    return (
        Registration.objects.filter(
            user=user,
            withdrawn_at__isnull=True,
            tournament__starts_at=tournament.starts_at,
            tournament__status__in=(Tournament.Status.SCHEDULED, Tournament.Status.RUNNING),
        )
        .exclude(tournament=tournament)
        .select_related("tournament")
        .first()
    )


def member_entry(*, tournament: Tournament, user, now: dt.datetime) -> MemberEntry | None:
    """Return what the page offers a signed-in member: register, withdraw, go to his game."""
    if user is None or not user.is_authenticated:
        return None
    registration = Registration.objects.filter(
        tournament=tournament, user=user, withdrawn_at__isnull=True
    ).first()
    refusal = ""
    is_open = tournament.is_registration_open(now=now)
    if registration is None and is_open:
        if tournament.requires_verified_email and not member_is_verified(user=user):
            refusal = _("Vérifiez d'abord votre adresse e-mail : ce tournoi l'exige.")
        elif user.stars < tournament.min_stars:
            refusal = _("Ce tournoi demande au moins %(stars)s.") % {
                "stars": star_label(tournament.min_stars)
            }
        elif (
            Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True).count()
            >= tournament.max_players
        ):
            refusal = _("Ce tournoi est complet.")
        elif clash := registration_at_the_same_start(tournament=tournament, user=user):
            refusal = _(
                "Vous êtes inscrit au tournoi « %(name)s », qui commence à la même heure : on "
                "ne joue qu'une partie à la fois."
            ) % {"name": clash.tournament}
    current_game = (
        MatchGame.objects.filter(
            match__tournament=tournament,
            game__status=Game.Status.IN_PROGRESS,
        )
        .filter(Q(match__player0=user) | Q(match__player1=user))
        .values_list("game_id", flat=True)
        .first()
    )
    return MemberEntry(
        registration=registration,
        can_register=registration is None and is_open and not refusal,
        refusal=refusal,
        can_withdraw=registration is not None and is_open,
        balance=wallet_balance(user=user),
        current_game_url=reverse("games:table", args=[current_game]) if current_game else None,
    )


def tournament_live_game_ids(*, tournament: Tournament) -> list[int]:
    """Return the ids of the competition's games in progress (their deadlines are settled
    before a page shows them)."""
    return list(
        MatchGame.objects.filter(
            match__tournament=tournament, game__status=Game.Status.IN_PROGRESS
        ).values_list("game_id", flat=True)
    )
