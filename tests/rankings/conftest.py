import datetime as dt
from zoneinfo import ZoneInfo

from accounts.services import wallet_move
from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.models import Game, Seat
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


def two_player_game(*, players, stars=(None, None), **fields) -> Game:
    """Create a two-player game directly, with a `Seat` row for each member of `players` (seat
    order; None leaves the seat free) and its stored star group."""
    variant = variant_get(VARIANT_TWO_PLAYER)
    fields.setdefault("format", variant.default_format)
    game = Game.objects.create(host=players[0], variant=variant.name, **fields)
    for seat, (user, seat_stars) in enumerate(zip(players, stars, strict=True)):
        if user is not None:
            Seat.objects.create(
                game=game, seat=seat, team=variant.team_of(seat), user=user, stars=seat_stars
            )
    return game


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
    return two_player_game(
        players=(seats[0], seats[1]),
        stars=(stars[0], stars[1]),
        is_ranked=is_ranked,
        status=Game.Status.FINISHED,
        started_at=ended_at - dt.timedelta(minutes=20),
        ended_at=ended_at,
        # In the two-player game each seat is its own team.
        winner_team=variant_get(VARIANT_TWO_PLAYER).team_of(winner_seat),
        end_reason=end_reason,
        is_first_deal_complete=is_first_deal_complete,
    )


def grant(user, amount: int) -> None:
    wallet_move(user=user, amount=amount, kind="grant", reason="test grant")
