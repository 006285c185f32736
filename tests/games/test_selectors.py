import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.errors import GameError
from games.lobby import selectors as lobby_selectors
from games.lobby import services as lobby
from games.models import Game, LobbyPresence
from games.tables import selectors as table_selectors
from games.tables import services as tables
from tests.games.conftest import hidden_cards, random_legal_action, seated_user, shown_cards
from tests.games.partnership_helpers import full_table, play_out
from tests.games.test_services import play_to_end, start_game


def test_game_for_player_finds_each_seat(alice, bob):
    game = start_game(alice, bob)

    assert table_selectors.game_for_player(game_id=game.pk, user=alice)[1] == 0
    assert table_selectors.game_for_player(game_id=game.pk, user=bob)[1] == 1


def test_game_for_player_refuses_strangers_anonymous_and_unknown_games(alice, bob, make_member):
    from django.contrib.auth.models import AnonymousUser

    game = start_game(alice, bob)
    carol = make_member("carol")

    with pytest.raises(GameError) as stranger:
        table_selectors.game_for_player(game_id=game.pk, user=carol)
    with pytest.raises(GameError) as anonymous:
        table_selectors.game_for_player(game_id=game.pk, user=AnonymousUser())
    with pytest.raises(GameError) as unknown:
        table_selectors.game_for_player(game_id=game.pk + 100, user=alice)

    assert stranger.value.code == "not_seated"
    assert anonymous.value.code == "not_authenticated"
    assert unknown.value.code == "game_not_found"


def test_game_seat_for_user_is_none_for_an_open_seat(alice, make_member):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    carol = make_member("carol")

    assert table_selectors.game_seat_for_user(game=game, user=alice) == 0
    assert table_selectors.game_seat_for_user(game=game, user=carol) is None
    assert table_selectors.game_seat_for_user(game=game, user=None) is None


def test_game_current_for_user_follows_the_game(alice, bob):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    assert table_selectors.game_current_for_user(user=alice) == game
    assert table_selectors.game_current_for_user(user=bob) is None
    lobby.game_join(game_id=game.pk, user=bob)
    assert table_selectors.game_current_for_user(user=bob) == game

    tables.game_leave(game_id=game.pk, user=bob)

    assert table_selectors.game_current_for_user(user=alice) is None


def test_member_games_lists_results_newest_first(alice, bob):
    first = play_to_end(start_game(alice, bob), random.Random(1))
    second = start_game(alice, bob)

    items = table_selectors.member_games(user=bob)

    assert [item.game.pk for item in items] == [second.pk, first.pk]
    assert [item.opponent_name for item in items] == ["alice", "alice"]
    assert items[0].result_label == "En cours"
    assert items[1].result_label == ("Victoire" if first.winner_seat == 1 else "Défaite")
    assert items[1].ended_at == first.ended_at
    assert items[1].is_ranked is False
    assert items[0].url == f"/parties/{second.pk}/"
    assert items[1].url == f"/parties/{first.pk}/revoir/"
    assert table_selectors.member_games(user=bob, limit=1)[0].game == second


def test_member_games_leaves_out_open_and_cancelled_games(alice):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    tables.game_cancel(game_id=game.pk, user=alice)

    assert table_selectors.member_games(user=alice) == []


def test_member_games_lists_a_four_player_game_with_the_other_players_and_its_game(alice, bob):
    # A four-player table: alice and a computer partner against bob and a computer.
    table = play_out(
        full_table(host=alice, members=[bob], computers=2, variant="manille-french"),
        rng=random.Random(3),
    )
    duel = start_game(alice, bob)

    items = table_selectors.member_games(user=alice)

    assert [item.game.pk for item in items] == [duel.pk, table.pk]
    later, earlier = items
    # The two-player game as before: the opponent's name, the game named.
    assert (later.opponent_name, later.variant_label, later.is_against_computer) == (
        "bob",
        "Manille à deux",
        False,
    )
    assert (later.result_label, later.url) == ("En cours", f"/parties/{duel.pk}/")
    # The four-player game: every other player, the opponents first (by seat), then the partner.
    assert earlier.opponent_name == "bob, Inès (facile), Hugo (facile)"
    assert earlier.variant_label == "Manille française"
    assert earlier.is_ranked is False and earlier.is_against_computer is False
    assert earlier.result_label == ("Victoire" if table.winner_team == 0 else "Défaite")
    assert earlier.ended_at == table.ended_at
    assert earlier.url == f"/parties/{table.pk}/revoir/"
    # Bob's history names his own opponents first: alice and her computer partner.
    [bobs_table] = [item for item in table_selectors.member_games(user=bob) if item.game == table]
    assert bobs_table.opponent_name == "alice, Hugo (facile), Inès (facile)"
    assert bobs_table.result_label == ("Victoire" if table.winner_team == 1 else "Défaite")


def test_lobby_snapshot_lists_open_games_and_the_members_present(alice, bob):
    game = lobby.game_open(user=bob, format="six-deals", is_ranked=True)
    lobby.lobby_presence_join(user=alice, channel_name="one")
    lobby.lobby_presence_join(user=alice, channel_name="two")

    snapshot = lobby_selectors.lobby_snapshot(user=alice)

    assert snapshot["present"] == [{"name": "alice", "stars": 1, "stars_label": "★"}]
    assert snapshot["open_games"] == [
        {
            "id": game.pk,
            "variant": "manille-2p",
            "creator": "bob",
            "stars": 1,
            "stars_label": "★",
            "is_ranked": True,
            "format": "six-deals",
            "format_label": "6 donnes",
        }
    ]
    assert snapshot["games_in_progress"] == []
    assert snapshot["you"] == {"name": "alice", "can_play_ranked": True, "challenges": []}
    assert lobby_selectors.lobby_member_state(frame=snapshot)["current_game"] is None


def test_presence_expires_without_heartbeat(alice):
    long_ago = timezone.now() - timedelta(minutes=5)
    lobby.lobby_presence_join(user=alice, channel_name="dead-process", now=long_ago)

    assert lobby_selectors.lobby_present_members() == []
    assert lobby.lobby_presence_expire(now=timezone.now()) == 1
    assert LobbyPresence.objects.count() == 0


def test_presence_heartbeat_keeps_a_member_present(alice):
    long_ago = timezone.now() - timedelta(minutes=5)
    lobby.lobby_presence_join(user=alice, channel_name="tab", now=long_ago)

    lobby.lobby_presence_touch(channel_names=["tab"])

    assert [m["name"] for m in lobby_selectors.lobby_present_members()] == ["alice"]


@pytest.mark.parametrize("seed", range(12))
def test_no_view_ever_shows_a_hidden_card(alice, bob, seed):
    rng = random.Random(seed)
    game = lobby.game_open(
        user=alice, format="six-deals" if seed % 2 else "first-to-71", is_ranked=False
    )
    game = lobby.game_join(game_id=game.pk, user=bob, rng=rng)
    checked = 0
    while True:
        game = table_selectors.game_get(game_id=game.pk)
        for seat in (0, 1, None):
            frame = table_selectors.game_frame(game=game, seat=seat)
            shown = shown_cards(frame)
            assert shown & hidden_cards(game, seat) == set()
            assert "deck" not in str(frame)
            checked += 1
        if game.status != Game.Status.IN_PROGRESS:
            break
        seat, action = random_legal_action(game, rng)
        tables.game_act(
            game_id=game.pk,
            user=seated_user(game, seat),
            action=action,
            expected_version=game.version,
            rng=rng,
        )
    assert checked == 3 * game.version


def test_the_completed_trick_between_deals_leaves_out_a_question_naming_a_card() -> None:
    from games.engine.partnership import Action
    from games.engine.variants import variant_get

    variant = variant_get("manille-parlee")
    state = variant.deal_start(
        variant.new_match(first_dealer=0), variant.shuffled_deck(random.Random(3))
    )
    while sum(state.deal.tricks_won) < 7:
        seat = variant.seat_to_act(state)
        state = variant.apply(state, variant.legal_actions(state, seat)[0])
    plays = []
    for position in range(4):
        seat = variant.seat_to_act(state)
        if position == 3:
            state = variant.apply(state, Action(seat=seat, type="ask_card", card="TS"))
        (card,) = state.deal.hands[seat]
        plays.append({"seat": seat, "card": card})
        state = variant.apply(state, Action(seat=seat, type="play", card=card))

    trick = table_selectors.completed_trick(variant, state)

    assert str(state.phase) == "dealing"
    assert trick["cards"] == plays


def test_each_computer_at_a_table_is_named_after_its_seat_in_the_readers_language(alice):
    from django.utils import translation

    table = full_table(host=alice, computers=3, level="moyen")

    frame = table_selectors.game_frame(game=table, seat=0)
    with translation.override("en"):
        english = table_selectors.game_frame(game=table, seat=0)

    assert [seat["name"] for seat in frame["game"]["seats"]] == [
        "alice",
        "Louise (moyen)",
        "Hugo (moyen)",
        "Inès (moyen)",
    ]
    assert english["game"]["seats"][1]["name"] == "Louise (medium)"
    # The deal's score is explained from the game's own scoring (muette: the excess over 34).
    assert frame["game"]["deal_scoring"] == {
        "half": 34,
        "capot_base": None,
        "is_each_side_scoring": False,
    }
