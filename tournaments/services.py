"""Writes of the tournaments app: registering, withdrawing, and running a competition by itself.

`tournament_advance` is the one step that moves a competition on: start it (or cancel it and
refund), pair a round, start its games, record the matches, open the next round, close it with
its final ranking and prizes. It runs under the competition's row lock, so two runners (the
scheduled job, the end of a game, a page read) take turns, and each thing it creates names
itself in a unique constraint (models.py). It is called:

1. by the scheduled job `tournaments.tasks.run_tournaments` (every few seconds), which also
   creates the next edition of recurring competitions;
2. right after a competition's game ends (`tournament_game_ended`, a handler of
   `cartomaniak.handlers`), so that the next game or round starts without waiting for the job.

A crash between two steps loses nothing: the next call finds the rows and carries on.
"""

import datetime as dt
import logging
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Coalesce
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import OperatorAction
from accounts.selectors import member_is_guest, member_is_verified
from accounts.services import InsufficientCredits, operator_action_record, wallet_move
from games.errors import GameError
from games.models import Game, GameAction
from games.tables.services import game_start_between
from rankings.models import Subscription
from rankings.periods import LadderKind, period_containing, site_zone
from rankings.stars import star_label

from . import pairing, recurrence
from .events import tournament_changed_on_commit
from .models import (
    FinalStanding,
    Match,
    MatchGame,
    Registration,
    Round,
    Tournament,
    TournamentPrize,
)
from .selectors import (
    decision_time_label,
    registration_at_the_same_start,
    tournament_absent_players,
    tournament_results,
    tournament_seeded_players,
    tournament_standings_compute,
)

logger = logging.getLogger(__name__)


class TournamentError(Exception):
    """A refused request: nothing was changed. `code` names why, `message` tells the member."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


REFUSALS = {
    "registration_closed": gettext_lazy("Les inscriptions à ce tournoi ne sont pas ouvertes."),
    "guest": gettext_lazy(
        "Un invité n'entre pas dans les tournois : créez un compte pour vous inscrire."
    ),
    "email_not_verified": gettext_lazy("Ce tournoi demande une adresse e-mail vérifiée."),
    "not_enough_stars": gettext_lazy("Ce tournoi demande au moins %(stars)s."),
    "already_registered": gettext_lazy("Vous êtes déjà inscrit à ce tournoi."),
    "overlapping": gettext_lazy(
        "Vous êtes inscrit au tournoi « %(name)s », qui commence à la même heure : on ne "
        "joue qu'une partie à la fois."
    ),
    "full": gettext_lazy("Ce tournoi est complet."),
    "insufficient_credits": gettext_lazy(
        "Crédits insuffisants : l'inscription coûte %(fee)s crédits."
    ),
    "not_registered": gettext_lazy("Vous n'êtes pas inscrit à ce tournoi."),
    "withdrawal_closed": gettext_lazy(
        "Les inscriptions sont closes : on ne peut plus se désinscrire."
    ),
}


def _refusal(code: str, **values) -> TournamentError:
    message = str(REFUSALS[code])
    return TournamentError(code, message % values if values else message)


def _lock(tournament_id: int) -> Tournament | None:
    return Tournament.objects.select_for_update().filter(pk=tournament_id).first()


# --- Registration -----------------------------------------------------------------------------


def registration_create(*, tournament_id: int, user, now: dt.datetime) -> Registration:
    """Register a member, debiting the entry fee once; raise TournamentError if refused."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament is None or not tournament.is_registration_open(now=now):
            raise _refusal("registration_closed")
        if member_is_guest(user=user):
            raise _refusal("guest")
        if tournament.requires_verified_email and not member_is_verified(user=user):
            raise _refusal("email_not_verified")
        if user.stars < tournament.min_stars:
            raise _refusal("not_enough_stars", stars=star_label(tournament.min_stars))
        active = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        if active.filter(user=user).exists():
            raise _refusal("already_registered")
        # The member's row, so that two registrations of his to competitions starting together
        # take turns (the competition first, then the member: the order of every lock here).
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        clash = registration_at_the_same_start(tournament=tournament, user=user)
        if clash is not None:
            raise _refusal("overlapping", name=clash.tournament)
        if active.count() >= tournament.max_players:
            raise _refusal("full")
        registration = Registration.objects.create(
            tournament=tournament, user=user, created_at=now, fee_paid=tournament.entry_fee
        )
        if registration.fee_paid:
            try:
                wallet_move(
                    user=user,
                    amount=-registration.fee_paid,
                    kind="entry_fee",
                    reason=_fee_reason(tournament, refund=False),
                    cause_type="tournament_entry",
                    cause_id=str(registration.pk),
                )
            except InsufficientCredits:
                raise _refusal("insufficient_credits", fee=registration.fee_paid) from None
        tournament_changed_on_commit(tournament_id=tournament.pk)
    return registration


def registration_withdraw(*, tournament_id: int, user, now: dt.datetime) -> Registration:
    """Withdraw a member before registration closes, refunding his fee once."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament is None:
            raise _refusal("not_registered")
        if tournament.status != Tournament.Status.SCHEDULED or now >= (
            tournament.registration_closes_at
        ):
            raise _refusal("withdrawal_closed")
        registration = (
            Registration.objects.select_for_update()
            .filter(tournament=tournament, user=user, withdrawn_at__isnull=True)
            .first()
        )
        if registration is None:
            raise _refusal("not_registered")
        registration.withdrawn_at = now
        registration.save(update_fields=["withdrawn_at"])
        _refund(tournament, registration)
        tournament_changed_on_commit(tournament_id=tournament.pk)
    return registration


def _refund(tournament: Tournament, registration: Registration) -> None:
    # One refund per registration, whether it comes from a withdrawal or a cancellation.
    if registration.fee_paid:
        wallet_move(
            user=registration.user,
            amount=registration.fee_paid,
            kind="refund",
            reason=_fee_reason(tournament, refund=True),
            cause_type="tournament_refund",
            cause_id=str(registration.pk),
        )


def _fee_reason(tournament: Tournament, *, refund: bool) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        if refund:
            return _("Remboursement de l'inscription au tournoi « %(name)s »") % {
                "name": tournament
            }
        return _("Inscription au tournoi « %(name)s »") % {"name": tournament}


# --- Cancelling -------------------------------------------------------------------------------


def tournament_cancel(*, tournament_id: int, reason: str, now: dt.datetime) -> bool:
    """Cancel a competition that has not ended and refund every fee; return whether it was
    cancelled now (False if it had already ended or been cancelled)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament is None or tournament.status not in (
            Tournament.Status.SCHEDULED,
            Tournament.Status.RUNNING,
        ):
            return False
        _cancel(tournament, reason=reason, now=now)
    return True


def _cancel(tournament: Tournament, *, reason: str, now: dt.datetime) -> None:
    registrations = list(
        Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("user")
        .order_by("user_id")  # the wallet locks members: always in id order
    )
    for registration in registrations:
        _refund(tournament, registration)
    tournament.status = Tournament.Status.CANCELLED
    tournament.cancel_reason = reason
    tournament.ended_at = now
    tournament.save(update_fields=["status", "cancel_reason", "ended_at"])
    for registration in registrations:
        _email_on_commit(
            user=registration.user,
            build=lambda user, registration=registration: _cancel_email(
                tournament, registration, reason
            ),
        )
    tournament_changed_on_commit(tournament_id=tournament.pk)


# --- Running ----------------------------------------------------------------------------------


def tournament_is_due(*, tournament: Tournament, now: dt.datetime) -> bool:
    """Return whether `tournament_advance` has something to do (a read, no lock)."""
    if tournament.status == Tournament.Status.SCHEDULED:
        return tournament.starts_at <= now
    if tournament.status != Tournament.Status.RUNNING:
        return False
    current = tournament.rounds.order_by("-number").first()
    if current is None:
        return True
    open_matches = Match.objects.filter(round=current).exclude(status=Match.Status.FINISHED)
    if not open_matches.exists():
        return True
    if open_matches.filter(status=Match.Status.WAITING).exists():
        return True
    # A match whose games have all ended (whatever its rows say) has a step to take.
    game_in_progress = MatchGame.objects.filter(
        match=OuterRef("pk"), game__status=Game.Status.IN_PROGRESS
    )
    return open_matches.filter(~Exists(game_in_progress)).exists()


def tournament_advance(
    *, tournament_id: int, now: dt.datetime, rng: random.Random | None = None
) -> bool:
    """Move the competition on as far as it can go now; a no-op when nothing is due.

    Return whether something changed; the page's socket then hears it once, whatever the
    number of steps taken (docs/tournaments.md, *The page's socket*).
    """
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament is None:
            return False
        changed = False
        if tournament.status == Tournament.Status.SCHEDULED:
            if now < tournament.starts_at:
                return False
            _start(tournament, now=now, rng=rng)
            if tournament.status != Tournament.Status.RUNNING:
                # Cancelled: `_cancel` has told the page (it serves the operator's cancel too).
                return True
            changed = True
        if tournament.status != Tournament.Status.RUNNING:
            return False
        # Each pass settles the current round; a round that completes opens the next one.
        for _pass in range((tournament.round_count or 0) + 1):
            current = tournament.rounds.order_by("-number").first()
            changed |= _round_progress(tournament, current, now=now, rng=rng)
            if current.completed_at is None:
                break
            changed = True
            if current.number >= tournament.round_count:
                _finish(tournament, now=now)
                break
            _round_create(tournament, number=current.number + 1, now=now, rng=rng)
        if changed:
            tournament_changed_on_commit(tournament_id=tournament.pk)
    return changed


def _start(tournament: Tournament, *, now: dt.datetime, rng) -> None:
    registrations = list(
        Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("user")
        .order_by("created_at", "pk")
    )
    if len(registrations) < tournament.min_players:
        _cancel(tournament, reason=Tournament.CancelReason.TOO_FEW_PLAYERS, now=now)
        return
    weekly = period_containing(kind=LadderKind.WEEKLY, moment=now)
    weekly_points = dict(
        Subscription.objects.filter(
            ladder_kind=LadderKind.WEEKLY,
            period_start=weekly.start,
            user_id__in=[registration.user_id for registration in registrations],
        ).values_list("user_id", "points")
    )
    # Seeds: stars, then this week's ladder points, then who registered first.
    registrations.sort(
        key=lambda registration: (
            -registration.user.stars,
            -weekly_points.get(registration.user_id, 0),
            registration.created_at,
            registration.pk,
        )
    )
    for seed, registration in enumerate(registrations, 1):
        registration.seed = seed
    Registration.objects.bulk_update(registrations, ["seed"])
    count = len(registrations)
    if tournament.format == Tournament.Format.ELIMINATION:
        tournament.round_count = pairing.elimination_round_count(count)
    elif tournament.format == Tournament.Format.ROUND_ROBIN:
        tournament.round_count = pairing.round_robin_round_count(count)
    else:
        # Beyond a full round robin every pairing would be a rematch.
        tournament.round_count = min(
            tournament.swiss_rounds, pairing.round_robin_round_count(count)
        )
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    tournament.save(update_fields=["round_count", "status", "started_at"])
    _round_create(tournament, number=1, now=now, rng=rng)


def _round_pairs(tournament: Tournament, number: int) -> list[tuple[int, int | None]]:
    """Return the round's pairs as (user id, user id or None), in table order."""
    players = tournament_seeded_players(tournament=tournament)
    if tournament.format == Tournament.Format.ELIMINATION:
        if number == 1:
            by_seed = dict(enumerate(players, 1))
            return [
                (by_seed[first], by_seed[second] if second is not None else None)
                for first, second in pairing.elimination_first_round(len(players))
            ]
        previous = Match.objects.filter(tournament=tournament, round__number=number - 1)
        winners = list(previous.order_by("position").values_list("winner_id", flat=True))
        return pairing.elimination_next_round(winners)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        schedule = pairing.round_robin_schedule(len(players))[number - 1]
        return [
            (players[first], players[second] if second is not None else None)
            for first, second in schedule
        ]
    results = tournament_results(tournament=tournament)
    standings = tournament_standings_compute(
        tournament=tournament, players=players, results=results
    )
    had_bye = {result.player0 for result in results if result.is_bye}
    # A member withdrawn for a no-show is paired no more: the others meet among themselves, and
    # an odd number left gives one of them the bye, as in any round.
    absent = tournament_absent_players(tournament=tournament)
    entrants = [
        pairing.SwissEntrant(
            player=standing.player,
            score=standing.points,
            opponents=frozenset(standing.opponents),
            has_had_bye=standing.player in had_bye,
        )
        for standing in standings
        if standing.player not in absent
    ]
    if len(entrants) < 2:
        return [(entrant.player, None) for entrant in entrants]
    pairs, bye = pairing.swiss_pairings(entrants)
    return [*pairs, *([(bye, None)] if bye is not None else [])]


def _round_create(tournament: Tournament, *, number: int, now: dt.datetime, rng) -> Round:
    pairs = _round_pairs(tournament, number)
    # A round robin's fixed schedule still names members withdrawn for a no-show: each opponent
    # of theirs wins at once, as he would have on time, without waiting a clock for nobody.
    absent = tournament_absent_players(tournament=tournament)
    round_ = Round.objects.create(tournament=tournament, number=number, started_at=now)
    matches = []
    for position, (first, second) in enumerate(pairs, 1):
        if first in absent and (second is None or second in absent):
            continue  # nobody at this table will play: no result for anyone
        if second is None or second in absent:
            winner_id = first
        elif first in absent:
            winner_id = second
        else:
            winner_id = None
        is_decided = winner_id is not None
        matches.append(
            Match(
                tournament=tournament,
                round=round_,
                position=position,
                player0_id=first,
                player1_id=second,
                status=Match.Status.FINISHED if is_decided else Match.Status.WAITING,
                winner_id=winner_id,
                absent_player_id=(
                    (second if winner_id == first else first)
                    if is_decided and second is not None
                    else None
                ),
                decided_at=now if is_decided else None,
                ready_at=now,
            )
        )
    Match.objects.bulk_create(matches)
    for match in Match.objects.filter(round=round_).select_related("player0", "player1"):
        for player, opponent in ((match.player0, match.player1), (match.player1, match.player0)):
            if player is None or player.pk in absent:
                continue
            _email_on_commit(
                user=player,
                build=lambda user, opponent=opponent, match=match: _round_email(
                    tournament,
                    round_,
                    user,
                    opponent,
                    is_walkover=match.absent_player_id is not None,
                ),
            )
    return round_


def _round_progress(tournament: Tournament, round_: Round, *, now: dt.datetime, rng) -> bool:
    """Record decided matches and start due games; close the round when every match is
    decided. Return whether anything changed."""
    if round_.completed_at is not None:
        return False
    changed = False
    matches = (
        Match.objects.filter(round=round_)
        .exclude(status=Match.Status.FINISHED)
        .select_related("player0", "player1")
        .order_by("position")
    )
    for match in matches:
        changed |= _match_progress(tournament, match, now=now, rng=rng)
    if not Match.objects.filter(round=round_).exclude(status=Match.Status.FINISHED).exists():
        round_.completed_at = now
        round_.save(update_fields=["completed_at"])
        changed = True
    return changed


def _match_progress(tournament: Tournament, match: Match, *, now: dt.datetime, rng) -> bool:
    games = list(match.games.select_related("game").order_by("number"))
    for match_game in games:
        if match_game.winner_seat is None and match_game.game.status == Game.Status.FINISHED:
            # The end-of-game handler writes this in the game's own transaction; this is only
            # a second guard, for a game that ended before the handler was installed.
            _match_game_result_store(match_game_id=match_game.pk, game=match_game.game)
            match_game.refresh_from_db()
    finished = [match_game for match_game in games if match_game.winner_seat is not None]
    before = (match.status, match.wins0, match.wins1)
    match.wins0 = sum(1 for match_game in finished if match_game.winner_seat == 0)
    match.wins1 = sum(1 for match_game in finished if match_game.winner_seat == 1)
    match.points0 = sum(match_game.points0 for match_game in finished)
    match.points1 = sum(match_game.points1 for match_game in finished)
    needed = tournament.games_per_match
    if max(match.wins0, match.wins1) >= needed:
        match.winner_id = match.player0_id if match.wins0 >= needed else match.player1_id
        loser_id = match.player1_id if match.winner_id == match.player0_id else match.player0_id
        if not _has_acted(games, user_id=loser_id):
            match.absent_player_id = loser_id
        match.status = Match.Status.FINISHED
        match.decided_at = now
        match.save()
        return True
    if len(finished) < len(games):
        match.status = Match.Status.PLAYING
        match.save()
        return before != (match.status, match.wins0, match.wins1)
    # The next game is due. A player still playing another game (of the waiting room, of a
    # four-player table, of another competition) is waited for until it ends, however long:
    # a member never holds two games at once (docs/tournaments.md, *Busy*).
    try:
        with transaction.atomic():
            game = game_start_between(
                players=[match.player0, match.player1],
                format=tournament.game_format,
                origin=Game.Origin.TOURNAMENT,
                origin_label=str(tournament),
                origin_url=tournament.get_absolute_url(),
                now=now,
                rng=rng,
            )
            MatchGame.objects.create(match=match, number=len(games) + 1, game=game)
    except GameError as error:
        if error.code != "already_in_game":
            logger.error("Match %s: its game could not start (%s)", match.pk, error.code)
        match.status = Match.Status.WAITING
        match.save()
        return before != (match.status, match.wins0, match.wins1)
    except DatabaseError:
        # A lock conflict with a member's own move: the next run tries again.
        logger.exception("Match %s: its game could not start now", match.pk)
        return False
    match.status = Match.Status.PLAYING
    match.save()
    return True


def _has_acted(match_games: list[MatchGame], *, user_id: int) -> bool:
    """Return whether the member made a move, or left, in one of the match's games.

    Running out of time without a move is the one thing an absent member does: a member who
    played a card, or who left (he was there, and chose to), is no no-show.
    """
    acts = Q()
    for match_game in match_games:
        seat = match_game.game.seats.get(user_id=user_id, is_computer=False).seat
        acts |= Q(game_id=match_game.game_id, seat=seat)
    return (
        GameAction.objects.filter(acts)
        .exclude(kind=GameAction.Kind.FORFEIT, payload__reason=Game.EndReason.TIMEOUT)
        .exists()
    )


def _finish(tournament: Tournament, *, now: dt.datetime) -> None:
    players = tournament_seeded_players(tournament=tournament)
    standings = tournament_standings_compute(
        tournament=tournament, players=players, results=tournament_results(tournament=tournament)
    )
    FinalStanding.objects.bulk_create(
        [
            FinalStanding(
                tournament=tournament,
                rank=standing.rank,
                user_id=standing.player,
                points=standing.points,
                wins=standing.wins,
                losses=standing.losses,
                tiebreak1=standing.tiebreak1,
                tiebreak2=standing.tiebreak2,
            )
            for standing in standings
        ]
    )
    by_rank = {standing.rank: standing.player for standing in standings}
    prizes = list(
        TournamentPrize.objects.select_for_update().filter(tournament=tournament).order_by("place")
    )
    awarded = []
    for prize in prizes:
        if prize.status != TournamentPrize.Status.PLANNED:
            continue
        prize.awarded_at = now
        winner_id = by_rank.get(prize.place)
        if winner_id is None:
            prize.status = TournamentPrize.Status.NOT_AWARDED
        else:
            prize.winner_id = winner_id
            prize.status = (
                TournamentPrize.Status.PAID
                if prize.kind == TournamentPrize.Kind.CREDITS
                else TournamentPrize.Status.TO_DELIVER
            )
            awarded.append(prize)
        prize.save(update_fields=["status", "winner", "awarded_at"])
    # The wallet locks each winner's member row: in id order, like everything else.
    for prize in sorted(awarded, key=lambda prize: (prize.winner_id, prize.place)):
        if prize.kind == TournamentPrize.Kind.CREDITS:
            wallet_move(
                user=prize.winner,
                amount=prize.amount,
                kind="prize",
                reason=_prize_reason(tournament, prize),
                cause_type="tournament_prize",
                cause_id=str(prize.pk),
            )
        _email_on_commit(
            user=prize.winner, build=lambda user, prize=prize: _prize_email(tournament, prize)
        )
    tournament.status = Tournament.Status.FINISHED
    tournament.ended_at = now
    tournament.save(update_fields=["status", "ended_at"])


def _prize_reason(tournament: Tournament, prize: TournamentPrize) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        return _("Prix de la place n° %(place)s du tournoi « %(name)s »") % {
            "place": prize.place,
            "name": tournament,
        }


# --- The end of a competition's game ----------------------------------------------------------


def _match_game_result_store(*, match_game_id: int, game: Game) -> bool:
    """Copy a finished game's result onto its match game, once; return whether it did now."""
    totals = (game.state or {}).get("totals") or [0, 0]
    return bool(
        MatchGame.objects.filter(pk=match_game_id, winner_seat__isnull=True).update(
            winner_seat=game.winner_seat,
            points0=totals[0],
            points1=totals[1],
            ended_at=game.ended_at,
        )
    )


def tournament_game_ended(*, game: Game) -> None:
    """Record a competition's game result and move its competition on after commit.

    A handler of `cartomaniak.handlers.GAME_ENDED_HANDLERS`, inside the game's transaction:
    one conditional update (exactly once), the rest after commit.
    """
    if game.origin != Game.Origin.TOURNAMENT or game.winner_seat not in (0, 1):
        return
    match_game = (
        MatchGame.objects.filter(game_id=game.pk).values("pk", "match__tournament_id").first()
    )
    if match_game is None:
        return
    if not _match_game_result_store(match_game_id=match_game["pk"], game=game):
        return
    tournament_id = match_game["match__tournament_id"]
    transaction.on_commit(lambda: _advance_after_game(tournament_id))


def _advance_after_game(tournament_id: int) -> None:
    # The advance that follows tells the page, once; only when it tells nothing (it failed, or
    # another runner took the step) does the page hear of the result from here.
    try:
        if tournament_advance(tournament_id=tournament_id, now=timezone.now()):
            return
    except Exception:  # the game's result is committed; the scheduled job will carry on
        logger.exception("Tournament %s: could not advance after a game ended", tournament_id)
    tournament_changed_on_commit(tournament_id=tournament_id)


# --- The scheduled job ------------------------------------------------------------------------


def tournaments_run_due(*, now: dt.datetime) -> int:
    """Create the next editions that are due, then advance every competition that has
    something to do; return how many were advanced. One failing competition does not stop
    the others."""
    editions_create_due(now=now)
    candidates = Tournament.objects.filter(
        Q(status=Tournament.Status.SCHEDULED, starts_at__lte=now)
        | Q(status=Tournament.Status.RUNNING)
    ).order_by("starts_at", "pk")
    advanced = 0
    for tournament in candidates:
        if not tournament_is_due(tournament=tournament, now=now):
            continue
        try:
            tournament_advance(tournament_id=tournament.pk, now=now)
        except Exception:
            logger.exception("Tournament %s: the scheduled step failed", tournament.pk)
            continue
        advanced += 1
    return advanced


# --- Recurring competitions -------------------------------------------------------------------


def editions_create_due(*, now: dt.datetime) -> list[Tournament]:
    """Announce the next edition of every recurring competition whose registration has opened
    and whose next edition does not exist yet."""
    next_exists = Tournament.objects.filter(
        series_id=OuterRef("series_root"), edition=OuterRef("edition") + 1
    )
    due = (
        Tournament.objects.exclude(recurrence=Tournament.Recurrence.NONE)
        .filter(registration_opens_at__lte=now)
        .annotate(series_root=Coalesce("series_id", "pk"))
        .filter(~Exists(next_exists))
        .order_by("pk")
    )
    created = []
    for tournament in due:
        edition = edition_create_next(tournament_id=tournament.pk, now=now)
        if edition is not None:
            created.append(edition)
    return created


def edition_create_next(*, tournament_id: int, now: dt.datetime) -> Tournament | None:
    """Create the next edition of a recurring competition, with the same rules and prizes;
    None if it already exists (unique series and edition number)."""
    tournament = Tournament.objects.select_related("series").get(pk=tournament_id)
    if tournament.recurrence == Tournament.Recurrence.NONE:
        return None
    root = tournament.series or tournament
    zone = site_zone()
    dates = recurrence.next_edition_dates(
        dates=recurrence.EditionDates(
            registration_opens_at=tournament.registration_opens_at,
            registration_closes_at=tournament.registration_closes_at,
            starts_at=tournament.starts_at,
        ),
        recurrence=tournament.recurrence,
        anchor_day=root.starts_at.astimezone(zone).day,
        zone=zone,
        now=now,
    )
    copied = {
        name: getattr(tournament, name)
        for name in (
            "name",
            "description",
            "rules",
            "format",
            "swiss_rounds",
            "match_format",
            "min_players",
            "max_players",
            "requires_verified_email",
            "min_stars",
            "entry_fee",
            "recurrence",
        )
    }
    try:
        with transaction.atomic():
            edition = Tournament.objects.create(
                **copied,
                registration_opens_at=dates.registration_opens_at,
                registration_closes_at=dates.registration_closes_at,
                starts_at=dates.starts_at,
                series=root,
                edition=tournament.edition + 1,
            )
            TournamentPrize.objects.bulk_create(
                [
                    TournamentPrize(
                        tournament=edition,
                        place=prize.place,
                        kind=prize.kind,
                        amount=prize.amount,
                        description=prize.description,
                    )
                    for prize in tournament.prizes.order_by("place")
                ]
            )
    except IntegrityError:
        return None
    return edition


# --- Prizes to deliver ------------------------------------------------------------------------


def prizes_mark_delivered(*, prize_ids, operator, now: dt.datetime) -> int:
    """Mark items and money prizes to deliver as delivered, each with its line in the team's
    audit trail (as the ladder's prizes); return how many changed. The caller checks the
    operator's `tournaments.deliver_tournamentprize`."""
    with transaction.atomic():
        prizes = list(
            TournamentPrize.objects.select_for_update()
            .filter(pk__in=prize_ids, status=TournamentPrize.Status.TO_DELIVER)
            .select_related("tournament")
            .order_by("pk")
        )
        for prize in prizes:
            prize.status = TournamentPrize.Status.DELIVERED
            prize.delivered_at = now
            prize.save(update_fields=["status", "delivered_at"])
            with translation.override("fr"):
                reason = _("%(tournament)s, place %(place)d : %(prize)s") % {
                    "tournament": prize.tournament.name,
                    "place": prize.place,
                    "prize": prize.label(),
                }
            operator_action_record(
                operator=operator,
                kind=OperatorAction.Kind.PRIZE_DELIVERY,
                member=prize.winner,
                reason=reason,
                subject_type="tournament_prize",
                subject_id=prize.pk,
                created_at=now,
            )
    return len(prizes)


# --- E-mails ----------------------------------------------------------------------------------


def _email_on_commit(*, user, build) -> None:
    """Send `build(user) -> (subject, message)` to the member in his language, after commit.

    A mail server that fails is logged: the step it reports is already committed.
    """

    def send() -> None:
        if not user.email:
            return
        try:
            with translation.override(user.preferred_language or settings.LANGUAGE_CODE):
                subject, message = build(user)
            send_mail(subject, message, None, [user.email])
        except Exception:
            logger.exception("Could not email member %s", user.pk)

    transaction.on_commit(send)


def _page_url(tournament: Tournament) -> str:
    return settings.SITE_URL.rstrip("/") + tournament.get_absolute_url()


def _round_email(
    tournament: Tournament, round_: Round, user, opponent, *, is_walkover: bool = False
) -> tuple[str, str]:
    subject = _("%(name)s : le tour %(number)s commence") % {
        "name": tournament,
        "number": round_.number,
    }
    if opponent is None:
        if tournament.format == Tournament.Format.ROUND_ROBIN:
            situation = _("Vous êtes au repos pendant ce tour.")
        else:
            situation = _("Vous êtes exempt pour ce tour : il compte comme une victoire.")
    elif is_walkover:
        situation = _(
            "Votre adversaire, %(opponent)s, absent à un tour précédent, ne joue plus : "
            "vous gagnez ce match sans jouer."
        ) % {"opponent": opponent.username}
    else:
        situation = _(
            "Votre adversaire : %(opponent)s. La partie s'ouvre d'elle-même dans la salle "
            "d'attente ; chaque décision a %(decision_time)s, après quoi la partie est perdue "
            "par forfait."
        ) % {"opponent": opponent.username, "decision_time": decision_time_label()}
    message = _(
        "Bonjour %(name)s,\n\n"
        "Le tour %(number)s du tournoi « %(tournament)s » commence.\n%(situation)s\n\n"
        "Le tournoi : %(url)s\n\n"
        "L'équipe Cartomaniak"
    ) % {
        "name": user.username,
        "number": round_.number,
        "tournament": tournament,
        "situation": situation,
        "url": _page_url(tournament),
    }
    return subject, message


def _cancel_email(tournament: Tournament, registration: Registration, reason: str):
    subject = _("Tournoi annulé : %(name)s") % {"name": tournament}
    if reason == Tournament.CancelReason.TOO_FEW_PLAYERS:
        why = _("Il n'y avait pas assez d'inscrits pour le commencer.")
    else:
        why = _("L'organisateur l'a annulé.")
    refund = (
        _("Votre droit d'inscription de %(fee)s crédits vous a été remboursé.")
        % {"fee": registration.fee_paid}
        if registration.fee_paid
        else ""
    )
    message = _(
        "Bonjour %(name)s,\n\nLe tournoi « %(tournament)s » est annulé. %(why)s\n%(refund)s\n\n"
        "L'équipe Cartomaniak"
    ) % {
        "name": registration.user.username,
        "tournament": tournament,
        "why": why,
        "refund": refund,
    }
    return subject, message


def _prize_email(tournament: Tournament, prize: TournamentPrize) -> tuple[str, str]:
    subject = _("Vous avez gagné un prix au tournoi « %(name)s »") % {"name": tournament}
    if prize.kind == TournamentPrize.Kind.CREDITS:
        delivery = _("Les crédits ont été versés sur votre compte.")
    else:
        delivery = _("Nous vous contacterons pour vous le remettre.")
    message = _(
        "Bonjour %(name)s,\n\nBravo ! Vous terminez à la place n° %(place)s du tournoi "
        "« %(tournament)s ».\nVotre prix : %(prize)s.\n%(delivery)s\n\n"
        "Le classement final : %(url)s\n\nL'équipe Cartomaniak"
    ) % {
        "name": prize.winner.username,
        "place": prize.place,
        "tournament": tournament,
        "prize": prize.label(),
        "delivery": delivery,
        "url": _page_url(tournament),
    }
    return subject, message


# --- Before a page shows a competition --------------------------------------------------------


def tournament_settle(*, tournament_id: int, now: dt.datetime) -> None:
    """Forfeit the competition's overdue games, then advance it if something is due, so that
    an idle or restarted server never shows a state the clock has already changed."""
    from games.tables.services import game_enforce_deadlines

    from .selectors import tournament_live_game_ids

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return
    live_game_ids = tournament_live_game_ids(tournament=tournament)
    if live_game_ids:
        game_enforce_deadlines(now=now, game_ids=live_game_ids)
    if tournament_is_due(tournament=tournament, now=now):
        tournament_advance(tournament_id=tournament_id, now=now)
