from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rankings.stars import star_group

from .usernames import LOOKALIKE_MESSAGE, username_skeleton


class User(AbstractUser):
    """A member of the site. Custom from the first migration so that it can grow in place.

    A computer player is a member too, one per level (`is_computer`, `computer_level`): it sits
    at a table like a person, but cannot log in (inactive, no usable password) and is left out of
    presence, member pages and ladders (docs/computer.md).
    """

    class ComputerLevel(models.TextChoices):
        # The levels of games.computer.LEVELS (a test keeps the two lists equal).
        EASY = "facile", _("facile")
        MEDIUM = "moyen", _("moyen")
        STRONG = "fort", _("fort")

    # The all-time ranked record (ladder.md): written only by the ladder's exactly-once service.
    ranked_wins = models.PositiveIntegerField(_("victoires classées"), default=0)
    ranked_losses = models.PositiveIntegerField(_("défaites classées"), default=0)
    preferred_language = models.CharField(_("langue"), max_length=8, default="fr")
    # The table's sounds (card played, your turn, 30 s left), switched off from the table.
    is_sound_muted = models.BooleanField(_("sons coupés"), default=False)
    # The table's preset phrases of the other seats (table talk), hidden when switched off.
    is_table_talk_muted = models.BooleanField(_("phrases de table masquées"), default=False)
    # A lone legal card is played for the member without a click (off by default, as lichess).
    plays_lone_card = models.BooleanField(_("carte seule jouée d'office"), default=False)
    # The first-game hints the member has dismissed or seen (their names): never shown again.
    dismissed_hints = models.JSONField(_("conseils déjà vus"), default=list, blank=True)
    # A visitor who plays without an account (docs/guests.md): tied to his browser's session,
    # free play only, never in ladders, presence or challenges; kept when he signs up.
    is_guest = models.BooleanField(_("invité"), default=False, editable=False)
    # The key under which lookalike names collide (accounts/usernames.py): unique, so that two
    # registrations at the same moment cannot both take `alice` and `аlice`. Null only for
    # members whose name already collided when the column was added (the older one keeps it).
    username_skeleton = models.TextField(
        _("squelette du nom"), null=True, blank=True, unique=True, editable=False
    )
    is_computer = models.BooleanField(_("ordinateur"), default=False, editable=False)
    computer_level = models.CharField(
        _("niveau de l'ordinateur"),
        max_length=8,
        choices=ComputerLevel.choices,
        blank=True,
        default="",
        editable=False,
    )

    class Meta:
        verbose_name = _("membre")
        verbose_name_plural = _("membres")
        constraints = [
            # A computer member has a level, a person has none; one computer member per level.
            models.CheckConstraint(
                condition=Q(is_computer=True, computer_level__in=["facile", "moyen", "fort"])
                | Q(is_computer=False, computer_level=""),
                name="user_computer_level_valid",
            ),
            models.UniqueConstraint(
                fields=["computer_level"],
                condition=Q(is_computer=True),
                name="user_one_computer_per_level",
            ),
        ]

    def clean(self) -> None:
        from .selectors import member_lookalike_name

        super().clean()  # NFKC, like every name the site stores
        lookalike = member_lookalike_name(username=self.username, exclude_id=self.pk)
        if lookalike is not None:
            raise ValidationError(
                {"username": LOOKALIKE_MESSAGE % {"existing": lookalike}}, code="username_lookalike"
            )

    def save(self, *args, **kwargs) -> None:
        # A column derived from the name, kept with it wherever the name is written.
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "username" in update_fields:
            self.username_skeleton = username_skeleton(self.username)
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "username_skeleton"}
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        """The name shown at the table and in histories: "Ordinateur (fort)" for a computer."""
        if self.is_computer:
            return gettext("Ordinateur (%(level)s)") % {"level": self.get_computer_level_display()}
        if self.is_guest:
            # The number of his generated name tells two guests at one table apart.
            return gettext("Invité %(number)s") % {"number": self.username.rpartition("-")[2]}
        return self.username

    @property
    def stars(self) -> int:
        return star_group(wins=self.ranked_wins, losses=self.ranked_losses)


class CreditMovement(models.Model):
    """One line of a member's credits ledger. Append-only: the balance is the sum of the lines.

    Written only by `accounts.services.wallet_move`, which keeps the balance from going below zero.
    """

    class Kind(models.TextChoices):
        GRANT = "grant", _("crédit par l'équipe")
        REMOVAL = "removal", _("retrait par l'équipe")
        SUBSCRIPTION = "subscription", _("abonnement")
        ENTRY_FEE = "entry_fee", _("droit d'inscription")
        PRIZE = "prize", _("gain")
        REFUND = "refund", _("remboursement")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="credit_movements",
        verbose_name=_("membre"),
    )
    amount = models.IntegerField(_("montant"))
    kind = models.CharField(_("nature"), max_length=16, choices=Kind.choices)
    reason = models.TextField(_("motif"))
    # What caused the movement (a subscription, a prize, ...): with cause_id, makes it idempotent.
    cause_type = models.CharField(_("type de cause"), max_length=64, blank=True, default="")
    cause_id = models.CharField(_("identifiant de cause"), max_length=64, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("saisi par"),
    )
    created_at = models.DateTimeField(_("date"), auto_now_add=True)

    class Meta:
        verbose_name = _("mouvement de crédits")
        verbose_name_plural = _("mouvements de crédits")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "-created_at"], name="credit_movement_user_date")]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "cause_type", "cause_id"],
                condition=~Q(cause_type=""),
                name="credit_movement_once_per_cause",
            ),
        ]
        # Changing a member's account is not enough to create money: its own permission.
        permissions = [("grant_credits", _("Peut accorder ou retirer des crédits"))]

    def __str__(self) -> str:
        return f"{self.user_id} {self.amount:+d} ({self.kind})"


class OperatorAction(models.Model):
    """One action of the team that moves value (credits, prizes): who, when, for whom, why.

    Append-only, written in the same transaction as the action itself (`accounts.services`,
    `rankings.services`), and shown read-only in the admin.
    """

    class Kind(models.TextChoices):
        CREDITS_GRANT = "credits_grant", _("crédits accordés")
        CREDITS_REMOVAL = "credits_removal", _("crédits retirés")
        PRIZE_DELIVERY = "prize_delivery", _("prix remis")

    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("membre de l'équipe"),
    )
    kind = models.CharField(_("action"), max_length=32, choices=Kind.choices)
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("membre concerné"),
    )
    amount = models.IntegerField(_("montant"), null=True, blank=True)
    reason = models.TextField(_("motif"))
    # What the action changed: a ledger line, a prize...
    subject_type = models.CharField(_("type d'objet"), max_length=64)
    subject_id = models.CharField(_("identifiant d'objet"), max_length=64)
    created_at = models.DateTimeField(_("date"))

    class Meta:
        verbose_name = _("action de l'équipe")
        verbose_name_plural = _("actions de l'équipe (journal)")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["-created_at"], name="operator_action_date")]

    def __str__(self) -> str:
        return f"{self.operator_id} {self.kind} {self.subject_type} {self.subject_id}"
