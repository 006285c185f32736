"""A second replayer of records, written from the spec alone, to check the engine's replay.

One small module per family (`trois`, `encheres`, `partnership`, `manni`) over `common`; none
imports the engine or Django. `generate` makes legal, illegal and malformed records of every
variant; `crosscheck` replays them through both and compares; `python -m tests.engine.reference`
runs thousands.
"""

from . import encheres, manni, partnership, trois
from .common import Malformed, error_document, replay

GAMES = {
    "manille-a-trois": trois,
    "manille-encheres": encheres,
    "manille-encheres-3": encheres,
    "manille-parlee": partnership,
    "manille-mort": partnership,
    "manni": manni,
}


def replay_record(record) -> tuple[int, dict]:
    """Replay a record (a parsed JSON document); give (exit status, output document)."""
    variant = record.get("variant") if isinstance(record, dict) else None
    if not isinstance(variant, str) or variant not in GAMES:
        error = Malformed(f"unknown variant {variant!r}")
        return 2, error_document(None, None, error.code, str(error))
    return replay(record, GAMES[variant])
