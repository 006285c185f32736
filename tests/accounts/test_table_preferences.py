"""The table's switches (table talk muted, lone card played) and the first-game hints seen,
remembered on the member's account."""

from django.test import Client
from django.urls import reverse


def test_each_table_switch_is_remembered_and_can_be_undone(alice):
    client = Client()
    client.force_login(alice)

    muted = client.post(
        reverse("accounts:table_preference"), {"name": "table_talk_muted", "value": "1"}
    )
    lone = client.post(
        reverse("accounts:table_preference"), {"name": "plays_lone_card", "value": "1"}
    )
    alice.refresh_from_db()

    assert muted.json() == {"name": "table_talk_muted", "value": True}
    assert lone.json() == {"name": "plays_lone_card", "value": True}
    assert (alice.is_table_talk_muted, alice.plays_lone_card) == (True, True)
    client.post(reverse("accounts:table_preference"), {"name": "plays_lone_card", "value": "0"})
    alice.refresh_from_db()
    assert alice.plays_lone_card is False


def test_a_hint_seen_is_remembered_once(alice):
    client = Client()
    client.force_login(alice)

    client.post(reverse("accounts:hint_dismiss"), {"hint": "trump"})
    again = client.post(reverse("accounts:hint_dismiss"), {"hint": "trump"})

    assert again.json() == {"dismissed": ["trump"]}


def test_the_switches_refuse_nonsense_and_strangers(alice):
    client = Client()
    url = reverse("accounts:table_preference")
    assert client.post(url, {"name": "plays_lone_card", "value": "1"}).status_code == 302
    client.force_login(alice)
    assert client.post(url, {"name": "is_staff", "value": "1"}).status_code == 400
    assert client.post(url, {"name": "plays_lone_card", "value": "yes"}).status_code == 400
    assert client.post(reverse("accounts:hint_dismiss"), {"hint": "anything"}).status_code == 400
    alice.refresh_from_db()
    assert (alice.is_staff, alice.plays_lone_card, alice.dismissed_hints) == (False, False, [])
