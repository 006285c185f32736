from django.urls import path

from . import views

app_name = "rankings"
urlpatterns = [
    path("classements/", views.leaderboards, name="leaderboards"),
]
