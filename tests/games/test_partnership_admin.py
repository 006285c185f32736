"""The admin's four-player tables: read-only, behind the view permission, never a hidden card."""

import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from games.models import Game
from games.tables import services as tables


def _client(*, permission: bool) -> Client:
    operator = get_user_model().objects.create_user(
        username="operateur", email="operateur@example.com", password="secret-pass-123"
    )
    operator.is_staff = True
    operator.save()
    if permission:
        operator.user_permissions.add(Permission.objects.get(codename="view_game"))
    client = Client()
    client.force_login(operator)
    return client


def _running_table(alice) -> Game:
    table = tables.game_create(host=alice, variant="manille-flemish", format="boom-101")
    for seat in (1, 2, 3):
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(5))
    table.refresh_from_db()
    return table


def test_staff_without_the_permission_sees_no_table(alice) -> None:
    table = _running_table(alice)
    client = _client(permission=False)
    assert client.get("/admin/games/game/").status_code == 403
    assert client.get(f"/admin/games/game/{table.pk}/change/").status_code == 403


def test_the_operator_sees_the_table_but_no_hand(alice) -> None:
    table = _running_table(alice)
    client = _client(permission=True)
    listing = client.get("/admin/games/game/")
    assert listing.status_code == 200 and f"/{table.pk}/change/" in listing.content.decode()
    page = client.get(f"/admin/games/game/{table.pk}/change/")
    assert page.status_code == 200
    content = page.content.decode()
    assert "hands" not in content and "deck" not in content
    # The only cards on the page are the first-dealer draw's (public): none of a hand.
    drawn = {card for round in table.first_dealer_draw for _seat, card in round}
    hands = {card for hand in table.state["deal"]["hands"] for card in hand}
    shown = {card for card in hands if f"&quot;{card}&quot;" in content}
    assert shown <= drawn
    assert 'name="_save"' not in content
