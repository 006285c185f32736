from django.conf import settings
from django.test import Client


def test_home_page_is_french_by_default(client: Client, db) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert "Bienvenue sur Cartomaniak" in response.content.decode()


def test_settings_pin_paris_time_and_french() -> None:
    assert settings.TIME_ZONE == "Europe/Paris"
    assert settings.USE_TZ is True
    assert settings.LANGUAGE_CODE == "fr"
    assert settings.AUTH_USER_MODEL == "accounts.User"
