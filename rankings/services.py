"""Writes of the rankings app: a finished ranked game, a subscription, the closing of a period.

Each write counts exactly once: it inserts the row naming its cause first (unique constraint),
inside a savepoint, and an IntegrityError there means an earlier call already did the work
(design-notes.md, *Exactly once*).
"""

import datetime as dt
import logging

from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Max
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.selectors import member_is_guest

from .models import (
    FinalStanding,
    LadderPeriod,
    LadderSettings,
    PeriodClosing,
    PointsEntry,
    Prize,
    RecordEntry,
    Subscription,
)
from .periods import LadderKind, Period, period_containing, period_of_start
from .points import points_after, stake_for
from .selectors import member_has_verified_email, subscribable_periods

logger = logging.getLogger(__name__)

# A game's transaction commits a moment after its `ended_at`; a period is closed only once this
# much time has passed after its end, so that such a game is already in the standings.
CLOSE_GRACE = dt.timedelta(seconds=60)

FORFEIT_REASONS = {"timeout", "left"}


class SubscriptionError(Exception):
    """A subscription was refused; `code` names why, `message` says it to the member."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- A finished ranked game -------------------------------------------------------------------


def _is_forfeit_before_first_deal(game) -> bool:
    return not game.is_first_deal_complete and game.end_reason in FORFEIT_REASONS


def ladder_game_ended(*, game) -> None:
    """Apply a finished ranked game to both records and to every ladder each player is
    subscribed to for the period in which the game ended; exactly once per game.

    A handler of `cartomaniak.handlers.GAME_ENDED_HANDLERS`: called inside the transaction that
    saved the result.
    """
    if not game.is_ranked or game.status != "finished" or game.winner_seat not in (0, 1):
        return
    User = get_user_model()
    # A ranked game is a two-player game (`Variant.is_rankable`): one seat against the other.
    seats = {taken.seat: taken for taken in game.seats.all()}
    if set(seats) != {0, 1}:
        return
    winner_id = seats[game.winner_seat].user_id
    loser_id = seats[1 - game.winner_seat].user_id
    ended_at = game.ended_at or timezone.now()
    is_early_forfeit = _is_forfeit_before_first_deal(game)

    with transaction.atomic():
        members = {
            member.pk: member for member in User.objects.filter(pk__in=[winner_id, loser_id])
        }
        # The groups stored at match start; a game that started without them uses the record as
        # it stands before this game is added.
        stars_by_seat = {seat: taken.stars for seat, taken in seats.items()}
        for seat, stars in stars_by_seat.items():
            if stars is None:
                stars_by_seat[seat] = members[seats[seat].user_id].stars
        winner_stars = stars_by_seat[game.winner_seat]
        loser_stars = stars_by_seat[1 - game.winner_seat]

        winner_outcome = (
            RecordEntry.Outcome.UNCOUNTED_WIN if is_early_forfeit else RecordEntry.Outcome.WIN
        )
        try:
            with transaction.atomic():
                RecordEntry.objects.bulk_create(
                    [
                        RecordEntry(
                            game=game,
                            user_id=loser_id,
                            outcome=RecordEntry.Outcome.LOSS,
                            stars_at_start=loser_stars,
                        ),
                        RecordEntry(
                            game=game,
                            user_id=winner_id,
                            outcome=winner_outcome,
                            stars_at_start=winner_stars,
                        ),
                    ]
                )
        except IntegrityError:
            return  # this game was already applied

        # Rows are always locked in the same order (subscriptions, then members, each by id) so
        # that two games ending at once for overlapping players cannot deadlock.
        periods = [period_containing(kind=kind, moment=ended_at) for kind in LadderKind.values]
        subscriptions = list(
            Subscription.objects.select_for_update()
            .filter(
                user_id__in=[winner_id, loser_id],
                ladder_kind__in=[period.kind for period in periods],
                period_start__in=[period.start for period in periods],
            )
            .order_by("pk")
        )
        for member_id in sorted([winner_id, loser_id]):
            if member_id == loser_id:
                User.objects.filter(pk=member_id).update(ranked_losses=F("ranked_losses") + 1)
            elif not is_early_forfeit:
                User.objects.filter(pk=member_id).update(ranked_wins=F("ranked_wins") + 1)

        stake = stake_for(winner_stars=winner_stars, loser_stars=loser_stars)
        entries = []
        for subscription in subscriptions:
            period = period_containing(kind=subscription.ladder_kind, moment=ended_at)
            if subscription.period_start != period.start:
                continue  # the member's other subscription of the same kind, another period
            is_winner = subscription.user_id == winner_id
            if is_winner:
                nominal = 0 if is_early_forfeit else stake.won
                outcome = winner_outcome
            else:
                nominal = -stake.lost
                outcome = RecordEntry.Outcome.LOSS
            new_points = points_after(points=subscription.points, delta=nominal)
            delta = new_points - subscription.points
            if delta != 0:
                subscription.points = new_points
                subscription.points_reached_at = ended_at
            if outcome == RecordEntry.Outcome.WIN:
                subscription.wins += 1
            elif outcome == RecordEntry.Outcome.LOSS:
                subscription.losses += 1
            subscription.save(update_fields=["points", "points_reached_at", "wins", "losses"])
            entries.append(
                PointsEntry(
                    game=game,
                    user_id=subscription.user_id,
                    subscription=subscription,
                    ladder_kind=subscription.ladder_kind,
                    period_start=subscription.period_start,
                    opponent_id=loser_id if is_winner else winner_id,
                    outcome=outcome,
                    stars=winner_stars if is_winner else loser_stars,
                    opponent_stars=loser_stars if is_winner else winner_stars,
                    nominal_delta=nominal,
                    delta=delta,
                    points_after=new_points,
                    game_ended_at=ended_at,
                )
            )
        PointsEntry.objects.bulk_create(entries)


# --- Subscriptions ----------------------------------------------------------------------------


def ladder_price(*, ladder_kind: str) -> int:
    """Return the operator's price of one period of this ladder, in credits (0 if unset)."""
    price = LadderSettings.objects.filter(kind=ladder_kind).values_list("price", flat=True).first()
    return price or 0


def subscription_create(*, user, ladder_kind: str, period_start: dt.datetime, now: dt.datetime):
    """Subscribe a member to one period of a ladder, paying its price once from his credits.

    Raises SubscriptionError (nothing created, nothing debited) when the period is not open to
    subscription, the member's email is not verified, he is already subscribed, or his credits
    do not cover the price.
    """
    if member_is_guest(user=user):
        raise SubscriptionError(
            "guest",
            _("Un invité ne joue pas dans les classements : créez un compte pour vous abonner."),
        )
    if ladder_kind not in LadderKind.values:
        raise SubscriptionError("unknown_ladder", _("Ce classement n'existe pas."))
    try:
        period = period_of_start(kind=ladder_kind, start=period_start)
    except ValueError:
        raise SubscriptionError("unknown_period", _("Cette période n'existe pas.")) from None
    if period not in subscribable_periods(ladder_kind=ladder_kind, now=now):
        raise SubscriptionError(
            "period_closed",
            _("On ne peut s'abonner qu'à la période en cours ou à une période à venir."),
        )
    if not member_has_verified_email(user=user):
        raise SubscriptionError(
            "email_not_verified",
            _(
                "Vérifiez d'abord votre adresse e-mail : "
                "le jeu classé et les classements l'exigent."
            ),
        )
    price = ladder_price(ladder_kind=ladder_kind)
    try:
        with transaction.atomic():
            subscription = Subscription.objects.create(
                user=user,
                ladder_kind=ladder_kind,
                period_start=period.start,
                period_end=period.end,
                price_paid=price,
                created_at=now,
                points_reached_at=now,
            )
            ladder_period, _created = LadderPeriod.objects.get_or_create(
                ladder_kind=ladder_kind,
                period_start=period.start,
                defaults={"period_end": period.end},
            )
            LadderPeriod.objects.filter(pk=ladder_period.pk).update(
                participant_count=F("participant_count") + 1
            )
            if price > 0:
                _debit_subscription(user=user, subscription=subscription, period=period)
    except IntegrityError:
        raise SubscriptionError(
            "already_subscribed", _("Vous êtes déjà abonné à ce classement pour cette période.")
        ) from None
    return subscription


def _debit_subscription(*, user, subscription: Subscription, period: Period) -> None:
    from accounts.services import InsufficientCredits, wallet_move

    try:
        wallet_move(
            user=user,
            amount=-subscription.price_paid,
            kind="subscription",
            reason=_("Abonnement au classement %(ladder)s du %(start)s")
            % {
                "ladder": subscription.get_ladder_kind_display(),
                "start": period.start_date.strftime("%d/%m/%Y"),
            },
            cause_type="subscription",
            cause_id=str(subscription.pk),
        )
    except InsufficientCredits:
        raise SubscriptionError(
            "insufficient_credits",
            _("Crédits insuffisants : cet abonnement coûte %(price)s crédits.")
            % {"price": subscription.price_paid},
        ) from None


# --- Closing a period -------------------------------------------------------------------------


def _freeze_standings(*, closing: PeriodClosing) -> int:
    """Copy the period's live standings, ranked, into the frozen table in one statement."""
    subscription_table = Subscription._meta.db_table
    standing_table = FinalStanding._meta.db_table
    operations = connection.ops
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {standing_table}
                (closing_id, rank, user_id, points, wins, losses, points_reached_at)
            SELECT %s,
                   ROW_NUMBER() OVER (
                       ORDER BY points DESC, wins DESC, losses ASC, points_reached_at ASC, id ASC
                   ),
                   user_id, points, wins, losses, points_reached_at
            FROM {subscription_table}
            WHERE ladder_kind = %s AND period_start = %s
            """,
            [
                closing.pk,
                closing.ladder_kind,
                operations.adapt_datetimefield_value(closing.period_start),
            ],
        )
        return cursor.rowcount


def period_close(*, ladder_kind: str, period_start: dt.datetime, now: dt.datetime):
    """Close an ended period exactly once: freeze its standings, award its prizes, pay the
    credit prizes, list the others for delivery and email the winners.

    Return the new PeriodClosing, or None when the period was already closed.
    """
    period = period_of_start(kind=ladder_kind, start=period_start)
    if now < period.end:
        raise ValueError(f"the {ladder_kind} period of {period_start.isoformat()} has not ended")
    with transaction.atomic():
        try:
            with transaction.atomic():
                closing = PeriodClosing.objects.create(
                    ladder_kind=ladder_kind,
                    period_start=period.start,
                    period_end=period.end,
                    closed_at=now,
                )
        except IntegrityError:
            return None
        closing.participant_count = _freeze_standings(closing=closing)
        closing.save(update_fields=["participant_count"])
        prizes = list(
            Prize.objects.select_for_update()
            .filter(ladder_kind=ladder_kind, period_start=period.start)
            .order_by("place")
        )
        standings_by_rank = {
            standing.rank: standing
            for standing in FinalStanding.objects.filter(
                closing=closing, rank__lte=3
            ).select_related("user")
        }
        awarded = [
            prize
            for prize in prizes
            if prize.status == Prize.Status.PLANNED
            and _prize_award(prize=prize, standing=standings_by_rank.get(prize.place), now=now)
        ]
        # The wallet locks each winner's member row: taking them in id order, like the end of a
        # game does, keeps a closing and a game ending at the same moment from deadlocking.
        for prize in sorted(awarded, key=lambda prize: (prize.winner_id, prize.place)):
            if prize.kind == Prize.Kind.CREDITS:
                _prize_pay(prize=prize)
        for prize in awarded:
            transaction.on_commit(
                lambda prize=prize: _prize_email_send(prize=prize, winner=prize.winner)
            )
    return closing


def _prize_award(*, prize: Prize, standing: FinalStanding | None, now: dt.datetime) -> bool:
    """Give a prize to the member at its place; return whether it has a winner."""
    prize.awarded_at = now
    # A place whose member played no counted game in the period wins nothing: a prize rewards
    # play, not a subscription alone. Nor does a deactivated account (closed, or suspended by
    # the team): no credits, no email; his place in the standings stays (ladder.md).
    if standing is None or standing.wins + standing.losses == 0 or not standing.user.is_active:
        prize.status = Prize.Status.NOT_AWARDED
        prize.save(update_fields=["status", "awarded_at"])
        return False
    prize.winner = standing.user
    prize.status = (
        Prize.Status.PAID if prize.kind == Prize.Kind.CREDITS else Prize.Status.TO_DELIVER
    )
    prize.save(update_fields=["winner", "awarded_at", "status"])
    return True


def _prize_pay(*, prize: Prize) -> None:
    from accounts.services import wallet_move

    wallet_move(
        user=prize.winner,
        amount=prize.amount,
        kind="prize",
        reason=_prize_reason(prize),
        cause_type="prize",
        cause_id=str(prize.pk),
    )


def _prize_reason(prize: Prize) -> str:
    with translation.override("fr"):
        return _("Prix de la %(place)se place, classement %(ladder)s du %(start)s") % {
            "place": prize.place,
            "ladder": prize.get_ladder_kind_display(),
            "start": prize.period.start_date.strftime("%d/%m/%Y"),
        }


def _prize_email_send(*, prize: Prize, winner) -> None:
    if not winner.email:
        return
    period = prize.period
    with translation.override("fr"):
        ladder = prize.get_ladder_kind_display()
        subject = _("Vous avez gagné un prix au classement %(ladder)s") % {"ladder": ladder}
        if prize.kind == Prize.Kind.CREDITS:
            delivery = _("Les crédits ont été versés sur votre compte.")
        else:
            delivery = _("Nous vous contacterons pour vous le remettre.")
        message = _(
            "Bonjour %(name)s,\n\n"
            "Bravo ! Vous terminez à la place n° %(place)s du classement %(ladder)s "
            "du %(start)s au %(end)s.\n"
            "Votre prix : %(prize)s.\n%(delivery)s\n\n"
            "L'équipe Cartomaniak"
        ) % {
            "name": winner.username,
            "place": prize.place,
            "ladder": ladder,
            "start": period.start_date.strftime("%d/%m/%Y"),
            "end": period.last_date.strftime("%d/%m/%Y"),
            "prize": prize.label(),
            "delivery": delivery,
        }
    try:
        send_mail(subject, message, None, [winner.email])
    except Exception:  # a mail server down must not undo a closing that is already committed
        logger.exception("Could not email prize %s to member %s", prize.pk, winner.pk)


def periods_close_ended(*, now: dt.datetime) -> list[PeriodClosing]:
    """Close, oldest first, every period that ended (plus the grace delay) and is not closed."""
    cutoff = now - CLOSE_GRACE
    closings = []
    for kind in LadderKind.values:
        # Periods are closed in order, so everything up to the last closed one is done: only
        # later periods are looked at, and the query stays on the index however long the history.
        last_closed = PeriodClosing.objects.filter(ladder_kind=kind).aggregate(
            last=Max("period_start")
        )["last"]
        subscription_periods = Subscription.objects.filter(ladder_kind=kind, period_end__lte=cutoff)
        prize_periods = Prize.objects.filter(ladder_kind=kind, period_start__lt=cutoff)
        if last_closed is not None:
            subscription_periods = subscription_periods.filter(period_start__gt=last_closed)
            prize_periods = prize_periods.filter(period_start__gt=last_closed)
        starts = set(subscription_periods.values_list("period_start", flat=True).distinct())
        starts |= set(prize_periods.values_list("period_start", flat=True).distinct())
        for start in sorted(starts):
            period = period_of_start(kind=kind, start=start)
            if period.end > cutoff:
                continue
            closing = period_close(ladder_kind=kind, period_start=start, now=now)
            if closing is not None:
                closings.append(closing)
    return closings


def prizes_mark_delivered(*, prize_ids, operator, now: dt.datetime) -> int:
    """Mark prizes to deliver as delivered, each with its line in the team's audit trail;
    return how many changed. The caller checks the operator's `rankings.deliver_prize`."""
    from accounts.models import OperatorAction
    from accounts.services import operator_action_record

    with transaction.atomic():
        prizes = list(
            Prize.objects.select_for_update()
            .filter(pk__in=prize_ids, status=Prize.Status.TO_DELIVER)
            .order_by("pk")
        )
        for prize in prizes:
            prize.status = Prize.Status.DELIVERED
            prize.delivered_at = now
            prize.save(update_fields=["status", "delivered_at"])
            with translation.override("fr"):
                reason = f"{_prize_reason(prize)} : {prize.label()}"
            operator_action_record(
                operator=operator,
                kind=OperatorAction.Kind.PRIZE_DELIVERY,
                member=prize.winner,
                reason=reason,
                subject_type="prize",
                subject_id=prize.pk,
                created_at=now,
            )
    return len(prizes)
