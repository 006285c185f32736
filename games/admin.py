import json

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Game, GameAction, RankedPlayBan, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("seat", "team", "user", "is_computer", "stars")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class GameActionInline(admin.TabularInline):
    model = GameAction
    extra = 0
    can_delete = False
    # The decisions as made (cards once played, trump named): what every seat saw.
    fields = ("version", "kind", "seat", "payload", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games of every kind, read-only: every change goes through games.tables.services (one
    writer). An operator needs the `view_game` permission, as for any admin page."""

    list_display = (
        "id",
        "variant",
        "status",
        "format",
        "is_ranked",
        "host",
        "winner_team",
        "end_reason",
        "created_at",
        "ended_at",
    )
    list_filter = ("status", "variant", "format", "is_ranked", "end_reason")
    search_fields = ("seats__user__username", "host__username")
    list_select_related = ("host",)
    inlines = [SeatInline, GameActionInline]
    readonly_fields = [
        "variant",
        "host",
        "is_ranked",
        "format",
        "options",
        "status",
        "starts_when_full",
        "version",
        "deadline",
        "computer_due_at",
        "created_at",
        "started_at",
        "ended_at",
        "winner_team",
        "end_reason",
        "forfeit_seat",
        "is_first_deal_complete",
        "first_dealer_draw",
        "dummy_draw",
        "origin",
        "origin_label",
        "legacy_table_id",
        "state_pretty",
    ]
    exclude = ("state",)

    @admin.display(description=_("état"))
    def state_pretty(self, obj: Game) -> str:
        # The state holds the hands and the deck: nobody, staff included, sees a hidden card of
        # a game in progress (docs/security.md). Once finished, the record is public anyway.
        if not obj.is_finished:
            return _("L'état d'une partie n'est montré qu'une fois la partie terminée.")
        return format_html("<pre>{}</pre>", json.dumps(obj.state, indent=2, ensure_ascii=False))

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD") and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RankedPlayBan)
class RankedPlayBanAdmin(admin.ModelAdmin):
    """Bars from ranked play (ladder.md, *Quitters*): decided by the rule, read-only here."""

    list_display = ("user", "starts_at", "ends_at", "abandons", "counted_games", "game")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    readonly_fields = ("user", "game", "starts_at", "ends_at", "abandons", "counted_games")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
