"""The table's sound switch, remembered on the member's account."""

from django.test import Client
from django.urls import reverse

from games.lobby import services


def test_the_sound_switch_is_remembered_and_the_table_starts_with_it(alice, bob):
    client = Client()
    client.force_login(alice)
    game = services.game_join(
        game_id=services.game_open(user=alice, format="first-to-71", is_ranked=False).pk,
        user=bob,
    )

    muted = client.post(reverse("accounts:sound"), {"muted": "1"})
    alice.refresh_from_db()
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()

    assert muted.json() == {"muted": True}
    assert alice.is_sound_muted is True
    assert '"muted": true' in page
    assert client.post(reverse("accounts:sound"), {"muted": "0"}).json() == {"muted": False}


def test_the_sound_switch_refuses_nonsense_and_strangers(alice):
    client = Client()
    assert client.post(reverse("accounts:sound"), {"muted": "1"}).status_code == 302
    client.force_login(alice)
    assert client.post(reverse("accounts:sound"), {"muted": "maybe"}).status_code == 400
    assert client.get(reverse("accounts:sound")).status_code == 405
