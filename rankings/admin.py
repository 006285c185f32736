"""The operator's side of the ladder: prices, subscriptions, the ledger, closings and prizes.

Money never moves from here except through the services: subscriptions are bought by members,
prizes are paid by the closing, and the ledger is read-only.
"""

from django.contrib import admin, messages
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import (
    FinalStanding,
    LadderPeriod,
    LadderSettings,
    PeriodClosing,
    PointsEntry,
    Prize,
    Subscription,
)
from .services import prizes_mark_delivered


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(LadderSettings)
class LadderSettingsAdmin(admin.ModelAdmin):
    list_display = ("kind", "price")

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Subscription)
class SubscriptionAdmin(ReadOnlyAdmin):
    list_display = (
        "user",
        "ladder_kind",
        "period_start",
        "points",
        "wins",
        "losses",
        "price_paid",
        "created_at",
    )
    list_filter = ("ladder_kind", "period_start")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    show_full_result_count = False


@admin.register(PointsEntry)
class PointsEntryAdmin(ReadOnlyAdmin):
    list_display = (
        "game",
        "user",
        "ladder_kind",
        "period_start",
        "opponent",
        "outcome",
        "stars",
        "opponent_stars",
        "nominal_delta",
        "delta",
        "points_after",
        "game_ended_at",
    )
    list_filter = ("ladder_kind", "outcome")
    search_fields = ("user__username", "opponent__username")
    list_select_related = ("user", "opponent")
    show_full_result_count = False


@admin.register(LadderPeriod)
class LadderPeriodAdmin(ReadOnlyAdmin):
    list_display = ("ladder_kind", "period_start", "period_end", "participant_count")
    list_filter = ("ladder_kind",)


@admin.register(PeriodClosing)
class PeriodClosingAdmin(ReadOnlyAdmin):
    list_display = ("ladder_kind", "period_start", "period_end", "closed_at", "participant_count")
    list_filter = ("ladder_kind",)


@admin.register(FinalStanding)
class FinalStandingAdmin(ReadOnlyAdmin):
    list_display = ("closing", "rank", "user", "points", "wins", "losses")
    list_filter = ("closing",)
    search_fields = ("user__username",)
    list_select_related = ("closing", "user")
    ordering = ("-closing__period_start", "rank")
    show_full_result_count = False


class PrizeToDeliverFilter(admin.SimpleListFilter):
    title = _("à remettre")
    parameter_name = "a_remettre"

    def lookups(self, request, model_admin):
        return [("1", _("Prix à remettre"))]

    def queryset(self, request, queryset):
        if self.value() == "1":
            return queryset.filter(status=Prize.Status.TO_DELIVER)
        return queryset


@admin.register(Prize)
class PrizeAdmin(admin.ModelAdmin):
    list_display = (
        "ladder_kind",
        "period_start",
        "place",
        "kind",
        "amount",
        "description",
        "status",
        "winner",
        "delivered_at",
    )
    list_filter = (PrizeToDeliverFilter, "status", "ladder_kind", "kind")
    list_select_related = ("winner",)
    actions = ["mark_delivered"]
    fields = ("ladder_kind", "period_start", "place", "kind", "amount", "description")
    result_fields = ("status", "winner", "awarded_at", "delivered_at")

    def get_fields(self, request, obj=None):
        if obj is None:
            return self.fields
        return self.fields + self.result_fields

    def get_readonly_fields(self, request, obj=None):
        """Freeze a prize once its period has begun (ladder.md, *Ranking and prizes*)."""
        if obj is None:
            return ()
        if obj.has_period_begun(now=timezone.now()):
            return self.fields + self.result_fields
        return self.result_fields

    def get_actions(self, request):
        # The bulk delete would bypass the per-prize check below.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and obj.has_period_begun(now=timezone.now()):
            return False
        return super().has_delete_permission(request, obj)

    def has_deliver_permission(self, request) -> bool:
        return request.user.has_perm("rankings.deliver_prize")

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
