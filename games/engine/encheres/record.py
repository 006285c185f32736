"""The game record of a match of *Manille aux enchères*: write one, replay one.

Implements manille-variants.md, *Records of all these variants* (4 names at four, 3 at three;
`to-100`, `to-120`, `to-150`; no options; decks of 32 cards, or of 30 lacking the same pair of
sevens in every deal at three; the actions `bid` with `points`, `pass`, `trump` with `suit`,
`play` with `card`; the summaries by seat; the match's `reached` and `loser`, `winner` always
null) through the shared `game_record.py` (game-record.md, *Format* and *Replaying*). Exit
statuses: 0 legal record, 1 illegal action, 2 malformed record, 3 a deck that does not match
its commitment when verifying.
"""

from .. import game_record
from .deck import VALIDATE_DECK, check_match_decks
from .rules import apply, deal_start, forfeit, new_match
from .state import ACTION_CLASSES, FORMATS, RULESETS, check_options


def _formats(variant: str) -> dict:
    return FORMATS


def _format_error(variant: str, match_format: object) -> str:
    return f"format {match_format!r} is not a {variant} format: one of {', '.join(FORMATS)}"


def _match_output(state) -> dict:
    return {"reached": list(state.reached), "loser": state.loser}


def _record_rules(variant: str) -> game_record.RecordRules:
    return game_record.RecordRules(
        variants=(variant,),
        seat_count=RULESETS[variant].seat_count,
        action_class=ACTION_CLASSES[variant],
        validate_deck=VALIDATE_DECK[variant],
        formats=_formats,
        format_error=_format_error,
        check_options=check_options,
        new_match=new_match,
        deal_start=deal_start,
        apply=apply,
        forfeit=forfeit,
        check_decks=check_match_decks,
        match_output=_match_output,
    )


# One RecordRules per variant: the seats, the deck and the action class differ.
RECORD_RULES = {variant: _record_rules(variant) for variant in RULESETS}


def record_from_state(state, *, players: list[str]) -> dict:
    """Return the game record of the match so far (the deal in progress included)."""
    return RECORD_RULES[state.variant].record_from_state(state, players=players)


def replay_document(document: object, *, variant: str) -> tuple[int, dict]:
    """Replay an already decoded record of `variant` (game-record.md, *Replaying*)."""
    return RECORD_RULES[variant].replay_document(document)


def verify_document(document: object, *, variant: str) -> tuple[int, dict]:
    """Replay an already decoded record of `variant`, then check its decks' commitments."""
    return RECORD_RULES[variant].verify_document(document)


__all__ = ["RECORD_RULES", "record_from_state", "replay_document", "verify_document"]
