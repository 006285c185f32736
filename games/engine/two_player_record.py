"""The record rules of the two-player game: what its record is made of, written and replayed.

Implements game-record.md, sections *Format* and *Replaying*, for `manille-2p` through the
shared `game_record.py`: its formats, no options, its rules. The registry (`variants.py`) takes
the two-player game's record from here; `record.py` adds the replay of a record of any game,
which goes through the registry (so this module never imports it).
"""

from . import game_record
from .dealing import validate_deck
from .formats import FORMATS
from .game_record import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_MALFORMED, EXIT_UNVERIFIED
from .rules import apply, deal_start, forfeit, new_match
from .state import SEAT_COUNT, VARIANT, Action, MatchState

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "EXIT_MALFORMED",
    "EXIT_UNVERIFIED",
    "RECORD_RULES",
    "VARIANT",
    "record_from_state",
    "replay_two_player_document",
    "verify_two_player_document",
]


def _formats(variant: str) -> dict:
    return FORMATS


def _format_error(variant: str, match_format: object) -> str:
    return f"unknown format {match_format!r}: one of {', '.join(FORMATS)}"


def _check_options(variant: str, options: object) -> None:
    # game-record.md gives the two-player record no options: the key is ignored, as it always was.
    return None


def _new_match(*, variant: str, format: str, first_dealer: int, options: object) -> MatchState:
    return new_match(format=format, first_dealer=first_dealer)


RECORD_RULES = game_record.RecordRules(
    variants=(VARIANT,),
    seat_count=SEAT_COUNT,
    action_class=Action,
    validate_deck=validate_deck,
    formats=_formats,
    format_error=_format_error,
    check_options=_check_options,
    new_match=_new_match,
    deal_start=deal_start,
    apply=apply,
    forfeit=forfeit,
)


# The entry points: the shared writer, replay and verification with the game's rules.
record_from_state = RECORD_RULES.record_from_state
replay_two_player_document = RECORD_RULES.replay_document
verify_two_player_document = RECORD_RULES.verify_document
