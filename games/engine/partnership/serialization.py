"""The canonical JSON form of a partnership match state, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) for
manille-4p.md's games through the shared `match_json.py`: what is the partnership games' own is
their classes and their head (the variant, the format, the table options). The state holds the
deck order, every hand and each deal's salt, so this form stays on the server: clients get
`views.py` only. *Parlée*'s questions live in the deal's actions (their answers are computed
back), so its states add nothing but the questions of its deal summaries; a match with a dummy
(*avec un mort*) writes its dummy's seat with the options.
"""

from dataclasses import replace

from .. import match_json
from .rulesets import RULESETS, TableOptions
from .state import (
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
    QuestionsDealSummary,
)

STATE_CLASSES = match_json.StateClasses(
    state=MatchState,
    phase=Phase,
    progress=MatchProgress,
    deal=DealState,
    summary=DealSummary,
    action=Action,
)
QUESTIONS_STATE_CLASSES = replace(STATE_CLASSES, summary=QuestionsDealSummary)


def _head_from_json(obj: dict) -> dict:
    variant = obj["variant"]
    if variant not in RULESETS:
        raise ValueError(f"unknown variant {variant!r}")
    if obj["format"] not in RULESETS[variant].formats:
        raise ValueError(f"unknown format {obj['format']!r}")
    options = obj["options"]
    return {
        "variant": variant,
        "format": obj["format"],
        "options": TableOptions(
            blind=options["blind"], mee_tegen=options["mee_tegen"], dummy=options.get("dummy")
        ),
    }


def state_to_json(state: MatchState) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck and hands included)."""
    options = state.options
    options_json = {"blind": options.blind, "mee_tegen": options.mee_tegen}
    if options.dummy is not None:
        # Only a game with a dummy writes it: the other games' states keep their form.
        options_json["dummy"] = options.dummy
    return match_json.state_to_json(
        state, {"variant": state.variant, "format": state.format, "options": options_json}
    )


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    # The summaries' class is the game's: peeked here, checked with the rest by the head.
    variant = obj.get("variant") if isinstance(obj, dict) else None
    ruleset = RULESETS.get(variant) if isinstance(variant, str) else None
    classes = QUESTIONS_STATE_CLASSES if ruleset and ruleset.has_questions else STATE_CLASSES
    return match_json.state_from_json(
        obj, classes, head=_head_from_json, what="not a partnership engine state"
    )
