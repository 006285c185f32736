"""The lock files hold a version of every dependency that pyproject.toml asks for.

A dependency added to pyproject.toml without `make lock` would be missing from a fresh install
(`make install` installs the lock, nothing else): this says so before anyone else finds out.
"""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

BASE_DIR = Path(__file__).resolve().parent.parent
PINNED = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;\\]+)", re.MULTILINE)


def _pins(lock: str) -> dict[str, str]:
    text = (BASE_DIR / lock).read_text()
    return {canonicalize_name(name): version for name, version in PINNED.findall(text)}


def _unsatisfied(requirements: list[str], pins: dict[str, str]) -> list[str]:
    missing = []
    for line in requirements:
        requirement = Requirement(line)
        version = pins.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            missing.append(f"{line} (locked: {version})")
    return missing


def _project() -> dict:
    return tomllib.loads((BASE_DIR / "pyproject.toml").read_text())


def test_the_production_lock_satisfies_pyproject() -> None:
    project = _project()
    requirements = project["project"]["dependencies"] + project["build-system"]["requires"]

    assert _unsatisfied(requirements, _pins("requirements.lock")) == [], "run `make lock`"


def test_the_development_lock_satisfies_pyproject_and_its_dev_tools() -> None:
    project = _project()
    requirements = (
        project["project"]["dependencies"]
        + project["project"]["optional-dependencies"]["dev"]
        + project["build-system"]["requires"]
    )

    assert _unsatisfied(requirements, _pins("requirements-dev.lock")) == [], "run `make lock`"


def test_every_locked_package_has_its_hashes() -> None:
    for lock in ("requirements.lock", "requirements-dev.lock"):
        entries = re.split(r"\n(?=[A-Za-z0-9])", (BASE_DIR / lock).read_text())
        pinned = [entry for entry in entries if PINNED.match(entry)]

        assert [entry.split()[0] for entry in pinned if "--hash=sha256:" not in entry] == []
