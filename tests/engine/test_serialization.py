import json

import pytest

from games.engine import (
    CARDS,
    FORMAT_SIX_DEALS,
    RuleError,
    forfeit,
    new_match,
    state_from_json,
    state_to_json,
)

from .positions import TIE_DECK, announced, play, play_deal


@pytest.mark.parametrize(
    "state",
    [
        new_match(format=FORMAT_SIX_DEALS, first_dealer=1),
        play(announced(list(CARDS), trump="S"), "KD", "TD", "QS"),
        play_deal(new_match(format=FORMAT_SIX_DEALS, first_dealer=0), TIE_DECK, ["roll", "pass"]),
        forfeit(play(announced(list(CARDS), trump=None), "KD"), seat=0, reason="left"),
    ],
)
def test_state_json_round_trips_through_text(state) -> None:
    text = json.dumps(state_to_json(state), sort_keys=True)

    restored = state_from_json(json.loads(text))

    assert restored == state
    assert json.dumps(state_to_json(restored), sort_keys=True) == text


def test_state_from_json_refuses_something_else() -> None:
    with pytest.raises(RuleError) as caught:
        state_from_json({"schema": 1, "format": "six-deals"})

    assert caught.value.code == "malformed"
