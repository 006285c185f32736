import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import variant_get

from .records import LEGAL_OUTPUT, illegal_records, legal_record, malformed_records

PROJECT_ROOT = Path(__file__).resolve().parents[2]


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


def test_replay_command_prints_the_outcome_of_a_legal_record(tmp_path: Path) -> None:
    assert _replay(_write(tmp_path, legal_record())) == (0, LEGAL_OUTPUT)


@pytest.mark.parametrize("case", list(illegal_records()))
def test_replay_command_exits_1_on_an_illegal_action(tmp_path: Path, case: str) -> None:
    record, deal, action, message = illegal_records()[case]

    status, output = _replay(_write(tmp_path, record))

    assert status == 1
    assert output["ok"] is False
    assert (output["error"]["deal"], output["error"]["action"]) == (deal, action)
    assert output["error"]["message"] == message


@pytest.mark.parametrize(
    "case",
    [
        "bad_json",
        "short_deck",
        "duplicate_card",
        "unknown_card_in_deck",
        "unknown_card_in_action",
        "dealer_out_of_turn",
        "missing_field",
        "deal_after_a_won_match",
    ],
)
def test_replay_command_exits_2_on_a_malformed_record(tmp_path: Path, case: str) -> None:
    record, _message = malformed_records()[case]

    status, output = _replay(_write(tmp_path, record))

    assert status == 2
    assert output["error"]["code"] == "malformed"
    assert (output["error"]["deal"], output["error"]["action"]) == (None, None)


def test_replay_command_exits_2_on_a_missing_file(tmp_path: Path) -> None:
    status, output = _replay(str(tmp_path / "nowhere.json"))

    assert status == 2
    assert output["error"]["code"] == "malformed"
    assert output["error"]["message"].startswith("cannot read ")


def test_replay_command_reads_standard_input_with_a_dash() -> None:
    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", "-"],
        input=json.dumps(legal_record()).encode(),
        capture_output=True,
        cwd=PROJECT_ROOT,
        check=False,
    )

    assert completed.returncode == 0
    assert json.loads(completed.stdout) == LEGAL_OUTPUT


def test_replay_command_process_exits_1_for_an_illegal_record(tmp_path: Path) -> None:
    record, deal, action, message = illegal_records()["must_beat"]

    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", _write(tmp_path, record)],
        capture_output=True,
        cwd=PROJECT_ROOT,
        check=False,
    )

    assert completed.returncode == 1
    assert json.loads(completed.stdout.decode("utf-8"))["error"] == {
        "deal": deal,
        "action": action,
        "code": "must_beat",
        "message": message,
    }


def test_replay_command_works_as_written_on_a_machine_that_sets_nothing(tmp_path: Path) -> None:
    # Nothing in the environment says development or production, nor gives a secret key: a
    # server would refuse such a production start, an offline command must not.
    unset = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"}
    environment = {name: value for name, value in os.environ.items() if name not in unset}
    environment.pop("DJANGO_SETTINGS_MODULE", None)

    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", _write(tmp_path, legal_record())],
        capture_output=True,
        cwd=PROJECT_ROOT,
        env=environment,
        check=False,
    )

    assert completed.stderr == b""
    assert completed.returncode == 0
    assert json.loads(completed.stdout) == LEGAL_OUTPUT


def _verify(path: str) -> tuple[int, dict]:
    out = io.StringIO()
    status = 0
    try:
        call_command("replay", "--verify", path, stdout=out)
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(out.getvalue())


def _committed_record() -> dict:
    variant = variant_get("manille-2p")
    rng = random.Random(8)
    state = variant.advance(variant.new_match(first_dealer=0), rng)
    while not state.is_finished:
        action = rng.choice(variant.legal_actions(state, variant.seat_to_act(state)))
        state = variant.advance(variant.apply(state, action), rng)
    return variant.record_from_state(state, players=["alice", "bob"])


def test_replay_verify_exits_0_for_a_record_whose_decks_match_their_commitments(
    tmp_path: Path,
) -> None:
    record = _committed_record()

    status, output = _verify(_write(tmp_path, record))

    assert status == 0
    assert (output["ok"], output["verified"]) == (True, True)
    assert output["commitments"] == [deal["commitment"] for deal in record["deals"]]


def test_plain_replay_of_a_committed_record_is_unchanged(tmp_path: Path) -> None:
    record = _committed_record()

    status, output = _replay(_write(tmp_path, record))

    assert status == 0
    assert "verified" not in output
    assert "commitments" not in output


def test_replay_verify_exits_3_when_a_deck_was_changed(tmp_path: Path) -> None:
    record = _committed_record()
    deck = record["deals"][2]["deck"]
    deck[0], deck[1] = deck[1], deck[0]

    status, output = _verify(_write(tmp_path, record))

    assert status == 3
    assert (output["error"]["deal"], output["error"]["code"]) == (2, "commitment_mismatch")


def test_replay_verify_exits_3_for_a_record_without_commitments(tmp_path: Path) -> None:
    status, output = _verify(_write(tmp_path, legal_record()))

    assert status == 3
    assert output["error"] == {
        "deal": 0,
        "action": None,
        "code": "commitment_missing",
        "message": "deal 0 has no salt and no commitment: "
        "its deck cannot be checked against a commitment",
    }


def test_replay_verify_exits_2_for_a_salt_of_the_wrong_shape(tmp_path: Path) -> None:
    record = _committed_record()
    record["deals"][1]["salt"] = "not hex"

    status, output = _verify(_write(tmp_path, record))

    assert status == 2
    assert output["error"] == {
        "deal": None,
        "action": None,
        "code": "malformed",
        "message": "deal 1: a salt is 64 lowercase hexadecimal digits, not 'not hex'",
    }


def test_replay_verify_process_exits_3_from_standard_input() -> None:
    record = _committed_record()
    record["deals"][0]["salt"] = "0" * 64

    completed = subprocess.run(
        [sys.executable, "manage.py", "replay", "--verify", "-"],
        input=json.dumps(record).encode(),
        capture_output=True,
        cwd=PROJECT_ROOT,
        check=False,
    )

    assert completed.returncode == 3
    assert json.loads(completed.stdout)["error"]["code"] == "commitment_mismatch"
