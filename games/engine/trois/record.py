"""The game record of a match of *Manille à trois*: write one, replay one.

Implements manille-variants.md, *Records of all these variants* (three players, `first-to-34`
or `first-to-44`, `options` `{"sevens_removed": bool}`, decks of 30 cards lacking the same pair
of sevens in every deal or of 32, the action `play`, the summaries by seat, the match's
`loser`) through the shared `game_record.py` (game-record.md, *Format* and *Replaying*). Exit
statuses: 0 legal record, 1 illegal action, 2 malformed record, 3 a deck that does not match
its commitment when verifying.
"""

from .. import game_record
from .deck import SEAT_COUNT, check_match_decks, validate_deck
from .rules import apply, deal_start, forfeit, new_match
from .state import FORMATS, VARIANT, Action, table_options


def _formats(variant: str) -> dict:
    return FORMATS


def _format_error(variant: str, match_format: object) -> str:
    return f"format {match_format!r} is not a {variant} format: one of {', '.join(FORMATS)}"


def _check_options(variant: str, options: object) -> None:
    table_options(options)


def _check_decks(variant: str, options: object, decks) -> None:
    check_match_decks(decks, is_sevens_removed=table_options(options).sevens_removed)


def _match_output(state) -> dict:
    return {"loser": state.loser}


RECORD_RULES = game_record.RecordRules(
    variants=(VARIANT,),
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
    check_decks=_check_decks,
    match_output=_match_output,
)

record_from_state = RECORD_RULES.record_from_state
replay_document = RECORD_RULES.replay_document
verify_document = RECORD_RULES.verify_document
