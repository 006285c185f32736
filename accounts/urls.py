from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("joueurs/<str:username>/", views.profile, name="profile"),
    path("compte/", views.account_settings, name="settings"),
    path("compte/credits/", views.wallet, name="wallet"),
    path("compte/langue/", views.language_switch, name="language"),
    path("compte/sons/", views.sound_switch, name="sound"),
    path("compte/table/", views.table_preference, name="table_preference"),
    path("compte/conseils/", views.hint_dismiss, name="hint_dismiss"),
    path("jouer-en-invite/", views.guest_play, name="guest_play"),
]
