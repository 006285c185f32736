from django.urls import path, register_converter

from cartomaniak.converters import DatabaseIdConverter

from . import robots_views, views
from .partnership import views as partnership_views

register_converter(DatabaseIdConverter, "id")

app_name = "games"
urlpatterns = [
    path("salle/", views.lobby, name="lobby"),
    path("salle/creer/", views.lobby_create, name="create"),
    path("salle/ordinateur/", robots_views.computer_start, name="computer_start"),
    path("salle/jouer/", views.lobby_play_now, name="play_now"),
    path("salle/parties/<id:game_id>/rejoindre/", views.lobby_join, name="join"),
    path("salle/parties/<id:game_id>/annuler/", views.lobby_cancel, name="cancel"),
    path("parties/<id:game_id>/", views.table, name="table"),
    path("parties/<id:game_id>/quitter/", views.table_leave, name="leave"),
    path("parties/<id:game_id>/partie.json", views.record, name="record"),
    path("parties/<id:game_id>/revoir/", views.replay, name="replay"),
    # Four-player tables (games/partnership/).
    path("tables/creer/", partnership_views.partnership_create, name="partnership_create"),
    path("tables/<id:table_id>/", partnership_views.partnership_table, name="partnership_table"),
    path(
        "tables/<id:table_id>/partie.json",
        partnership_views.partnership_record,
        name="partnership_record",
    ),
    path("tables/<id:table_id>/revoir/", partnership_views.replay, name="partnership_replay"),
    path(
        "tables/<id:table_id>/rejouer/",
        partnership_views.partnership_again,
        name="partnership_again",
    ),
]
