"""Guests (docs/guests.md): the one-click way in, the limit per address, what a guest may not
do, the cleanup after a month, and the sign-up that keeps his games."""

import datetime as dt
import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.guests import GuestLimitReached, guest_create, guests_delete_inactive
from accounts.selectors import member_is_guest
from accounts.tasks import delete_inactive_guests
from cartomaniak.schedules import SCHEDULED_JOBS
from games.errors import GameError
from games.lobby import services as lobby
from games.models import Challenge, Game, LobbyPresence
from games.robots.services import computer_game_start
from games.tables import services as tables
from games.tables.selectors import member_games, seat_player_name

from .conftest import PASSWORD

User = get_user_model()
ADDRESS = "198.51.100.7"


@pytest.fixture
def guest(db) -> User:
    return guest_create(address=ADDRESS)


def test_a_guest_is_a_free_player_with_a_generated_name(guest):
    assert guest.is_guest is True
    assert guest.has_usable_password() is False
    assert guest.username.startswith("invite-")
    assert guest.display_name == "Invité " + guest.username.removeprefix("invite-")
    assert member_is_guest(user=guest) is True


def test_the_home_button_makes_a_guest_and_takes_him_to_a_game_against_the_computer(db):
    client = Client()

    response = client.post(reverse("accounts:guest_play"), {"destination": "table"})

    guest = User.objects.get(is_guest=True)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert (game.origin, game.is_ranked, game.player_at(0), game.player_at(1).is_computer) == (
        Game.Origin.COMPUTER,
        False,
        guest,
        True,
    )
    # Logged in: the table is his, and the page names him as a guest.
    page = client.get(reverse("games:table", args=[game.pk]))
    assert page.status_code == 200
    assert guest.display_name in page.content.decode()
    # No ranked record, no stars by his name.
    frame = page.context["frame"]
    guest_seat = next(entry for entry in frame["game"]["seats"] if entry["is_you"])
    assert (guest_seat["stars"], guest_seat["stars_label"]) == (None, "")


def test_the_login_page_lets_a_visitor_into_the_waiting_room_as_a_guest(db):
    client = Client()

    login_page = client.get(reverse("account_login") + "?next=/salle/").content.decode()
    response = client.post(reverse("accounts:guest_play"), {"destination": "lobby"})

    assert "Continuer en invité" in login_page
    assert response["Location"] == reverse("games:lobby")
    assert client.get(reverse("games:lobby")).status_code == 200
    assert Game.objects.count() == 0


def test_guests_are_limited_per_address(db, settings):
    settings.GUESTS_PER_ADDRESS_PER_HOUR = 2
    now = 1_000_000.0
    guest_create(address=ADDRESS, now=now)
    guest_create(address=ADDRESS, now=now)

    with pytest.raises(GuestLimitReached):
        guest_create(address=ADDRESS, now=now)
    # Another address, or the next hour, is another count.
    guest_create(address="198.51.100.8", now=now)
    guest_create(address=ADDRESS, now=now + 3600)
    assert User.objects.filter(is_guest=True).count() == 4


def test_a_visitor_over_the_limit_gets_a_page_that_says_why(db, settings):
    settings.GUESTS_PER_ADDRESS_PER_HOUR = 1
    Client().post(reverse("accounts:guest_play"))

    response = Client().post(reverse("accounts:guest_play"))

    assert response.status_code == 429
    assert "Trop d'invités depuis votre adresse" in response.content.decode()
    assert User.objects.filter(is_guest=True).count() == 1


def test_a_guest_plays_no_ranked_game(guest, alice):
    with pytest.raises(GameError) as opened:
        lobby.game_open(user=guest, format="first-to-71", is_ranked=True)
    ranked = lobby.game_open(user=alice, format="first-to-71", is_ranked=True)
    with pytest.raises(GameError) as joined:
        lobby.game_join(game_id=ranked.pk, user=guest)
    with pytest.raises(GameError) as played_now:
        lobby.game_play_now(user=guest, format="first-to-71", is_ranked=True)

    assert {opened.value.code, joined.value.code, played_now.value.code} == {"guest_free_only"}
    assert "parties libres seulement" in str(opened.value.message)
    assert Game.objects.filter(host=guest).count() == 0
    assert not Game.objects.get(pk=ranked.pk).seats.filter(user=guest).exists()
    # Free play with people is his.
    tables.game_cancel(game_id=ranked.pk, user=alice)
    free = lobby.game_open(user=alice, format="six-deals", is_ranked=False)
    assert lobby.game_join(game_id=free.pk, user=guest).status == Game.Status.IN_PROGRESS


def test_a_guest_is_never_present_and_never_in_a_challenge(guest, alice):
    now = timezone.now()
    assert lobby.lobby_presence_join(user=guest, channel_name="guest-socket", now=now) is False
    lobby.lobby_presence_join(user=alice, channel_name="alice-socket", now=now)

    with pytest.raises(GameError) as challenging:
        lobby.challenge_create(
            challenger=guest, challenged_name=alice.username, format="six-deals", now=now
        )
    with pytest.raises(GameError) as challenged:
        lobby.challenge_create(
            challenger=alice, challenged_name=guest.username, format="six-deals", now=now
        )

    assert list(LobbyPresence.objects.values_list("user_id", flat=True)) == [alice.pk]
    assert (challenging.value.code, challenged.value.code) == (
        "guest_free_only",
        "member_not_found",
    )
    assert Challenge.objects.count() == 0


def _finished_long_ago(game: Game, *, days: int) -> None:
    long_ago = timezone.now() - dt.timedelta(days=days)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, created_at=long_ago, ended_at=long_ago
    )


def _joined_long_ago(user, *, days: int) -> None:
    long_ago = timezone.now() - dt.timedelta(days=days)
    User.objects.filter(pk=user.pk).update(date_joined=long_ago, last_login=long_ago)


def test_the_cleanup_forgets_a_month_old_guest_with_his_games_against_the_computer(guest, alice):
    game = computer_game_start(user=guest, level="facile", format="six-deals")
    _finished_long_ago(game, days=31)
    _joined_long_ago(guest, days=31)
    recent = guest_create(address=ADDRESS)
    alices_game = computer_game_start(user=alice, level="facile", format="six-deals")

    deleted, closed = guests_delete_inactive(now=timezone.now())

    assert (deleted, closed) == (1, 0)
    assert not User.objects.filter(pk=guest.pk).exists()
    assert not Game.objects.filter(pk=game.pk).exists()
    assert User.objects.filter(pk=recent.pk).exists()
    assert Game.objects.filter(pk=alices_game.pk).exists()
    # Once is enough: a second run finds nobody.
    assert guests_delete_inactive(now=timezone.now()) == (0, 0)


def test_the_cleanup_keeps_a_guest_with_a_game_in_progress_or_a_recent_one(guest):
    computer_game_start(user=guest, level="facile", format="six-deals")
    _joined_long_ago(guest, days=40)
    other = guest_create(address=ADDRESS)
    recent_game = computer_game_start(user=other, level="facile", format="six-deals")
    _finished_long_ago(recent_game, days=3)
    _joined_long_ago(other, days=40)

    assert guests_delete_inactive(now=timezone.now()) == (0, 0)
    assert User.objects.filter(is_guest=True, is_active=True).count() == 2


def test_the_cleanup_closes_a_guest_who_played_a_person_and_keeps_that_game(guest, alice):
    game = lobby.game_open(user=alice, format="six-deals", is_ranked=False)
    lobby.game_join(game_id=game.pk, user=guest, rng=random.Random(3))
    _finished_long_ago(game, days=45)
    _joined_long_ago(guest, days=45)

    delete_inactive_guests()

    guest.refresh_from_db()
    assert guest.is_active is False
    assert Game.objects.get(pk=game.pk).player_at(1) == guest
    assert [entry.opponent_name for entry in member_games(user=alice)] == [guest.display_name]
    assert "accounts.tasks.delete_inactive_guests" in {job.task for job in SCHEDULED_JOBS}


def test_signing_up_turns_the_guest_into_a_member_who_keeps_his_games(db):
    client = Client()
    client.post(reverse("accounts:guest_play"), {"destination": "table"})
    guest = User.objects.get(is_guest=True)
    game = Game.objects.get()
    tables.game_leave(game_id=game.pk, user=guest)

    signup_page = client.get(reverse("account_signup"))
    response = client.post(
        reverse("account_signup"),
        {
            "username": "Noemie",
            "email": "noemie@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert signup_page.status_code == 200
    assert "votre compte gardera les parties" in signup_page.content.decode()
    assert response.status_code == 302
    member = User.objects.get(pk=guest.pk)
    assert (member.username, member.email, member.is_guest) == (
        "Noemie",
        "noemie@example.com",
        False,
    )
    assert member.check_password(PASSWORD)
    assert User.objects.count() == 2  # the member and the computer he played
    assert [entry.game.pk for entry in member_games(user=member)] == [game.pk]
    profile = client.get(reverse("accounts:profile", args=["Noemie"]))
    computer_seat = game.seats.get(user__is_computer=True).seat
    computer_name = seat_player_name(
        user=game.seats.get(seat=computer_seat).user, seat=computer_seat
    )
    assert computer_name in profile.content.decode()


def test_a_member_cannot_take_a_guest_name(db):
    response = Client().post(
        reverse("account_signup"),
        {
            "username": "invite-123456",
            "email": "sly@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert "Ce nom est réservé aux invités" in response.content.decode()
    assert not User.objects.filter(username="invite-123456").exists()


def test_a_member_who_is_logged_in_is_still_sent_away_from_the_sign_up_page(alice):
    client = Client()
    client.force_login(alice)

    assert client.get(reverse("account_signup")).status_code == 302


def test_a_guest_may_log_into_the_account_he_already_has(guest, alice):
    client = Client()
    client.force_login(guest)

    page = client.get(reverse("account_login"))
    response = client.post(
        reverse("account_login"), {"login": alice.username, "password": PASSWORD}
    )

    assert page.status_code == 200
    assert "Continuer en invité" not in page.content.decode()
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == alice


def test_a_members_history_names_a_guest_opponent_without_a_link(guest, alice):
    game = lobby.game_open(user=alice, format="six-deals", is_ranked=False)
    lobby.game_join(game_id=game.pk, user=guest, rng=random.Random(3))

    profile = Client().get(reverse("accounts:profile", args=[alice.username])).content.decode()

    assert f"<td>{guest.display_name}</td>" in profile
    assert "/joueurs/invite-" not in profile
    # Nor has he a page of his own; his account page is there for him.
    assert Client().get(reverse("accounts:profile", args=[guest.username])).status_code == 404
    client = Client()
    client.force_login(guest)
    assert client.get(reverse("accounts:settings")).status_code == 200


def test_the_waiting_room_offers_a_guest_no_challenge_and_names_guests_as_the_site_does(guest):
    client = Client()
    client.force_login(guest)

    page = client.get(reverse("games:lobby")).content.decode()

    assert "lobby-challenges.js" not in page
    assert '"guest_name": "Invit\\u00e9 %(number)s"' in page
