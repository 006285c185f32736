"""Reads of the waiting room.

The room is built once per change and sent as it is to every member (`hub`): nothing in
`lobby_room` depends on who looks at it. What differs per member is in `lobby_member`, built
once when his connection opens, and the rest (his own game, which games he may join) is read
from the two by the page itself (`lobby_member_state`, mirrored in static/js/lobby.js).
"""

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, Q
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import member_is_verified
from games.engine.variants import variant_get
from games.models import Challenge, Game, Seat
from games.tables.selectors import PRESENCE_EXPIRY_SECONDS, format_label, variant_label
from rankings.stars import star_label


def _by_name(entry: dict) -> str:
    return entry["name"]


def _seats(queryset):
    return queryset.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("seat"))
    )


def lobby_present_members(*, now: datetime | None = None) -> list[dict]:
    """Return the members with a fresh waiting-room connection, once each, by name."""
    now = now or timezone.now()
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
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
    """Return the games waiting for an opponent (they start when he sits down), oldest first."""
    games = Game.objects.filter(status=Game.Status.OPEN, starts_when_full=True).select_related(
        "host"
    )
    return [
        {
            "id": game.pk,
            "variant": game.variant,
            "creator": game.host.username,
            "stars": game.host.stars,
            "stars_label": star_label(game.host.stars),
            "is_ranked": game.is_ranked,
            "format": game.format,
            "format_label": format_label(game.variant, game.format),
        }
        for game in games.order_by("pk")
    ]


def lobby_open_tables() -> list[dict]:
    """Return the tables their hosts set up, waiting for players, oldest first."""
    tables = _seats(
        Game.objects.filter(status=Game.Status.OPEN, starts_when_full=False).select_related("host")
    ).order_by("pk")
    result = []
    for game in tables:
        by_seat = {taken.seat: taken.user for taken in game.seats.all()}
        # The seats a person takes (the dummy's, avec un mort, is nobody's).
        person_seats = variant_get(game.variant).person_seats
        result.append(
            {
                "id": game.pk,
                "variant": game.variant,
                "variant_label": variant_label(game.variant),
                "format": game.format,
                "format_label": format_label(game.variant, game.format),
                "options": dict(game.options),
                "host": game.host.username,
                "seats": [
                    {
                        "seat": seat,
                        # The room's frame is one for every language: the page names computers.
                        "name": by_seat[seat].username if seat in by_seat else None,
                        "is_computer": bool(seat in by_seat and by_seat[seat].is_computer),
                        "computer_level": (
                            (by_seat[seat].computer_level or None) if seat in by_seat else None
                        ),
                    }
                    for seat in person_seats
                ],
                "url": reverse("games:table", args=[game.pk]),
            }
        )
    return result


def lobby_games_in_progress() -> list[dict]:
    """Return the games being played, whatever the game, newest first: the games to watch."""
    games = _seats(Game.objects.filter(status=Game.Status.IN_PROGRESS)).order_by("-pk")
    return [
        {
            "id": game.pk,
            "variant": game.variant,
            "variant_label": variant_label(game.variant),
            "players": [
                {
                    "name": taken.user.username,
                    "stars_label": ""
                    if taken.is_computer
                    else star_label(taken.stars if taken.stars is not None else taken.user.stars),
                    # The room's frame is one for every language: the page names the computer.
                    "computer_level": taken.user.computer_level or None,
                    "team": taken.team,
                }
                for taken in game.seats.all()
            ],
            "is_ranked": game.is_ranked,
            "format": game.format,
            "format_label": format_label(game.variant, game.format),
            "origin": game.origin,
            "origin_label": game.origin_label,
            "url": reverse("games:table", args=[game.pk]),
        }
        for game in games
    ]


def lobby_room(*, now: datetime | None = None) -> dict:
    """Build the waiting room as everyone sees it: who is there, the games waiting for an
    opponent, the tables being set up, and the games being played."""
    return {
        "present": lobby_present_members(now=now),
        "open_games": lobby_open_games(),
        "games_in_progress": lobby_games_in_progress(),
        "open_tables": lobby_open_tables(),
    }


def challenge_payload(*, challenge, now: datetime | None = None) -> dict:
    """What the two members of a challenge are told of it."""
    now = now or timezone.now()
    return {
        "id": challenge.pk,
        "from": challenge.challenger.username,
        "to": challenge.challenged.username,
        "format": challenge.format,
        "format_label": format_label("manille-2p", challenge.format),
        "status": challenge.status,
        "expires_in": max(0, int((challenge.expires_at - now).total_seconds() + 0.999)),
    }


def member_challenges_pending(*, user, now: datetime | None = None) -> list[dict]:
    """Return the challenges the member sent or received that still wait for an answer."""
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

    `current_game` is his game waiting for an opponent or in progress (one at a time, whatever
    the game), or None; `current_table` the table he sits at while its host sets it up, or None;
    `busy` the names of the members playing now or seated at a table (they cannot be
    challenged).
    """
    name = frame["you"]["name"]
    current = None
    for game in frame["open_games"]:
        if game["creator"] == name:
            url = reverse("games:table", args=[game["id"]])
            current = {**game, "status": Game.Status.OPEN.value, "url": url}
    busy = set()
    for game in frame["games_in_progress"]:
        names = [player["name"] for player in game["players"] if not player["computer_level"]]
        busy.update(names)
        if name in names and current is None:
            current = {**game, "status": Game.Status.IN_PROGRESS.value}
    # A member seated at a table being set up is busy too (not the computers); `current_table`
    # is his own.
    current_table = None
    for table in frame.get("open_tables", ()):
        names = [
            seat["name"] for seat in table["seats"] if seat["name"] and not seat["is_computer"]
        ]
        busy.update(names)
        if name in names:
            current_table = {**table, "status": "open"}
    return {"current_game": current, "current_table": current_table, "busy": busy}
