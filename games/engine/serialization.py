"""The canonical JSON form of a match state, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips); the state
holds the deck order and each deal's salt, so this form stays on the server: clients get
`views.py` only. A state stored before deals carried a salt and a commitment (no such keys)
loads with both None.
"""

from . import match
from .errors import MALFORMED, RuleError
from .formats import FORMATS
from .state import (
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
)

STATE_SCHEMA_VERSION = 1


def _deal_to_json(deal: DealState) -> dict:
    return {
        "dealer": deal.dealer,
        "deck": list(deal.deck),
        **match.seal_to_json(deal),
        "trump": deal.trump,
        "rolled": deal.rolled,
        "buque": deal.buque,
        "doubled_by_tie": deal.doubled_by_tie,
        "roll_forced": deal.roll_forced,
        "hands": [list(hand) for hand in deal.hands],
        "stacks": [[list(stack) for stack in stacks] for stacks in deal.stacks],
        "to_act": deal.to_act,
        "trick": [[seat, card] for seat, card in deal.trick],
        "last_trick": [[seat, card] for seat, card in deal.last_trick],
        "last_winner": deal.last_winner,
        "tricks_won": list(deal.tricks_won),
        "card_points": list(deal.card_points),
        "actions": match.actions_to_json(deal.actions),
    }


def _deal_from_json(obj: dict) -> DealState:
    return DealState(
        dealer=obj["dealer"],
        deck=tuple(obj["deck"]),
        trump=obj["trump"],
        rolled=obj["rolled"],
        buque=obj["buque"],
        doubled_by_tie=obj["doubled_by_tie"],
        roll_forced=obj["roll_forced"],
        hands=tuple(tuple(hand) for hand in obj["hands"]),
        stacks=tuple(tuple(tuple(stack) for stack in stacks) for stacks in obj["stacks"]),
        to_act=obj["to_act"],
        trick=tuple((seat, card) for seat, card in obj["trick"]),
        last_trick=tuple((seat, card) for seat, card in obj["last_trick"]),
        last_winner=obj["last_winner"],
        tricks_won=tuple(obj["tricks_won"]),
        card_points=tuple(obj["card_points"]),
        actions=match.actions_from_json(Action, obj["actions"]),
        **match.seal_from_json(obj),
    )


def state_to_json(state: MatchState) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck and hands included)."""
    progress = state.progress
    return {
        "schema": STATE_SCHEMA_VERSION,
        "format": state.format,
        "phase": str(state.phase),
        "dealer": state.dealer,
        **match.progress_to_json(progress),
        "is_tie_pending": progress.is_tie_pending,
        "has_rolled": list(progress.has_rolled),
        "deal": None if state.deal is None else _deal_to_json(state.deal),
    }


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    try:
        if obj["schema"] != STATE_SCHEMA_VERSION or obj["format"] not in FORMATS:
            raise ValueError("unknown schema or format")
        progress = MatchProgress(
            **match.progress_fields_from_json(obj, summary_class=DealSummary, action_class=Action),
            is_tie_pending=obj["is_tie_pending"],
            has_rolled=tuple(obj["has_rolled"]),
        )
        return MatchState(
            format=obj["format"],
            phase=Phase(obj["phase"]),
            dealer=obj["dealer"],
            progress=progress,
            deal=None if obj["deal"] is None else _deal_from_json(obj["deal"]),
        )
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError(MALFORMED, f"not an engine state: {error}") from error
