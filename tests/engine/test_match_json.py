"""The shared canonical JSON form (`match_json.py`): every game's state written key by key in
the order it always was, so that stored states and their bytes do not change."""

import json

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    deal_start,
    new_match,
    partnership,
    state_from_json,
    state_to_json,
)

from .positions import TIE_DECK, play_deal, started

SALT = "ab" * 32
DEAL_KEYS_AFTER_THE_SEAL = [
    "to_act",
    "trick",
    "last_trick",
    "last_winner",
    "tricks_won",
    "card_points",
    "actions",
]
PROGRESS_KEYS = ["first_dealer", "totals", "summaries", "records", "winner", "forfeit"]


def test_a_two_player_state_keeps_its_keys_in_order() -> None:
    state = play_deal(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=1), TIE_DECK, ["roll", "pass"]
    )
    state = deal_start(state, list(CARDS), salt=SALT)

    data = state_to_json(state)

    assert list(data) == [
        "schema",
        "format",
        "phase",
        "dealer",
        *PROGRESS_KEYS,
        "is_tie_pending",
        "has_rolled",
        "deal",
    ]
    assert list(data["deal"]) == [
        "dealer",
        "deck",
        "salt",
        "commitment",
        "trump",
        "rolled",
        "buque",
        "doubled_by_tie",
        "roll_forced",
        "hands",
        "stacks",
        *DEAL_KEYS_AFTER_THE_SEAL,
    ]
    assert list(data["summaries"][0]) == [
        "dealer",
        "trump",
        "rolled",
        "buque",
        "tricks",
        "card_points",
        "capot",
        "doubled_by_tie",
        "multiplier",
        "score",
        "complete",
    ]
    assert state_from_json(json.loads(json.dumps(data))) == state


def test_a_partnership_state_keeps_its_keys_in_order() -> None:
    state = partnership.new_match(variant=partnership.VARIANT_FRENCH, first_dealer=3)
    state = partnership.deal_start(state, list(CARDS), salt=SALT)

    data = partnership.state_to_json(state)

    assert list(data) == [
        "schema",
        "variant",
        "format",
        "options",
        "phase",
        "dealer",
        *PROGRESS_KEYS,
        "is_tie_pending",
        "deal",
    ]
    assert list(data["deal"]) == [
        "dealer",
        "deck",
        "salt",
        "commitment",
        "trump",
        "no_trump",
        "blind",
        "mee",
        "tegen",
        "doubled_by_tie",
        "turned_up",
        "hands",
        *DEAL_KEYS_AFTER_THE_SEAL,
    ]
    assert partnership.state_from_json(json.loads(json.dumps(data))) == state


def test_a_deal_without_a_salt_writes_neither_key() -> None:
    data = state_to_json(started(TIE_DECK))

    assert ("salt" in data["deal"], "commitment" in data["deal"]) == (False, False)
