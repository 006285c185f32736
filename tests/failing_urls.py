"""The site's URLs and one page that always fails (tests/test_database_faults.py)."""

from django.urls import path

from cartomaniak.urls import handler500, urlpatterns  # noqa: F401


def fails(request):
    raise RuntimeError("a fault of the site")


urlpatterns = [*urlpatterns, path("fails/", fails)]
