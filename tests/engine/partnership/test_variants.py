import random

import pytest

from games.engine import VARIANTS, RuleError, variant_get
from games.engine import replay_record as engine_replay_record
from games.engine.record import replay_record as record_replay_record
from games.engine.variants import replay_record


def test_the_registry_holds_the_nine_games() -> None:
    assert list(VARIANTS) == [
        "manille-2p",
        "manille-flemish",
        "manille-french",
        "manille-parlee",
        "manille-mort",
        "manille-a-trois",
        "manille-encheres",
        "manille-encheres-3",
        "manni",
    ]
    assert [
        (variant.seat_count, variant.teams, variant.default_format, variant.direction)
        for variant in VARIANTS.values()
    ] == [
        (2, ((0,), (1,)), "first-to-71", None),
        (4, ((0, 2), (1, 3)), "boom-101", "clockwise"),
        (4, ((0, 2), (1, 3)), "first-to-34", "counter-clockwise"),
        (4, ((0, 2), (1, 3)), "first-to-34", "counter-clockwise"),
        (4, ((0, 2), (1, 3)), "first-to-34", "counter-clockwise"),
        (3, ((0,), (1,), (2,)), "first-to-34", "counter-clockwise"),
        (4, ((0,), (1,), (2,), (3,)), "to-100", "counter-clockwise"),
        (3, ((0,), (1,), (2,)), "to-100", "counter-clockwise"),
        (3, ((0,), (1,), (2,)), "manni-10", "clockwise"),
    ]
    assert VARIANTS["manille-flemish"].formats == ("boom-101", "boom-61", "boompje-12")
    assert dict(VARIANTS["manille-flemish"].option_defaults) == {"blind": False, "mee_tegen": True}
    assert dict(VARIANTS["manille-french"].option_defaults) == {}
    assert VARIANTS["manille-parlee"].formats == ("first-to-34", "first-to-44")
    assert dict(VARIANTS["manille-parlee"].option_defaults) == {}
    assert VARIANTS["manille-a-trois"].formats == ("first-to-34", "first-to-44")
    assert dict(VARIANTS["manille-a-trois"].option_defaults) == {"sevens_removed": True}
    assert VARIANTS["manille-encheres"].formats == ("to-100", "to-120", "to-150")
    assert dict(VARIANTS["manille-encheres-3"].option_defaults) == {}
    assert VARIANTS["manni"].formats == ("manni-10",)
    assert dict(VARIANTS["manni"].option_defaults) == {}


def test_partners_and_teams_by_seat() -> None:
    flemish = variant_get("manille-flemish")
    two_player = variant_get("manille-2p")

    assert [flemish.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [flemish.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert (flemish.are_partners(1, 3), flemish.are_partners(1, 2), flemish.are_partners(1, 1)) == (
        True,
        False,
        False,
    )
    assert [two_player.partner_of(seat) for seat in (0, 1)] == [None, None]
    assert [two_player.team_of(seat) for seat in (0, 1)] == [0, 1]


def test_an_unknown_variant_is_malformed() -> None:
    with pytest.raises(RuleError) as caught:
        variant_get("manille-4p")

    assert (caught.value.code, caught.value.message) == (
        "malformed",
        "unknown variant 'manille-4p': one of manille-2p, manille-flemish, "
        "manille-french, manille-parlee, manille-mort, manille-a-trois, manille-encheres, "
        "manille-encheres-3, "
        "manni",
    )


def test_the_two_player_game_has_no_option() -> None:
    with pytest.raises(RuleError) as caught:
        variant_get("manille-2p").new_match(first_dealer=0, options={"blind": True})

    assert (caught.value.code, caught.value.message) == (
        "options_not_allowed",
        "manille-2p has no option 'blind'",
    )


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_every_game_plays_and_replays_through_the_same_calls(name: str) -> None:
    variant = variant_get(name)
    rng = random.Random(name)
    _draws, first_dealer = variant.draw_first_dealer(rng)
    state = variant.new_match(first_dealer=first_dealer)
    while not state.is_finished:
        state = variant.deal_start(state, variant.shuffled_deck(rng))
        while variant.seat_to_act(state) is not None:
            seat = variant.seat_to_act(state)
            assert seat not in variant.hidden_hand_seats(state) - {state.deal.dealer}
            action = rng.choice(variant.legal_actions(state, seat))
            state = variant.apply(state, variant.action_from_json(action.to_json()))
    record = variant.record_from_state(state, players=[f"p{seat}" for seat in variant.seats])

    status, output = replay_record(record)

    assert (status, output["totals"], output["winner"]) == (0, list(state.totals), state.winner)
    assert variant.winning_seats(state) == variant.teams[state.winner]
    assert variant.state_from_json(variant.state_to_json(state)) == state
    assert variant.public_view(state)["finished"] is True


def test_the_engine_entry_points_dispatch_through_the_registry() -> None:
    french = '{"variant": "manille-french", "format": "first-to-44", "players": ["a", "b", "c", "d"], "first_dealer": 2, "deals": []}'  # noqa: E501
    expected = (
        0,
        {"ok": True, "deals": [], "totals": [0, 0], "finished": False, "winner": None, "end": None},
    )

    assert engine_replay_record(french) == expected
    assert record_replay_record(french) == expected
    assert replay_record(french) == expected
