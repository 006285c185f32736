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
from .scoring import cut_deal_summary
from .state import Action, MatchState

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

VARIANT = "manille-2p"


def _formats(variant: str) -> dict:
    return FORMATS


def _format_error(variant: str, match_format: object) -> str:
    return f"unknown format {match_format!r}: one of {', '.join(FORMATS)}"


def _check_options(variant: str, options: object) -> None:
    # game-record.md gives the two-player record no options: the key is ignored, as it always was.
    return None


def _new_match(*, variant: str, format: str, first_dealer: int, options: object) -> MatchState:
    return new_match(format=format, first_dealer=first_dealer)


def _cut_summary(state: MatchState):
    return cut_deal_summary(state.deal)


def _variant_of(state: MatchState) -> str:
    return VARIANT


def _options_of(state: MatchState) -> dict:
    return {}


RECORD_RULES = game_record.RecordRules(
    variants=(VARIANT,),
    seat_count=2,
    action_class=Action,
    validate_deck=validate_deck,
    formats=_formats,
    format_error=_format_error,
    check_options=_check_options,
    new_match=_new_match,
    deal_start=deal_start,
    apply=apply,
    forfeit=forfeit,
    cut_summary=_cut_summary,
    variant_of=_variant_of,
    options_of=_options_of,
)


def record_from_state(state: MatchState, *, players: list[str]) -> dict:
    """Return the game record of the match so far (the deal in progress included)."""
    return game_record.record_from_state(RECORD_RULES, state, players=players)


def verify_two_player_document(document) -> tuple[int, dict]:
    """Verify an already decoded `manille-2p` record (`game_record.verify_document`)."""
    return game_record.verify_document(RECORD_RULES, document)


def replay_two_player_document(document) -> tuple[int, dict]:
    """Replay an already decoded `manille-2p` record through the two-player rules."""
    return game_record.replay_document(RECORD_RULES, document)
