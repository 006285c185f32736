"""The public pages: everything shown before the start, then the rounds, then the result."""

import datetime as dt

from django.test import Client
from django.utils import timezone

from tournaments.models import Registration, Tournament

from .conftest import advance, live_games, lose_every_live_game, no_show, register


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_fresh_site_says_what_a_championship_is_and_what_to_do_meanwhile(db):
    page = client_for().get("/tournois/").content.decode()

    assert "Aucun championnat pour l'instant" in page
    assert "L'équipe du site annonce chaque championnat sur cette page" in page
    for url in ("/regles/", "/classements/", "/salle/"):
        assert f'href="{url}"' in page
    # Not three empty sections besides it.
    assert "Aucun tournoi ne se joue en ce moment." not in page


def test_the_explanation_makes_way_for_the_first_competition(make_tournament):
    make_tournament(name="Coupe du printemps")

    page = client_for().get("/tournois/").content.decode()

    assert "Aucun championnat pour l'instant" not in page
    assert "Coupe du printemps" in page


def test_the_list_shows_each_competition_with_its_start_on_the_paris_clock(make_tournament):
    make_tournament(
        name="Championnat d'hiver",
        registration_opens_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        registration_closes_at=dt.datetime(2099, 12, 12, 18, 0, tzinfo=dt.UTC),
        starts_at=dt.datetime(2099, 12, 12, 19, 0, tzinfo=dt.UTC),
    )

    page = client_for().get("/tournois/")

    assert page.status_code == 200
    html = page.content.decode()
    assert "Championnat d&#x27;hiver" in html
    assert "samedi 12 décembre 2099, 20:00" in html  # 19:00 UTC is 20:00 in Paris in winter
    assert list(page.context["upcoming"]) == list(Tournament.objects.all())


def test_everything_is_shown_before_the_start(make_tournament, members):
    tournament = make_tournament(
        entry_fee=10,
        min_stars=1,
        rules="Trois minutes par décision.",
        description="Le rendez-vous du samedi.",
        prizes=(
            (1, "credits", 200, ""),
            (2, "item", 0, "Un jeu de cartes"),
            (3, "money", 0, "20 €"),
        ),
    )
    first, second = members(2)
    Registration.objects.create(tournament=tournament, user=first, created_at=timezone.now())

    page = client_for(second).get(f"/tournois/{tournament.pk}/")

    html = page.content.decode()
    for text in (
        "Le rendez-vous du samedi.",
        "Trois minutes par décision.",
        "Élimination directe",
        "une partie, premier à 71",
        "Ouverture des inscriptions",
        "Clôture des inscriptions",
        "10 crédits",
        "200 crédits",
        "Un jeu de cartes",
        "20 €",
        "1 inscrit",
        "player1",
        'id="register-button"',
        "S'inscrire (10 crédits)",
    ):
        assert text in html, text


def test_the_page_states_the_real_time_per_decision(make_tournament, member, settings):
    settings.GAME_DECISION_SECONDS = 90
    tournament = make_tournament()
    english = member("english")
    english.preferred_language = "en"
    english.save()

    french_html = client_for().get(f"/tournois/{tournament.pk}/").content.decode()
    english_html = client_for(english).get(f"/tournois/{tournament.pk}/").content.decode()

    assert "90 secondes par décision, sinon la partie est perdue par forfait." in french_html
    assert "90 seconds per decision, otherwise the game is lost by forfeit." in english_html
    assert "minutes" not in french_html + english_html


def test_a_member_registers_and_withdraws_from_the_page(make_tournament, members):
    tournament = make_tournament()
    (alice,) = members(1)
    client = client_for(alice)

    response = client.post(f"/tournois/{tournament.pk}/inscription/", follow=True)
    assert "Vous êtes inscrit. Bonne chance !" in response.content.decode()
    assert 'id="withdraw-button"' in response.content.decode()
    assert Registration.objects.filter(user=alice, withdrawn_at__isnull=True).count() == 1

    response = client.post(f"/tournois/{tournament.pk}/desinscription/", follow=True)
    assert "Vous êtes désinscrit." in response.content.decode()
    assert Registration.objects.filter(user=alice, withdrawn_at__isnull=True).count() == 0


def test_a_refused_registration_says_why_and_creates_nothing(make_tournament, member):
    tournament = make_tournament()
    unverified = member("unverified", is_verified=False)

    page = client_for(unverified).get(f"/tournois/{tournament.pk}/")
    response = client_for(unverified).post(f"/tournois/{tournament.pk}/inscription/", follow=True)

    assert "Vérifiez d&#x27;abord votre adresse e-mail" in page.content.decode()
    assert 'id="register-button"' not in page.content.decode()
    assert "Ce tournoi demande une adresse e-mail vérifiée." in response.content.decode()
    assert Registration.objects.count() == 0


def test_the_page_says_why_a_competition_starting_with_his_other_one_is_refused(
    make_tournament, member
):
    evening = make_tournament(name="Coupe du soir")
    same_time = make_tournament(
        name="Coupe de la nuit",
        registration_closes_at=evening.registration_closes_at,
        starts_at=evening.starts_at,
    )
    alice = member("alice")
    register(evening, alice)

    page = client_for(alice).get(f"/tournois/{same_time.pk}/")

    html = page.content.decode()
    assert "Vous êtes inscrit au tournoi « Coupe du soir », qui commence à la même heure" in html
    assert 'id="register-button"' not in html


def test_a_visitor_must_sign_in_to_register(make_tournament):
    tournament = make_tournament()

    page = client_for().get(f"/tournois/{tournament.pk}/")
    response = client_for().post(f"/tournois/{tournament.pk}/inscription/")

    assert "Se connecter pour s'inscrire" in page.content.decode()
    assert response.status_code == 302
    assert response["Location"].startswith("/comptes/login/")


def test_a_running_bracket_shows_the_current_round_with_links_to_watch(make_tournament, members):
    tournament = make_tournament()
    players = members(3)
    register(tournament, *players)
    advance(tournament)
    (game,) = live_games(tournament)

    page = client_for(game.player_at(0)).get(f"/tournois/{tournament.pk}/")

    html = page.content.decode()
    assert "Demi-finales — 2 tours en tout" in html
    assert f'href="/parties/{game.pk}/"' in html
    assert "Regarder" in html
    assert 'id="your-game"' in html
    assert "exempt" in html  # player1, the top seed, goes through the first round
    assert "Finale" in html and "à venir" in html


def test_a_finished_competition_shows_its_final_ranking_and_prize_winners(make_tournament, members):
    tournament = make_tournament(
        format=Tournament.Format.SWISS,
        swiss_rounds=1,
        prizes=((1, "credits", 100, ""),),
    )
    first, second = members(2)
    register(tournament, first, second)
    advance(tournament)
    lose_every_live_game(tournament, seat=1)
    advance(tournament, minutes=1)

    page = client_for().get(f"/tournois/{tournament.pk}/")

    html = page.content.decode()
    assert "Classement final" in html
    assert "Vainqueur : player1" in html
    assert "gagné par player1" in html
    assert [row.player.username for row in page.context["page"].standings] == [
        "player1",
        "player2",
    ]


def test_the_live_part_holds_the_parts_that_change(make_tournament):
    tournament = make_tournament()

    page = client_for().get(f"/tournois/{tournament.pk}/direct/")

    html = page.content.decode()
    for part in ('id="tournament-status"', 'id="tournament-entry"', 'id="tournament-live"'):
        assert part in html
    assert "<html" not in html


def test_a_page_read_starts_a_competition_whose_start_has_passed(make_tournament, members):
    tournament = make_tournament()
    register(tournament, *members(2))
    Tournament.objects.filter(pk=tournament.pk).update(
        registration_closes_at=timezone.now() - dt.timedelta(minutes=1),
        starts_at=timezone.now() - dt.timedelta(seconds=1),
    )

    client_for().get(f"/tournois/{tournament.pk}/")

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert len(live_games(tournament)) == 1


def test_an_unknown_competition_is_not_found(db):
    assert client_for().get("/tournois/999/").status_code == 404


def test_a_round_robin_walkover_says_that_the_opponent_was_absent(make_tournament, members):
    tournament = make_tournament(format=Tournament.Format.ROUND_ROBIN)
    players = members(4)
    register(tournament, *players)
    advance(tournament)
    first_game, _other_game = live_games(tournament)
    no_show(first_game, first_game.player_at(1))
    lose_every_live_game(tournament)
    advance(tournament, minutes=5)

    html = client_for().get(f"/tournois/{tournament.pk}/").content.decode()

    assert html.count("gagné sans jouer : adversaire absent") == 1
