"""The canonical JSON form of a state of *Manille aux enchères*, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) for
manille-variants.md, *French Manille aux enchères*, through the shared `match_json.py`: the
game's head is its variant and format; its progress adds `reached`, `loser` and the pair of
sevens out at three. The state holds the deck order, every hand and each deal's salt, so this
form stays on the server: clients get `views.py` only.
"""

from .. import match_json
from ..errors import MALFORMED, RuleError
from .state import (
    ACTION_CLASSES,
    FORMATS,
    RULESETS,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
)

STATE_CLASSES = {
    variant: match_json.StateClasses(
        state=MatchState,
        phase=Phase,
        progress=MatchProgress,
        deal=DealState,
        summary=DealSummary,
        action=action_class,
    )
    for variant, action_class in ACTION_CLASSES.items()
}


def _head_from_json(obj: dict) -> dict:
    if obj["variant"] not in RULESETS:
        raise ValueError(f"unknown variant {obj['variant']!r}")
    if obj["format"] not in FORMATS:
        raise ValueError(f"unknown format {obj['format']!r}")
    return {"variant": obj["variant"], "format": obj["format"]}


def state_to_json(state: MatchState) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck and hands included)."""
    return match_json.state_to_json(state, {"variant": state.variant, "format": state.format})


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    what = f"not a {' or '.join(RULESETS)} engine state"
    variant = obj.get("variant") if isinstance(obj, dict) else None
    if not isinstance(variant, str) or variant not in STATE_CLASSES:
        raise RuleError(MALFORMED, f"{what}: unknown variant {variant!r}")
    return match_json.state_from_json(obj, STATE_CLASSES[variant], head=_head_from_json, what=what)
