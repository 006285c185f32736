from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("tournois/", views.tournament_index, name="index"),
    path("tournois/<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("tournois/<int:tournament_id>/direct/", views.tournament_live, name="live"),
    path("tournois/<int:tournament_id>/inscription/", views.tournament_register, name="register"),
    path(
        "tournois/<int:tournament_id>/desinscription/", views.tournament_withdraw, name="withdraw"
    ),
]
