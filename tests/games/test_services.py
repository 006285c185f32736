import json
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine
from games.errors import GameError
from games.lobby import services as lobby
from games.models import Game, GameAction
from games.tables import services as tables
from tests.games.conftest import random_legal_action, seated_user


def start_game(alice, bob, *, format: str = "first-to-71", is_ranked: bool = False) -> Game:
    game = lobby.game_open(user=alice, format=format, is_ranked=is_ranked)
    return lobby.game_join(game_id=game.pk, user=bob)


def play_to_end(game: Game, rng: random.Random, *, limit: int = 5000) -> Game:
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.IN_PROGRESS:
            return game
        seat, action = random_legal_action(game, rng)
        tables.game_act(
            game_id=game.pk,
            user=seated_user(game, seat),
            action=action,
            expected_version=game.version,
        )
    raise AssertionError("the match did not end")


def test_create_opens_a_game_with_the_creator_in_seat_0(alice):
    game = lobby.game_open(user=alice, format="six-deals", is_ranked=False)

    assert game.status == Game.Status.OPEN
    assert game.player_at(0) == alice
    assert game.player_at(1) is None
    assert game.format == "six-deals"
    assert game.version == 0


def test_create_refuses_a_second_game_while_one_waits(alice):
    lobby.game_open(user=alice, format="first-to-71", is_ranked=False)

    with pytest.raises(GameError) as caught:
        lobby.game_open(user=alice, format="first-to-71", is_ranked=False)

    assert caught.value.code == "already_in_game"
    assert Game.objects.filter(host=alice).count() == 1


def test_ranked_game_needs_a_verified_email(make_member):
    carol = make_member("carol", is_verified=False)

    with pytest.raises(GameError) as caught:
        lobby.game_open(user=carol, format="first-to-71", is_ranked=True)

    assert caught.value.code == "verification_required"
    assert Game.objects.count() == 0


def test_unverified_member_cannot_join_a_ranked_game(alice, make_member):
    carol = make_member("carol", is_verified=False)
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=True)

    with pytest.raises(GameError) as caught:
        lobby.game_join(game_id=game.pk, user=carol)

    assert caught.value.code == "verification_required"
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_unknown_format_is_refused(alice):
    with pytest.raises(GameError) as caught:
        lobby.game_open(user=alice, format="first-to-1000", is_ranked=False)

    assert caught.value.code == "bad_format"


def test_join_starts_the_match(alice, bob):
    game = start_game(alice, bob)

    game.refresh_from_db()
    state = engine.state_from_json(game.state)
    assert game.status == Game.Status.IN_PROGRESS
    assert game.player_at(1) == bob
    assert game.version == 1
    assert game.seats_by_number()[0].stars == 1
    assert game.seats_by_number()[1].stars == 1
    assert game.started_at is not None
    assert game.deadline == game.started_at + timedelta(seconds=180)
    assert state.phase == engine.Phase.TRUMP
    assert state.dealer == state.progress.first_dealer
    draws = game.first_dealer_draw
    last = [card for _seat, card in draws[-1]]
    assert engine.STRENGTH[last[0]] != engine.STRENGTH[last[1]]
    expected_dealer = 0 if engine.STRENGTH[last[0]] > engine.STRENGTH[last[1]] else 1
    assert state.dealer == expected_dealer
    assert list(GameAction.objects.filter(game=game).values_list("version", "kind")) == [
        (1, "start")
    ]


def test_join_refuses_own_game_and_a_second_game(alice, bob, make_member):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    with pytest.raises(GameError) as own:
        lobby.game_join(game_id=game.pk, user=alice)
    lobby.game_open(user=bob, format="first-to-71", is_ranked=False)

    with pytest.raises(GameError) as busy:
        lobby.game_join(game_id=game.pk, user=bob)

    assert own.value.code == "own_game"
    assert busy.value.code == "already_in_game"
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_cancel_only_by_the_creator_and_only_while_open(alice, bob):
    game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
    with pytest.raises(GameError) as stranger:
        tables.game_cancel(game_id=game.pk, user=bob)

    tables.game_cancel(game_id=game.pk, user=alice)

    game.refresh_from_db()
    assert stranger.value.code == "not_creator"
    assert game.status == Game.Status.CANCELLED
    with pytest.raises(GameError) as again:
        lobby.game_join(game_id=game.pk, user=bob)
    assert again.value.code == "game_not_open"


def test_stale_version_changes_nothing(alice, bob):
    game = start_game(alice, bob)
    seat, action = random_legal_action(game, random.Random(3))
    player = seated_user(game, seat)
    tables.game_act(game_id=game.pk, user=player, action=action, expected_version=1)
    game.refresh_from_db()
    state_before = json.dumps(game.state, sort_keys=True)

    with pytest.raises(GameError) as caught:
        tables.game_act(game_id=game.pk, user=player, action=action, expected_version=1)

    game.refresh_from_db()
    assert caught.value.code == "stale_version"
    assert game.version == 2
    assert json.dumps(game.state, sort_keys=True) == state_before


def test_out_of_turn_action_is_refused_with_the_engine_code(alice, bob):
    game = start_game(alice, bob)
    state = engine.state_from_json(game.state)
    waiting = seated_user(game, 1 - engine.seat_to_act(state))

    with pytest.raises(GameError) as caught:
        tables.game_act(game_id=game.pk, user=waiting, action={"type": "roll"}, expected_version=1)

    game.refresh_from_db()
    assert caught.value.code == "not_your_turn"
    assert game.version == 1


def test_malformed_action_is_refused(alice, bob):
    game = start_game(alice, bob)
    state = engine.state_from_json(game.state)
    dealer = seated_user(game, engine.seat_to_act(state))

    with pytest.raises(GameError) as caught:
        tables.game_act(
            game_id=game.pk,
            user=dealer,
            action={"type": "trump", "suit": "X"},
            expected_version=1,
        )

    assert caught.value.code == "malformed"


def test_a_stranger_cannot_act(alice, bob, make_member):
    game = start_game(alice, bob)
    carol = make_member("carol")

    with pytest.raises(GameError) as caught:
        tables.game_act(game_id=game.pk, user=carol, action={"type": "roll"}, expected_version=1)

    assert caught.value.code == "not_seated"


def test_a_complete_match_ends_on_points_and_is_recorded(alice, bob):
    game = start_game(alice, bob)

    game = play_to_end(game, random.Random(7))

    state = engine.state_from_json(game.state)
    assert game.status == Game.Status.FINISHED
    assert game.end_reason == "points"
    assert game.winner_seat == state.winner
    assert max(state.totals) >= 71
    assert game.is_first_deal_complete is True
    assert game.deadline is None
    assert game.ended_at is not None
    assert GameAction.objects.filter(game=game).count() == game.version


def test_six_deal_match_rolls_the_forced_deal_itself(alice, bob):
    rng = random.Random(11)
    game = lobby.game_open(user=alice, format="six-deals", is_ranked=False)
    game = lobby.game_join(game_id=game.pk, user=bob, rng=rng)
    state = engine.state_from_json(game.state)
    # Never roll by choice, never buque: the dealer's third deal must then be rolled for him.
    while not (state.phase == engine.Phase.BUQUE and state.deal.roll_forced):
        assert game.status == Game.Status.IN_PROGRESS
        seat = engine.seat_to_act(state)
        choices = [
            a for a in engine.legal_actions(state, seat) if a.type in ("trump", "pass", "play")
        ]
        action = rng.choice(choices).to_json()
        action.pop("seat")
        game = tables.game_act(
            game_id=game.pk,
            user=seated_user(game, seat),
            action=action,
            expected_version=game.version,
            rng=rng,
        )
        state = engine.state_from_json(game.state)

    record = services_record(game)
    forced_deal = record["deals"][-1]
    assert len(record["deals"]) == 5
    assert forced_deal["actions"] == [{"seat": forced_deal["dealer"], "type": "roll"}]
    assert state.deal.rolled is True
    assert engine.seat_to_act(state) == 1 - forced_deal["dealer"]


def services_record(game):
    from games.tables.selectors import game_record

    return game_record(game=game)


def test_leaving_is_a_forfeit_at_once(alice, bob):
    game = start_game(alice, bob)

    tables.game_leave(game_id=game.pk, user=bob)

    game.refresh_from_db()
    state = engine.state_from_json(game.state)
    assert game.status == Game.Status.FINISHED
    assert game.winner_seat == 0
    assert game.end_reason == "left"
    assert game.is_first_deal_complete is False
    assert state.end == {"type": "forfeit", "seat": 1, "reason": "left"}
    with pytest.raises(GameError) as again:
        tables.game_leave(game_id=game.pk, user=alice)
    assert again.value.code == "game_not_in_progress"


def test_deadline_forfeits_with_nobody_connected(alice, bob):
    game = start_game(alice, bob)
    state = engine.state_from_json(game.state)
    late_seat = engine.seat_to_act(state)

    ended = tables.game_enforce_deadlines(now=game.deadline + timedelta(seconds=1))

    game.refresh_from_db()
    assert ended == [game.pk]
    assert game.status == Game.Status.FINISHED
    assert game.end_reason == "timeout"
    assert game.winner_seat == 1 - late_seat
    assert tables.game_enforce_deadlines(now=game.ended_at + timedelta(hours=1)) == []


def test_deadline_not_yet_reached_changes_nothing(alice, bob):
    game = start_game(alice, bob)

    ended = tables.game_enforce_deadlines(now=game.deadline - timedelta(seconds=1))

    game.refresh_from_db()
    assert ended == []
    assert game.status == Game.Status.IN_PROGRESS
    assert game.version == 1


def test_deadline_survives_a_restart(alice, bob):
    # A restart loses everything but the database: a fresh call with only the clock settles it.
    game = start_game(alice, bob)
    game_id, deadline = game.pk, game.deadline
    del game

    from games.tasks import enforce_deadlines

    assert enforce_deadlines() == 0
    assert tables.game_enforce_deadlines(now=deadline + timedelta(milliseconds=1)) == [game_id]
    assert Game.objects.get(pk=game_id).end_reason == "timeout"


def test_a_move_at_the_deadline_has_exactly_one_outcome(alice, bob):
    game = start_game(alice, bob)
    seat, action = random_legal_action(game, random.Random(5))
    at_deadline = game.deadline

    with pytest.raises(GameError) as caught:
        tables.game_act(
            game_id=game.pk,
            user=seated_user(game, seat),
            action=action,
            expected_version=1,
            now=at_deadline,
        )
    ended_by_sweeper = tables.game_enforce_deadlines(now=at_deadline + timedelta(seconds=5))

    game.refresh_from_db()
    assert caught.value.code == "time_over"
    assert ended_by_sweeper == []
    assert game.status == Game.Status.FINISHED
    assert game.end_reason == "timeout"
    assert game.winner_seat == 1 - seat
    assert list(GameAction.objects.filter(game=game).values_list("kind", flat=True)) == [
        "start",
        "forfeit",
    ]


def test_a_move_just_before_the_deadline_wins_over_the_sweeper(alice, bob):
    game = start_game(alice, bob)
    seat, action = random_legal_action(game, random.Random(5))
    before = game.deadline - timedelta(milliseconds=1)

    tables.game_act(
        game_id=game.pk,
        user=seated_user(game, seat),
        action=action,
        expected_version=1,
        now=before,
    )
    ended = tables.game_enforce_deadlines(now=game.deadline + timedelta(milliseconds=1))

    game.refresh_from_db()
    assert ended == []
    assert game.status == Game.Status.IN_PROGRESS
    assert game.version == 2
    assert game.deadline == before + timedelta(seconds=180)


def test_each_action_sets_a_new_deadline(alice, bob):
    game = start_game(alice, bob)
    seat, action = random_legal_action(game, random.Random(2))
    now = timezone.now()

    tables.game_act(
        game_id=game.pk, user=seated_user(game, seat), action=action, expected_version=1, now=now
    )

    game.refresh_from_db()
    assert game.deadline == now + timedelta(seconds=180)


def test_join_stores_the_group_of_the_member_s_record_now_not_of_a_kept_object(make_member):
    # A second tab's waiting-room socket holds the member as he was when it opened: 19W/0L (★).
    veteran = make_member("veteran", wins=19, losses=0)
    kept_by_an_old_socket = type(veteran).objects.get(pk=veteran.pk)
    rival = make_member("rival")
    newcomer = make_member("newcomer")
    # He then loses a ranked game in another tab: 19W/1L, 20 games, ★★★.
    first = lobby.game_open(user=rival, format="first-to-71", is_ranked=True)
    lobby.game_join(game_id=first.pk, user=veteran)
    tables.game_leave(game_id=first.pk, user=veteran)
    game = lobby.game_open(user=newcomer, format="first-to-71", is_ranked=True)

    joined = lobby.game_join(game_id=game.pk, user=kept_by_an_old_socket)

    veteran.refresh_from_db()
    assert (veteran.ranked_wins, veteran.ranked_losses) == (19, 1)
    assert (joined.seats_by_number()[0].stars, joined.seats_by_number()[1].stars) == (1, 3)
    joined.refresh_from_db()
    assert joined.seats.get(seat=1).stars == 3
