import datetime
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts.models import User
from accounts.services import wallet_move


def test_profile_shows_record_group_and_no_games(client: Client, alice) -> None:
    User.objects.filter(pk=alice.pk).update(ranked_wins=15, ranked_losses=9)

    response = client.get("/joueurs/Alice/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "<dd>15</dd>" in page
    assert "<dd>9</dd>" in page
    assert '<span aria-hidden="true">★★</span>' in page
    assert "groupe 2 étoiles" in page
    assert "Membre depuis le" in page
    assert "Aucune partie jouée pour l'instant." in page


def test_profile_address_in_another_case_redirects_to_the_member(client: Client, alice) -> None:
    response = client.get("/joueurs/alice/")

    assert (response.status_code, response["Location"]) == (302, "/joueurs/Alice/")


def test_profile_of_an_unknown_or_inactive_member_is_not_found(client: Client, alice) -> None:
    User.objects.filter(pk=alice.pk).update(is_active=False)

    assert client.get("/joueurs/Alice/").status_code == 404
    assert client.get("/joueurs/Personne/").status_code == 404


def test_profile_lists_games_from_the_member_games_item_contract(alice) -> None:
    ended = timezone.make_aware(datetime.datetime(2026, 3, 1, 21, 30))
    games = [
        SimpleNamespace(
            opponent_name="Bob",
            opponents=(SimpleNamespace(name="Bob", is_computer=False),),
            is_ranked=True,
            result_label="gagnée",
            ended_at=ended,
            url="/parties/7/",
        ),
        SimpleNamespace(
            opponent_name="Carole",
            opponents=(SimpleNamespace(name="Carole", is_computer=False),),
            is_ranked=False,
            result_label="en cours",
            ended_at=None,
            url="/parties/8/",
        ),
    ]
    request = RequestFactory().get("/joueurs/Alice/")
    request.user = alice

    page = render_to_string(
        "accounts/profile.html",
        {"member": alice, "games": games, "is_own_profile": True},
        request=request,
    )

    assert '<a href="/joueurs/Bob/">Bob</a>' in page
    assert '<a href="/parties/7/">Voir la partie</a>' in page
    assert '<time datetime="2026-03-01T21:30:00+01:00">01/03/2026 21:30</time>' in page
    assert "<td>classée</td>" in page
    assert "<td>libre</td>" in page
    assert "<td>gagnée</td>" in page
    assert '<a href="/parties/8/">Voir la partie</a>' in page


def test_profile_links_each_person_among_a_tables_opponents(client: Client, alice, bob) -> None:
    from games.tables import services as tables

    table = tables.game_create(host=alice, variant="manille-french", format="first-to-34")
    # Seats 1 and 3 are the other team: bob and a computer; a computer partner at seat 2.
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    for seat in (2, 3):
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=seat, level="facile")
    tables.game_start(game_id=table.pk, user=alice)

    page = client.get(f"/joueurs/{alice.username}/").content.decode()

    assert f'<td><a href="/joueurs/{bob.username}/">{bob.username}</a>, Inès (facile)</td>' in (
        page
    )
    assert f'<a href="/parties/{table.pk}/">Voir la partie</a>' in page
    # "de" before a name beginning with a vowel is elided.
    assert f"Dernières parties d'{alice.username}" in page


def test_settings_need_a_logged_in_member(client: Client, db) -> None:
    response = client.get("/compte/")

    assert (response.status_code, response["Location"]) == (
        302,
        "/comptes/login/?next=/compte/",
    )


def test_settings_show_balance_verification_and_links(client: Client, bob) -> None:
    wallet_move(user=bob, amount=7, kind="grant", reason="Bienvenue")
    client.force_login(bob)

    page = client.get("/compte/").content.decode()

    assert "7 crédits" in page
    assert "non vérifiée" in page
    assert 'href="/comptes/email/"' in page
    assert 'href="/comptes/password/change/"' in page
    assert 'href="/compte/credits/"' in page


def test_wallet_lists_the_movements_newest_first(client: Client, alice) -> None:
    wallet_move(user=alice, amount=10, kind="grant", reason="Bienvenue")
    wallet_move(user=alice, amount=-4, kind="subscription", reason="Semaine 12")
    client.force_login(alice)

    response = client.get("/compte/credits/")

    page = response.content.decode()
    assert [movement.amount for movement in response.context["page"].object_list] == [-4, 10]
    assert "Solde : 6 crédits" in page
    assert '<td class="number amount--debit">-4</td>' in page
    assert '<td class="number amount--credit">+10</td>' in page
    assert "<td>Abonnement</td>" in page


def test_wallet_is_paginated(client: Client, alice) -> None:
    for index in range(51):
        wallet_move(user=alice, amount=1, kind="grant", reason=f"Lot {index}")
    client.force_login(alice)

    response = client.get("/compte/credits/?page=2")

    assert [movement.reason for movement in response.context["page"].object_list] == ["Lot 0"]
    assert "Page 2 sur 2" in response.content.decode()


def test_language_switch_saves_the_member_choice_and_the_cookie(client: Client, alice) -> None:
    client.force_login(alice)

    response = client.post("/compte/langue/", {"language": "en", "next": "/compte/"})

    assert (response.status_code, response["Location"]) == (302, "/compte/")
    assert response.cookies["django_language"].value == "en"
    assert User.objects.get(pk=alice.pk).preferred_language == "en"
    assert "My account" in client.get("/compte/").content.decode()


def test_language_switch_for_a_visitor_sets_only_the_cookie(client: Client, alice) -> None:
    response = client.post("/compte/langue/", {"language": "en", "next": "/"})

    assert response.cookies["django_language"].value == "en"
    assert User.objects.get(pk=alice.pk).preferred_language == "fr"
    assert "Welcome to Cartomaniak" in client.get("/").content.decode()


def test_language_switch_ignores_an_unknown_language(client: Client, alice) -> None:
    client.force_login(alice)

    response = client.post("/compte/langue/", {"language": "de", "next": "/"})

    assert response.status_code == 400
    assert "django_language" not in response.cookies
    assert User.objects.get(pk=alice.pk).preferred_language == "fr"


def test_a_member_preference_applies_without_a_cookie(client: Client, alice) -> None:
    User.objects.filter(pk=alice.pk).update(preferred_language="en")
    client.force_login(alice)

    page = client.get("/").content.decode()

    assert '<html lang="en">' in page
    assert "Welcome to Cartomaniak" in page


def test_navigation_and_login_state_for_a_visitor(client: Client, db) -> None:
    page = client.get("/").content.decode()

    for link in (
        '<a href="/salle/">Salle d\'attente</a>',
        '<a href="/classements/">Classements</a>',
        '<a href="/tournois/">Tournois</a>',
        '<a href="/regles/">Règles</a>',
        '<a href="/compte/">Mon compte</a>',
        '<a href="/comptes/login/">Se connecter</a>',
    ):
        assert link in page
    assert '<a class="skip-link" href="#contenu">Aller au contenu</a>' in page


def test_navigation_shows_the_member_with_stars(client: Client, alice) -> None:
    client.force_login(alice)

    page = client.get("/regles/").content.decode()

    assert '<a class="site-member__name" href="/joueurs/Alice/">Alice <span class="stars' in page
    assert '<a href="/regles/" aria-current="page">Règles</a>' in page
    assert "Se déconnecter" in page


def test_rules_page_gives_the_scoring_examples(client: Client, db) -> None:
    page = client.get("/regles/").content.decode()

    assert "46 − 30 = 16" in page
    assert "(40 − 30) × 2 × 2 = 40" in page
    assert "60 × 2 × 2 × 2 = 480" in page
    assert "<td>+7 / −5</td>" in page
