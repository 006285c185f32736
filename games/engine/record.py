"""The game record of the two-player game: write one, replay one.

Implements game-record.md, sections *Format* and *Replaying*, for `manille-2p`: its record rules
are `two_player_record.py` (which the registry takes), and `replay_record` / `verify_record`
replay a record of any game through the registry (`variants.py`). Exit statuses: 0 legal
record, 1 illegal action, 2 malformed record, and 3 when verifying a record whose decks do not
match their commitments (docs/engine.md, *Verifiable deals*).
"""

from .two_player_record import (
    EXIT_ILLEGAL,
    EXIT_LEGAL,
    EXIT_MALFORMED,
    EXIT_UNVERIFIED,
    RECORD_RULES,
    VARIANT,
    record_from_state,
    replay_two_player_document,
    verify_two_player_document,
)
from .variants import replay_record, verify_record

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "EXIT_MALFORMED",
    "EXIT_UNVERIFIED",
    "RECORD_RULES",
    "VARIANT",
    "record_from_state",
    "replay_record",
    "replay_two_player_document",
    "verify_record",
    "verify_two_player_document",
]
