"""The game record of a partnership match: write one, replay one.

Implements manille-4p.md, *Records* (four players, first dealer 0 to 3, the dealer passing to
the next seat, Flemish `options`, the action types, the malformed cases, the summaries by team)
and manille-variants.md, *French Manille à trois avec un mort* (`dummy`, `null` in `players`)
through the shared `game_record.py` (game-record.md, *Format* and *Replaying*). Exit statuses:
0 legal record, 1 illegal action, 2 malformed record, 3 a deck that does not match its
commitment when verifying.
"""

from .. import game_record, match
from ..errors import MALFORMED, RuleError
from ..game_record import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_MALFORMED, EXIT_UNVERIFIED
from .dealing import validate_deck
from .rules import apply, deal_start, forfeit, new_match
from .rulesets import RULESETS
from .seats import SEAT_COUNT
from .state import Action

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "EXIT_MALFORMED",
    "EXIT_UNVERIFIED",
    "RECORD_RULES",
    "record_from_state",
    "replay_document",
    "verify_document",
]


def _formats(variant: str) -> dict:
    return RULESETS[variant].formats


def _format_error(variant: str, match_format: object) -> str:
    formats = RULESETS[variant].formats
    return f"format {match_format!r} is not a {variant} format: one of {', '.join(formats)}"


def _check_options(variant: str, options: object) -> None:
    RULESETS[variant].options(options)


def _check_head(variant: str, document: dict) -> dict:
    # *Avec un mort*: the dummy's seat, and nobody's name there (Decision 18).
    if not RULESETS[variant].has_dummy:
        game_record.check_players(document["players"], SEAT_COUNT)
        return {}
    dummy = document.get("dummy")
    if not match.is_seat(dummy, SEAT_COUNT):
        raise RuleError(MALFORMED, f"dummy must be the dummy's seat, 0 to 3, not {dummy!r}")
    game_record.check_players(document["players"], SEAT_COUNT, empty_seat=dummy)
    end = document.get("end")
    if isinstance(end, dict) and end.get("seat") == dummy and type(end.get("seat")) is int:
        raise RuleError(MALFORMED, f"seat {dummy} is the dummy: only a person forfeits")
    return {"dummy": dummy}


def _head_to_json(state) -> dict:
    dummy = state.options.dummy
    return {} if dummy is None else {"dummy": dummy}


RECORD_RULES = game_record.RecordRules(
    variants=tuple(RULESETS),
    seat_count=SEAT_COUNT,
    action_class=Action,
    validate_deck=validate_deck,
    formats=_formats,
    format_error=_format_error,
    check_options=_check_options,
    new_match=new_match,
    deal_start=deal_start,
    apply=apply,
    forfeit=forfeit,
    check_head=_check_head,
    action_types=lambda variant: RULESETS[variant].record_action_types,
    head_to_json=_head_to_json,
    # The replay repeats the dummy's seat.
    match_output=_head_to_json,
)


# The entry points: the shared writer, replay and verification with the games' rules (the
# replay's summaries, totals and winner by team).
record_from_state = RECORD_RULES.record_from_state
replay_document = RECORD_RULES.replay_document
verify_document = RECORD_RULES.verify_document
