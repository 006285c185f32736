"""The canonical JSON form of a state of Manni, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) for
manille-variants.md, *Manni*, through the shared `match_json.py`: the game's head is its variant
and format; its progress adds the plus and minus points. The state holds the deck order, every
hand, the Manni, every discard and each deal's salt, so this form stays on the server: clients
get `views.py` only.
"""

from .. import match_json
from .state import (
    FORMATS,
    VARIANT,
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
)

STATE_CLASSES = match_json.StateClasses(
    state=MatchState,
    phase=Phase,
    progress=MatchProgress,
    deal=DealState,
    summary=DealSummary,
    action=Action,
)


def _head_from_json(obj: dict) -> dict:
    if obj["variant"] != VARIANT:
        raise ValueError(f"unknown variant {obj['variant']!r}")
    if obj["format"] not in FORMATS:
        raise ValueError(f"unknown format {obj['format']!r}")
    return {"format": obj["format"]}


def state_to_json(state: MatchState) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck, hands, Manni, discards)."""
    return match_json.state_to_json(state, {"variant": VARIANT, "format": state.format})


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    return match_json.state_from_json(
        obj, STATE_CLASSES, head=_head_from_json, what=f"not a {VARIANT} engine state"
    )
