import json

import pytest

from games.engine import CARDS, RuleError
from games.engine.partnership import forfeit, state_from_json, state_to_json

from .positions import act, flemish, french


def _round_trip(state):
    return state_from_json(json.loads(json.dumps(state_to_json(state))))


@pytest.mark.parametrize(
    "state",
    [
        flemish(list(CARDS), options={"blind": True}),
        act(flemish(list(CARDS), options={"blind": True}), "blind", "mee"),
        act(flemish(list(CARDS), dealer=3), "trump:-", "pass", "pass", "TS"),
        act(french(list(CARDS)), "TS", "JS", "TH", "7C"),
        forfeit(act(flemish(list(CARDS)), "trump:H"), seat=2, reason="left"),
    ],
    ids=["look", "blind-mee", "no-trump-play", "french-play", "forfeit"],
)
def test_the_json_form_round_trips(state) -> None:
    assert _round_trip(state) == state


def test_the_json_form_keeps_the_deck_and_the_options() -> None:
    state = flemish(list(CARDS), options={"blind": True})

    data = state_to_json(state)

    assert (data["schema"], data["variant"], data["format"]) == (1, "manille-flemish", "boom-101")
    assert data["options"] == {"blind": True, "mee_tegen": True}
    assert data["deal"]["deck"] == list(CARDS)


def test_a_state_of_another_shape_is_malformed() -> None:
    data = state_to_json(french(list(CARDS)))
    data["variant"] = "manille-2p"

    with pytest.raises(RuleError) as caught:
        state_from_json(data)

    assert caught.value.code == "malformed"
