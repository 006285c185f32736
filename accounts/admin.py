from allauth.account.models import EmailAddress
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from rankings.stars import star_label

from .forms import CreditAdjustmentForm
from .models import CreditMovement, User
from .selectors import wallet_balance
from .services import InsufficientCredits, wallet_move


class CreditMovementInline(admin.TabularInline):
    """The member's ledger, read-only: a correction is a new movement, never an edit."""

    model = CreditMovement
    fk_name = "user"
    extra = 0
    can_delete = False
    ordering = ("-created_at", "-id")
    fields = ("created_at", "amount", "kind", "reason", "cause_type", "cause_id", "created_by")
    readonly_fields = fields
    verbose_name = _("mouvement")
    verbose_name_plural = _("crédits : mouvements")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(User)
class MemberAdmin(UserAdmin):
    list_display = (
        "username",
        "email",
        "is_verified",
        "star_group",
        "ranked_wins",
        "ranked_losses",
        "credits",
        "is_staff",
        "date_joined",
    )
    search_fields = ("username", "email")
    inlines = [CreditMovementInline]
    change_form_template = "admin/members/user_change_form.html"
    fieldsets = UserAdmin.fieldsets + (
        (_("Cartomaniak"), {"fields": ("ranked_wins", "ranked_losses", "preferred_language")}),
    )

    def get_queryset(self, request):
        balance = (
            CreditMovement.objects.filter(user=OuterRef("pk"))
            .values("user")
            .annotate(total=Sum("amount"))
            .values("total")
        )
        return (
            super()
            .get_queryset(request)
            .annotate(
                credits_balance=Coalesce(Subquery(balance, output_field=IntegerField()), 0),
                email_verified=Exists(
                    EmailAddress.objects.filter(user=OuterRef("pk"), primary=True, verified=True)
                ),
            )
        )

    @admin.display(description=_("e-mail vérifié"), boolean=True, ordering="email_verified")
    def is_verified(self, obj: User) -> bool:
        return obj.email_verified

    @admin.display(description=_("groupe"))
    def star_group(self, obj: User) -> str:
        return star_label(obj.stars)

    @admin.display(description=_("crédits"), ordering="credits_balance")
    def credits(self, obj: User) -> int:
        return obj.credits_balance

    def get_urls(self):
        return [
            path(
                "<int:user_id>/credits/",
                self.admin_site.admin_view(self.credits_view),
                name="accounts_user_credits",
            ),
            *super().get_urls(),
        ]

    def credits_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """Grant or remove credits with a reason: one new ledger line through the wallet service."""
        member = get_object_or_404(User, pk=user_id)
        if not self.has_change_permission(request, member):
            raise PermissionDenied
        form = CreditAdjustmentForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                wallet_move(
                    user=member,
                    amount=form.signed_amount(),
                    kind=form.cleaned_data["kind"],
                    reason=form.cleaned_data["reason"],
                    created_by=request.user,
                )
            except InsufficientCredits as error:
                form.add_error(
                    "amount",
                    _("Le solde n'est que de %(balance)d crédits.") % {"balance": error.balance},
                )
            else:
                self.message_user(request, _("Mouvement enregistré."), messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[member.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Crédits de %(username)s") % {"username": member.username},
            "member": member,
            "balance": wallet_balance(user=member),
            "form": form,
            "opts": self.model._meta,
            "original": member,
        }
        return TemplateResponse(request, "admin/members/user_credits.html", context)


@admin.register(CreditMovement)
class CreditMovementAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "amount", "kind", "reason", "created_by")
    list_filter = ("kind",)
    search_fields = ("user__username", "user__email", "reason", "cause_type", "cause_id")
    list_select_related = ("user", "created_by")
    readonly_fields = (
        "user",
        "amount",
        "kind",
        "reason",
        "cause_type",
        "cause_id",
        "created_by",
        "created_at",
    )

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
