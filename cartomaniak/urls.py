from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views
from accounts.confirmation import email_confirm

from . import health, views

handler500 = "cartomaniak.views.server_error"

# The admin login goes through allauth's login (its rate limits) instead of its own form.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    # For probes and Prometheus; answered first by health.ProbeMiddleware (docs/operations.md).
    path("sante/", health.health, name="health"),
    path("metrics", health.metrics, name="metrics"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Browsers ask for /favicon.ico whatever the page says: send them to the site's icon.
    path("favicon.ico", views.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    # allauth's login and sign-up, open to a guest as well (docs/guests.md).
    path("comptes/login/", accounts_views.login, name="account_login"),
    path("comptes/signup/", accounts_views.signup, name="account_signup"),
    # Before allauth's own: a link used twice says the address is already confirmed.
    path("comptes/confirm-email/<str:key>/", email_confirm),
    path("comptes/", include("allauth.urls")),
    path("", views.home, name="home"),
    path("regles/", views.rules, name="rules"),
    path("regles/manille-flamande/", views.rules_flemish, name="rules_flemish"),
    path("regles/manille-francaise/", views.rules_french, name="rules_french"),
    path("regles/manille-parlee/", views.rules_parlee, name="rules_parlee"),
    path("regles/manille-avec-un-mort/", views.rules_mort, name="rules_mort"),
    path("regles/manille-a-trois/", views.rules_a_trois, name="rules_a_trois"),
    path("regles/manille-aux-encheres/", views.rules_encheres, name="rules_encheres"),
    path("regles/manni/", views.rules_manni, name="rules_manni"),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("rankings.urls")),
    path("", include("tournaments.urls")),
]
