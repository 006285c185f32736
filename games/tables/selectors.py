"""Reads of the tables: who sits where, each connection's frame, the record, the replay.

Every lookup of a game or of a seat for a user goes through the small access functions at the
top (`game_get`, `game_seat_for_user`, `game_for_player`): they are the only place that decides
who sits where. `game_frame` is the only way a table's state leaves the server, through the
registry's `player_view` / `public_view` (never another seat's hand, a face-down card or the
deck). Nothing here depends on which game is played: each game's differences are its registry
entry (`games.engine.variants`).
"""

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from django.db.models import Prefetch, Q, prefetch_related_objects
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.errors import RuleError
from games.engine.variants import Variant, replay_record, variant_get
from games.errors import GameError
from games.models import Game, GameConnection, RematchOffer, Seat

from .rows import game_row_read

# A connection that has not sent its heartbeat for this long no longer counts as present (the
# waiting room's and the tables' alike).
PRESENCE_EXPIRY_SECONDS = 45

ACTIVE_STATUSES = (Game.Status.OPEN, Game.Status.IN_PROGRESS)

# What a table shows of its players. Loading only these columns of the seated members keeps the
# queries that every move and every frame run small (docs/performance.md).
PLAYER_FIELDS = (
    "username",
    "ranked_wins",
    "ranked_losses",
    "is_computer",
    "computer_level",
    "is_guest",
)

# A computer player's first name by its seat: three computers of one level at a table are told
# apart everywhere (the draw, the turn line, the summaries, the histories, the replay). Names,
# not numbers or places: a place differs from one screen to the next, a name does not. The
# same in every language, with distinct initials for the seats' avatars.
COMPUTER_SEAT_NAMES = ("Émile", "Louise", "Hugo", "Inès")


def seat_player_name(*, user, seat: int) -> str:
    """Return the name of `user` sitting at `seat`: a person's own, for a computer its seat's
    first name and its level ("Louise (moyen)", in the page's language)."""
    if not user.is_computer:
        return user.display_name
    return _("%(name)s (%(level)s)") % {
        "name": COMPUTER_SEAT_NAMES[seat % len(COMPUTER_SEAT_NAMES)],
        "level": user.get_computer_level_display(),
    }


# --- Access -----------------------------------------------------------------------------------


def _seats_prefetch() -> Prefetch:
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("user").only(
            "game_id",
            "seat",
            "team",
            "user_id",
            "is_computer",
            "stars",
            *(f"user__{field}" for field in PLAYER_FIELDS),
        ),
    )


def game_get(*, game_id: int, for_update: bool = False) -> Game:
    """Return the game with its seats and their members, or raise GameError("game_not_found")."""
    # The host is one of the seats (he never leaves his table): no join for him. Every column
    # of the game is read, none deferred: `only()` costs more CPU than the columns it spares
    # (docs/performance.md, *One table*).
    try:
        # The move's path: a statement prepared once (`rows`), not compiled on every call.
        game = game_row_read(game_id=game_id, for_update=for_update)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameError("game_not_found") from None
    _seats_attach(game)
    return game


# The seats of the games in progress, as this process last read them. Once a game has started
# its seats never change (only an open table's are taken, left or filled), so every move of a
# game need not read them again: one read per game and SEATS_HELD_SECONDS, instead of one per
# move and per frame (docs/performance.md, *The move's path*). A member's name read here may lag
# behind a change of it (a guest who signs up during his game) by as long. Keyed on the game's
# id and creation time: an id that SQLite gives again after a rollback is another game.
SEATS_HELD_SECONDS = 30.0
SEATS_HELD_GAMES = 4000
_seats_held: OrderedDict[int, tuple[datetime, float, list[Seat]]] = OrderedDict()
_seats_held_lock = threading.Lock()


def seats_held_forget() -> None:
    """Forget every game's seats held by this process (tests: a database emptied under it)."""
    with _seats_held_lock:
        _seats_held.clear()


def _seats_set(game: Game, seats: list[Seat]) -> None:
    # What a prefetch leaves on the object: `game.seats.all()` answers from it, no query.
    queryset = game.seats.all()
    queryset._result_cache = list(seats)
    queryset._prefetch_done = True
    game._prefetched_objects_cache = {"seats": queryset}


def _seats_attach(game: Game) -> None:
    """Give `game` its seats with their members: those this process holds for a game in
    progress, else read (and held if the game is in progress)."""
    is_in_progress = game.status == Game.Status.IN_PROGRESS
    if is_in_progress:
        with _seats_held_lock:
            held = _seats_held.get(game.pk)
        if held is not None and held[0] == game.created_at and held[1] > time.monotonic():
            _seats_set(game, held[2])
            return
    prefetch_related_objects([game], _seats_prefetch())
    if is_in_progress:
        seats = list(game.seats.all())
        with _seats_held_lock:
            _seats_held[game.pk] = (
                game.created_at,
                time.monotonic() + SEATS_HELD_SECONDS,
                seats,
            )
            _seats_held.move_to_end(game.pk)
            while len(_seats_held) > SEATS_HELD_GAMES:
                _seats_held.popitem(last=False)


# The game row as this process last wrote or read it, per game (the most recent games only). A
# version is written once, so a row held for the version a broadcast announces is that version:
# the sockets of the table in this process build their frames from it instead of reading the
# game again (the opponent's view of a move costs no query when the players sit on the same
# process). The writer remembers the row it committed before its broadcast leaves
# (`services._store`), so a socket never hears of a version before it can recall it.
GAMES_REMEMBERED = 2000
_games_remembered: OrderedDict[int, Game] = OrderedDict()
_games_remembered_lock = threading.Lock()


def game_remember(game: Game) -> None:
    """Hold this row of the game for the frames of its version (any thread)."""
    with _games_remembered_lock:
        held = _games_remembered.get(game.pk)
        if held is not None and held.version > game.version:
            return
        _games_remembered[game.pk] = game
        _games_remembered.move_to_end(game.pk)
        while len(_games_remembered) > GAMES_REMEMBERED:
            _games_remembered.popitem(last=False)


def game_recalled(game_id: int, version: int) -> Game | None:
    """The row of this version of the game, if this process holds it and a frame of it needs no
    query (a finished ranked game's frame reads the ladder points: from the database)."""
    with _games_remembered_lock:
        game = _games_remembered.get(game_id)
    if game is None or game.version != version or game.status != Game.Status.IN_PROGRESS:
        return None
    if "seats" not in getattr(game, "_prefetched_objects_cache", {}):
        return None  # a row written without its seats: its frame would read them
    return game


def games_remembered_forget() -> None:
    """Forget every row this process holds (tests: a database emptied under it)."""
    with _games_remembered_lock:
        _games_remembered.clear()
    seats_held_forget()


def game_seats_reload(*, game: Game) -> None:
    """Read the game's seats again (after a write that changed them)."""
    game._prefetched_objects_cache = {}
    prefetch_related_objects([game], _seats_prefetch())


def game_version_get(*, game_id: int) -> int | None:
    """Return the game's current version (None if there is no such game): one indexed read."""
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def game_by_legacy_table(*, table_id: int) -> Game:
    """Return the game a four-player table of the old numbering became (its old address)."""
    game = Game.objects.filter(legacy_table_id=table_id).first()
    if game is None:
        raise GameError("game_not_found")
    return game


def game_seat_for_user(*, game: Game, user) -> int | None:
    """Return the seat a person holds at this table, None for anyone else (computers included:
    they act through `games.robots`, never through a connection)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return game.seat_of(user)


def game_for_player(*, game_id: int, user, for_update: bool = False) -> tuple[Game, int]:
    """Return (game, seat) for a person seated at the game, or raise a GameError."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise GameError("not_authenticated")
    game = game_get(game_id=game_id, for_update=for_update)
    seat = game_seat_for_user(game=game, user=user)
    if seat is None:
        raise GameError("not_seated")
    return game, seat


def game_variant(*, game: Game) -> Variant:
    """Return the registry entry of the game played at this table."""
    try:
        return variant_get(game.variant)
    except RuleError:
        raise GameError("bad_variant") from None


def member_games_active(*, user_id: int):
    """The open or running games where the member sits (a person sits at most at one)."""
    return Game.objects.filter(
        pk__in=Seat.objects.filter(user_id=user_id, is_computer=False).values("game_id"),
        status__in=ACTIVE_STATUSES,
    )


def game_current_for_user(*, user) -> Game | None:
    """Return the member's game that waits for players or is in progress (at most one)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return member_games_active(user_id=user.pk).order_by("-pk").first()


def member_is_busy(*, user) -> bool:
    """Tell whether the member may not open or join anything now: he sits at a game that waits
    for players or is in progress. The one check of the waiting room, the computer games, the
    challenges and the tables."""
    return member_games_active(user_id=user.pk).exists()


def member_is_playing(*, user_id: int) -> bool:
    """Tell whether the member plays a game now, or sits at a table its host sets up: he cannot
    be challenged. (A game of his waiting in the room for an opponent is cancelled by the
    challenge's game.)"""
    return (
        member_games_active(user_id=user_id)
        .filter(Q(status=Game.Status.IN_PROGRESS) | Q(starts_when_full=False))
        .exists()
    )


# --- Labels -----------------------------------------------------------------------------------


def variant_label(name: str) -> str:
    """The game's name in the reader's language (the registry's French, translated)."""
    return _(variant_get(name).label)


def format_label(variant_name: str, format_name: str) -> str:
    labels = variant_get(variant_name).format_labels
    return _(labels[format_name]) if format_name in labels else format_name


def option_labels(variant_name: str) -> dict[str, str]:
    """What each option of the game is called on the site."""
    return {key: _(label) for key, label in variant_get(variant_name).option_labels.items()}


def variant_choices(*, seat_count: int | None = None) -> list[dict]:
    """Every game of the registry with its formats and options, labelled (the table form)."""
    from games.engine.variants import VARIANTS

    return [
        {
            "name": variant.name,
            "label": _(variant.label),
            "seat_count": variant.seat_count,
            "default_format": variant.default_format,
            "formats": [(value, _(variant.format_labels[value])) for value in variant.formats],
            "options": [
                {"name": option, "label": _(variant.option_labels[option]), "default": default}
                for option, default in variant.option_defaults.items()
            ],
        }
        for variant in VARIANTS.values()
        if seat_count is None or variant.seat_count == seat_count
    ]


# --- The table's frame ------------------------------------------------------------------------


def completed_trick(variant: Variant, state) -> dict | None:
    """Return the last trick taken in the match (its cards, its winner, a key naming it).

    Once a deal is over the next one is dealt in the same write, so its last trick is read back
    from the deal's record: the table still shows it before the new deal (every card of a trick
    is played face up).
    """
    deal = state.deal
    records = state.progress.records
    summaries = state.progress.summaries
    if deal is not None and deal.last_trick and str(state.phase) != "dealing":
        return {
            "key": f"{len(records) + 1}-{sum(deal.tricks_won)}",
            "cards": [{"seat": seat, "card": card} for seat, card in deal.last_trick],
            "winner": deal.last_winner,
        }
    if not records or len(summaries) < len(records):
        return None
    summary = summaries[len(records) - 1]
    # Only the cards played: a parlée question (`ask_card`) names a card too.
    plays = [(action.seat, action.card) for action in records[-1].actions if action.type == "play"]
    trick_size = variant.seat_count
    if not summary.complete or len(plays) < trick_size:
        return None
    cards = plays[-trick_size:]
    return {
        "key": f"{len(records)}-{sum(summary.tricks)}",
        "cards": [{"seat": seat, "card": card} for seat, card in cards],
        # The game's own rule: Manni's 52 cards, its ace low in nullo.
        "winner": variant.trick_winner(cards, summary),
    }


def _seat_entry(variant: Variant, number: int, taken: Seat | None, your_seat) -> dict:
    user = None if taken is None else taken.user
    entry = {
        "seat": number,
        "team": variant.team_of(number),
        # A computer is named by its seat, its level in the page's language ("Louise (facile)").
        "name": None if user is None else seat_player_name(user=user, seat=number),
        "stars": None,
        "stars_label": "",
        "is_computer": bool(user and user.is_computer),
        "computer_level": (user.computer_level or None) if user is not None else None,
        "is_you": your_seat == number,
    }
    # A guest has no ranked record: no stars (docs/guests.md).
    if user is not None and not user.is_computer and not user.is_guest:
        from rankings.stars import star_label

        stars = taken.stars if taken.stars is not None else user.stars
        entry["stars"] = stars
        entry["stars_label"] = star_label(stars)
    return entry


def _dummy_entry(variant: Variant, number: int) -> dict:
    """The dummy's seat (*avec un mort*): nobody's. The table names it after its holder once
    the match has started ("Bob (mort)"), from `holder_seat`."""
    return {
        "seat": number,
        "team": variant.team_of(number),
        "name": _("le mort"),
        "stars": None,
        "stars_label": "",
        "is_computer": False,
        "computer_level": None,
        "is_you": False,
        "is_dummy": True,
        "holder_seat": variant.decider_of(number),
    }


def _ladder_points(game: Game, seat: int | None) -> list[dict]:
    """Return the points a seated player's ranked game really moved on each ladder."""
    if seat is None or not game.is_ranked or not game.is_finished:
        return []
    from rankings.models import PointsEntry

    user = game.player_at(seat)
    entries = PointsEntry.objects.filter(game=game, user_id=user.pk).order_by("ladder_kind")
    return [
        {"ladder": str(entry.get_ladder_kind_display()), "delta": entry.delta} for entry in entries
    ]


def _has_other_person(game: Game, seat: int | None) -> bool:
    return any(not taken.is_computer and taken.seat != seat for taken in game.seats.all())


def _host_name(game: Game) -> str:
    """The host's name, read from his seat (he sits at his table until it ends)."""
    for taken in game.seats.all():
        if taken.user_id == game.host_id:
            return taken.user.username
    return game.host.username


def _is_worth_playing_again(game: Game, seat: int | None) -> bool:
    others = [taken for taken in game.seats.all() if taken.seat != seat]
    return all(taken.is_computer for taken in others) or len(others) > 1


def _game_url(name: str, game_id: int | None) -> str:
    # Every frame carries its game's addresses: resolved once per game and script prefix, not
    # on every frame (a third of a frame's CPU went to `reverse`).
    return _game_url_resolved(name, game_id, get_script_prefix())


@lru_cache(maxsize=8192)
def _game_url_resolved(name: str, game_id: int | None, _script_prefix: str) -> str:
    return reverse(name, args=[] if game_id is None else [game_id])


def game_frame(*, game: Game, seat: int | None, now: datetime | None = None) -> dict:
    """Build the `state` frame for one connection: its seat's view, or the public one.

    `seat` is the connection's own seat (None for a spectator). The view is exactly the
    engine's: a player's own hand at most, never another seat's (docs/protocol.md).
    """
    from rankings.selectors import game_stakes

    now = now or timezone.now()
    variant = game_variant(game=game)
    seats = game.seats_by_number()
    view = None
    trick = None
    score_cap = None
    deal_scoring = None
    winning_seats = None if game.winner_team is None else list(variant.teams[game.winner_team])
    if game.state is not None:
        state = game.state_decoded(variant)
        if state.is_finished:
            # Enchères names a loser only: every other seat has won (the registry says which).
            seats_won = variant.winning_seats(state)
            winning_seats = None if seats_won is None else list(seats_won)
        view = variant.player_view(state, seat) if seat is not None else variant.public_view(state)
        trick = completed_trick(variant, state)
        # Manni counts tricks, not card points: no `Scoring`, no cap on a deal.
        scoring = getattr(state, "scoring", None)
        score_cap = None if scoring is None else scoring.maximum_score
        if scoring is not None:
            # What the deal's summary shows its score from: "32 − 30 = 2, × 4 = 8".
            deal_scoring = {
                "half": scoring.half,
                "capot_base": scoring.capot_base,
                "is_each_side_scoring": scoring.is_each_side_scoring,
            }
    seconds_left = None
    if game.deadline is not None and game.is_in_progress:
        seconds_left = max(0, int((game.deadline - now).total_seconds() + 0.999))
    stakes = game_stakes(game=game)
    is_finished = game.is_finished
    is_seated = seat is not None
    return {
        "type": "state",
        "version": game.version,
        "game": {
            "id": game.pk,
            "status": game.status,
            "variant": game.variant,
            "variant_label": _(variant.label),
            "format": game.format,
            "format_label": format_label(game.variant, game.format),
            "options": dict(game.options),
            "seat_count": variant.seat_count,
            "teams": [list(team) for team in variant.teams],
            "direction": variant.direction,
            "is_ranked": game.is_ranked,
            "host": _host_name(game),
            "your_seat": seat,
            "is_host": is_seated and game.host_id == seats[seat].user_id,
            "starts_when_full": game.starts_when_full,
            "seats": [
                _dummy_entry(variant, number)
                if number == variant.dummy_seat
                else _seat_entry(variant, number, seats.get(number), seat)
                for number in variant.seats
            ],
            "deadline": game.deadline.isoformat() if game.deadline else None,
            "seconds_left": seconds_left,
            "winner_team": game.winner_team,
            "winning_seats": winning_seats,
            # The one winning seat of a game of single seats (None between partners).
            "winner_seat": game.winner_seat,
            "end_reason": game.end_reason or None,
            "forfeit_seat": game.forfeit_seat,
            "first_dealer_draw": game.first_dealer_draw,
            "dummy_draw": game.dummy_draw,
            "target": variant.format_target(game.format),
            "regular_deals": variant.format_deal_count(game.format),
            # The most one deal scores (480 in the two-player game), None: no cap.
            "deal_score_cap": score_cap,
            # How a deal's score comes from its points (None: a game of tricks alone, Manni).
            "deal_scoring": deal_scoring,
            "completed_trick": trick,
            "ladder_points": _ladder_points(game, seat),
            "stakes": {str(key): value for key, value in stakes.items()} if stakes else None,
            # Revanche: offered to the other people at the table (docs/table.md).
            "can_rematch": is_finished
            and is_seated
            and not game.is_tournament
            and _has_other_person(game, seat),
            # Rejouer: the same table again, hosted by the player, computers seated again
            # (against one other person, the Revanche is that already).
            "can_play_again": is_finished
            and is_seated
            and not game.is_tournament
            and _is_worth_playing_again(game, seat),
            "record_url": _game_url("games:record", game.pk) if is_finished else None,
            "replay_url": _game_url("games:replay", game.pk) if is_finished else None,
            "again_url": _game_url("games:again", game.pk),
            "lobby_url": _game_url("games:lobby", None),
            "origin": {
                "kind": game.origin,
                "label": game.origin_label,
                "url": game.origin_url or None,
            },
        },
        "view": view,
    }


# --- Presence and rematch ---------------------------------------------------------------------


def game_presence(*, game: Game, now: datetime | None = None) -> list[dict]:
    """Return, for each seat, whether its player has the table open, and for how long he has
    been away if not (None when he never came or the heartbeat stopped without a close)."""
    now = now or timezone.now()
    since = now - timedelta(seconds=PRESENCE_EXPIRY_SECONDS)
    variant = game_variant(game=game)
    presence = [{"connected": False, "away_seconds": None} for _seat in variant.seats]
    # Values, not models: every socket opening and every presence change reads this.
    connections = GameConnection.objects.filter(game=game).values_list(
        "seat", "last_seen", "closed_at"
    )
    for seat, last_seen, closed_at in connections:
        if seat >= len(presence):
            continue
        seat_presence = presence[seat]
        if closed_at is None and last_seen >= since:
            seat_presence["connected"] = True
            continue
        left_at = closed_at or last_seen
        away = max(0, int((now - left_at).total_seconds()))
        if seat_presence["away_seconds"] is None or away < seat_presence["away_seconds"]:
            seat_presence["away_seconds"] = away
    for taken in game.seats.all():
        if taken.is_computer and taken.seat < len(presence):
            # The computer never opens a socket: it is always at its table.
            presence[taken.seat]["connected"] = True
    if variant.dummy_seat is not None:
        # The dummy is there when its holder is.
        presence[variant.dummy_seat] = dict(presence[variant.decider_of(variant.dummy_seat)])
    for seat_presence in presence:
        if seat_presence["connected"]:
            seat_presence["away_seconds"] = None
    return presence


def game_rematch(*, game: Game, now: datetime | None = None) -> dict | None:
    """Return the `rematch` frame of a game: who offered, who accepted, its state, where the
    new game is."""
    if not game.is_finished or game.is_tournament:
        # No query: only a finished game outside a competition can have one (`rematch_offer`),
        # and every socket opening asks.
        return None
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
        "accepted_seats": list(offer.accepted_seats),
        "expires_in": max(0, int((offer.expires_at - now).total_seconds())),
        "game_id": offer.new_game_id,
        "url": reverse("games:table", args=[offer.new_game_id]) if offer.new_game_id else None,
    }


# --- The record -------------------------------------------------------------------------------


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
    """Return the record of a game (game-record.md, manille-4p.md): callers decide when."""
    variant = game_variant(game=game)
    state = game.state_decoded(variant)
    seats = game.seats_by_number()
    # Nobody sits at the dummy's seat: the record writes null there.
    names = [
        None if seat == variant.dummy_seat else seats[seat].user.username if seat in seats else ""
        for seat in variant.seats
    ]
    record = variant.record_from_state(state, players=names)
    if state.end is not None and "end" not in record:
        record["end"] = state.end
    return record


# --- Watching a finished game again -----------------------------------------------------------

# What a replay step keeps of the engine's public view: the whole match's summaries are the
# viewer's own (`deals`), the legal actions nobody's.
REPLAY_VIEW_DROPPED = ("plays", "deals", "legal_actions")


def game_replay_steps(*, game: Game) -> dict:
    """Return every position of a finished game, replayed from its record, for the viewer.

    The caller checks that the game is finished: the steps show every hand.
    """
    data = replay_steps_from_record(game_record(game=game))
    seats = game.seats_by_number()
    # Named as at the table: a computer is "Louise (facile)" in the page's language.
    data["names"] = [
        seat_player_name(user=seats[seat].user, seat=seat) if seat in seats else name
        for seat, name in enumerate(data["players"])
    ]
    return data


def replay_steps_from_record(record: dict) -> dict:
    """Return every position of a record, one step per action.

    Also one step per new deal, before its first decision, and one for a forfeit ending the
    match. Each step holds the spectator's view with every hand shown (the match is over:
    nothing is secret any more) and the trick last taken. The deals beside the viewer, with the
    totals after each, are `replay`'s own output for the same record, each with its deck, salt
    and commitment so that the viewer checks them itself; `is_verified` is the server's check
    of every deal, for a browser that cannot compute SHA-256.
    """
    from games.engine.variants import verify_record

    variant = variant_get(record["variant"])
    state = variant.new_match(
        first_dealer=record["first_dealer"], format=record["format"], options=record.get("options")
    )
    steps = []

    def add(action: dict | None, deal_index: int) -> None:
        view = variant.public_view(state)
        for key in REPLAY_VIEW_DROPPED:
            view.pop(key, None)
        deal = state.deal
        in_deal = deal is not None and str(state.phase) != "dealing"
        view["hands"] = (
            [list(hand) for hand in deal.hands] if in_deal else [[] for _seat in variant.seats]
        )
        steps.append(
            {
                "action": action,
                "deal_index": deal_index,
                "trick_index": sum(view["tricks_won"]) if in_deal else None,
                "completed_trick": completed_trick(variant, state),
                "view": view,
            }
        )

    for deal_index, deal_record in enumerate(record["deals"]):
        state = variant.deal_start(state, deal_record["deck"], salt=deal_record.get("salt"))
        add(None, deal_index)
        for action in deal_record["actions"]:
            state = variant.apply(state, variant.action_from_json(action))
            add(action, deal_index)
    end = record.get("end")
    if end is not None and not state.is_finished:
        state = variant.forfeit(state, seat=end["seat"], reason=end["reason"])
        forfeit = {"type": "forfeit", "seat": end["seat"], "reason": end["reason"]}
        add(forfeit, len(record["deals"]) - 1)
    _status, replayed = replay_record(record)
    verify_status, _verified = verify_record(record)
    totals = [0] * len(variant.teams)
    deals = []
    for index, summary in enumerate(replayed["deals"]):
        totals = [total + score for total, score in zip(totals, summary["score"], strict=True)]
        deal_record = record["deals"][index]
        deals.append(
            {
                **summary,
                "totals": totals,
                # The deck and its salt with the commitment published before the deal: the
                # viewer recomputes the digest in the browser (docs/table.md). The match is
                # over and its record public: nothing here is secret any more.
                "commitment": deal_record.get("commitment"),
                "deck": list(deal_record["deck"]),
                "salt": deal_record.get("salt"),
            }
        )
    return {
        "variant": record["variant"],
        "format": record["format"],
        "players": record["players"],
        "teams": [list(team) for team in variant.teams],
        "direction": variant.direction,
        "steps": steps,
        "deals": deals,
        "is_verified": verify_status == 0,
        "totals": list(state.totals),
        "winner": state.winner,
        "end": state.end,
    }


# --- History ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberGameOpponent:
    # As the table names him ("Hugo (fort)" for a computer); a person's is his username.
    name: str
    # A computer player has no profile to link to.
    is_computer: bool
    # Nor has a guest (docs/guests.md): his name is *Invité 482913*, not a member's.
    is_guest: bool = False


@dataclass(frozen=True)
class MemberGame:
    game: Game
    # The other players, as the table names them ("Hugo (fort)" for a computer).
    opponent_name: str
    variant_label: str
    is_ranked: bool
    # Against computers only: `opponent_name` has no profile to link to.
    is_against_computer: bool
    result_label: str
    ended_at: datetime | None
    url: str
    # Each opponent (a seat of another team), in seat order: a history links each person.
    opponents: tuple[MemberGameOpponent, ...] = ()


def _result_label(game: Game, team: int) -> str:
    if game.status == Game.Status.IN_PROGRESS:
        return _("En cours")
    if game.winner_team is None and game.status == Game.Status.FINISHED:
        # A game with a loser and no single winner (enchères: every other seat has won), or a
        # forfeit at three whose two others were level: only the loser lost.
        loser = game.forfeit_seat
        if loser is None:
            variant = game_variant(game=game)
            loser = getattr(game.state_decoded(variant), "loser", None)
        if loser is None:
            return _("Sans vainqueur")
        return _("Défaite") if game_variant(game=game).team_of(loser) == team else _("Victoire")
    if game.winner_team == team:
        return _("Victoire")
    return _("Défaite")


def member_games(*, user, limit: int = 20) -> list[MemberGame]:
    """Return the member's finished and in-progress games, newest first."""
    games = (
        Game.objects.filter(
            pk__in=Seat.objects.filter(user=user, is_computer=False).values("game_id"),
            status__in=(Game.Status.IN_PROGRESS, Game.Status.FINISHED),
        )
        .prefetch_related(_seats_prefetch())
        .order_by("-started_at", "-pk")[:limit]
    )
    items = []
    for game in games:
        seat = game.seat_of(user)
        own = game.seats_by_number()[seat]
        # Opponents first: the name a two-player history shows; partners are named after.
        others = sorted(
            (taken for taken in game.seats.all() if taken.seat != seat),
            key=lambda taken: (taken.team == own.team, taken.seat),
        )
        opponents = [taken for taken in others if taken.team != own.team]
        items.append(
            MemberGame(
                game=game,
                opponent_name=", ".join(
                    seat_player_name(user=taken.user, seat=taken.seat) for taken in others
                ),
                variant_label=variant_label(game.variant),
                is_ranked=game.is_ranked,
                is_against_computer=bool(opponents)
                and all(taken.is_computer for taken in opponents),
                result_label=_result_label(game, own.team),
                ended_at=game.ended_at,
                # A finished game opens in the replay viewer, a game in progress at its table.
                url=reverse("games:replay" if game.is_finished else "games:table", args=[game.pk]),
                opponents=tuple(
                    MemberGameOpponent(
                        name=seat_player_name(user=taken.user, seat=taken.seat),
                        is_computer=taken.is_computer,
                        is_guest=taken.user.is_guest,
                    )
                    for taken in opponents
                ),
            )
        )
    return items


def game_ids_of(*, user_id: int) -> Q:
    """A filter of games on the member's seat (a person's), for the other apps' queries."""
    return Q(pk__in=Seat.objects.filter(user_id=user_id, is_computer=False).values("game_id"))
