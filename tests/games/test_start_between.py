"""`game_start_between`: a match the site starts at once between two members (a pairing)."""

import pytest

from games.errors import GameError
from games.lobby import services as lobby
from games.models import Game, GameAction
from games.tables import selectors as table_selectors
from games.tables import services as tables


def start(first, second, **options) -> Game:
    return tables.game_start_between(
        players=[first, second],
        format=options.pop("format", "first-to-71"),
        origin=Game.Origin.TOURNAMENT,
        origin_label="Coupe du printemps",
        origin_url="/tournois/1/",
        **options,
    )


def test_it_starts_an_unranked_game_at_once_and_names_its_origin(alice, bob):
    game = start(alice, bob, format="six-deals")

    game.refresh_from_db()
    assert (game.status, game.player_at(0), game.player_at(1), game.format) == (
        "in_progress",
        alice,
        bob,
        "six-deals",
    )
    assert (game.is_ranked, game.origin, game.origin_label, game.origin_url) == (
        False,
        "tournament",
        "Coupe du printemps",
        "/tournois/1/",
    )
    assert game.deadline is not None
    assert game.state["deal"] is not None
    assert list(GameAction.objects.filter(game=game).values_list("version", "kind")) == [
        (1, "start")
    ]


def test_it_takes_both_members_out_of_the_waiting_room(alice, bob):
    waiting = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)

    game = start(alice, bob)

    waiting.refresh_from_db()
    assert waiting.status == Game.Status.CANCELLED
    assert table_selectors.game_current_for_user(user=alice) == game


def test_a_member_playing_another_game_is_not_interrupted_unless_allowed(alice, bob, make_member):
    carol = make_member("carol")
    other = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    lobby.game_join(game_id=other.pk, user=carol)

    with pytest.raises(GameError) as caught:
        start(alice, bob)
    assert caught.value.code == "already_in_game"
    assert Game.objects.filter(origin=Game.Origin.TOURNAMENT).count() == 0

    game = start(alice, bob, allow_busy=True)
    assert game.status == Game.Status.IN_PROGRESS
    assert Game.objects.filter(status=Game.Status.IN_PROGRESS).count() == 2


def test_a_member_cannot_meet_himself(alice):
    with pytest.raises(GameError) as caught:
        start(alice, alice)

    assert caught.value.code == "malformed"
    assert Game.objects.count() == 0
