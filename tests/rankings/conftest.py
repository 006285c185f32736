import datetime as dt
from zoneinfo import ZoneInfo

from accounts.services import wallet_move
from games.models import Game
from rankings.models import Subscription
from rankings.periods import LadderKind, period_containing
from rankings.services import subscription_create

PARIS = ZoneInfo("Europe/Paris")


def paris(*args) -> dt.datetime:
    """Return an aware datetime on the Paris wall clock, converted to UTC like the database."""
    return dt.datetime(*args, tzinfo=PARIS).astimezone(dt.UTC)


# A Wednesday in the middle of a week and of a month, far from any daylight-saving change.
MIDWEEK = paris(2026, 6, 17, 15, 0)


def subscribe(user, kind: str = LadderKind.WEEKLY, *, moment=MIDWEEK, points: int = 0):
    """Subscribe through the service as if it were `moment` (free ladder), then set the points."""
    period = period_containing(kind=kind, moment=moment)
    subscription = subscription_create(
        user=user, ladder_kind=kind, period_start=period.start, now=period.start
    )
    if points:
        Subscription.objects.filter(pk=subscription.pk).update(points=points)
        subscription.refresh_from_db()
    return subscription


def finished_game(
    *,
    winner,
    loser,
    ended_at=MIDWEEK,
    is_ranked: bool = True,
    winner_stars: int | None = None,
    loser_stars: int | None = None,
    end_reason: str = Game.EndReason.POINTS,
    is_first_deal_complete: bool = True,
    winner_seat: int = 0,
) -> Game:
    """Create a finished game as the games service leaves it before calling the ladder."""
    seats = {winner_seat: winner, 1 - winner_seat: loser}
    stars = {
        winner_seat: winner.stars if winner_stars is None else winner_stars,
        1 - winner_seat: loser.stars if loser_stars is None else loser_stars,
    }
    return Game.objects.create(
        creator=seats[0],
        seat0=seats[0],
        seat1=seats[1],
        is_ranked=is_ranked,
        format=Game.Format.FIRST_TO_71,
        status=Game.Status.FINISHED,
        started_at=ended_at - dt.timedelta(minutes=20),
        ended_at=ended_at,
        winner_seat=winner_seat,
        end_reason=end_reason,
        is_first_deal_complete=is_first_deal_complete,
        seat0_stars=stars[0],
        seat1_stars=stars[1],
    )


def grant(user, amount: int) -> None:
    wallet_move(user=user, amount=amount, kind="grant", reason="test grant")
