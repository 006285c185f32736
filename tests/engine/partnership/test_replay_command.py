import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import replay_record
from games.engine.partnership import QUESTION_TYPES

from .records import (
    FLEMISH_OUTPUT,
    FRENCH_OUTPUT,
    PARLEE_QUESTIONS,
    flemish_record,
    french_record,
    illegal_records,
    malformed_records,
    parlee_record,
)

PROJECT_ROOT = Path(__file__).resolve().parents[3]


def _replay(path: str) -> tuple[int, dict]:
    out = io.StringIO()
    status = 0
    try:
        call_command("replay", path, stdout=out)
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(out.getvalue())


def _write(tmp_path: Path, record) -> str:
    path = tmp_path / "record.json"
    text = record if isinstance(record, str) else json.dumps(record, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_replay_command_replays_a_flemish_and_a_french_record(tmp_path: Path) -> None:
    assert _replay(_write(tmp_path, flemish_record())) == (0, FLEMISH_OUTPUT)
    assert _replay(_write(tmp_path, french_record())) == (0, FRENCH_OUTPUT)


def test_replay_command_replays_a_parlee_record_and_ignores_its_answers(tmp_path: Path) -> None:
    record = parlee_record()
    for deal in record["deals"]:
        for action in deal["actions"]:
            if action["type"] in QUESTION_TYPES:
                action["answer"] = True

    status, output = _replay(_write(tmp_path, record))

    assert (status, output) == replay_record(parlee_record())
    assert [deal["questions"] for deal in output["deals"]] == PARLEE_QUESTIONS
    assert [deal["conductors"] for deal in output["deals"]] == [[2, 1], [2, None]]


@pytest.mark.parametrize(
    "case", ["flemish_must_beat", "flemish_blind_after_looking", "french_must_follow_suit"]
)
def test_replay_command_exits_1_on_an_illegal_action(tmp_path: Path, case: str) -> None:
    record, deal, action, code, message = illegal_records()[case]

    assert _replay(_write(tmp_path, record)) == (
        1,
        {"ok": False, "error": {"deal": deal, "action": action, "code": code, "message": message}},
    )


@pytest.mark.parametrize(
    "case",
    ["unknown_variant", "two_players", "french_any_option", "action_seat_4", "dealer_out_of_turn"],
)
def test_replay_command_exits_2_on_a_malformed_record(tmp_path: Path, case: str) -> None:
    record, code, message = malformed_records()[case]

    assert _replay(_write(tmp_path, record)) == (
        2,
        {"ok": False, "error": {"deal": None, "action": None, "code": code, "message": message}},
    )


def test_replay_command_reads_a_four_player_record_on_standard_input() -> None:
    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", "-"],
        input=json.dumps(flemish_record()).encode(),
        capture_output=True,
        cwd=PROJECT_ROOT,
        check=False,
    )

    assert completed.returncode == 0
    assert json.loads(completed.stdout) == FLEMISH_OUTPUT


def test_replay_command_process_exits_2_for_an_option_the_game_does_not_have(
    tmp_path: Path,
) -> None:
    record, _code, message = malformed_records()["flemish_unknown_option"]

    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", _write(tmp_path, record)],
        capture_output=True,
        cwd=PROJECT_ROOT,
        check=False,
    )

    assert completed.returncode == 2
    assert json.loads(completed.stdout.decode("utf-8"))["error"] == {
        "deal": None,
        "action": None,
        "code": "options_not_allowed",
        "message": message,
    }
