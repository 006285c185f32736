import json

import pytest

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    Action,
    apply,
    forfeit,
    new_match,
    record_from_state,
    replay_record,
)

from .positions import TIE_DECK, announced, play, play_deal, started
from .records import LEGAL_OUTPUT, PLAYERS, illegal_records, legal_record, malformed_records


def test_record_from_state_writes_every_deal_and_action() -> None:
    record = legal_record()

    assert (record["variant"], record["format"], record["players"]) == (
        "manille-2p",
        "first-to-71",
        PLAYERS,
    )
    assert record["first_dealer"] == 0
    assert [deal["dealer"] for deal in record["deals"]] == [0, 1]
    assert record["deals"][0]["deck"] == TIE_DECK
    assert record["deals"][0]["actions"][:3] == [
        {"seat": 0, "type": "roll"},
        {"seat": 1, "type": "pass"},
        {"seat": 1, "type": "play", "card": "TS"},
    ]
    # Sur-buque impossible (rolled after a 30-30): the buque is followed by the first card.
    assert [action["type"] for action in record["deals"][1]["actions"][:3]] == [
        "roll",
        "buque",
        "play",
    ]
    assert "end" not in record


def test_replay_of_a_legal_record_gives_the_deals_and_the_winner() -> None:
    assert replay_record(json.dumps(legal_record())) == (0, LEGAL_OUTPUT)
    assert replay_record(legal_record()) == (0, LEGAL_OUTPUT)


def test_a_record_in_progress_replays_with_an_unfinished_deal() -> None:
    state = play(announced(list(CARDS), trump="H"), "KD", "TD")
    record = record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert status == 0
    assert output["deals"] == [
        {
            "dealer": 0,
            "trump": "H",
            "rolled": False,
            "buque": "none",
            "tricks": [1, 0],
            "card_points": [8, 0],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": [0, 0],
            "complete": False,
        }
    ]
    assert (output["finished"], output["winner"], output["end"]) == (False, None, None)


def test_a_forfeit_is_written_as_end_and_replayed() -> None:
    state = apply(started(list(CARDS)), Action(seat=0, type="roll"))
    state = forfeit(state, seat=1, reason="timeout")
    record = record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert record["end"] == {"type": "forfeit", "seat": 1, "reason": "timeout"}
    assert record["deals"][0]["actions"] == [{"seat": 0, "type": "roll"}]
    assert status == 0
    assert (output["finished"], output["winner"], output["totals"]) == (True, 0, [0, 0])
    assert output["end"] == {"type": "forfeit", "seat": 1, "reason": "timeout"}
    assert output["deals"][0]["complete"] is False


def test_a_record_with_no_deal_yet_is_valid() -> None:
    record = record_from_state(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=1), players=PLAYERS
    )

    assert replay_record(record) == (
        0,
        {"ok": True, "deals": [], "totals": [0, 0], "finished": False, "winner": None, "end": None},
    )


@pytest.mark.parametrize("case", list(illegal_records()))
def test_an_illegal_action_stops_the_replay_with_its_indices(case: str) -> None:
    record, deal, action, message = illegal_records()[case]
    code = "wrong_phase" if case == "wrong_phase_after_the_match" else case

    assert replay_record(record) == (
        1,
        {"ok": False, "error": {"deal": deal, "action": action, "code": code, "message": message}},
    )


@pytest.mark.parametrize("case", list(malformed_records()))
def test_a_malformed_record_has_no_indices_and_exit_status_2(case: str) -> None:
    record, message = malformed_records()[case]

    status, output = replay_record(record)

    assert status == 2
    assert output["ok"] is False
    assert (output["error"]["deal"], output["error"]["action"]) == (None, None)
    assert output["error"]["code"] == "malformed"
    if message is not None:
        assert output["error"]["message"] == message


def test_bad_json_says_so() -> None:
    status, output = replay_record('{"variant": "manille-2p",')

    assert status == 2
    assert output["error"]["message"].startswith("not valid JSON: ")


def test_a_tie_deal_record_round_trips_into_the_same_totals() -> None:
    state = play_deal(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), TIE_DECK, ["roll", "pass"]
    )

    status, output = replay_record(record_from_state(state, players=PLAYERS))

    assert (status, output["totals"], output["deals"][0]["card_points"]) == (0, [0, 0], [30, 30])


def test_an_action_after_a_deal_is_over_is_wrong_phase_with_its_indices() -> None:
    record = legal_record()
    record["deals"][0]["actions"].append({"seat": 1, "type": "play", "card": "TS"})

    assert replay_record(record) == (
        1,
        {
            "ok": False,
            "error": {
                "deal": 0,
                "action": 34,
                "code": "wrong_phase",
                "message": "playing a card is not possible now: "
                "the deal is over and the next one is not dealt yet",
            },
        },
    )
