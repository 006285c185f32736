from dataclasses import dataclass

import pytest

from games.engine import CARDS, FORMAT_FIRST_TO_71, RuleError, forfeit, match, new_match
from games.engine import Action as TwoPlayerAction
from games.engine.partnership import Action as PartnershipAction
from games.engine.partnership import forfeit as partnership_forfeit
from games.engine.partnership import new_match as partnership_new_match

from .positions import TIE_DECK, play_deal, started

THREE_SEATS = match.ActionShape(seat_count=3, takes={"pass": (), "play": (match.CARD_KEY,)})


@dataclass(frozen=True, slots=True)
class ThreeSeatAction(match.Action):
    shape = THREE_SEATS


@pytest.mark.parametrize(
    ("seat_count", "first_dealer", "dealers"),
    [
        (2, 1, [1, 0, 1, 0, 1]),
        (3, 2, [2, 0, 1, 2, 0]),
        (4, 3, [3, 0, 1, 2, 3]),
    ],
)
def test_the_deal_passes_to_the_next_seat(seat_count: int, first_dealer: int, dealers) -> None:
    assert [match.dealer_of(first_dealer, index, seat_count) for index in range(5)] == dealers


def test_the_two_player_dealers_follow_the_shared_formula() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=1)
    for _ in range(3):
        state = play_deal(state, TIE_DECK, ["roll", "pass"])

    assert [record.dealer for record in state.progress.records] == [1, 0, 1]
    assert state.dealer == match.dealer_of(1, 3, 2) == 0


def test_the_action_shape_carries_any_number_of_seats() -> None:
    with pytest.raises(RuleError) as caught:
        ThreeSeatAction(seat=3, type="pass")

    assert caught.value.message == "an action's seat must be 0 to 2, not 3"
    assert ThreeSeatAction.from_json({"seat": 2, "type": "play", "card": "TS"}).to_json() == {
        "seat": 2,
        "type": "play",
        "card": "TS",
    }
    assert ThreeSeatAction(seat=1, type="pass") == ThreeSeatAction(1, "pass")


def test_an_action_of_one_game_is_never_an_action_of_another() -> None:
    assert TwoPlayerAction(seat=0, type="pass") != PartnershipAction(seat=0, type="pass")
    assert TwoPlayerAction(seat=0, type="pass") != ThreeSeatAction(seat=0, type="pass")


@pytest.mark.parametrize(
    ("totals", "completed", "match_format", "winner"),
    [
        ((10, 40, 3), 2, match.MatchFormat("first-to-34", 34, None), 1),
        ((10, 30, 3), 2, match.MatchFormat("first-to-34", 34, None), None),
        ((5, 3, 9), 3, match.MatchFormat("three-deals", None, 3), 2),
        ((9, 3, 9), 3, match.MatchFormat("three-deals", None, 3), None),
        ((9, 3, 9), 2, match.MatchFormat("three-deals", None, 3), None),
        ((40, 40, 0), 3, match.MatchFormat("first-to-34", 34, None), None),
    ],
)
def test_the_winner_after_a_deal_for_any_number_of_sides(
    totals, completed: int, match_format, winner
) -> None:
    assert match.match_winner(match_format, totals, completed) == winner


@pytest.mark.parametrize(
    ("seat", "reason", "message"),
    [
        (2, "left", "a forfeit needs seat 0 or 1, not 2"),
        (True, "left", "a forfeit needs seat 0 or 1, not True"),
        (0, "bored", "a forfeit's reason is timeout or left, not 'bored'"),
    ],
)
def test_a_two_player_forfeit_of_the_wrong_shape_is_malformed(seat, reason, message) -> None:
    with pytest.raises(RuleError) as caught:
        forfeit(started(list(CARDS)), seat=seat, reason=reason)

    assert (caught.value.code, caught.value.message) == ("malformed", message)


def test_a_partnership_forfeit_names_its_four_seats() -> None:
    state = partnership_new_match(variant="manille-french", first_dealer=0)

    with pytest.raises(RuleError) as caught:
        partnership_forfeit(state, seat=4, reason="timeout")

    assert caught.value.message == "a forfeit needs seat 0 to 3, not 4"


def test_a_forfeit_after_the_match_is_over_is_the_wrong_phase() -> None:
    state = forfeit(started(list(CARDS)), seat=0, reason="timeout")

    with pytest.raises(RuleError) as caught:
        forfeit(state, seat=1, reason="left")

    assert (caught.value.code, caught.value.message) == (
        "wrong_phase",
        "a forfeit is not possible now: the match is over",
    )


def test_the_deal_in_play_is_among_the_deal_records() -> None:
    state = started(list(CARDS))
    between = play_deal(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), TIE_DECK, ["roll", "pass"]
    )

    assert [record.deck for record in state.deal_records] == [tuple(CARDS)]
    assert state.progress.records == ()
    assert [record.deck for record in between.deal_records] == [tuple(TIE_DECK)]
    assert (between.is_waiting_for_deal, between.is_deal_in_play) == (True, False)


def test_a_deal_record_writes_its_seal_beside_its_deck_only_when_known() -> None:
    record = match.DealRecord(
        dealer=1,
        deck=("TS", "AS"),
        actions=(TwoPlayerAction(seat=0, type="pass"),),
        salt="a" * 64,
        commitment="b" * 64,
    )

    assert record.to_json() == {
        "dealer": 1,
        "commitment": "b" * 64,
        "salt": "a" * 64,
        "deck": ["TS", "AS"],
        "actions": [{"seat": 0, "type": "pass"}],
    }
    assert match.DealRecord(1, ("TS",), ()).to_json() == {
        "dealer": 1,
        "deck": ["TS"],
        "actions": [],
    }
