"""The canonical JSON form of a partnership match state, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) for
manille-4p.md's games; the state holds the deck order, every hand and each deal's salt, so this
form stays on the server: clients get `views.py` only. A state stored before deals carried a salt
and a commitment (no such keys) loads with both None.
"""

from .. import match
from ..errors import MALFORMED, RuleError
from .rulesets import RULESETS, TableOptions
from .state import (
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
)

STATE_SCHEMA_VERSION = 1


def _pairs(items) -> tuple[tuple[int, str], ...]:
    return tuple((seat, card) for seat, card in items)


def _deal_to_json(deal: DealState) -> dict:
    return {
        "dealer": deal.dealer,
        "deck": list(deal.deck),
        **match.seal_to_json(deal),
        "trump": deal.trump,
        "no_trump": deal.no_trump,
        "blind": deal.blind,
        "mee": deal.mee,
        "tegen": deal.tegen,
        "doubled_by_tie": deal.doubled_by_tie,
        "turned_up": deal.turned_up,
        "hands": [list(hand) for hand in deal.hands],
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
        no_trump=obj["no_trump"],
        blind=obj["blind"],
        mee=obj["mee"],
        tegen=obj["tegen"],
        doubled_by_tie=obj["doubled_by_tie"],
        turned_up=obj["turned_up"],
        hands=tuple(tuple(hand) for hand in obj["hands"]),
        to_act=obj["to_act"],
        trick=_pairs(obj["trick"]),
        last_trick=_pairs(obj["last_trick"]),
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
        "variant": state.variant,
        "format": state.format,
        "options": {"blind": state.options.blind, "mee_tegen": state.options.mee_tegen},
        "phase": str(state.phase),
        "dealer": state.dealer,
        **match.progress_to_json(progress),
        "is_tie_pending": progress.is_tie_pending,
        "deal": None if state.deal is None else _deal_to_json(state.deal),
    }


def state_from_json(obj: dict) -> MatchState:
    """Rebuild a state from `state_to_json`'s form; raise RuleError `malformed` if it is not."""
    try:
        variant = obj["variant"]
        if obj["schema"] != STATE_SCHEMA_VERSION or variant not in RULESETS:
            raise ValueError("unknown schema or variant")
        if obj["format"] not in RULESETS[variant].formats:
            raise ValueError(f"unknown format {obj['format']!r}")
        progress = MatchProgress(
            **match.progress_fields_from_json(obj, summary_class=DealSummary, action_class=Action),
            is_tie_pending=obj["is_tie_pending"],
        )
        options = obj["options"]
        return MatchState(
            variant=variant,
            format=obj["format"],
            options=TableOptions(blind=options["blind"], mee_tegen=options["mee_tegen"]),
            phase=Phase(obj["phase"]),
            dealer=obj["dealer"],
            progress=progress,
            deal=None if obj["deal"] is None else _deal_from_json(obj["deal"]),
        )
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError(MALFORMED, f"not a partnership engine state: {error}") from error
