from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """One match between two members. The engine state lives in `state`; `version` orders writes.

    Every change goes through `games.services` under a row lock (one writer per game).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("en attente d'un adversaire")
        IN_PROGRESS = "in_progress", _("en cours")
        FINISHED = "finished", _("terminée")
        CANCELLED = "cancelled", _("annulée")

    class Format(models.TextChoices):
        FIRST_TO_71 = "first-to-71", _("premier à 71")
        SIX_DEALS = "six-deals", _("6 donnes")

    class EndReason(models.TextChoices):
        POINTS = "points", _("aux points")
        TIMEOUT = "timeout", _("forfait au temps")
        LEFT = "left", _("forfait par abandon")

    class Origin(models.TextChoices):
        # Who brought the two players together: the waiting room, or the site itself for a
        # competition's pairing. The games app knows no more of competitions than this.
        LOBBY = "lobby", _("salle d'attente")
        TOURNAMENT = "tournament", _("tournoi")
        # A member against a computer player (games.robots): free, never counted anywhere.
        COMPUTER = "computer", _("contre l'ordinateur")

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    seat0 = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_seat0",
        null=True,
        blank=True,
    )
    seat1 = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_seat1",
        null=True,
        blank=True,
    )
    is_ranked = models.BooleanField(_("classée"), default=False)
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    # The engine's canonical JSON (games.engine). Never sent to a client as such.
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # When the pending decision runs out (manille-2p.md, Timing); null when nobody has to act.
    deadline = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    end_reason = models.CharField(max_length=16, choices=EndReason.choices, blank=True)
    # ladder.md, Forfeits: a forfeit before the first deal is complete gives the winner nothing.
    is_first_deal_complete = models.BooleanField(default=False)
    # ladder.md: groups are those at the start of the match, stored so nothing changes them later.
    seat0_stars = models.PositiveSmallIntegerField(null=True, blank=True)
    seat1_stars = models.PositiveSmallIntegerField(null=True, blank=True)
    # The first-dealer draw shown on the table: [[seat0 card, seat1 card], ...] until ranks differ.
    first_dealer_draw = models.JSONField(null=True, blank=True)
    origin = models.CharField(
        _("origine"), max_length=16, choices=Origin.choices, default=Origin.LOBBY
    )
    # What the table shows of where the game comes from (a competition's name) and a link back.
    origin_label = models.CharField(_("libellé de l'origine"), max_length=200, blank=True)
    origin_url = models.CharField(_("lien de l'origine"), max_length=200, blank=True)
    # When the computer player at this table is due to act (its human-like pause over); null
    # when a person or nobody is to act. Written with the state, so that a sweep finds a turn
    # whose scheduled run was lost (a restart) without reading any state (games/robots.py).
    computer_due_at = models.DateTimeField(null=True, blank=True)

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
                condition=Q(winner_seat__isnull=True) | Q(winner_seat__in=[0, 1]),
                name="game_winner_seat_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def seat_of(self, user) -> int | None:
        if user is None or not getattr(user, "pk", None):
            return None
        if self.seat0_id == user.pk:
            return 0
        if self.seat1_id == user.pk:
            return 1
        return None

    def player_at(self, seat: int):
        return self.seat0 if seat == 0 else self.seat1

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


class GameAction(models.Model):
    """One accepted write to a game, append-only: the version it produced and what caused it.

    The unique (game, version) pair is what makes a duplicate or concurrent submission land once.
    Automatic follow-ups in the same write (the next deal, a forced roll) are in the state.
    """

    class Kind(models.TextChoices):
        START = "start", _("début")
        ACTION = "action", _("action")
        FORFEIT = "forfeit", _("forfait")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The engine action as JSON, or {"reason": ...} for a forfeit.
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
    format = models.CharField(_("format"), max_length=16, choices=Game.Format.choices)
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
    """A rematch offered at the end of a game: at most one per game, answered once."""

    class Status(models.TextChoices):
        OFFERED = "offered", _("proposée")
        ACCEPTED = "accepted", _("acceptée")
        DECLINED = "declined", _("refusée")
        EXPIRED = "expired", _("expirée")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch_offer")
    offered_by_seat = models.PositiveSmallIntegerField()
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


# --- Four-player tables (manille-4p.md) --------------------------------------------------------


class PartnershipGame(models.Model):
    """One four-seat table of a partnership game (Flemish or French Manille), free: never ranked.

    The engine state lives in `state` (the registry's canonical JSON of `variant`); `version`
    orders every write, seat changes included, and every write goes through
    `games.partnership.services` under a row lock (one writer per table).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("en attente de joueurs")
        IN_PROGRESS = "in_progress", _("en cours")
        FINISHED = "finished", _("terminée")
        CANCELLED = "cancelled", _("annulée")

    class Variant(models.TextChoices):
        # The names of the registry (games.engine.variants); a test keeps the two lists equal.
        FLEMISH = "manille-flemish", _("Manille flamande")
        FRENCH = "manille-french", _("Manille française")

    class Format(models.TextChoices):
        # Every format of the two games' registry entries; a test keeps the lists equal.
        BOOM_101 = "boom-101", _("Boom à 101")
        BOOM_61 = "boom-61", _("Boom à 61")
        BOOMPJE_12 = "boompje-12", _("Boompje (12 donnes)")
        FIRST_TO_34 = "first-to-34", _("Premier à 34")
        FIRST_TO_44 = "first-to-44", _("Premier à 44")

    # The same ends as a two-player game: on points, on time, by leaving.
    EndReason = Game.EndReason

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables"
    )
    variant = models.CharField(_("jeu"), max_length=32, choices=Variant.choices)
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    # The table options as the registry validated them (every key of the game, e.g. blind).
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    # The engine's canonical JSON: holds every hand and the deck, never sent to a client as such.
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # When the pending decision runs out (same clock as the two-player table); null when none.
    deadline = models.DateTimeField(null=True, blank=True)
    # When the computer player to act is due (its pause over), as on `Game` (games/robots.py).
    computer_due_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    winner_team = models.PositiveSmallIntegerField(null=True, blank=True)
    end_reason = models.CharField(max_length=16, choices=EndReason.choices, blank=True)
    # The seat whose missed deadline or departure lost the match for his team.
    forfeit_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The first-dealer draw shown on the table: rounds of [seat, card] pairs, as the engine drew.
    first_dealer_draw = models.JSONField(null=True, blank=True)

    class Meta:
        verbose_name = _("table à quatre")
        verbose_name_plural = _("tables à quatre")
        indexes = [
            models.Index(
                fields=["deadline"],
                name="table_pending_deadline",
                condition=Q(status="in_progress"),
            ),
            models.Index(
                fields=["computer_due_at"],
                name="table_computer_due",
                condition=Q(computer_due_at__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(winner_team__isnull=True) | Q(winner_team__in=[0, 1]),
                name="table_winner_team_valid",
            ),
            models.CheckConstraint(
                condition=Q(forfeit_seat__isnull=True) | Q(forfeit_seat__in=[0, 1, 2, 3]),
                name="table_forfeit_seat_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"Table {self.pk} ({self.variant}, {self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_in_progress(self) -> bool:
        return self.status == self.Status.IN_PROGRESS

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class PartnershipSeat(models.Model):
    """Who sits where at a four-player table; a row per taken seat (kept once the table ends,
    so that the record names its players). Computer players sit here like members."""

    game = models.ForeignKey(PartnershipGame, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="partnership_seats"
    )
    # The user's `is_computer`, copied: there is one computer member per level, and a table may
    # seat it twice (two "facile" players), while a person sits at most once per table.
    is_computer = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("place à une table à quatre")
        verbose_name_plural = _("places aux tables à quatre")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(is_computer=False), name="table_member_once"
            ),
            models.CheckConstraint(condition=Q(seat__in=[0, 1, 2, 3]), name="table_seat_valid"),
        ]
        ordering = ["game", "seat"]

    def __str__(self) -> str:
        return f"Table {self.game_id} seat {self.seat}: {self.user_id}"


class PartnershipAction(models.Model):
    """One accepted write to a table, append-only: the version it produced and what caused it.

    The unique (game, version) pair makes a duplicate or concurrent submission land once. Seat
    changes are writes too (the table's frame version moves with them); the next deal dealt in
    the same write as the last card is in the state.
    """

    class Kind(models.TextChoices):
        SEAT = "seat", _("place")
        START = "start", _("début")
        ACTION = "action", _("action")
        FORFEIT = "forfeit", _("forfait")
        CANCEL = "cancel", _("annulation")

    game = models.ForeignKey(PartnershipGame, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The engine action as JSON; {"reason": ...} for a forfeit; who came or went for a seat.
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("action de table à quatre")
        verbose_name_plural = _("actions de tables à quatre")
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="table_action_unique_version"),
        ]
        ordering = ["game", "version"]

    def __str__(self) -> str:
        return f"Table {self.game_id} v{self.version} {self.kind}"
