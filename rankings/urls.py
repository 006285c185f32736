from django.urls import path

from . import views

app_name = "rankings"
urlpatterns = [
    path("classements/", views.leaderboards, name="leaderboards"),
    path("classements/moi/", views.my_ranking, name="my_ranking"),
    path("classements/abonnement/", views.subscribe, name="subscribe"),
    path("classements/<slug:kind>/", views.leaderboard, name="current"),
    path("classements/<slug:kind>/<str:day>/", views.leaderboard, name="leaderboard"),
]
