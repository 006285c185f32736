"""Reads of the four-player tables: access, who sits where, the table's frame, the record, the
waiting room's lists.

`table_get`, `table_players` and `table_seat_for_user` are the only place that decides who sits
where; `partnership_frame` is the only way a table's state leaves the server (through the
engine's `player_view` / `public_view`: never another seat's hand).
"""

from datetime import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.tricks import trick_winner
from games.engine.variants import variant_get
from games.errors import GameError
from games.models import PartnershipGame, PartnershipSeat

ACTIVE_STATUSES = (PartnershipGame.Status.OPEN, PartnershipGame.Status.IN_PROGRESS)
SEAT_FIELDS = ("username", "is_computer", "computer_level")


# --- Access -----------------------------------------------------------------------------------


def table_get(*, table_id: int, for_update: bool = False) -> PartnershipGame:
    """Return the table (its host joined in), or raise GameError("game_not_found")."""
    queryset = PartnershipGame.objects.select_related("host")
    if for_update:
        # of=("self",) keeps PostgreSQL from locking the host's row too.
        queryset = queryset.select_for_update(of=("self",))
    try:
        return queryset.get(pk=table_id)
    except (PartnershipGame.DoesNotExist, ValueError, TypeError, OverflowError):
        raise GameError("game_not_found") from None


def table_version_get(*, table_id: int) -> int | None:
    """Return the table's current version (None if there is no such table): one indexed read."""
    return PartnershipGame.objects.filter(pk=table_id).values_list("version", flat=True).first()


def table_players(*, game: PartnershipGame) -> dict[int, object]:
    """Return {seat: user} of the taken seats (users loaded with the columns a table shows)."""
    seats = (
        PartnershipSeat.objects.filter(game=game)
        .select_related("user")
        .only("seat", "game_id", *(f"user__{field}" for field in SEAT_FIELDS))
    )
    return {seat.seat: seat.user for seat in seats}


def table_seat_for_user(*, game: PartnershipGame, user) -> int | None:
    """Return the seat (0 to 3) a member holds at this table, None for anyone else."""
    if user is None or not getattr(user, "is_authenticated", False) or user.is_computer:
        return None
    return (
        PartnershipSeat.objects.filter(game=game, user_id=user.pk)
        .values_list("seat", flat=True)
        .first()
    )


def member_table_current(*, user_id: int) -> PartnershipGame | None:
    """Return the open or running table the member sits at (there is at most one).

    A member seated there counts as busy everywhere: he cannot open or join another game or
    table, and cannot be challenged (docs/protocol.md, *Four-player tables*).
    """
    return (
        PartnershipGame.objects.filter(
            seats__user_id=user_id, seats__is_computer=False, status__in=ACTIVE_STATUSES
        )
        .order_by("-pk")
        .first()
    )


# --- Labels -----------------------------------------------------------------------------------


def variant_label(name: str) -> str:
    return str(PartnershipGame.Variant(name).label)


def format_label(name: str) -> str:
    return str(PartnershipGame.Format(name).label)


def option_labels() -> dict[str, str]:
    """What each table option is called on the site (the keys of the registry's options)."""
    return {
        "blind": _("Sans-atout aveugle permis"),
        "mee_tegen": _("Mee et tegen"),
    }


# --- The table's frame ------------------------------------------------------------------------


def _completed_trick(state) -> dict | None:
    """Return the last trick taken in the match (its cards, its winner, a key naming it).

    The next deal is dealt in the write of the last card, so the last trick of a finished deal
    is read back from its record: the table still shows it (all four saw the cards fall).
    """
    deal = state.deal
    records = state.progress.records
    summaries = state.progress.summaries
    if deal is not None and deal.last_trick and str(state.phase) != "dealing":
        cards = list(deal.last_trick)
        winner = deal.last_winner
        key = f"{len(records) + 1}-{sum(deal.tricks_won)}"
    else:
        if not records or len(summaries) < len(records):
            return None
        summary = summaries[len(records) - 1]
        plays = [(action.seat, action.card) for action in records[-1].actions if action.card]
        if not summary.complete or len(plays) < 4:
            return None
        cards = plays[-4:]
        winner = trick_winner(cards, summary.trump)
        key = f"{len(records)}-{sum(summary.tricks)}"
    return {
        "key": key,
        "cards": [{"seat": seat, "card": card} for seat, card in cards],
        "winner": winner,
    }


def _seat_entry(variant, seat: int, user, your_seat: int | None) -> dict:
    return {
        "seat": seat,
        "team": variant.team_of(seat),
        # A computer is named in the page's language ("Ordinateur (facile)"), as at the 2p table.
        "name": None if user is None else user.display_name,
        "is_computer": bool(user and user.is_computer),
        "computer_level": (user.computer_level or None) if user is not None else None,
        "is_you": your_seat == seat,
    }


def partnership_frame(*, game: PartnershipGame, seat: int | None, now: datetime | None = None):
    """Build the `state` frame for one connection: its seat's view, or the public one.

    `seat` is the connection's own seat (None for a spectator). The view is exactly the
    engine's: a player's own hand at most, never another seat's (docs/protocol.md).
    """
    now = now or timezone.now()
    variant = variant_get(game.variant)
    players = table_players(game=game)
    view = None
    completed_trick = None
    if game.state is not None:
        state = variant.state_from_json(game.state)
        view = variant.player_view(state, seat) if seat is not None else variant.public_view(state)
        completed_trick = _completed_trick(state)
    seconds_left = None
    if game.deadline is not None and game.is_in_progress:
        seconds_left = max(0, int((game.deadline - now).total_seconds() + 0.999))
    return {
        "type": "state",
        "version": game.version,
        "table": {
            "id": game.pk,
            "status": game.status,
            "variant": game.variant,
            "variant_label": variant_label(game.variant),
            "format": game.format,
            "format_label": format_label(game.format),
            "options": dict(game.options),
            "direction": variant.direction,
            "host": game.host.username,
            "your_seat": seat,
            "is_host": seat is not None and game.host_id == players[seat].pk,
            "seats": [
                _seat_entry(variant, index, players.get(index), seat) for index in variant.seats
            ],
            "deadline": game.deadline.isoformat() if game.deadline else None,
            "seconds_left": seconds_left,
            "winner_team": game.winner_team,
            "end_reason": game.end_reason or None,
            "forfeit_seat": game.forfeit_seat,
            "first_dealer_draw": game.first_dealer_draw,
            "completed_trick": completed_trick,
            "record_url": (
                reverse("games:partnership_record", args=[game.pk]) if game.is_finished else None
            ),
            "replay_url": _replay_url(game),
            "lobby_url": reverse("games:lobby"),
        },
        "view": view,
    }


def _replay_url(game: PartnershipGame) -> str | None:
    """The replay viewer's address once the table is over (the view is fours-rules' part)."""
    if not game.is_finished:
        return None
    from django.urls import NoReverseMatch

    try:
        return reverse("games:partnership_replay", args=[game.pk])
    except NoReverseMatch:
        return None


# --- The record -------------------------------------------------------------------------------


def partnership_record(*, game: PartnershipGame) -> dict:
    """Return the record of a table (manille-4p.md, *Records*): callers decide when."""
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    players = table_players(game=game)
    names = [players[seat].username if seat in players else "" for seat in variant.seats]
    return variant.record_from_state(state, players=names)


def partnership_record_site(*, game: PartnershipGame) -> dict:
    """Return the site's metadata of an exported record (game-record.md, *Metadata*), which
    `replay` ignores: the table's id, its dates, never ranked."""
    return {
        "game_id": game.pk,
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "ended_at": game.ended_at.isoformat() if game.ended_at else None,
        "ranked": False,
    }


# --- The waiting room -------------------------------------------------------------------------


def _room_seats(game: PartnershipGame) -> list[dict]:
    by_seat = {seat.seat: seat.user for seat in game.seats.all()}
    return [
        {
            "seat": seat,
            # The room's frame is one for every language: the page names the computer.
            "name": by_seat[seat].username if seat in by_seat else None,
            "is_computer": bool(seat in by_seat and by_seat[seat].is_computer),
            "computer_level": (by_seat[seat].computer_level or None) if seat in by_seat else None,
        }
        for seat in range(4)
    ]


def lobby_open_tables() -> list[dict]:
    """Return the four-player tables waiting for players, oldest first."""
    tables = (
        PartnershipGame.objects.filter(status=PartnershipGame.Status.OPEN)
        .select_related("host")
        .prefetch_related("seats__user")
        .order_by("pk")
    )
    return [
        {
            "id": game.pk,
            "variant": game.variant,
            "variant_label": variant_label(game.variant),
            "format": game.format,
            "format_label": format_label(game.format),
            "options": dict(game.options),
            "host": game.host.username,
            "seats": _room_seats(game),
            "url": reverse("games:partnership_table", args=[game.pk]),
        }
        for game in tables
    ]


def lobby_tables_in_progress() -> list[dict]:
    """Return the four-player tables being played, newest first (to watch)."""
    tables = (
        PartnershipGame.objects.filter(status=PartnershipGame.Status.IN_PROGRESS)
        .prefetch_related("seats__user")
        .order_by("-pk")
    )
    result = []
    for game in tables:
        variant = variant_get(game.variant)
        result.append(
            {
                "id": game.pk,
                "variant_label": variant_label(game.variant),
                "format_label": format_label(game.format),
                "players": [
                    {
                        "name": seat.user.username,
                        "computer_level": seat.user.computer_level or None,
                        "team": variant.team_of(seat.seat),
                    }
                    for seat in sorted(game.seats.all(), key=lambda seat: seat.seat)
                ],
                "url": reverse("games:partnership_table", args=[game.pk]),
            }
        )
    return result
