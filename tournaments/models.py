"""Championships and tournaments (docs/tournaments.md): what the operator announces, who
registers, the rounds, the matches and their games, the final ranking and the prizes.

Every step that happens once names itself in a unique constraint: a round by its number, a
match by its place in the round, a match's game by its number, a final rank, a next edition by
its number in the series, a fee, a refund and a prize payment by their wallet cause. A second
runner that gets there finds the row and stops (design-notes.md, *Exactly once*).
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

MAX_PLAYERS = 256


class Tournament(models.Model):
    """One competition: announced with everything, then run by itself from start to prizes."""

    class Format(models.TextChoices):
        ELIMINATION = "elimination", _("élimination directe")
        SWISS = "swiss", _("système suisse")
        ROUND_ROBIN = "round-robin", _("toutes rondes")

    class MatchFormat(models.TextChoices):
        FIRST_TO_71 = "first-to-71", _("une partie, premier à 71")
        SIX_DEALS = "six-deals", _("une partie en 6 donnes")
        BEST_OF_THREE = "best-of-three", _("au meilleur des trois parties, premier à 71")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("annoncé")
        RUNNING = "running", _("en cours")
        FINISHED = "finished", _("terminé")
        CANCELLED = "cancelled", _("annulé")

    class Recurrence(models.TextChoices):
        NONE = "none", _("aucune")
        WEEKLY = "weekly", _("chaque semaine")
        MONTHLY = "monthly", _("chaque mois")

    class CancelReason(models.TextChoices):
        TOO_FEW_PLAYERS = "too_few_players", _("trop peu d'inscrits")
        OPERATOR = "operator", _("annulé par l'organisateur")

    name = models.CharField(_("nom"), max_length=120)
    description = models.TextField(_("présentation"), blank=True)
    rules = models.TextField(
        _("règlement"), blank=True, help_text=_("Ce que les joueurs acceptent en s'inscrivant.")
    )
    format = models.CharField(_("formule"), max_length=16, choices=Format.choices)
    swiss_rounds = models.PositiveSmallIntegerField(
        _("nombre de rondes (système suisse)"),
        null=True,
        blank=True,
        help_text=_("Seulement pour le système suisse."),
    )
    match_format = models.CharField(
        _("format des matchs"), max_length=16, choices=MatchFormat.choices
    )
    registration_opens_at = models.DateTimeField(_("ouverture des inscriptions"))
    registration_closes_at = models.DateTimeField(_("clôture des inscriptions"))
    starts_at = models.DateTimeField(_("début"))
    min_players = models.PositiveSmallIntegerField(_("joueurs minimum"), default=4)
    max_players = models.PositiveSmallIntegerField(_("joueurs maximum"), default=16)
    requires_verified_email = models.BooleanField(_("adresse e-mail vérifiée exigée"), default=True)
    min_stars = models.PositiveSmallIntegerField(
        _("étoiles minimum"), default=1, choices=[(1, "★"), (2, "★★"), (3, "★★★")]
    )
    entry_fee = models.PositiveIntegerField(
        _("droit d'inscription (crédits)"),
        default=0,
        help_text=_("Débité à l'inscription, remboursé au désistement ou à l'annulation."),
    )
    recurrence = models.CharField(
        _("répétition"),
        max_length=16,
        choices=Recurrence.choices,
        default=Recurrence.NONE,
        help_text=_(
            "L'édition suivante est créée et annoncée d'elle-même dès l'ouverture des "
            "inscriptions de celle-ci, avec la même formule et les mêmes prix."
        ),
    )
    # The first edition of a recurring series (null on the first edition itself).
    series = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="editions",
        verbose_name=_("série"),
    )
    edition = models.PositiveIntegerField(_("édition"), default=1)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    cancel_reason = models.CharField(
        _("motif d'annulation"), max_length=32, choices=CancelReason.choices, blank=True
    )
    # Set at the start: how many rounds this field of players plays.
    round_count = models.PositiveSmallIntegerField(_("nombre de tours"), null=True, blank=True)
    started_at = models.DateTimeField(_("commencé le"), null=True, blank=True)
    ended_at = models.DateTimeField(_("terminé le"), null=True, blank=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    # What a member agreed to by registering: frozen once registration opens.
    LOCKED_FIELDS = (
        "rules",
        "format",
        "swiss_rounds",
        "match_format",
        "registration_opens_at",
        "registration_closes_at",
        "starts_at",
        "min_players",
        "max_players",
        "requires_verified_email",
        "min_stars",
        "entry_fee",
    )

    class Meta:
        verbose_name = _("tournoi")
        verbose_name_plural = _("tournois")
        ordering = ["starts_at", "pk"]
        permissions = [("cancel_tournament", _("Peut annuler un tournoi et rembourser"))]
        constraints = [
            models.UniqueConstraint(fields=["series", "edition"], name="tournament_edition_once"),
            models.CheckConstraint(
                condition=Q(registration_opens_at__lt=F("registration_closes_at"))
                & Q(registration_closes_at__lte=F("starts_at")),
                name="tournament_dates_in_order",
            ),
            models.CheckConstraint(
                condition=Q(min_players__gte=2) & Q(max_players__gte=F("min_players")),
                name="tournament_player_limits",
            ),
            models.CheckConstraint(
                condition=Q(min_stars__gte=1, min_stars__lte=3), name="tournament_min_stars_1_3"
            ),
        ]
        indexes = [models.Index(fields=["status", "starts_at"], name="tournament_due")]

    def __str__(self) -> str:
        if self.edition > 1:
            return f"{self.name} ({self.edition})"
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    # --- Cheap predicates ---

    def is_locked(self, *, now=None) -> bool:
        """Return whether registration has opened: what players agreed to no longer changes."""
        return self.registration_opens_at <= (now or timezone.now())

    def is_registration_open(self, *, now=None) -> bool:
        now = now or timezone.now()
        return (
            self.status == self.Status.SCHEDULED
            and self.registration_opens_at <= now < self.registration_closes_at
        )

    @property
    def games_per_match(self) -> int:
        """Return how many game wins decide a match."""
        return 2 if self.match_format == self.MatchFormat.BEST_OF_THREE else 1

    @property
    def game_format(self) -> str:
        """Return the games app's format of each game of a match."""
        if self.match_format == self.MatchFormat.SIX_DEALS:
            return "six-deals"
        return "first-to-71"

    def clean(self) -> None:
        """Check the dates and limits, and refuse to change what players agreed to."""
        super().clean()
        now = timezone.now()
        errors: dict[str, list] = {}
        stored = None
        if self.pk is not None:
            stored = Tournament.objects.filter(pk=self.pk).first()
        if stored is not None and stored.is_locked(now=now):
            changed = [
                name for name in self.LOCKED_FIELDS if getattr(stored, name) != getattr(self, name)
            ]
            if changed:
                raise ValidationError(
                    _(
                        "Les inscriptions sont ouvertes : la formule, les dates, les conditions, "
                        "le droit d'inscription et le règlement ne peuvent plus changer."
                    )
                )
            return
        opens, closes, starts = (
            self.registration_opens_at,
            self.registration_closes_at,
            self.starts_at,
        )
        if opens and closes and opens >= closes:
            errors.setdefault("registration_closes_at", []).append(
                _("La clôture des inscriptions doit suivre leur ouverture.")
            )
        if closes and starts and closes > starts:
            errors.setdefault("registration_closes_at", []).append(
                _("Les inscriptions doivent être closes au plus tard au début du tournoi.")
            )
        if starts and starts <= now:
            errors.setdefault("starts_at", []).append(_("Le début doit être dans le futur."))
        if self.min_players is not None and self.min_players < 2:
            errors.setdefault("min_players", []).append(_("Il faut au moins deux joueurs."))
        if self.max_players is not None and self.max_players > MAX_PLAYERS:
            errors.setdefault("max_players", []).append(
                _("Au plus %(count)s joueurs.") % {"count": MAX_PLAYERS}
            )
        if (
            self.min_players is not None
            and self.max_players is not None
            and self.max_players < self.min_players
        ):
            errors.setdefault("max_players", []).append(
                _("Le maximum doit être au moins égal au minimum.")
            )
        if self.format == self.Format.SWISS and not self.swiss_rounds:
            errors.setdefault("swiss_rounds", []).append(
                _("Indiquez le nombre de rondes du système suisse.")
            )
        if self.format != self.Format.SWISS and self.swiss_rounds:
            errors.setdefault("swiss_rounds", []).append(
                _("Le nombre de rondes ne vaut que pour le système suisse.")
            )
        if errors:
            raise ValidationError(errors)


class TournamentPrize(models.Model):
    """A prize for one final place, announced with the competition (the seed: *un lot, des
    crédits, une somme d'argent*). Credits are paid at the end; the rest is listed to deliver."""

    class Kind(models.TextChoices):
        ITEM = "item", _("lot")
        CREDITS = "credits", _("crédits")
        MONEY = "money", _("somme d'argent")

    class Status(models.TextChoices):
        PLANNED = "planned", _("prévu")
        PAID = "paid", _("crédits versés")
        TO_DELIVER = "to_deliver", _("à remettre")
        DELIVERED = "delivered", _("remis")
        NOT_AWARDED = "not_awarded", _("non attribué")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("tournoi")
    )
    place = models.PositiveSmallIntegerField(_("place"))
    kind = models.CharField(_("nature"), max_length=16, choices=Kind.choices)
    amount = models.PositiveIntegerField(_("crédits"), default=0)
    description = models.CharField(_("description"), max_length=200, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.PLANNED
    )
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_prizes",
        verbose_name=_("gagnant"),
    )
    awarded_at = models.DateTimeField(_("attribué le"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("remis le"), null=True, blank=True)

    class Meta:
        verbose_name = _("prix de tournoi")
        verbose_name_plural = _("prix de tournoi")
        ordering = ["tournament", "place"]
        permissions = [
            ("deliver_tournamentprize", _("Peut marquer un lot ou une somme de tournoi remis"))
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "place"], name="tournament_prize_once_per_place"
            ),
            models.CheckConstraint(condition=Q(place__gte=1), name="tournament_prize_place_1"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.place}"

    def label(self) -> str:
        if self.kind == self.Kind.CREDITS:
            return _("%(amount)s crédits") % {"amount": self.amount}
        return self.description

    def clean(self) -> None:
        super().clean()
        if self.kind == self.Kind.CREDITS and self.amount <= 0:
            raise ValidationError({"amount": _("Indiquez le nombre de crédits du prix.")})
        if self.kind in {self.Kind.ITEM, self.Kind.MONEY} and not self.description.strip():
            raise ValidationError({"description": _("Décrivez le lot ou la somme d'argent.")})


class Registration(models.Model):
    """A member's entry in a competition; a withdrawal keeps the row (and its refund)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("tournoi"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournament_registrations",
        verbose_name=_("membre"),
    )
    created_at = models.DateTimeField(_("inscrit le"))
    fee_paid = models.PositiveIntegerField(_("droit payé (crédits)"), default=0)
    withdrawn_at = models.DateTimeField(_("désinscrit le"), null=True, blank=True)
    # 1 = the best, set once at the start (stars, then weekly points, then registration order).
    seed = models.PositiveSmallIntegerField(_("tête de série"), null=True, blank=True)

    class Meta:
        verbose_name = _("inscription")
        verbose_name_plural = _("inscriptions")
        ordering = ["tournament", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=Q(withdrawn_at__isnull=True),
                name="registration_once_per_member",
            ),
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="registration_seed_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.user}"

    @property
    def is_active(self) -> bool:
        return self.withdrawn_at is None


class Round(models.Model):
    """One round of a running competition, paired once (unique number)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournoi")
    )
    number = models.PositiveSmallIntegerField(_("tour"))
    started_at = models.DateTimeField(_("commencé le"))
    completed_at = models.DateTimeField(_("terminé le"), null=True, blank=True)

    class Meta:
        verbose_name = _("tour")
        verbose_name_plural = _("tours")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Match(models.Model):
    """Two players of a round (or one, with a bye), and the result of their game(s)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("en attente")
        PLAYING = "playing", _("en cours")
        FINISHED = "finished", _("terminé")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="matches", verbose_name=_("tournoi")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("tour")
    )
    # The place in the round: the table number, and in a bracket the slot that feeds the next.
    position = models.PositiveSmallIntegerField(_("table"))
    player0 = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # None: player0 has a bye (Swiss, elimination) or rests (round robin).
    player1 = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.WAITING
    )
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    wins0 = models.PositiveSmallIntegerField(default=0)
    wins1 = models.PositiveSmallIntegerField(default=0)
    # Deal points over the match's games, for the tie-breaks.
    points0 = models.PositiveIntegerField(default=0)
    points1 = models.PositiveIntegerField(default=0)
    # Since when the next game is due: a player busy elsewhere is waited for from here.
    ready_at = models.DateTimeField(null=True, blank=True)
    # The loser, when he made no move in any of the match's games (a no-show, lost on time) or
    # was already withdrawn for one: he is paired in no later round (docs/tournaments.md).
    absent_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matchs")
        ordering = ["round", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "position"], name="match_once_per_table"),
            models.CheckConstraint(
                condition=~Q(player0=F("player1")), name="match_two_different_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.position}"

    @property
    def is_bye(self) -> bool:
        return self.player1_id is None

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class MatchGame(models.Model):
    """One game of a match (one, or up to three for a best of three), created once.

    The result is copied here by the handler of the game's end, in the game's own transaction;
    `player0` of the match always sits at seat 0.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(_("partie"))
    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, related_name="tournament_match_game"
    )
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    points0 = models.PositiveIntegerField(default=0)
    points1 = models.PositiveIntegerField(default=0)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("partie de match")
        verbose_name_plural = _("parties de match")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="match_game_once"),
        ]

    def __str__(self) -> str:
        return f"{self.match} · {self.number}"


class FinalStanding(models.Model):
    """A row of the final ranking, frozen when the competition ends."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="final_standings"
    )
    rank = models.PositiveSmallIntegerField(_("place"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("membre"),
    )
    points = models.PositiveSmallIntegerField(_("points"))
    wins = models.PositiveSmallIntegerField(_("victoires"))
    losses = models.PositiveSmallIntegerField(_("défaites"))
    tiebreak1 = models.IntegerField(default=0)
    tiebreak2 = models.IntegerField(default=0)

    class Meta:
        verbose_name = _("classement final de tournoi")
        verbose_name_plural = _("classements finaux de tournoi")
        ordering = ["tournament", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "rank"], name="final_rank_once"),
            models.UniqueConstraint(fields=["tournament", "user"], name="final_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.rank} · {self.user_id}"
