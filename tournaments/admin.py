"""The operator's side of competitions: announce one in two minutes, follow it, deliver prizes.

What members agreed to (format, dates, conditions, fee, rules, prizes) becomes read-only once
registration opens. Money moves only through the services: fees and refunds on registration,
withdrawal and cancellation, credit prizes at the end. Cancelling needs its own permission, and
so does marking an item or money prize delivered.
"""

from django.contrib import admin, messages
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import FinalStanding, Match, Registration, Round, Tournament, TournamentPrize
from .services import prizes_mark_delivered, tournament_cancel

LOCKED_NOTICE = _(
    "Les inscriptions sont ouvertes : la formule, les dates, les conditions, le droit "
    "d'inscription, le règlement et les prix ne peuvent plus changer. Le nom, la présentation "
    "et la répétition restent modifiables."
)


class LockedInlineMixin:
    """An inline that only changes while the competition's registration has not opened."""

    def _is_locked(self, obj) -> bool:
        return obj is not None and obj.pk is not None and obj.is_locked(now=timezone.now())

    def has_add_permission(self, request, obj=None) -> bool:
        return not self._is_locked(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None) -> bool:
        return not self._is_locked(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return not self._is_locked(obj) and super().has_delete_permission(request, obj)


class TournamentPrizeInline(LockedInlineMixin, admin.TabularInline):
    model = TournamentPrize
    extra = 3
    fields = ("place", "kind", "amount", "description")
    verbose_name = _("prix")
    verbose_name_plural = _("prix par place (crédits versés à la fin ; lot et argent à remettre)")


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    can_delete = False
    fields = ("user", "created_at", "fee_paid", "withdrawn_at", "seed")
    readonly_fields = fields
    ordering = ("seed", "created_at")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "edition",
        "format",
        "match_format",
        "starts_at",
        "status",
        "player_count",
        "entry_fee",
        "recurrence",
    )
    list_filter = ("status", "format", "recurrence")
    search_fields = ("name",)
    date_hierarchy = "starts_at"
    inlines = [TournamentPrizeInline, RegistrationInline]
    actions = ["cancel_and_refund"]
    fieldsets = (
        (_("Présentation"), {"fields": ("name", "description", "rules")}),
        (_("Formule"), {"fields": ("format", "swiss_rounds", "match_format")}),
        (
            _("Dates (heure de Paris)"),
            {
                "fields": (
                    "registration_opens_at",
                    "registration_closes_at",
                    "starts_at",
                    "recurrence",
                )
            },
        ),
        (
            _("Participants"),
            {
                "fields": (
                    "min_players",
                    "max_players",
                    "requires_verified_email",
                    "min_stars",
                    "entry_fee",
                )
            },
        ),
    )
    progress_fieldset = (
        _("Déroulement"),
        {
            "fields": (
                "status",
                "cancel_reason",
                "round_count",
                "started_at",
                "ended_at",
                "series",
                "edition",
            )
        },
    )
    progress_fields = progress_fieldset[1]["fields"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                registered=Count(
                    "registrations", filter=Q(registrations__withdrawn_at__isnull=True)
                )
            )
        )

    @admin.display(description=_("inscrits"), ordering="registered")
    def player_count(self, obj) -> int:
        return obj.registered

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            return self.fieldsets
        fieldsets = [*self.fieldsets, self.progress_fieldset]
        if obj.is_locked(now=timezone.now()):
            name, options = fieldsets[0]
            fieldsets[0] = (name, {**options, "description": LOCKED_NOTICE})
        return fieldsets

    def get_inlines(self, request, obj=None):
        # Nobody can have registered for a competition that is being created.
        return [TournamentPrizeInline] if obj is None else self.inlines

    def get_readonly_fields(self, request, obj=None):
        """Freeze what members agreed to once registration opens (issue: *locked*)."""
        if obj is None:
            return ()
        if obj.is_locked(now=timezone.now()):
            return (*Tournament.LOCKED_FIELDS, *self.progress_fields)
        return self.progress_fields

    def has_delete_permission(self, request, obj=None) -> bool:
        # Only an announcement nobody could act on yet may disappear; later, cancel it.
        if obj is not None and obj.is_locked(now=timezone.now()):
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        # The bulk delete would bypass the per-competition check above.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def has_cancel_permission(self, request) -> bool:
        return request.user.has_perm("tournaments.cancel_tournament")

    @admin.action(description=_("Annuler et rembourser les inscrits"), permissions=["cancel"])
    def cancel_and_refund(self, request, queryset):
        now = timezone.now()
        count = sum(
            tournament_cancel(
                tournament_id=tournament_id, reason=Tournament.CancelReason.OPERATOR, now=now
            )
            for tournament_id in queryset.values_list("pk", flat=True)
        )
        self.message_user(
            request,
            ngettext(
                "%(count)d tournoi annulé, inscriptions remboursées.",
                "%(count)d tournois annulés, inscriptions remboursées.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )


class PrizeToDeliverFilter(admin.SimpleListFilter):
    title = _("à remettre")
    parameter_name = "a_remettre"

    def lookups(self, request, model_admin):
        return [("1", _("Lots et sommes à remettre"))]

    def queryset(self, request, queryset):
        if self.value() == "1":
            return queryset.filter(status=TournamentPrize.Status.TO_DELIVER)
        return queryset


@admin.register(TournamentPrize)
class TournamentPrizeAdmin(admin.ModelAdmin):
    """Every competition prize; items and money are delivered by the operator by hand."""

    list_display = (
        "tournament",
        "place",
        "kind",
        "amount",
        "description",
        "status",
        "winner",
        "awarded_at",
        "delivered_at",
    )
    list_filter = (PrizeToDeliverFilter, "status", "kind")
    list_select_related = ("tournament", "winner")
    search_fields = ("tournament__name", "winner__username")
    actions = ["mark_delivered"]

    def has_add_permission(self, request) -> bool:
        return False  # prizes are set with their competition

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_deliver_permission(self, request) -> bool:
        return request.user.has_perm("tournaments.deliver_tournamentprize")

    @admin.action(description=_("Marquer comme remis"), permissions=["deliver"])
    def mark_delivered(self, request, queryset):
        count = prizes_mark_delivered(
            prize_ids=list(queryset.values_list("pk", flat=True)),
            operator=request.user,
            now=timezone.now(),
        )
        self.message_user(
            request,
            ngettext(
                "%(count)d prix marqué comme remis.", "%(count)d prix marqués comme remis.", count
            )
            % {"count": count},
            messages.SUCCESS,
        )


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "started_at", "completed_at")
    list_select_related = ("tournament",)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = (
        "tournament",
        "round",
        "position",
        "player0",
        "player1",
        "status",
        "winner",
        "wins0",
        "wins1",
        "points0",
        "points1",
    )
    list_filter = ("status",)
    list_select_related = ("tournament", "round", "player0", "player1", "winner")
    search_fields = ("tournament__name", "player0__username", "player1__username")


@admin.register(FinalStanding)
class FinalStandingAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "rank", "user", "points", "wins", "losses")
    list_select_related = ("tournament", "user")
    search_fields = ("tournament__name", "user__username")
