"""A table of *Manille avec un mort* through the one writer: three people, the dummy at seat 3
played by the seat opposite, drawn at the start (manille-variants.md, Decisions 17-18)."""

import json
import random
from datetime import timedelta

import pytest

from games import engine
from games.engine.variants import variant_get
from games.errors import GameError
from games.models import Game, GameAction, Seat
from games.tables import selectors as table_selectors
from games.tables import services as tables

from .partnership_helpers import full_table, play_out, state_of

pytestmark = pytest.mark.django_db

VARIANT = "manille-mort"
DUMMY, HOLDER = 3, 1


@pytest.fixture
def carol(make_member):
    return make_member("carol")


def _seated(table: Game) -> dict[int, str]:
    return {taken.seat: taken.user.username for taken in Seat.objects.filter(game=table)}


def test_three_people_fill_the_table_and_the_dummy_s_seat_is_nobody_s(alice, bob, carol):
    table = tables.game_create(host=alice, variant=VARIANT, format="first-to-34")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)

    with pytest.raises(GameError) as taken:
        tables.game_seat_take(game_id=table.pk, user=carol, seat=DUMMY)
    with pytest.raises(GameError) as filled:
        tables.game_seat_fill(game_id=table.pk, user=alice, seat=DUMMY, level="facile")
    with pytest.raises(GameError) as early:
        tables.game_start(game_id=table.pk, user=alice)
    tables.game_seat_take(game_id=table.pk, user=carol, seat=2)
    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(5))

    assert (taken.value.code, filled.value.code, early.value.code) == (
        "bad_seat",
        "bad_seat",
        "table_not_full",
    )
    assert table.status == Game.Status.IN_PROGRESS
    assert sorted(_seated(table)) == [0, 1, 2]
    _variant, state = state_of(table)
    assert state.options.dummy == DUMMY


@pytest.mark.parametrize("seed", range(6))
def test_the_highest_card_of_the_draw_takes_the_holder_s_seat(alice, bob, carol, seed):
    table = tables.game_create(host=alice, variant=VARIANT, format="first-to-34")
    tables.game_seat_take(game_id=table.pk, user=bob, seat=1)
    tables.game_seat_take(game_id=table.pk, user=carol, seat=2)
    before = _seated(table)

    table = tables.game_start(game_id=table.pk, user=alice, rng=random.Random(seed))

    table.refresh_from_db()
    after = _seated(table)
    assert sorted(after.values()) == sorted(before.values())
    last_round = table.dummy_draw[-1]
    ranks = "789JQKAT"  # the draw's order: the manille high
    holder_rank = next(ranks.index(card[0]) for seat, card in last_round if seat == HOLDER)
    # The last round's strictly highest card sits at the holder's seat, opposite the dummy.
    assert all(ranks.index(card[0]) < holder_rank for seat, card in last_round if seat != HOLDER)
    # Everyone who did not win the draw keeps a seat of his own; nobody sits at the dummy's.
    assert DUMMY not in after


def _until_the_dummy_s_turn(table: Game) -> tuple[Game, dict]:
    """Play random legal cards, each by the person who decides for the seat, until the dummy
    is to play; return the table and its people by seat."""
    variant, state = state_of(table)
    rng = random.Random(2)
    users = {taken.seat: taken.user for taken in Seat.objects.filter(game=table)}
    while variant.seat_to_act(state) != DUMMY:
        seat = variant.seat_to_act(state)
        action = rng.choice(variant.legal_actions(state, seat)).to_json()
        action.pop("seat")
        tables.game_act(
            game_id=table.pk,
            user=users[variant.decider_of(seat)],
            action=action,
            expected_version=table.version,
        )
        table.refresh_from_db()
        variant, state = state_of(table)
    return table, users


def test_the_holder_plays_the_dummy_s_cards_and_only_he(alice, bob, carol):
    table = full_table(host=alice, members=[bob, carol], computers=0, variant=VARIANT)
    table, users = _until_the_dummy_s_turn(table)
    frame = table_selectors.game_frame(game=table, seat=HOLDER)
    legal = frame["view"]["legal_actions"]
    card = legal[0]["card"]

    for other in (0, 2):
        with pytest.raises(GameError) as refused:
            tables.game_act(
                game_id=table.pk,
                user=users[other],
                action={"type": "play", "card": card},
                expected_version=table.version,
            )
        assert refused.value.code == "not_your_turn"
        assert table_selectors.game_frame(game=table, seat=other)["view"]["legal_actions"] == []
    tables.game_act(
        game_id=table.pk,
        user=users[HOLDER],
        action={"type": "play", "card": card},
        expected_version=table.version,
    )

    assert legal and {action["seat"] for action in legal} == {DUMMY}
    last = GameAction.objects.filter(game=table).order_by("-version").first()
    assert (last.seat, last.payload["card"]) == (DUMMY, card)
    _variant, state = state_of(Game.objects.get(pk=table.pk))
    assert card not in state.deal.hands[DUMMY]


@pytest.mark.parametrize("level", ["facile", "moyen", "fort"])
def test_computers_play_a_whole_match_with_a_dummy_and_the_record_replays(
    alice, settings, caplog, level
):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, computers=2, variant=VARIANT, level=level)

    table = play_out(table, rng=random.Random(3))

    assert table.status == Game.Status.FINISHED
    record = table_selectors.game_record(game=table)
    status, output = engine.replay_record(record)
    assert status == 0
    assert record["dummy"] == DUMMY
    assert record["players"][DUMMY] is None
    assert all(isinstance(name, str) for name in record["players"][:DUMMY])
    assert output["winner"] == table.winner_team
    assert engine.verify_record(record)[0] == 0
    assert any(action["seat"] == DUMMY for deal in record["deals"] for action in deal["actions"])
    assert not [entry for entry in caplog.records if entry.levelname == "ERROR"]


def test_every_frame_shows_the_dummy_and_no_other_hand(alice, bob, carol):
    table = full_table(host=alice, members=[bob, carol], computers=0, variant=VARIANT)
    _variant, state = state_of(table)
    hands = state.deal.hands

    for seat in (0, 1, 2, None):
        frame = table_selectors.game_frame(game=table, seat=seat)
        view = frame["view"]
        assert sorted(view["shown_hands"][DUMMY]) == sorted(hands[DUMMY])
        assert frame["game"]["seats"][DUMMY]["is_dummy"] is True
        # The draws for the dummy and the dealer are cards of another deck, public.
        game = {
            key: value
            for key, value in frame["game"].items()
            if key not in ("first_dealer_draw", "dummy_draw")
        }
        text = json.dumps({**frame, "game": game})
        for other in (0, 1, 2):
            if other != seat:
                for card in hands[other]:
                    assert card == state.deal.turned_up or f'"{card}"' not in text


def test_the_holder_forfeits_on_time_at_the_dummy_s_turn(alice, bob, carol):
    table = full_table(host=alice, members=[bob, carol], computers=0, variant=VARIANT)
    table, _users = _until_the_dummy_s_turn(table)

    ended = tables.game_enforce_deadlines(now=table.deadline + timedelta(seconds=1))

    table.refresh_from_db()
    assert ended == [table.pk]
    assert (table.status, table.end_reason, table.forfeit_seat) == ("finished", "timeout", HOLDER)
    assert table.winner_team == 0
    record = table_selectors.game_record(game=table)
    assert engine.replay_record(record)[0] == 0


def test_play_again_and_rematch_keep_the_dummy_s_seat_free(alice, settings):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, computers=2, variant=VARIANT)
    tables.game_leave(game_id=table.pk, user=alice)

    again = tables.game_again(game_id=table.pk, user=alice, rng=random.Random(4))

    assert again.status == Game.Status.IN_PROGRESS
    assert sorted(_seated(again)) == [0, 1, 2]
    assert variant_get(again.variant).state_from_json(again.state).options.dummy == DUMMY
