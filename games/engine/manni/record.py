"""The game record of a match of Manni: write one, replay one.

Implements manille-variants.md, *Manni* / *Record* and *Records of all these variants* (three
players, the format `manni-10`, no options, decks of the 52 distinct cards, the actions
`exchange` with its `cards` and `play`; the summaries by seat; the match's `plus`, `minus`,
`totals` and `loser`) through the shared `game_record.py` (game-record.md, *Format* and
*Replaying*). Exit statuses: 0 legal record, 1 illegal action, 2 malformed record, 3 a deck that
does not match its commitment when verifying.
"""

from .. import game_record
from .deck import SEAT_COUNT, validate_deck
from .rules import apply, deal_start, forfeit, new_match
from .state import FORMATS, VARIANT, Action, check_options


def _formats(variant: str) -> dict:
    return FORMATS


def _format_error(variant: str, match_format: object) -> str:
    return f"format {match_format!r} is not a {variant} format: one of {', '.join(FORMATS)}"


def _check_options(variant: str, options: object) -> None:
    check_options(options)


def _match_output(state) -> dict:
    return {"plus": list(state.plus), "minus": list(state.minus), "loser": state.loser}


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
    match_output=_match_output,
)

record_from_state = RECORD_RULES.record_from_state
replay_document = RECORD_RULES.replay_document
verify_document = RECORD_RULES.verify_document
