from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class MemberAdmin(UserAdmin):
    list_display = ("username", "email", "is_staff", "ranked_wins", "ranked_losses", "date_joined")
    search_fields = ("username", "email")
