import json

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import (
    Game,
    GameAction,
    PartnershipAction,
    PartnershipGame,
    PartnershipSeat,
    RankedPlayBan,
)


class GameActionInline(admin.TabularInline):
    model = GameAction
    extra = 0
    can_delete = False
    fields = ("version", "kind", "seat", "payload", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are read-only here: every change goes through games.services (one writer)."""

    list_display = (
        "id",
        "status",
        "format",
        "is_ranked",
        "seat0",
        "seat1",
        "winner_seat",
        "end_reason",
        "created_at",
        "ended_at",
    )
    list_filter = ("status", "format", "is_ranked", "end_reason")
    search_fields = ("seat0__username", "seat1__username", "creator__username")
    inlines = [GameActionInline]
    readonly_fields = [
        "creator",
        "seat0",
        "seat1",
        "is_ranked",
        "format",
        "status",
        "version",
        "deadline",
        "created_at",
        "started_at",
        "ended_at",
        "winner_seat",
        "end_reason",
        "is_first_deal_complete",
        "seat0_stars",
        "seat1_stars",
        "first_dealer_draw",
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


class PartnershipSeatInline(admin.TabularInline):
    model = PartnershipSeat
    extra = 0
    can_delete = False
    fields = ("seat", "user", "is_computer")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class PartnershipActionInline(admin.TabularInline):
    model = PartnershipAction
    extra = 0
    can_delete = False
    # The decisions as made (cards once played, trump named): what the four players all saw.
    fields = ("version", "kind", "seat", "payload", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PartnershipGame)
class PartnershipGameAdmin(admin.ModelAdmin):
    """Four-player tables, read-only (every change goes through games.partnership.services).

    The state JSON is never shown, not even once the table is over: it holds every hand and the
    deck, and the finished table's record is its download (docs/security.md). An operator needs
    the `view_partnershipgame` permission, as for any admin page.
    """

    list_display = (
        "id",
        "variant",
        "format",
        "status",
        "host",
        "winner_team",
        "end_reason",
        "created_at",
        "ended_at",
    )
    list_filter = ("status", "variant", "format", "end_reason")
    search_fields = ("host__username", "seats__user__username")
    list_select_related = ("host",)
    inlines = [PartnershipSeatInline, PartnershipActionInline]
    exclude = ("state",)
    readonly_fields = [
        "host",
        "variant",
        "format",
        "options",
        "status",
        "version",
        "deadline",
        "computer_due_at",
        "created_at",
        "started_at",
        "ended_at",
        "winner_team",
        "end_reason",
        "forfeit_seat",
        "first_dealer_draw",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        # View-only: the page needs the view permission alone, and offers no save.
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
