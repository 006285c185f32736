from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("comptes/", include("allauth.urls")),
    path("", views.home, name="home"),
    path("regles/", views.rules, name="rules"),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("rankings.urls")),
    path("", include("tournaments.urls")),
]
