import pytest

from games.engine import CARDS, Action, RuleError, apply

from .positions import started


def test_action_json_round_trips_in_the_record_form() -> None:
    items = [
        {"seat": 0, "type": "trump", "suit": "H"},
        {"seat": 1, "type": "roll"},
        {"seat": 1, "type": "buque"},
        {"seat": 0, "type": "surbuque"},
        {"seat": 0, "type": "pass"},
        {"seat": 1, "type": "play", "card": "7C"},
    ]

    assert [Action.from_json(item).to_json() for item in items] == items
    assert Action.from_json({"seat": 1, "type": "pass", "version": 4}) == Action(1, "pass")


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ("play TS", "an action must be a JSON object, not 'play TS'"),
        ({"type": "roll"}, "an action needs a seat and a type"),
        ({"seat": 2, "type": "roll"}, "an action's seat must be 0 or 1, not 2"),
        ({"seat": True, "type": "roll"}, "an action's seat must be 0 or 1, not True"),
        (
            {"seat": 0, "type": "double"},
            "unknown action type 'double': one of trump, roll, buque, surbuque, pass, play",
        ),
        (
            {"seat": 0, "type": "trump", "suit": "X"},
            "a trump action needs a suit among S H D C, not 'X'",
        ),
        ({"seat": 0, "type": "trump"}, "a trump action needs a suit among S H D C, not None"),
        (
            {"seat": 0, "type": "play", "card": "1S"},
            "unknown card '1S': rank 7 8 9 T J Q K A, suit S H D C",
        ),
        ({"seat": 0, "type": "roll", "card": "TS"}, "a roll action has no card"),
        ({"seat": 0, "type": "pass", "suit": "S"}, "a pass action has no suit"),
    ],
)
def test_a_badly_shaped_action_is_malformed(obj, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        Action.from_json(obj)

    assert (caught.value.code, caught.value.message) == ("malformed", message)


def test_apply_refuses_what_is_not_an_action() -> None:
    state = started(list(CARDS))

    with pytest.raises(RuleError) as caught:
        apply(state, {"seat": 0, "type": "roll"})

    assert caught.value.code == "malformed"
