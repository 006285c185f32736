"""Reads of the games app.

Every lookup of a game or of a seat for a user goes through the small access functions at the
top (`game_get`, `game_seat_for_user`, `game_for_player`): they are the only place that decides
who sits where.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import member_is_verified as accounts_member_is_verified
from games import engine
from rankings.stars import star_label

from .errors import GameError
from .models import Game, GameConnection, RematchOffer

# A waiting-room connection that has not sent its heartbeat for this long no longer counts.
PRESENCE_EXPIRY_SECONDS = 45


ACTIVE_STATUSES = (Game.Status.OPEN, Game.Status.IN_PROGRESS)


# --- Access -----------------------------------------------------------------------------------


# What a table shows of its players. Loading only these columns of the two joined members keeps
# the query that every move and every frame runs small (docs/performance.md).
PLAYER_FIELDS = ("username", "ranked_wins", "ranked_losses")


def game_get(*, game_id: int, for_update: bool = False) -> Game:
    """Return the game (players joined in), or raise GameError("game_not_found")."""
    queryset = Game.objects.select_related("seat0", "seat1").only(
        *(field.name for field in Game._meta.concrete_fields),
        *(f"{seat}__{field}" for seat in ("seat0", "seat1") for field in PLAYER_FIELDS),
    )
    if for_update:
        # of=("self",) keeps PostgreSQL from locking the joined user rows too.
        queryset = queryset.select_for_update(of=("self",))
    try:
        return queryset.get(pk=game_id)
    # OverflowError: SQLite cannot even bind an id beyond 64 bits (PostgreSQL finds no row).
    except (Game.DoesNotExist, ValueError, TypeError, OverflowError):
        raise GameError("game_not_found") from None


def game_version_get(*, game_id: int) -> int | None:
    """Return the game's current version (None if there is no such game): one indexed read."""
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def game_seat_for_user(*, game: Game, user) -> int | None:
    """Return the seat (0 or 1) the user holds in this game, None for anyone else."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return game.seat_of(user)


def game_for_player(*, game_id: int, user, for_update: bool = False) -> tuple[Game, int]:
    """Return (game, seat) for a player seated at the game, or raise a GameError."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise GameError("not_authenticated")
    game = game_get(game_id=game_id, for_update=for_update)
    seat = game_seat_for_user(game=game, user=user)
    if seat is None:
        raise GameError("not_seated")
    return game, seat


def game_current_for_user(*, user) -> Game | None:
    """Return the member's game that is waiting or in progress (there is at most one)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Game.objects.filter(Q(seat0=user) | Q(seat1=user) | Q(creator=user))
        .filter(status__in=ACTIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )


# --- The game table ---------------------------------------------------------------------------


def _player_info(user, stars: int | None) -> dict | None:
    if user is None:
        return None
    stars = stars if stars is not None else user.stars
    return {"name": user.username, "stars": stars, "stars_label": star_label(stars)}


def _completed_trick(state) -> dict | None:
    """Return the last trick taken in the match (its cards, its winner, a key naming it).

    Once a deal is over the next one is dealt in the same write, so its last trick is read back
    from the deal's record: the table shows it before the new deal (both cards were face up).
    """
    from games.engine.state import DEAL_PHASES
    from games.engine.tricks import trick_winner

    deal = state.deal
    records = state.progress.records
    deal_number = len(records) + 1 if state.phase in DEAL_PHASES else len(records)
    if deal is not None and deal.last_trick:
        cards = list(deal.last_trick)
        winner = deal.last_winner
        count = sum(deal.tricks_won)
    else:
        if not records or not state.progress.summaries:
            return None
        summary = state.progress.summaries[len(records) - 1]
        plays = [(action.seat, action.card) for action in records[-1].actions if action.card]
        if not summary.complete or len(plays) < 2:
            return None
        cards = plays[-2:]
        winner = trick_winner(cards, None if summary.rolled else summary.trump)
        count = sum(summary.tricks)
        deal_number = len(records)
    return {
        "key": f"{deal_number}-{count}",
        "cards": [{"seat": played_by, "card": card} for played_by, card in cards],
        "winner": winner,
    }


def _ladder_points(game: Game, seat: int | None) -> list[dict]:
    """Return the points a seated player's ranked game really moved on each ladder."""
    if seat is None or not game.is_ranked or not game.is_finished:
        return []
    from rankings.models import PointsEntry

    user_id = game.seat0_id if seat == 0 else game.seat1_id
    entries = PointsEntry.objects.filter(game=game, user_id=user_id).order_by("ladder_kind")
    return [
        {"ladder": str(entry.get_ladder_kind_display()), "delta": entry.delta} for entry in entries
    ]


def game_frame(*, game: Game, seat: int | None, now: datetime | None = None) -> dict:
    """Build the `state` frame for one connection: its seat's view, or the public one.

    The engine's `player_view` / `public_view` are the only way game state leaves the server.
    """
    from rankings.selectors import game_stakes

    now = now or timezone.now()
    view = None
    completed_trick = None
    if game.state is not None:
        state = engine.state_from_json(game.state)
        view = engine.player_view(state, seat) if seat is not None else engine.public_view(state)
        completed_trick = _completed_trick(state)
    match_format = engine.FORMATS[game.format]
    seconds_left = None
    if game.deadline is not None and game.status == Game.Status.IN_PROGRESS:
        seconds_left = max(0, int((game.deadline - now).total_seconds() + 0.999))
    stakes = game_stakes(game=game)
    return {
        "type": "state",
        "version": game.version,
        "game": {
            "id": game.pk,
            "status": game.status,
            "format": game.format,
            "is_ranked": game.is_ranked,
            "your_seat": seat,
            "players": [
                _player_info(game.seat0, game.seat0_stars),
                _player_info(game.seat1, game.seat1_stars),
            ],
            "deadline": game.deadline.isoformat() if game.deadline else None,
            "seconds_left": seconds_left,
            "winner_seat": game.winner_seat,
            "end_reason": game.end_reason or None,
            "first_dealer_draw": game.first_dealer_draw,
            "target": match_format.target,
            "regular_deals": match_format.regular_deal_count,
            "completed_trick": completed_trick,
            "ladder_points": _ladder_points(game, seat),
            "can_rematch": game.is_finished and not game.is_tournament and seat is not None,
            "stakes": {str(k): v for k, v in stakes.items()} if stakes else None,
            "record_url": (reverse("games:record", args=[game.pk]) if game.is_finished else None),
            "origin": {
                "kind": game.origin,
                "label": game.origin_label,
                "url": game.origin_url or None,
            },
        },
        "view": view,
    }


def game_record_site(*, game: Game) -> dict:
    """Return the site's metadata of an exported record (game-record.md, *Metadata*), which
    `replay` ignores: the game's id, its dates and whether it was ranked."""
    return {
        "game_id": game.pk,
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "ended_at": game.ended_at.isoformat() if game.ended_at else None,
        "ranked": game.is_ranked,
    }


def game_record(*, game: Game) -> dict:
    """Return the game-record.md document of a game (finished or not: callers decide)."""
    state = engine.state_from_json(game.state)
    players = [
        game.seat0.username if game.seat0 else "",
        game.seat1.username if game.seat1 else "",
    ]
    record = engine.record_from_state(state, players=players)
    if state.end is not None and "end" not in record:
        record["end"] = state.end
    return record


def game_presence(*, game: Game, now: datetime | None = None) -> list[dict]:
    """Return, for each seat, whether its player has the table open, and for how long he has
    been away if not (None when he never came or the heartbeat stopped without a close)."""
    now = now or timezone.now()
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    presence = [{"connected": False, "away_seconds": None} for _seat in (0, 1)]
    for connection in GameConnection.objects.filter(game=game):
        seat_presence = presence[connection.seat]
        if connection.closed_at is None and connection.last_seen >= since:
            seat_presence["connected"] = True
            continue
        left_at = connection.closed_at or connection.last_seen
        away = max(0, int((now - left_at).total_seconds()))
        if seat_presence["away_seconds"] is None or away < seat_presence["away_seconds"]:
            seat_presence["away_seconds"] = away
    for seat_presence in presence:
        if seat_presence["connected"]:
            seat_presence["away_seconds"] = None
    return presence


def game_rematch(*, game: Game, now: datetime | None = None) -> dict | None:
    """Return the `rematch` frame of a game: who offered, its state, where the new game is."""
    now = now or timezone.now()
    offer = RematchOffer.objects.filter(game=game).first()
    if offer is None:
        return None
    status = offer.status
    if status == RematchOffer.Status.OFFERED and offer.expires_at <= now:
        status = RematchOffer.Status.EXPIRED
    return {
        "type": "rematch",
        "status": str(status),
        "by_seat": offer.offered_by_seat,
        "expires_in": max(0, int((offer.expires_at - now).total_seconds())),
        "game_id": offer.new_game_id,
        "url": reverse("games:table", args=[offer.new_game_id]) if offer.new_game_id else None,
    }


# --- The waiting room -------------------------------------------------------------------------


def lobby_present_members(*, now: datetime | None = None) -> list[dict]:
    """Return the members with a fresh waiting-room connection, once each, by name."""
    now = now or timezone.now()
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    from django.contrib.auth import get_user_model

    users = (
        get_user_model()
        .objects.filter(lobby_presences__last_seen__gte=since)
        .distinct()
        .order_by("username")
    )
    return [
        {"name": user.username, "stars": user.stars, "stars_label": star_label(user.stars)}
        for user in users
    ]


def lobby_open_games(*, user=None) -> list[dict]:
    games = Game.objects.filter(status=Game.Status.OPEN).select_related("creator")
    return [
        {
            "id": game.pk,
            "creator": game.creator.username,
            "stars": game.creator.stars,
            "stars_label": star_label(game.creator.stars),
            "is_ranked": game.is_ranked,
            "format": game.format,
            "format_label": str(Game.Format(game.format).label),
            "is_own": user is not None and game.creator_id == getattr(user, "pk", None),
        }
        for game in games.order_by("created_at")
    ]


def member_is_verified(*, user) -> bool:
    """Return whether the member may play ranked games (a verified email address)."""
    return accounts_member_is_verified(user=user)


def lobby_snapshot(*, user, now: datetime | None = None) -> dict:
    """Build the `lobby` frame for one member's connection."""
    current = game_current_for_user(user=user)
    return {
        "type": "lobby",
        "present": lobby_present_members(now=now),
        "open_games": lobby_open_games(user=user),
        "current_game": (
            {
                "id": current.pk,
                "status": current.status,
                "url": reverse("games:table", args=[current.pk]),
                # A competition's game says so in the waiting room: "Match de tournoi : <name>".
                "origin": current.origin,
                "origin_label": current.origin_label,
            }
            if current
            else None
        ),
        "can_play_ranked": member_is_verified(user=user),
    }


# --- History ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberGame:
    game: Game
    opponent_name: str
    is_ranked: bool
    result_label: str
    ended_at: datetime | None
    url: str


def _result_label(game: Game, seat: int) -> str:
    if game.status == Game.Status.IN_PROGRESS:
        return _("En cours")
    if game.winner_seat == seat:
        return _("Victoire")
    return _("Défaite")


def member_games(*, user, limit: int = 20) -> list[MemberGame]:
    """Return the member's finished and in-progress games, newest first."""
    games = (
        Game.objects.filter(Q(seat0=user) | Q(seat1=user))
        .filter(status__in=(Game.Status.IN_PROGRESS, Game.Status.FINISHED))
        .select_related("seat0", "seat1")
        .order_by("-started_at", "-pk")[:limit]
    )
    items = []
    for game in games:
        seat = game.seat_of(user)
        opponent = game.player_at(1 - seat)
        items.append(
            MemberGame(
                game=game,
                opponent_name=opponent.username if opponent else "",
                is_ranked=game.is_ranked,
                result_label=_result_label(game, seat),
                ended_at=game.ended_at,
                # A finished game opens in the replay viewer, a game in progress at its table.
                url=reverse("games:replay" if game.is_finished else "games:table", args=[game.pk]),
            )
        )
    return items


# --- Watching a finished game again -----------------------------------------------------------


def game_replay_steps(*, game: Game) -> dict:
    """Return every position of a finished game, replayed from its record, for the viewer.

    One step per action (and one per new deal, before its first decision), each a spectator's
    view with both hands shown (the game is over: nothing is secret any more) and the trick
    last taken. The final totals are those `manage.py replay` prints for the same record.
    """
    record = game_record(game=game)
    state = engine.new_match(format=record["format"], first_dealer=record["first_dealer"])
    steps = []

    def add(action: dict | None, deal_index: int) -> None:
        view = engine.public_view(state)
        deal = state.deal
        in_deal = deal is not None and str(state.phase) != "dealing"
        view["hands"] = [list(deal.hands[0]), list(deal.hands[1])] if in_deal else [[], []]
        steps.append(
            {
                "action": action,
                "deal_index": deal_index,
                "trick_index": sum(view["tricks_won"]) if in_deal else None,
                "completed_trick": _completed_trick(state),
                "view": view,
            }
        )

    for deal_index, deal_record in enumerate(record["deals"]):
        state = engine.deal_start(state, deal_record["deck"])
        add(None, deal_index)
        for action in deal_record["actions"]:
            state = engine.apply(state, engine.Action.from_json(action))
            add(action, deal_index)
    end = record.get("end")
    if end is not None and not state.is_finished:
        state = engine.forfeit(state, seat=end["seat"], reason=end["reason"])
        forfeit = {"type": "forfeit", "seat": end["seat"], "reason": end["reason"]}
        add(forfeit, len(record["deals"]) - 1)
    # The deal summaries beside the viewer are `replay`'s own output for the same record.
    _status, replayed = engine.replay_record(record)
    return {
        "players": record["players"],
        "format": record["format"],
        "steps": steps,
        "deals": replayed["deals"],
        "totals": list(state.totals),
        "winner": state.winner,
        "end": state.end,
    }
