"""Replay a game record through the rules engine (game-record.md, *Replaying*).

`python manage.py replay PATH` (PATH may be `-` for standard input) prints one JSON document and
exits 0 for a legal record, 1 for an illegal action, 2 for a malformed record. Records of every
registered variant are accepted (manille-2p, manille-flemish, manille-french, manille-parlee).

`python manage.py replay --verify PATH` also checks every deal's deck against the commitment
published before it (docs/engine.md, *Verifiable deals*): exit 3 when a deal has none or does
not match it.
"""

import json
import sys

from django.core.management.base import BaseCommand

from games.engine.variants import EXIT_MALFORMED, replay_record, verify_record


def _unreadable(message: str) -> tuple[int, dict]:
    return EXIT_MALFORMED, {
        "ok": False,
        "error": {"deal": None, "action": None, "code": "malformed", "message": message},
    }


class Command(BaseCommand):
    help = "Replay a Manille game record (a file, or - for standard input) and verify it."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", help="the record's JSON file, or - for standard input")
        parser.add_argument(
            "--verify",
            action="store_true",
            help="also check every deal's deck against its commitment (exit 3 if one fails)",
        )

    def handle(self, *args, path: str, verify: bool = False, **options) -> None:
        try:
            if path == "-":
                data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
            else:
                with open(path, "rb") as record_file:
                    data = record_file.read()
        except OSError as error:
            status, document = _unreadable(f"cannot read {path}: {error.strerror}")
        else:
            status, document = (verify_record if verify else replay_record)(data)
        self.stdout.write(json.dumps(document, ensure_ascii=False))
        if status != 0:
            raise SystemExit(status)
