"""The ranked ladder: subscriptions with their live standing, the ledger of points, closings,
frozen final standings and prizes (ladder.md).

Every row that counts names its cause in a unique constraint, so that inserting it a second time
fails instead of counting twice (design-notes.md, *Exactly once*).
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .periods import LadderKind, period_containing, period_of_start


class LadderSettings(models.Model):
    """What the operator sets for one ladder (weekly or monthly)."""

    kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices, unique=True)
    price = models.PositiveIntegerField(
        _("prix de l'abonnement (crédits)"),
        default=0,
        help_text=_("Prix d'un abonnement pour une période ; 0 le rend gratuit."),
    )

    class Meta:
        verbose_name = _("réglage de classement")
        verbose_name_plural = _("réglages des classements")

    def __str__(self) -> str:
        return str(self.get_kind_display())


class LadderPeriod(models.Model):
    """One period of one ladder that has subscribers, with their count.

    The count is kept by the subscription service in the subscription's own transaction, so that
    a leaderboard page knows its number of pages without counting 100,000 rows.
    """

    ladder_kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices)
    period_start = models.DateTimeField(_("début de la période"))
    period_end = models.DateTimeField(_("fin de la période"))
    participant_count = models.PositiveIntegerField(_("participants"), default=0)

    class Meta:
        verbose_name = _("période de classement")
        verbose_name_plural = _("périodes de classement")
        constraints = [
            models.UniqueConstraint(
                fields=["ladder_kind", "period_start"], name="ladder_period_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_ladder_kind_display()} · {self.period_start:%Y-%m-%d}"


class Subscription(models.Model):
    """A member's place in one ladder period: bought once, then holds his live standing.

    The standing columns live here (no separate table) so that a leaderboard page reads only the
    rows it shows, in the order of the `subscription_standing_order` index.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="ladder_subscriptions",
        verbose_name=_("membre"),
    )
    ladder_kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices)
    period_start = models.DateTimeField(_("début de la période"))
    period_end = models.DateTimeField(_("fin de la période"))
    price_paid = models.PositiveIntegerField(_("prix payé (crédits)"), default=0)
    created_at = models.DateTimeField(_("abonné le"))
    points = models.PositiveIntegerField(_("points"), default=0)
    wins = models.PositiveIntegerField(_("victoires"), default=0)
    losses = models.PositiveIntegerField(_("défaites"), default=0)
    # The last moment the points changed: the last tie-break of the order (ladder.md).
    points_reached_at = models.DateTimeField(_("points atteints le"))

    class Meta:
        verbose_name = _("abonnement")
        verbose_name_plural = _("abonnements")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "ladder_kind", "period_start"],
                name="subscription_once_per_member_and_period",
            ),
        ]
        indexes = [
            models.Index(
                fields=[
                    "ladder_kind",
                    "period_start",
                    "-points",
                    "-wins",
                    "losses",
                    "points_reached_at",
                    "id",
                ],
                name="subscription_standing_order",
            ),
            models.Index(fields=["period_end"], name="subscription_period_end"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_ladder_kind_display()} · {self.period_start:%Y-%m-%d}"

    @property
    def period(self):
        return period_of_start(kind=self.ladder_kind, start=self.period_start)


# The order of a leaderboard (ladder.md, *Ranking and prizes*), made total by the row id.
STANDING_ORDER = ("-points", "-wins", "losses", "points_reached_at", "id")


class RecordEntry(models.Model):
    """What one ranked game did to one player's all-time record, once per (game, player)."""

    class Outcome(models.TextChoices):
        WIN = "win", _("victoire")
        LOSS = "loss", _("défaite")
        # ladder.md, Forfeits: a forfeit before the end of the first deal gives the winner nothing.
        UNCOUNTED_WIN = (
            "uncounted_win",
            _("victoire non comptée (forfait avant la fin de la première donne)"),
        )

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="record_entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ranked_record_entries"
    )
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    stars_at_start = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("résultat classé")
        verbose_name_plural = _("résultats classés")
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="record_entry_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} · {self.user_id} · {self.outcome}"


class PointsEntry(models.Model):
    """The ledger of points: one row per (game, player, ladder), with the delta really applied."""

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="points_entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="points_entries",
        verbose_name=_("membre"),
    )
    subscription = models.ForeignKey(
        Subscription, on_delete=models.PROTECT, related_name="points_entries"
    )
    ladder_kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices)
    period_start = models.DateTimeField(_("début de la période"))
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("adversaire"),
    )
    outcome = models.CharField(_("résultat"), max_length=16, choices=RecordEntry.Outcome.choices)
    stars = models.PositiveSmallIntegerField(_("groupe"))
    opponent_stars = models.PositiveSmallIntegerField(_("groupe de l'adversaire"))
    # What the matrix says (+won / -lost), and what was applied once the floor at 0 held.
    nominal_delta = models.IntegerField(_("points prévus"))
    delta = models.IntegerField(_("points appliqués"))
    points_after = models.PositiveIntegerField(_("points après"))
    game_ended_at = models.DateTimeField(_("fin de la partie"))

    class Meta:
        verbose_name = _("mouvement de points")
        verbose_name_plural = _("registre des points")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user", "ladder_kind"], name="points_entry_once_per_game_and_ladder"
            ),
        ]
        indexes = [
            models.Index(fields=["subscription", "-id"], name="points_entry_by_subscription"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} · {self.user_id} · {self.ladder_kind} · {self.delta:+d}"


class PeriodClosing(models.Model):
    """A ladder period that has been closed; inserted first, so it is closed exactly once."""

    ladder_kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices)
    period_start = models.DateTimeField(_("début de la période"))
    period_end = models.DateTimeField(_("fin de la période"))
    closed_at = models.DateTimeField(_("clôturé le"))
    participant_count = models.PositiveIntegerField(_("participants"), default=0)

    class Meta:
        verbose_name = _("période clôturée")
        verbose_name_plural = _("périodes clôturées")
        ordering = ["-period_start", "ladder_kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["ladder_kind", "period_start"], name="period_closing_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_ladder_kind_display()} · {self.period_start:%Y-%m-%d}"

    @property
    def period(self):
        return period_of_start(kind=self.ladder_kind, start=self.period_start)


class FinalStanding(models.Model):
    """A row of the standings frozen when the period closed."""

    closing = models.ForeignKey(PeriodClosing, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveIntegerField(_("rang"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("membre"),
    )
    points = models.PositiveIntegerField(_("points"))
    wins = models.PositiveIntegerField(_("victoires"))
    losses = models.PositiveIntegerField(_("défaites"))
    points_reached_at = models.DateTimeField(_("points atteints le"))

    class Meta:
        verbose_name = _("classement final")
        verbose_name_plural = _("classements finaux")
        constraints = [
            models.UniqueConstraint(fields=["closing", "rank"], name="final_standing_rank_once"),
            models.UniqueConstraint(fields=["closing", "user"], name="final_standing_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.closing} · {self.rank} · {self.user_id}"


class Prize(models.Model):
    """A prize for one place of one ladder period, set by the operator before the period begins."""

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

    ladder_kind = models.CharField(_("classement"), max_length=16, choices=LadderKind.choices)
    period_start = models.DateTimeField(
        _("début de la période"),
        help_text=_("Tout moment de la période convient : il est ramené à son début."),
    )
    place = models.PositiveSmallIntegerField(_("place"), choices=[(1, "1"), (2, "2"), (3, "3")])
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
        related_name="ladder_prizes",
        verbose_name=_("gagnant"),
    )
    awarded_at = models.DateTimeField(_("attribué le"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("remis le"), null=True, blank=True)

    class Meta:
        verbose_name = _("prix")
        verbose_name_plural = _("prix")
        ordering = ["-period_start", "ladder_kind", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["ladder_kind", "period_start", "place"], name="prize_once_per_place"
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1, place__lte=3), name="prize_place_1_to_3"
            ),
        ]
        # Seeing prizes, even changing coming ones, is not handing them out: its own permission.
        permissions = [("deliver_prize", _("Peut marquer un prix comme remis"))]

    def __str__(self) -> str:
        return f"{self.get_ladder_kind_display()} · {self.period_start:%Y-%m-%d} · {self.place}"

    @property
    def period(self):
        return period_of_start(kind=self.ladder_kind, start=self.period_start)

    def has_period_begun(self, *, now=None) -> bool:
        return self.period_start <= (now or timezone.now())

    def label(self) -> str:
        if self.kind == self.Kind.CREDITS:
            return _("%(amount)s crédits") % {"amount": self.amount}
        return self.description

    def clean(self) -> None:
        """Bring the date back to its period's start and refuse any change once it has begun."""
        super().clean()
        if self.period_start is not None and self.ladder_kind:
            self.period_start = period_containing(
                kind=self.ladder_kind, moment=self.period_start
            ).start
            if self.has_period_begun():
                raise ValidationError(
                    _("Un prix ne peut plus être créé ni modifié une fois sa période commencée.")
                )
        if self.pk is not None:
            stored = Prize.objects.filter(pk=self.pk).values_list("period_start", flat=True).first()
            if stored is not None and stored <= timezone.now():
                raise ValidationError(
                    _("Un prix ne peut plus être créé ni modifié une fois sa période commencée.")
                )
        if self.kind == self.Kind.CREDITS and self.amount <= 0:
            raise ValidationError({"amount": _("Indiquez le nombre de crédits du prix.")})
        if self.kind in {self.Kind.ITEM, self.Kind.MONEY} and not self.description.strip():
            raise ValidationError({"description": _("Décrivez le lot ou la somme d'argent.")})
