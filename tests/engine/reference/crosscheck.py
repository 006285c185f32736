"""Replay records through the engine and through the reference, and compare their outputs on
every field (an error's message excepted: its words are the engine's own)."""

import copy
import json
import random
from collections import Counter
from dataclasses import dataclass, field

from . import replay_record as reference_replay
from .generate import Case, record_of


def engine_variants() -> tuple:
    from games.engine.variants import VARIANTS

    return tuple(VARIANTS)


def engine_replay(record) -> tuple:
    from games.engine.variants import replay_record

    try:
        return replay_record(copy.deepcopy(record))
    except Exception as error:  # noqa: BLE001 - a crash is a disagreement to report, not to hide
        return None, {"exception": repr(error)}


def comparable(outcome: tuple) -> tuple:
    """Give what must agree: the exit status and the document as JSON, an error's message left
    out."""
    status, document = outcome
    document = json.loads(json.dumps(document))
    error = document.get("error")
    if isinstance(error, dict):
        document["error"] = {key: value for key, value in error.items() if key != "message"}
    return status, document


@dataclass
class Disagreement:
    how: str
    record: object
    reference: tuple
    engine: tuple

    def describe(self) -> str:
        return "\n".join(
            (
                f"made by: {self.how}",
                f"record: {json.dumps(self.record, ensure_ascii=False)}",
                f"reference: exit {self.reference[0]} {json.dumps(self.reference[1])}",
                f"engine: exit {self.engine[0]} {json.dumps(self.engine[1])}",
            )
        )


@dataclass
class Tally:
    case: str
    kind: str
    compared: int = 0
    agreed: int = 0
    disagreements: list = field(default_factory=list)
    disagreed_by_how: Counter = field(default_factory=Counter)


def crosscheck(case: Case, kind: str, *, count: int, seed: int, kept: int = 1) -> Tally:
    """Compare `count` records of a case and kind, made from `seed`; keep the first
    disagreements."""
    rng = random.Random(f"{seed}:{case.name}:{kind}")
    tally = Tally(case.name, kind)
    for _ in range(count):
        record, how = record_of(case, kind, rng)
        expected = reference_replay(record)
        actual = engine_replay(record)
        tally.compared += 1
        if comparable(expected) == comparable(actual):
            tally.agreed += 1
            continue
        tally.disagreed_by_how[how] += 1
        if len(tally.disagreements) < kept:
            tally.disagreements.append(Disagreement(how, record, expected, actual))
    return tally
