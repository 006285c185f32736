"""manille-variants.md, *Records of all these variants*, for `manille-encheres` and
`manille-encheres-3`: a legal record replays and verifies, an illegal action is reported at its
(deal, action) with its code, a malformed record at none; `manage.py replay` and `--verify`."""

import io
import json
import random
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import replay_record, variant_get, verify_record
from games.engine.cards import CARDS

PLAYERS = {
    "manille-encheres": ["ana", "bert", "chloé", "dirk"],
    "manille-encheres-3": ["a", "b", "c"],
}


def _match(name: str, seed: int):
    """A whole match dealt as the site deals: every deck with its salt and commitment."""
    game = variant_get(name)
    rng = random.Random(seed)
    state = game.advance(game.new_match(first_dealer=seed % game.seat_count), rng)
    while not state.is_finished:
        seat = game.seat_to_act(state)
        actions = game.legal_actions(state, seat)
        action = actions[min(len(actions) - 1, rng.choice([0, 0, 1, 2]))]
        if state.phase != "bid":
            action = rng.choice(actions)
        state = game.advance(game.apply(state, action), rng)
    return game, state


def _record(name: str, seed: int = 4) -> dict:
    game, state = _match(name, seed)
    return game.record_from_state(state, players=PLAYERS[name])


@pytest.mark.parametrize("name", ["manille-encheres", "manille-encheres-3"])
def test_a_record_replays_and_verifies_to_the_match_it_was_written_from(name):
    game, state = _match(name, 5)
    record = game.record_from_state(state, players=PLAYERS[name])

    status, output = replay_record(json.dumps(record))

    assert status == 0
    assert output == {
        "ok": True,
        "deals": [summary.to_json() for summary in state.progress.summaries],
        "totals": list(state.totals),
        "finished": True,
        "winner": None,
        "reached": list(state.reached),
        "loser": state.loser,
        "end": None,
    }
    assert "options" not in record
    assert verify_record(record)[0] == 0
    assert {action["type"] for deal in record["deals"] for action in deal["actions"]} == {
        "bid",
        "pass",
        "trump",
        "play",
    }


def test_an_illegal_bid_is_reported_at_its_deal_and_action():
    record = _record("manille-encheres")
    deal_index, action_index = next(
        (deal_index, action_index)
        for deal_index, deal in enumerate(record["deals"])
        for action_index, action in enumerate(deal["actions"])
        if action["type"] == "bid" and action_index > 0 and deal_index > 0
    )
    record["deals"][deal_index]["actions"][action_index]["points"] = 17

    status, output = replay_record(record)

    assert status == 1
    assert (output["error"]["deal"], output["error"]["action"], output["error"]["code"]) == (
        deal_index,
        action_index,
        "bid_too_low",
    )


def test_an_action_out_of_turn_is_not_your_turn():
    record = _record("manille-encheres-3")
    first = record["deals"][0]["actions"][0]
    first["seat"] = (first["seat"] + 1) % 3

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (1, 0, 0)
    assert output["error"]["code"] == "not_your_turn"


def _with(record: dict, change) -> dict:
    record = json.loads(json.dumps(record))
    change(record)
    return record


@pytest.mark.parametrize(
    ("name", "change", "code"),
    [
        (
            "manille-encheres",
            lambda r: r["deals"][0]["actions"].__setitem__(
                0, {"seat": r["deals"][0]["actions"][0]["seat"], "type": "bid", "points": True}
            ),
            "malformed",
        ),
        (
            "manille-encheres",
            lambda r: r["deals"][0]["actions"].__setitem__(
                0, {"seat": 0, "type": "trump", "suit": None}
            ),
            "malformed",
        ),
        (
            "manille-encheres",
            lambda r: r.__setitem__("options", {"sevens_removed": True}),
            "options_not_allowed",
        ),
        ("manille-encheres", lambda r: r.__setitem__("players", ["a", "b", "c"]), "malformed"),
        ("manille-encheres", lambda r: r.__setitem__("format", "first-to-34"), "malformed"),
        (
            "manille-encheres-3",
            lambda r: r["deals"][0].__setitem__("deck", list(CARDS)),
            "malformed",
        ),
        (
            "manille-encheres-3",
            lambda r: r["deals"][-1].__setitem__(
                "deck",
                [
                    c
                    for c in CARDS
                    if c not in ({"7S", "7C"} if "7S" in r["deals"][-1]["deck"] else {"7H", "7D"})
                ],
            ),
            "malformed",
        ),
        (
            "manille-encheres",
            lambda r: r.__setitem__("end", {"type": "forfeit", "seat": 1, "reason": "left"}),
            "malformed",
        ),
    ],
)
def test_a_malformed_record_has_no_indices_and_exit_status_2(name, change, code):
    record = _with(_record(name), change)

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (2, None, None)
    assert output["error"]["code"] == code


def _command(path: str, *arguments: str) -> tuple[int, dict]:
    out = io.StringIO()
    status = 0
    try:
        call_command("replay", path, *arguments, stdout=out)
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(out.getvalue())


@pytest.mark.parametrize("name", ["manille-encheres", "manille-encheres-3"])
def test_the_replay_command_replays_and_verifies_a_match(tmp_path: Path, name):
    game, state = _match(name, 8)
    path = tmp_path / "encheres.json"
    path.write_text(
        json.dumps(game.record_from_state(state, players=PLAYERS[name])), encoding="utf-8"
    )

    replayed = _command(str(path))
    verified = _command(str(path), "--verify")

    assert replayed[0] == 0
    assert (replayed[1]["loser"], replayed[1]["winner"]) == (state.loser, None)
    assert (verified[0], verified[1]["verified"]) == (0, True)
    assert len(verified[1]["commitments"]) == len(state.progress.records)
