import io
import json
import random
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import replay_record, variant_get, verify_record
from games.engine.cards import CARDS

TROIS = variant_get("manille-a-trois")
PLAYERS = ["ana", "bert", "chloé"]


def _match(seed: int, options=None, *, forfeit_at: int | None = None):
    """A whole match (or one cut by a forfeit after `forfeit_at` cards) dealt as the site
    deals: every deck with its salt and commitment."""
    rng = random.Random(seed)
    state = TROIS.advance(TROIS.new_match(first_dealer=seed % 3, options=options), rng)
    cards = 0
    while not state.is_finished:
        if forfeit_at is not None and cards == forfeit_at:
            return TROIS.forfeit(state, seat=1, reason="timeout")
        seat = TROIS.seat_to_act(state)
        state = TROIS.advance(TROIS.apply(state, rng.choice(TROIS.legal_actions(state, seat))), rng)
        cards += 1
    return state


def _expected_output(state) -> dict:
    summaries = [summary.to_json() for summary in state.progress.summaries]
    return {
        "ok": True,
        "deals": summaries,
        "totals": list(state.totals),
        "finished": True,
        "winner": state.winner,
        "loser": state.loser,
        "end": state.end,
    }


@pytest.mark.parametrize("options", [None, {"sevens_removed": False}])
def test_a_record_replays_to_the_match_it_was_written_from(options) -> None:
    state = _match(3, options)
    record = TROIS.record_from_state(state, players=PLAYERS)

    status, output = replay_record(json.dumps(record))

    assert record["options"] == {"sevens_removed": options is None}
    assert {len(deal["deck"]) for deal in record["deals"]} == {30 if options is None else 32}
    assert (status, output) == (0, _expected_output(state))
    assert verify_record(record)[0] == 0


def test_a_forfeit_names_the_loser_and_the_better_of_the_others() -> None:
    state = _match(4, forfeit_at=40)
    record = TROIS.record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert record["end"] == {"type": "forfeit", "seat": 1, "reason": "timeout"}
    assert (status, output["loser"], output["winner"], output["finished"]) == (
        0,
        1,
        state.winner,
        True,
    )
    assert output["deals"][-1]["complete"] is False
    assert output == _expected_output(state)


def test_verifying_finds_a_deck_that_is_not_the_one_committed_to() -> None:
    record = TROIS.record_from_state(_match(5), players=PLAYERS)
    deck = record["deals"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    record["deals"][0]["actions"] = []
    del record["deals"][1:]

    status, output = verify_record(record)

    assert (status, output["error"]["code"], output["error"]["deal"]) == (
        3,
        "commitment_mismatch",
        0,
    )


def _red_out() -> list[str]:
    return [card for card in CARDS if card not in ("7H", "7D")]


def _black_out() -> list[str]:
    return [card for card in CARDS if card not in ("7S", "7C")]


def _record(decks, options=None, **changes) -> dict:
    record = {
        "variant": "manille-a-trois",
        "format": "first-to-34",
        "players": PLAYERS,
        "first_dealer": 0,
        "deals": [
            {"dealer": index % 3, "deck": deck, "actions": []} for index, deck in enumerate(decks)
        ],
        **changes,
    }
    if options is not None:
        record["options"] = options
    return record


@pytest.mark.parametrize(
    ("record", "code", "message"),
    [
        (
            _record([_black_out(), _red_out()]),
            "malformed",
            "deal 1: this deck lacks 7H 7D, but the match's deals lack 7S 7C: every deal of a "
            "match leaves out the same pair of sevens",
        ),
        (
            _record([list(CARDS)]),
            "malformed",
            "deal 0: with sevens_removed a deck holds 30 cards, not 32",
        ),
        (
            _record([_black_out()], {"sevens_removed": False}),
            "malformed",
            "deal 0: without sevens_removed a deck holds the 32 cards, not 30",
        ),
        (
            _record([_black_out()[:29]]),
            "malformed",
            "deal 0: a deck holds 30 or 32 cards, not 29",
        ),
        (
            _record([_black_out()], {"talon": True}),
            "options_not_allowed",
            "manille-a-trois has no option 'talon' (its options: sevens_removed)",
        ),
        (
            _record([_black_out()], players=["ana", "bert"]),
            "malformed",
            "players must be a list of three names",
        ),
        (
            _record([_black_out()], format="boom-101"),
            "malformed",
            "format 'boom-101' is not a manille-a-trois format: one of first-to-34, first-to-44",
        ),
        (
            _record([_black_out()], first_dealer=3),
            "malformed",
            "first_dealer must be 0 to 2, not 3",
        ),
    ],
)
def test_a_malformed_record_has_no_indices_and_exit_status_2(record, code, message) -> None:
    assert replay_record(record) == (
        2,
        {"ok": False, "error": {"deal": None, "action": None, "code": code, "message": message}},
    )


def test_an_illegal_card_is_reported_with_its_indices() -> None:
    deck = _black_out()
    record = _record([deck])
    state = TROIS.deal_start(TROIS.new_match(first_dealer=0), deck)
    leader_card = state.deal.hands[1][0]
    record["deals"][0]["actions"] = [
        {"seat": 1, "type": "play", "card": leader_card},
        {"seat": 1, "type": "play", "card": state.deal.hands[1][1]},
    ]

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (1, 0, 1)
    assert output["error"]["code"] == "not_your_turn"


def test_an_unfinished_record_has_no_winner_and_no_loser() -> None:
    status, output = replay_record(_record([_black_out()]))

    assert status == 0
    assert (output["finished"], output["winner"], output["loser"]) == (False, None, None)
    assert output["deals"] == [
        {
            "dealer": 0,
            "trump": "C",
            "turned_up": "8C",
            "removed": ["7S", "7C"],
            "talon": None,
            "tricks": [0, 0, 0],
            "card_points": [0, 0, 0],
            "score": [0, 0, 0],
            "complete": False,
        }
    ]


def _command(name: str, path: str, *arguments: str) -> tuple[int, dict]:
    out = io.StringIO()
    status = 0
    try:
        call_command(name, path, *arguments, stdout=out)
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(out.getvalue())


def test_the_replay_command_replays_and_verifies_a_match(tmp_path: Path) -> None:
    state = _match(6, {"sevens_removed": False})
    path = tmp_path / "trois.json"
    path.write_text(json.dumps(TROIS.record_from_state(state, players=PLAYERS)), encoding="utf-8")

    replayed = _command("replay", str(path))
    verified = _command("replay", str(path), "--verify")

    assert replayed == (0, _expected_output(state))
    assert verified[0] == 0
    assert verified[1]["verified"] is True
    assert len(verified[1]["commitments"]) == len(state.progress.records)
