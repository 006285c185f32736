"""The canonical JSON form of a two-player match state, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) through the
shared `match_json.py`: what is the two-player game's own is its classes and its head (the
format). The state holds the deck order and each deal's salt, so this form stays on the server:
clients get `views.py` only.
"""

from . import match_json
from .formats import FORMATS
from .state import Action, DealState, DealSummary, MatchProgress, MatchState, Phase

STATE_CLASSES = match_json.StateClasses(
    state=MatchState,
    phase=Phase,
    progress=MatchProgress,
    deal=DealState,
    summary=DealSummary,
    action=Action,
)


def _head_from_json(obj: dict) -> dict:
    if obj["format"] not in FORMATS:
        raise ValueError(f"unknown format {obj['format']!r}")
    return {"format": obj["format"]}


def state_to_json(state: MatchState) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck and hands included)."""
    return match_json.state_to_json(state, {"format": state.format})


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    return match_json.state_from_json(
        obj, STATE_CLASSES, head=_head_from_json, what="not an engine state"
    )
