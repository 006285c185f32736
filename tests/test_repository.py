"""What the repository holds: sources, never the state a running process writes."""

import subprocess
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def test_celery_beat_state_files_are_neither_tracked_nor_left_to_be_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "celerybeat-schedule*"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "celerybeat-schedule.dat", "celerybeat-schedule"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
    ).stdout

    assert tracked == ""
    assert ignored.split() == ["celerybeat-schedule.dat", "celerybeat-schedule"]
