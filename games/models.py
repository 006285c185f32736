import copy
from collections.abc import Callable

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """One table of any game of the registry (`games.engine.variants`): its seats (`Seat`), its
    engine state, the version that orders every write to it, the deadline of the pending
    decision and the result.

    A two-player match and a four-player table are the same thing here; what differs is the
    variant's rules and its declared capabilities (`Variant.is_rankable`: only such games may be
    ranked, count for the quitters rule or be played in competitions). Every change goes through
    `games.tables.services` under a row lock (one writer per table).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("en attente de joueurs")
        IN_PROGRESS = "in_progress", _("en cours")
        FINISHED = "finished", _("terminée")
        CANCELLED = "cancelled", _("annulée")

    class EndReason(models.TextChoices):
        POINTS = "points", _("aux points")
        TIMEOUT = "timeout", _("forfait au temps")
        LEFT = "left", _("forfait par abandon")

    class Origin(models.TextChoices):
        # Who brought the players together: the waiting room, or the site itself for a
        # competition's pairing. The games app knows no more of competitions than this.
        LOBBY = "lobby", _("salle d'attente")
        TOURNAMENT = "tournament", _("tournoi")
        # A member against computer players only (games.robots): free, never counted anywhere.
        COMPUTER = "computer", _("contre l'ordinateur")

    # The registry's name of the game (`manille-2p`, `manille-flemish`, ...).
    variant = models.CharField(_("jeu"), max_length=32, default="manille-2p")
    format = models.CharField(_("format"), max_length=16)
    # The table options as the registry validated them (every key of the game, e.g. blind).
    options = models.JSONField(default=dict, blank=True)
    # Who opened the table (the creator of a game waiting for an opponent).
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_games"
    )
    is_ranked = models.BooleanField(_("classée"), default=False)
    # A game waiting in the room for opponents starts by itself once its seats are taken
    # (*Rejoindre*); a table set up by its host starts when he says so.
    starts_when_full = models.BooleanField(default=False)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    # The engine's canonical JSON (games.engine): hands and deck. Never sent to a client as such.
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # When the pending decision runs out (manille-2p.md, Timing); null when nobody has to act.
    deadline = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The engine's winner: a team of the registry entry (in the two-player game, the seat).
    winner_team = models.PositiveSmallIntegerField(null=True, blank=True)
    end_reason = models.CharField(max_length=16, choices=EndReason.choices, blank=True)
    # The seat whose missed deadline or departure ended the match.
    forfeit_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # ladder.md, Forfeits: a forfeit before the first deal is complete gives the winner nothing.
    is_first_deal_complete = models.BooleanField(default=False)
    # The first-dealer draw shown on the table: rounds of [seat, card] pairs, as the engine drew.
    first_dealer_draw = models.JSONField(null=True, blank=True)
    # *Avec un mort*: the people's draw for the dummy, rounds of [seat, card] pairs with the
    # seats they took after it (the highest card took the holder's seat); null in other games.
    dummy_draw = models.JSONField(null=True, blank=True)
    origin = models.CharField(
        _("origine"), max_length=16, choices=Origin.choices, default=Origin.LOBBY
    )
    # What the table shows of where the game comes from (a competition's name) and a link back.
    origin_label = models.CharField(_("libellé de l'origine"), max_length=200, blank=True)
    origin_url = models.CharField(_("lien de l'origine"), max_length=200, blank=True)
    # When the computer player to act is due (its human-like pause over); null when a person or
    # nobody is to act. Written with the state, so that a sweep finds a turn whose scheduled run
    # was lost (a restart) without reading any state (games/robots/).
    computer_due_at = models.DateTimeField(null=True, blank=True)
    # The number of a four-player table made before every game had one table: its old address
    # (/tables/<n>/) leads here.
    legacy_table_id = models.PositiveIntegerField(null=True, blank=True, unique=True)

    class Meta:
        verbose_name = _("partie")
        verbose_name_plural = _("parties")
        indexes = [
            models.Index(
                fields=["deadline"],
                name="game_pending_deadline",
                condition=Q(status="in_progress"),
            ),
            models.Index(
                fields=["computer_due_at"],
                name="game_computer_due",
                condition=Q(computer_due_at__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(forfeit_seat__isnull=True) | Q(forfeit_seat__lte=7),
                name="game_forfeit_seat_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.variant}, {self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_in_progress(self) -> bool:
        return self.status == self.Status.IN_PROGRESS

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_tournament(self) -> bool:
        return self.origin == self.Origin.TOURNAMENT

    @property
    def is_against_computer(self) -> bool:
        return self.origin == self.Origin.COMPUTER

    def state_decoded(self, variant):
        """Return the engine's state of this row, decoded once per game object and state.

        A move's writer, each of its frames and the computer's turn read the same state: the
        engine's states are immutable, so one decoding serves them all. The memo is keyed on
        the stored JSON object itself, so a new state assigned to the row is decoded afresh."""
        held = self.__dict__.get("_state_decoded")
        if held is not None and held[0] is self.state:
            return held[1]
        state = variant.state_from_json(self.state)
        self._state_decoded = (self.state, state)
        return state

    def copy_for_write(self) -> "Game":
        """Return a copy of this row to change and write, leaving this one as it is (a row held
        for the frames of its version is read by other threads meanwhile)."""
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        # The frames encoded from this version are not the copy's (`frame_text`).
        clone.__dict__.pop("_frame_texts", None)
        clone._state = copy.copy(self._state)
        clone._state.fields_cache = dict(self._state.fields_cache)
        return clone

    def frame_text(self, key: tuple, encode: Callable[[], str]) -> str:
        """Return the frame of this version of the row that `key` names, encoding it once
        (`encode()`) for every socket of the process that needs the same (a table's spectators:
        games/tables/consumers.py). The frames go with the row when a newer version replaces it
        in the process's memory. The event loop's only: no lock."""
        texts = self.__dict__.setdefault("_frame_texts", {})
        key = (self.version, *key)
        text = texts.get(key)
        if text is None:
            text = texts[key] = encode()
        return text

    def state_encode(self, variant, state) -> None:
        """Store `state` in the row (its JSON), remembering the state it came from."""
        self.state = variant.state_to_json(state)
        self._state_decoded = (self.state, state)

    # Who sits where. The seats are read once per game object (`games.tables.selectors.game_get`
    # prefetches them with their members); these predicates never query again.

    def seats_by_number(self) -> dict[int, "Seat"]:
        return {seat.seat: seat for seat in self.seats.all()}

    def player_at(self, seat: int):
        """Return the member (person or computer) at `seat`, None for a free seat."""
        taken = self.seats_by_number().get(seat)
        return None if taken is None else taken.user

    def seat_of(self, user) -> int | None:
        """Return the seat a person holds at this table, None for anyone else."""
        if user is None or not getattr(user, "pk", None):
            return None
        for taken in self.seats.all():
            if taken.user_id == user.pk and not taken.is_computer:
                return taken.seat
        return None

    @property
    def winner_seat(self) -> int | None:
        """Return the winning seat when the winning team is one seat (each for himself)."""
        if self.winner_team is None:
            return None
        seats = [taken.seat for taken in self.seats.all() if taken.team == self.winner_team]
        return seats[0] if len(seats) == 1 else None


class Seat(models.Model):
    """Who sits where at a table, a row per taken seat (kept once the game ends, so that its
    record names its players). Computer players sit here like members."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    # The seat's team in the registry entry (the seat itself when each plays for himself).
    team = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    # The user's `is_computer`, copied: there is one computer member per level, and a table may
    # seat it twice (two "facile" players), while a person sits at most once per table.
    is_computer = models.BooleanField(default=False)
    # ladder.md: the member's star group when the match started, kept so nothing changes it
    # later (null before the start, and for computers).
    stars = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("place")
        verbose_name_plural = _("places")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="seat_unique"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(is_computer=False), name="seat_member_once"
            ),
        ]
        indexes = [models.Index(fields=["user", "game"], name="seat_user_game")]
        ordering = ["game", "seat"]

    def __str__(self) -> str:
        return f"Game {self.game_id} seat {self.seat}: {self.user_id}"


class GameAction(models.Model):
    """One accepted write to a game, append-only: the version it produced and what caused it.

    The unique (game, version) pair is what makes a duplicate or concurrent submission land once.
    Seat changes are writes too (the table's frame version moves with them); automatic follow-ups
    in the same write (the next deal, a forced roll) are in the state.
    """

    class Kind(models.TextChoices):
        SEAT = "seat", _("place")
        START = "start", _("début")
        ACTION = "action", _("action")
        FORFEIT = "forfeit", _("forfait")
        CANCEL = "cancel", _("annulation")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The engine action as JSON; {"reason": ...} for a forfeit; who came or went for a seat.
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("action de partie")
        verbose_name_plural = _("actions de partie")
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="game_action_unique_version"),
        ]
        ordering = ["game", "version"]

    def __str__(self) -> str:
        return f"Game {self.game_id} v{self.version} {self.kind}"


class LobbyPresence(models.Model):
    """One open waiting-room connection; a member is present while one of his is fresh.

    Kept in the database, not in process memory, so that several ASGI processes agree; a
    connection that vanished without closing (a killed process) expires after its heartbeat.
    """

    channel_name = models.CharField(max_length=255, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lobby_presences"
    )
    last_seen = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("présence en salle")
        verbose_name_plural = _("présences en salle")

    def __str__(self) -> str:
        return f"{self.user_id} @ {self.channel_name}"


class RankedPlayBan(models.Model):
    """A member barred from ranked play for a while, for forfeiting too many of his recent games
    (ladder.md, *Quitters*; `games/quitters.py`). One per game that triggered it: the game's end
    applied twice bars once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ranked_play_bans",
        verbose_name=_("membre"),
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="+", verbose_name=_("partie en cause")
    )
    starts_at = models.DateTimeField(_("début"))
    ends_at = models.DateTimeField(_("fin"))
    # Forfeits among the member's last games when the bar began (shown to him).
    abandons = models.PositiveSmallIntegerField(_("abandons"))
    counted_games = models.PositiveSmallIntegerField(_("parties comptées"))

    class Meta:
        verbose_name = _("suspension du jeu classé")
        verbose_name_plural = _("suspensions du jeu classé")
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="ranked_play_ban_once_per_game"),
        ]
        indexes = [models.Index(fields=["user", "-ends_at"], name="ranked_play_ban_user_end")]

    def __str__(self) -> str:
        return f"{self.user_id} until {self.ends_at.isoformat()}"


class Challenge(models.Model):
    """A direct invitation from one member in the waiting room to another, for a free game.

    Answered by the challenged member (accepted: both are taken to the new game; declined), or
    withdrawn by the challenger, or expired after `CHALLENGE_SECONDS` (the deadline is stored).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        ACCEPTED = "accepted", _("accepté")
        DECLINED = "declined", _("refusé")
        CANCELLED = "cancelled", _("retiré")
        EXPIRED = "expired", _("expiré")

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    # A two-player game's format (challenges are for the two-player game only).
    format = models.CharField(_("format"), max_length=16)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expire le"))
    game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("défi")
        verbose_name_plural = _("défis")
        constraints = [
            # One challenge at a time from a member: a second click is not a second challenge.
            models.UniqueConstraint(
                fields=["challenger"],
                condition=Q(status="pending"),
                name="challenge_one_pending_per_challenger",
            ),
        ]
        indexes = [
            models.Index(
                fields=["expires_at"],
                name="challenge_pending_expiry",
                condition=Q(status="pending"),
            )
        ]

    def __str__(self) -> str:
        return f"Challenge {self.pk} {self.challenger_id}→{self.challenged_id} ({self.status})"


class GameConnection(models.Model):
    """One open websocket of a seated player at his table: the table shows who is there.

    Kept in the database like the waiting room's presence, so that several ASGI processes agree.
    A closed connection keeps its row (closed_at set) until the player comes back, so that the
    table can say how long he has been away.
    """

    channel_name = models.CharField(max_length=255, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="connections")
    seat = models.PositiveSmallIntegerField()
    last_seen = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("connexion à une table")
        verbose_name_plural = _("connexions aux tables")
        indexes = [models.Index(fields=["game", "seat"], name="game_connection_seat")]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.seat} @ {self.channel_name}"


class RematchOffer(models.Model):
    """A rematch offered at the end of a game to the other people who sat at it: at most one
    per game. It is accepted once every one of them has accepted, declined by the first who
    declines (computers always agree)."""

    class Status(models.TextChoices):
        OFFERED = "offered", _("proposée")
        ACCEPTED = "accepted", _("acceptée")
        DECLINED = "declined", _("refusée")
        EXPIRED = "expired", _("expirée")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch_offer")
    offered_by_seat = models.PositiveSmallIntegerField()
    # The seats of the people who have accepted so far (the offer's author not among them).
    accepted_seats = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OFFERED)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    new_game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch_of"
    )

    class Meta:
        verbose_name = _("proposition de revanche")
        verbose_name_plural = _("propositions de revanche")

    def __str__(self) -> str:
        return f"{self.game_id} rematch {self.status}"
