"""Cross-check the engine's replay against the reference on thousands of records.

    python -m tests.engine.reference --records 2000 [--variant X] [--seed N]

prints, per case and kind, how many records were compared and how many agreed, and the first
disagreement in full. Exit status 1 if any record disagreed.
"""

import argparse
import sys
import time

from .crosscheck import crosscheck, engine_variants
from .generate import CASES, KINDS


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engine.reference")
    parser.add_argument("--records", type=int, default=2000, help="records per case and kind")
    parser.add_argument("--variant", help="a variant id (or a case name, e.g. …/talon)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=KINDS, help="one kind only")
    options = parser.parse_args(arguments)
    cases = [
        case
        for case in CASES
        if options.variant is None or options.variant in (case.name, case.variant)
    ]
    if not cases:
        parser.error(f"no case for {options.variant!r}")
    kinds = [options.kind] if options.kind else list(KINDS)
    is_all_agreed = True
    for case in cases:
        if case.variant not in engine_variants():
            print(f"{case.name}: skipped, the engine has no {case.variant} yet", flush=True)
            continue
        for kind in kinds:
            started = time.monotonic()
            tally = crosscheck(case, kind, count=options.records, seed=options.seed)
            seconds = time.monotonic() - started
            print(
                f"{case.name:24} {kind:9} compared {tally.compared:6} "
                f"agreed {tally.agreed:6}  ({seconds:.0f} s)",
                flush=True,
            )
            if tally.disagreed_by_how:
                is_all_agreed = False
                by_how = ", ".join(
                    f"{how} {count}" for how, count in tally.disagreed_by_how.items()
                )
                print(f"  disagreed: {by_how}", flush=True)
            for disagreement in tally.disagreements:
                print(disagreement.describe(), flush=True)
    return 0 if is_all_agreed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
