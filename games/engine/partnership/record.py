"""The game record of a partnership match: write one, replay one.

Implements manille-4p.md, *Records* (four players, first dealer 0 to 3, the dealer passing to
the next seat, Flemish `options`, the action types, the malformed cases, the summaries by team)
through the shared `game_record.py` (game-record.md, *Format* and *Replaying*). Exit statuses:
0 legal record, 1 illegal action, 2 malformed record, 3 a deck that does not match its
commitment when verifying.
"""

from .. import game_record
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
)


# The entry points: the shared writer, replay and verification with the games' rules (the
# replay's summaries, totals and winner by team).
record_from_state = RECORD_RULES.record_from_state
replay_document = RECORD_RULES.replay_document
verify_document = RECORD_RULES.verify_document
