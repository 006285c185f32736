from django.urls import path, register_converter

from cartomaniak.converters import DatabaseIdConverter

from .lobby import views as lobby_views
from .tables import views as table_views

register_converter(DatabaseIdConverter, "id")

app_name = "games"
urlpatterns = [
    # The waiting room (games/lobby/).
    path("salle/", lobby_views.lobby, name="lobby"),
    path("salle/creer/", lobby_views.lobby_create, name="create"),
    path("salle/ordinateur/", lobby_views.computer_start, name="computer_start"),
    path("salle/jouer/", lobby_views.lobby_play_now, name="play_now"),
    path("salle/parties/<id:game_id>/rejoindre/", lobby_views.lobby_join, name="join"),
    path("salle/parties/<id:game_id>/annuler/", lobby_views.lobby_cancel, name="cancel"),
    path("tables/creer/", lobby_views.table_create, name="table_create"),
    # Every table, whatever the game (games/tables/).
    path("parties/<id:game_id>/", table_views.table, name="table"),
    path("parties/<id:game_id>/quitter/", table_views.table_leave, name="leave"),
    path("parties/<id:game_id>/partie.json", table_views.record, name="record"),
    path("parties/<id:game_id>/revoir/", table_views.replay, name="replay"),
    path("parties/<id:game_id>/rejouer/", table_views.table_again, name="again"),
    # The four-player tables' addresses before every game had one table.
    path("tables/<id:table_id>/", table_views.legacy_table, name="legacy_table"),
    path(
        "tables/<id:table_id>/partie.json",
        table_views.legacy_table,
        {"page": "record"},
        name="legacy_table_record",
    ),
    path(
        "tables/<id:table_id>/revoir/",
        table_views.legacy_table,
        {"page": "replay"},
        name="legacy_table_replay",
    ),
]
