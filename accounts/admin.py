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
from .models import CreditMovement, OperatorAction, User
from .selectors import wallet_balance
from .services import InsufficientCredits, OwnCreditsRefused, credits_adjust
from .usernames import name_elides

# What makes a member an operator, or a more powerful one: given by superusers only.
PRIVILEGE_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")


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

    def get_readonly_fields(self, request, obj=None):
        # The ranked record is written by the ladder's exactly-once service only: it decides
        # the star group, hence the points of every match.
        fields = (*super().get_readonly_fields(request, obj), "ranked_wins", "ranked_losses")
        if request.user.is_superuser:
            return fields
        return fields + PRIVILEGE_FIELDS

    def _is_other_team_account(self, request, obj) -> bool:
        """A team account other than one's own: only a superuser may change it (its email and
        password are the keys to its powers)."""
        return (
            obj is not None
            and not request.user.is_superuser
            and obj.pk != request.user.pk
            and (obj.is_staff or obj.is_superuser)
        )

    def has_change_permission(self, request, obj=None) -> bool:
        if self._is_other_team_account(request, obj):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        if self._is_other_team_account(request, obj):
            return False
        return super().has_delete_permission(request, obj)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {
            **(extra_context or {}),
            "can_grant_credits": request.user.has_perm("accounts.grant_credits"),
        }
        return super().change_view(request, object_id, form_url, extra_context)

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
        """Grant or remove credits with a reason: one new ledger line and one audit line."""
        # Its own permission: changing members (names, emails) does not create money.
        if not request.user.has_perm("accounts.grant_credits"):
            raise PermissionDenied
        member = get_object_or_404(User, pk=user_id)
        form = CreditAdjustmentForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                credits_adjust(
                    operator=request.user,
                    member=member,
                    amount=form.signed_amount(),
                    reason=form.cleaned_data["reason"],
                )
            except OwnCreditsRefused:
                form.add_error(
                    None,
                    _(
                        "Un membre de l'équipe ne modifie pas ses propres crédits : "
                        "demandez-le à un autre."
                    ),
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
            "title": (
                _("Crédits d'%(username)s")
                if name_elides(member.username)
                else _("Crédits de %(username)s")
            )
            % {"username": member.username},
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


@admin.register(OperatorAction)
class OperatorActionAdmin(admin.ModelAdmin):
    """The team's audit trail: read-only, like the ledger."""

    list_display = ("created_at", "operator", "kind", "member", "amount", "reason", "subject")
    list_filter = ("kind",)
    search_fields = ("operator__username", "member__username", "reason", "subject_id")
    list_select_related = ("operator", "member")
    readonly_fields = (
        "created_at",
        "operator",
        "kind",
        "member",
        "amount",
        "reason",
        "subject_type",
        "subject_id",
    )

    @admin.display(description=_("objet"))
    def subject(self, obj: OperatorAction) -> str:
        return f"{obj.subject_type} {obj.subject_id}"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
