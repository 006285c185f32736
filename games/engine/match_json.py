"""The canonical JSON form of any game's match state, and back.

Implements the house rule of the engine (one canonical JSON form that round-trips) once for every
game: a state is its schema, what names its game (`head`: the format, and the variant and options
where the game has them), its phase and dealer, its progress and its deal, each written field by
field in the order its class declares them. The state holds the deck order, every hand and each
deal's salt, so this form stays on the server: clients get the views only. A state stored before
deals carried a salt and a commitment (no such keys) loads with both None (docs/engine.md,
*Verifiable deals*).
"""

from collections.abc import Callable
from dataclasses import dataclass, fields

from .errors import MALFORMED, RuleError
from .match import (
    Action,
    DealRecord,
    MatchProgress,
    actions_from_json,
    json_value,
    tuple_value,
)

STATE_SCHEMA_VERSION = 1

# Written right after the deck, and only when known, so that a deal dealt without them keeps
# the form it always had.
_SEAL_KEYS = ("salt", "commitment")


@dataclass(frozen=True, slots=True)
class StateClasses:
    """The classes one game's state is made of."""

    state: type
    phase: type
    progress: type[MatchProgress]
    deal: type
    summary: type
    action: type[Action]


def _pairs(items) -> tuple[tuple[int, str], ...]:
    return tuple((seat, card) for seat, card in items)


# --- the deal ---------------------------------------------------------------------------------


def deal_to_json(deal) -> dict:
    """Return a deal state (any game's named tuple) as a JSON-ready dict: its dealer, its deck,
    its salt and commitment when known, then every other field in order."""
    result = {"dealer": deal.dealer, "deck": list(deal.deck)}
    for key in _SEAL_KEYS:
        if getattr(deal, key) is not None:
            result[key] = getattr(deal, key)
    for name in deal._fields:
        if name not in result and name not in _SEAL_KEYS:
            result[name] = json_value(getattr(deal, name))
    return result


def deal_from_json(classes: StateClasses, obj: dict):
    """Build a deal state back from `deal_to_json`'s form."""
    values = {}
    for name in classes.deal._fields:
        if name in _SEAL_KEYS:
            values[name] = obj.get(name)
        elif name == "actions":
            values[name] = actions_from_json(classes.action, obj[name])
        elif name in ("trick", "last_trick"):
            values[name] = _pairs(obj[name])
        else:
            values[name] = tuple_value(obj[name])
    return classes.deal(**values)


# --- the progress -----------------------------------------------------------------------------


def progress_to_json(progress: MatchProgress) -> dict:
    """Return a game's progress as a JSON-ready dict: the keys every game has, then the game's
    own."""
    result = {
        "first_dealer": progress.first_dealer,
        "totals": list(progress.totals),
        "summaries": [summary.to_json() for summary in progress.summaries],
        "records": [record.to_json() for record in progress.records],
        "winner": progress.winner,
        "forfeit": (
            None
            if progress.forfeit is None
            else {"seat": progress.forfeit[0], "reason": progress.forfeit[1]}
        ),
    }
    for field in fields(progress):
        if field.name not in result:
            result[field.name] = json_value(getattr(progress, field.name))
    return result


def progress_from_json(classes: StateClasses, obj: dict) -> MatchProgress:
    """Build a game's progress back from `progress_to_json`'s form."""
    forfeit = obj["forfeit"]
    values = {
        "first_dealer": obj["first_dealer"],
        "totals": tuple(obj["totals"]),
        "summaries": tuple(classes.summary.from_json(item) for item in obj["summaries"]),
        "records": tuple(DealRecord.from_json(item, classes.action) for item in obj["records"]),
        "winner": obj["winner"],
        "forfeit": None if forfeit is None else (forfeit["seat"], forfeit["reason"]),
    }
    for field in fields(classes.progress):
        if field.name not in values:
            values[field.name] = tuple_value(obj[field.name])
    return classes.progress(**values)


# --- the state --------------------------------------------------------------------------------


def state_to_json(state, head: dict) -> dict:
    """Return the canonical JSON-ready dict of `state` (deck and hands included); `head` is
    what names its game: `{"format"}`, or `{"variant", "format", "options"}`."""
    return {
        "schema": STATE_SCHEMA_VERSION,
        **head,
        "phase": str(state.phase),
        "dealer": state.dealer,
        **progress_to_json(state.progress),
        "deal": None if state.deal is None else deal_to_json(state.deal),
    }


def state_from_json(obj: dict, classes: StateClasses, *, head: Callable[[dict], dict], what: str):
    """Rebuild a state from `state_to_json`'s form, or raise RuleError `malformed` (`what`: the
    message's words for the kind of state expected).

    `head(obj)` returns the keyword arguments of the game's state that name its game, or raises
    ValueError when the object is not one of the game's states."""
    try:
        if obj["schema"] != STATE_SCHEMA_VERSION:
            raise ValueError(f"unknown schema {obj['schema']!r}")
        return classes.state(
            **head(obj),
            phase=classes.phase(obj["phase"]),
            dealer=obj["dealer"],
            progress=progress_from_json(classes, obj),
            deal=None if obj["deal"] is None else deal_from_json(classes, obj["deal"]),
        )
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError(MALFORMED, f"{what}: {error}") from error
