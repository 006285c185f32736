import json

import pytest

from games.engine import CARDS, replay_record
from games.engine.partnership import (
    VARIANT_FRENCH,
    forfeit,
    new_match,
    record_from_state,
    replay_document,
)

from .positions import act, flemish, french, named
from .records import (
    FLEMISH_OUTPUT,
    FRENCH_OUTPUT,
    PLAYERS,
    flemish_record,
    french_record,
    illegal_records,
    malformed_records,
)


def test_a_flemish_record_has_four_players_the_options_and_every_action() -> None:
    record = flemish_record()

    assert {key: record[key] for key in ("variant", "format", "players", "first_dealer")} == {
        "variant": "manille-flemish",
        "format": "boom-61",
        "players": PLAYERS,
        "first_dealer": 0,
    }
    assert record["options"] == {"blind": True, "mee_tegen": True}
    assert [deal["dealer"] for deal in record["deals"]] == [0, 1]
    assert record["deals"][1]["actions"][:5] == [
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "trump", "suit": "S"},
        {"seat": 2, "type": "mee"},
        {"seat": 3, "type": "tegen"},
        {"seat": 2, "type": "play", "card": record["deals"][1]["actions"][4]["card"]},
    ]
    assert [len(deal["actions"]) for deal in record["deals"]] == [4 + 32, 4 + 32]
    assert "end" not in record


def test_no_trump_is_written_as_a_null_suit() -> None:
    record = record_from_state(named(list(CARDS), None), players=PLAYERS)

    assert record["deals"][0]["actions"][0] == {"seat": 0, "type": "trump", "suit": None}


def test_a_french_record_has_no_options_and_only_plays() -> None:
    record = french_record()

    assert "options" not in record
    assert {action["type"] for deal in record["deals"] for action in deal["actions"]} == {"play"}
    assert [len(deal["actions"]) for deal in record["deals"]] == [32, 32]


def test_replays_give_the_summaries_by_team_and_the_winning_team() -> None:
    assert replay_record(flemish_record()) == (0, FLEMISH_OUTPUT)
    assert replay_record(json.dumps(french_record())) == (0, FRENCH_OUTPUT)
    assert replay_document(french_record()) == (0, FRENCH_OUTPUT)


def test_absent_options_are_the_defaults() -> None:
    state = act(flemish(list(CARDS)), "trump:H", "mee")
    record = record_from_state(state, players=PLAYERS)
    record.pop("options")

    status, output = replay_record(record)

    # mee/tegen on by default: the mee is legal; blind off: the dealer named trump at once.
    assert (status, output["deals"][0]["mee"], output["deals"][0]["multiplier"]) == (0, True, 2)


def test_a_record_in_progress_replays_with_the_deal_so_far() -> None:
    state = act(french(list(CARDS)), "TS", "JS", "TH", "7C")

    status, output = replay_record(record_from_state(state, players=PLAYERS))

    assert status == 0
    assert output["deals"] == [
        {
            "dealer": 0,
            "trump": "C",
            "blind": False,
            "mee": False,
            "tegen": False,
            "turned_up": "7C",
            "tricks": [1, 0],
            "card_points": [1 + 5 + 1 + 5, 0],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": [0, 0],
            "complete": False,
        }
    ]
    assert (output["finished"], output["winner"], output["end"]) == (False, None, None)


def test_a_forfeit_is_written_as_end_and_replayed() -> None:
    state = forfeit(act(flemish(list(CARDS), dealer=0), "trump:-"), seat=3, reason="timeout")
    record = record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert record["end"] == {"type": "forfeit", "seat": 3, "reason": "timeout"}
    assert status == 0
    assert (output["finished"], output["winner"], output["totals"]) == (True, 0, [0, 0])
    assert (output["deals"][0]["complete"], output["deals"][0]["trump"]) == (False, None)
    assert output["deals"][0]["multiplier"] == 2


def test_a_record_with_no_deal_yet_is_valid() -> None:
    record = record_from_state(new_match(variant=VARIANT_FRENCH, first_dealer=3), players=PLAYERS)

    assert replay_record(record) == (
        0,
        {"ok": True, "deals": [], "totals": [0, 0], "finished": False, "winner": None, "end": None},
    )


def test_the_site_metadata_is_ignored() -> None:
    record = french_record()
    record["site"] = {"game_id": 7, "started_at": "2025-01-01T10:00:00Z", "ranked": False}

    assert replay_record(record) == (0, FRENCH_OUTPUT)


@pytest.mark.parametrize("case", list(illegal_records()))
def test_an_illegal_action_stops_the_replay_with_its_indices(case: str) -> None:
    record, deal, action, code, message = illegal_records()[case]

    assert replay_record(record) == (
        1,
        {"ok": False, "error": {"deal": deal, "action": action, "code": code, "message": message}},
    )


@pytest.mark.parametrize("case", list(malformed_records()))
def test_a_malformed_record_has_no_indices_and_exit_status_2(case: str) -> None:
    record, code, message = malformed_records()[case]

    status, output = replay_record(record)

    assert (status, output["ok"]) == (2, False)
    assert output["error"] == {"deal": None, "action": None, "code": code, "message": message}
