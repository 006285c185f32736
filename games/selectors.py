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
from .partnership.selectors import (
    lobby_open_tables,
    lobby_tables_in_progress,
    member_table_current,
)

# A waiting-room connection that has not sent its heartbeat for this long no longer counts.
PRESENCE_EXPIRY_SECONDS = 45


ACTIVE_STATUSES = (Game.Status.OPEN, Game.Status.IN_PROGRESS)


# --- Access -----------------------------------------------------------------------------------


# What a table shows of its players. Loading only these columns of the two joined members keeps
# the query that every move and every frame runs small (docs/performance.md).
PLAYER_FIELDS = ("username", "ranked_wins", "ranked_losses", "is_computer", "computer_level")


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


def member_is_busy(*, user) -> bool:
    """Tell whether the member may not open or join anything now: he has a two-player game
    waiting or in progress, or sits at an open or running four-player table. The one check of
    the waiting room, the computer games, the challenges and the four-player tables."""
    if game_current_for_user(user=user) is not None:
        return True
    return member_table_current(user_id=user.pk) is not None


# --- The game table ---------------------------------------------------------------------------


def _player_info(user, stars: int | None) -> dict | None:
    if user is None:
        return None
    if user.is_computer:
        # "Ordinateur (fort)": no stars, it has no ranked record.
        return {"name": user.display_name, "stars": None, "stars_label": "", "is_computer": True}
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
    for seat, seat_presence in enumerate(presence):
        player = game.player_at(seat)
        if player is not None and player.is_computer:
            # The computer never opens a socket: it is always at its table.
            seat_presence["connected"] = True
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
#
# The room is built once per change and sent as it is to every member (games/lobby.py): nothing in
# `lobby_room` depends on who looks at it. What differs per member is in `lobby_member`, built
# once when his connection opens, and the rest (his own game, which games he may join) is read
# from the two by the page itself (`lobby_member_state`, mirrored in static/js/lobby.js).


def _by_name(entry: dict) -> str:
    return entry["name"]


def lobby_present_members(*, now: datetime | None = None) -> list[dict]:
    """Return the members with a fresh waiting-room connection, once each, by name."""
    now = now or timezone.now()
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    from django.contrib.auth import get_user_model

    users = (
        get_user_model()
        .objects.filter(lobby_presences__last_seen__gte=since, is_computer=False)
        .distinct()
        .only("username", "ranked_wins", "ranked_losses")
    )
    # Sorted here rather than by the database, whose collation differs between SQLite and
    # PostgreSQL: the page keeps the same order when it applies a change (lobby.js).
    return sorted(
        (
            {"name": user.username, "stars": user.stars, "stars_label": star_label(user.stars)}
            for user in users
        ),
        key=_by_name,
    )


def lobby_open_games() -> list[dict]:
    """Return the games waiting for an opponent, oldest first."""
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
        }
        for game in games.order_by("pk")
    ]


def lobby_games_in_progress() -> list[dict]:
    """Return the games being played, newest first: the room's list of games to watch."""
    games = Game.objects.filter(status=Game.Status.IN_PROGRESS).select_related("seat0", "seat1")
    return [
        {
            "id": game.pk,
            "players": [
                {
                    "name": player.username,
                    "stars_label": "" if player.is_computer else star_label(stars),
                    # The room's frame is one for every language: the page names the computer.
                    "computer_level": player.computer_level or None,
                }
                for player, stars in (
                    (game.seat0, game.seat0_stars),
                    (game.seat1, game.seat1_stars),
                )
                if player is not None
            ],
            "is_ranked": game.is_ranked,
            "format": game.format,
            "format_label": str(Game.Format(game.format).label),
            "origin": game.origin,
            "origin_label": game.origin_label,
            "url": reverse("games:table", args=[game.pk]),
        }
        for game in games.order_by("-pk")
    ]


def lobby_room(*, now: datetime | None = None) -> dict:
    """Build the waiting room as everyone sees it: who is there, open games, games to watch,
    and the four-player tables (open ones to sit at, running ones to watch)."""
    return {
        "present": lobby_present_members(now=now),
        "open_games": lobby_open_games(),
        "games_in_progress": lobby_games_in_progress(),
        "open_tables": lobby_open_tables(),
        "tables_in_progress": lobby_tables_in_progress(),
    }


def member_is_verified(*, user) -> bool:
    """Return whether the member may play ranked games (a verified email address)."""
    return accounts_member_is_verified(user=user)


def challenge_payload(*, challenge, now: datetime | None = None) -> dict:
    """What the two members of a challenge are told of it."""
    now = now or timezone.now()
    return {
        "id": challenge.pk,
        "from": challenge.challenger.username,
        "to": challenge.challenged.username,
        "format": challenge.format,
        "format_label": str(Game.Format(challenge.format).label),
        "status": challenge.status,
        "expires_in": max(0, int((challenge.expires_at - now).total_seconds() + 0.999)),
    }


def member_challenges_pending(*, user, now: datetime | None = None) -> list[dict]:
    """Return the challenges the member sent or received that still wait for an answer."""
    from .models import Challenge

    now = now or timezone.now()
    challenges = (
        Challenge.objects.filter(Q(challenger=user) | Q(challenged=user))
        .filter(status=Challenge.Status.PENDING, expires_at__gt=now)
        .select_related("challenger", "challenged")
        .order_by("pk")
    )
    return [challenge_payload(challenge=challenge, now=now) for challenge in challenges]


def lobby_member(*, user, now: datetime | None = None) -> dict:
    """Build what only this member's connections are told: who he is, what he may do."""
    return {
        "name": user.username,
        "can_play_ranked": member_is_verified(user=user),
        "challenges": member_challenges_pending(user=user, now=now),
    }


def lobby_snapshot(*, user, now: datetime | None = None) -> dict:
    """Build the `lobby` frame for one member alone: the room and his own part."""
    return {"type": "lobby", **lobby_room(now=now), "you": lobby_member(user=user, now=now)}


def lobby_member_state(*, frame: dict) -> dict:
    """Read a member's own situation from a `lobby` frame (static/js/lobby.js does the same).

    `current_game` is his game waiting for an opponent or in progress (one at a time), or None;
    `current_table` the four-player table he sits at (open or in progress), or None; `busy` the
    names of the members playing now or seated at a table (they cannot be challenged).
    """
    name = frame["you"]["name"]
    current = None
    for game in frame["open_games"]:
        if game["creator"] == name:
            url = reverse("games:table", args=[game["id"]])
            current = {**game, "status": Game.Status.OPEN.value, "url": url}
    busy = set()
    for game in frame["games_in_progress"]:
        names = [player["name"] for player in game["players"]]
        busy.update(names)
        if name in names and current is None:
            current = {**game, "status": Game.Status.IN_PROGRESS.value}
    # A member seated at a four-player table, open or running, is busy too (not the computers);
    # `current_table` is his own, with its status.
    current_table = None
    for table in frame.get("open_tables", ()):
        names = [
            seat["name"] for seat in table["seats"] if seat["name"] and not seat["is_computer"]
        ]
        busy.update(names)
        if name in names:
            current_table = {**table, "status": "open"}
    for table in frame.get("tables_in_progress", ()):
        names = [player["name"] for player in table["players"] if not player["computer_level"]]
        busy.update(names)
        if name in names and current_table is None:
            current_table = {**table, "status": "in_progress"}
    return {"current_game": current, "current_table": current_table, "busy": busy}


# --- History ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberGame:
    game: Game
    opponent_name: str
    is_ranked: bool
    # Against the computer: `opponent_name` is "Ordinateur (fort)", with no profile to link to.
    is_against_computer: bool
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
                opponent_name=opponent.display_name if opponent else "",
                is_ranked=game.is_ranked,
                is_against_computer=bool(opponent and opponent.is_computer),
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
