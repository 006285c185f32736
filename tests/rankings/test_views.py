import datetime as dt

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts.selectors import wallet_balance
from rankings.models import LadderSettings, Prize, Subscription
from rankings.periods import LadderKind, period_containing
from rankings.selectors import (
    game_stakes,
    leaderboard_get,
    leaderboard_member_rank,
    leaderboard_rows,
    leaderboard_search,
)
from rankings.services import ladder_game_ended, period_close

from .conftest import finished_game, grant, subscribe, two_player_game


def _now_week():
    return period_containing(kind=LadderKind.WEEKLY, moment=timezone.now())


def _login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _many_subscribers(count: int) -> list:
    """Subscribe `count` members to the current week with points count-1 ... 0."""
    now = timezone.now()
    # Unusable passwords: hashing 120 real ones would only slow the test down.
    members = get_user_model().objects.bulk_create(
        get_user_model()(username=f"member{index:03d}", password="!") for index in range(count)
    )
    EmailAddress.objects.bulk_create(
        EmailAddress(
            user=member, email=f"{member.username}@example.com", verified=True, primary=True
        )
        for member in members
    )
    for index, member in enumerate(members):
        subscribe(member, moment=now, points=count - 1 - index)
    return members


def test_game_stakes_follow_the_matrix_for_each_seat(make_member) -> None:
    one_star = make_member("novice")
    two_stars = make_member("regular", wins=15, losses=9)
    game = finished_game(winner=one_star, loser=two_stars)

    assert game_stakes(game=game) == {0: {"win": 6, "loss": 2}, 1: {"win": 4, "loss": 4}}


def test_game_stakes_are_none_for_a_free_game_or_an_empty_seat(alice, bob) -> None:
    free = finished_game(winner=alice, loser=bob, is_ranked=False)
    waiting = two_player_game(players=(alice, None), is_ranked=True, format="six-deals")

    assert game_stakes(game=free) is None
    assert game_stakes(game=waiting) is None


def test_game_stakes_use_current_groups_until_the_game_stores_them(make_member) -> None:
    veteran = make_member("veteran", wins=200, losses=100)
    novice = make_member("novice")
    game = two_player_game(players=(veteran, novice), is_ranked=True, format="six-deals")

    assert game_stakes(game=game) == {0: {"win": 3, "loss": 5}, 1: {"win": 7, "loss": 1}}


def test_leaderboards_page_shows_current_week_and_month_with_points(alice, bob) -> None:
    now = timezone.now()
    subscribe(alice, LadderKind.WEEKLY, moment=now)
    subscribe(bob, LadderKind.WEEKLY, moment=now)
    subscribe(alice, LadderKind.MONTHLY, moment=now)
    ladder_game_ended(game=finished_game(winner=alice, loser=bob, ended_at=now))

    response = _login(alice).get("/classements/")

    page = response.content.decode()
    assert response.status_code == 200
    boards = response.context["boards"]
    assert [board["board"].period.kind for board in boards] == ["weekly", "monthly"]
    assert [(row.username, row.points) for row in boards[0]["rows"]] == [("alice", 5), ("bob", 0)]
    assert [(row.username, row.points) for row in boards[1]["rows"]] == [("alice", 5)]
    assert 'class="is-me"' in page
    assert page.count("?moi=1") == 2
    assert "Semaine en cours" in page
    assert "Mois en cours" in page


def test_a_full_leaderboard_paginates_and_ma_position_reaches_the_members_page(db) -> None:
    members = _many_subscribers(120)
    client = _login(members[107])
    week = _now_week()
    url = f"/classements/semaine/{week.start_date.isoformat()}/"

    first_page = client.get(url)
    third_page = client.get(url, {"page": 3})
    jump = client.get(url, {"moi": 1})

    assert [row.rank for row in first_page.context["rows"]] == list(range(1, 51))
    assert f'<a id="ma-position" href="{url}?moi=1">Ma position</a>' in first_page.content.decode()
    assert [row.username for row in third_page.context["rows"]][7] == "member107"
    assert third_page.context["rows"][7].rank == 108
    assert 'id="rang-108" data-member="member107" class="is-me"' in third_page.content.decode()
    assert jump.status_code == 302
    assert jump["Location"] == f"{url}?page=3#rang-108"


def test_the_current_leaderboard_short_address_and_search(db) -> None:
    _many_subscribers(60)

    response = Client().get("/classements/semaine/", {"q": "member05"})

    assert [(row.rank, row.username) for row in response.context["search_rows"]] == [
        (51, "member050"),
        (52, "member051"),
        (53, "member052"),
        (54, "member053"),
        (55, "member054"),
        (56, "member055"),
        (57, "member056"),
        (58, "member057"),
        (59, "member058"),
        (60, "member059"),
    ]


def test_live_rank_counts_every_tie_break(make_member) -> None:
    now = timezone.now()
    week = _now_week()
    members = [make_member(name) for name in ("a", "b", "c", "d")]
    values = [(5, 1, 0, 2), (5, 1, 0, 1), (5, 1, 1, 0), (5, 2, 3, 3)]
    for member, (points, wins, losses, hour) in zip(members, values, strict=True):
        subscription = subscribe(member, moment=now)
        subscription.points, subscription.wins, subscription.losses = points, wins, losses
        subscription.points_reached_at = week.start + dt.timedelta(hours=hour)
        subscription.save()
    board = leaderboard_get(period=week)

    ranks = [leaderboard_member_rank(leaderboard=board, user=member) for member in members]

    assert ranks == [3, 2, 4, 1]
    assert [row.username for row in leaderboard_rows(leaderboard=board, page=1)] == [
        "d",
        "b",
        "a",
        "c",
    ]
    assert [row.rank for row in leaderboard_search(leaderboard=board, query="c")] == [4]


def test_a_closed_period_shows_its_frozen_standings_and_prize_winners(alice, bob) -> None:
    week = _now_week().previous()
    subscribe(alice, moment=week.start)
    subscribe(bob, moment=week.start)
    ladder_game_ended(
        game=finished_game(winner=alice, loser=bob, ended_at=week.start + dt.timedelta(hours=5))
    )
    Prize.objects.create(
        ladder_kind=LadderKind.WEEKLY,
        period_start=week.start,
        place=1,
        kind=Prize.Kind.ITEM,
        description="Un jeu de cartes",
    )
    period_close(ladder_kind="weekly", period_start=week.start, now=week.end)

    index = Client().get("/classements/")
    detail = Client().get(f"/classements/semaine/{week.start_date.isoformat()}/")

    assert index.context["closed"][0]["prizes"][0].winner == alice
    assert "Un jeu de cartes" in index.content.decode()
    assert detail.context["board"].is_closed is True
    assert [(row.rank, row.username, row.points) for row in detail.context["rows"]] == [
        (1, "alice", 5),
        (2, "bob", 0),
    ]
    assert "classement final" in detail.content.decode()


def test_unknown_or_future_periods_are_not_found(db) -> None:
    coming = _now_week().next()

    assert Client().get("/classements/annee/").status_code == 404
    assert Client().get("/classements/semaine/2026-06-16/").status_code == 404
    assert Client().get("/classements/semaine/pas-une-date/").status_code == 404
    assert Client().get(f"/classements/semaine/{coming.start_date.isoformat()}/").status_code == 404


def test_my_ranking_shows_position_points_and_the_ledger(make_member) -> None:
    now = timezone.now()
    me = make_member("me", wins=15, losses=9)
    rival = make_member("rival")
    subscribe(me, moment=now)
    subscribe(rival, moment=now, points=50)
    ladder_game_ended(game=finished_game(winner=me, loser=rival, ended_at=now))

    response = _login(me).get("/classements/moi/")

    page = response.content.decode()
    weekly = response.context["positions"][0]
    assert weekly["position"].rank == 2
    assert weekly["position"].subscription.points == 4
    assert [(entry.opponent.username, entry.delta) for entry in weekly["ledger"]] == [("rival", 4)]
    assert "Rang 2 sur 2 · points : 4 · victoires : 1, défaites : 0" in page
    assert "+4" in page
    assert response.context["positions"][1]["position"].subscription is None


def test_my_ranking_requires_login(db) -> None:
    response = Client().get("/classements/moi/")

    assert response.status_code == 302
    assert response["Location"].startswith("/comptes/login/")


def test_subscribe_page_buys_a_period_and_shows_errors(make_member) -> None:
    member = make_member("buyer")
    LadderSettings.objects.create(kind=LadderKind.WEEKLY, price=20)
    grant(member, 30)
    client = _login(member)
    week = _now_week()
    value = f"weekly:{week.start_date.isoformat()}"

    form_page = client.get("/classements/abonnement/")
    bought = client.post("/classements/abonnement/", {"period": value})
    poor = client.post(
        "/classements/abonnement/", {"period": f"weekly:{week.next().start_date.isoformat()}"}
    )

    assert value in dict(form_page.context["form"].fields["period"].choices)
    assert bought.status_code == 302
    assert bought["Location"] == "/classements/moi/"
    assert poor.status_code == 200
    assert "Crédits insuffisants : cet abonnement coûte 20 crédits." in poor.content.decode()
    assert list(Subscription.objects.values_list("user__username", "period_start")) == [
        ("buyer", week.start)
    ]
    assert wallet_balance(user=member) == 10


def test_subscribe_page_tells_an_unverified_member_why(make_member) -> None:
    member = make_member("unverified", is_verified=False)
    client = _login(member)
    value = f"monthly:{period_containing(kind='monthly', moment=timezone.now()).start_date}"

    response = client.post("/classements/abonnement/", {"period": value})

    assert "Vérifiez d&#x27;abord votre adresse e-mail" in response.content.decode()
    assert Subscription.objects.count() == 0


def test_pages_answer_in_english_for_an_english_member(make_member) -> None:
    member = make_member("english")
    member.preferred_language = "en"
    member.save()

    response = _login(member).get("/classements/")

    assert "Current week" in response.content.decode()
