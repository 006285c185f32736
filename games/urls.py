from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("salle/", views.lobby, name="lobby"),
    path("salle/creer/", views.lobby_create, name="create"),
    path("salle/parties/<int:game_id>/rejoindre/", views.lobby_join, name="join"),
    path("salle/parties/<int:game_id>/annuler/", views.lobby_cancel, name="cancel"),
    path("parties/<int:game_id>/", views.table, name="table"),
    path("parties/<int:game_id>/quitter/", views.table_leave, name="leave"),
    path("parties/<int:game_id>/partie.json", views.record, name="record"),
]
