"""Every visible string is translated: catalogues complete, compiled, and in step with the code.

Each catalogue is `<root>/locale/en/LC_MESSAGES/django.po` (the project's at the repository root,
one per app that has its own `locale/`); new ones are picked up by looking for that path.
Strings are assigned to catalogues the way `makemessages` assigns them: a file belongs to the
nearest enclosing directory that has a `locale/`, else to the project catalogue.
"""

import os
import shutil
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

REPOSITORY = Path(settings.BASE_DIR)
CATALOGUE = Path("locale/en/LC_MESSAGES/django.po")
# Not the site: the tests and benchmarks speak to developers, not to players.
NOT_TRANSLATED = {"tests", "benchmarks", "staticfiles", "node_modules", "__pycache__"}
SOURCE_SUFFIXES = {".py", ".html", ".txt"}


def site_directories(root: Path):
    """Yield (directory, file names) under root, skipping hidden and untranslated folders."""
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(
            name
            for name in subdirectories
            if not name.startswith(".") and name not in NOT_TRANSLATED
        )
        yield Path(directory), files


def catalogue_files() -> list[Path]:
    return sorted(
        directory / "django.po"
        for directory, files in site_directories(REPOSITORY)
        if "django.po" in files
        and directory.relative_to(REPOSITORY).as_posix().endswith(CATALOGUE.parent.as_posix())
    )


def entry_key(entry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def translations(catalogue) -> dict:
    result = {}
    for entry in catalogue:
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            result[entry_key(entry)] = tuple(
                entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural)
            )
        else:
            result[entry_key(entry)] = entry.msgstr
    return result


def test_the_project_and_accounts_catalogues_exist() -> None:
    found = {path.relative_to(REPOSITORY).as_posix() for path in catalogue_files()}

    assert {
        "locale/en/LC_MESSAGES/django.po",
        "accounts/locale/en/LC_MESSAGES/django.po",
    } <= found


def test_every_entry_is_translated_and_none_is_fuzzy() -> None:
    problems = {}
    for path in catalogue_files():
        catalogue = polib.pofile(str(path))
        untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
        fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
        if untranslated or fuzzy:
            problems[path.relative_to(REPOSITORY).as_posix()] = {
                "untranslated": untranslated,
                "fuzzy": fuzzy,
            }

    assert problems == {}


def test_every_catalogue_is_compiled_from_its_current_content() -> None:
    problems = {}
    for path in catalogue_files():
        name = path.relative_to(REPOSITORY).as_posix()
        compiled_path = path.with_suffix(".mo")
        if not compiled_path.exists():
            problems[name] = "no .mo: run compilemessages"
            continue
        source = translations(polib.pofile(str(path)))
        compiled = translations(polib.mofile(str(compiled_path)))
        if compiled != source:
            problems[name] = {
                "missing or different in .mo": sorted(
                    key[1] for key, value in source.items() if compiled.get(key) != value
                ),
                "only in .mo": sorted(key[1] for key in compiled.keys() - source.keys()),
            }

    assert problems == {}


def extracted_catalogues(workspace: Path) -> dict[str, set]:
    """Run makemessages over a copy of the site's sources; return msgids per catalogue path."""
    for directory, files in site_directories(REPOSITORY):
        relative = directory.relative_to(REPOSITORY)
        if "locale" in relative.parts:
            continue
        target = workspace / relative
        target.mkdir(parents=True, exist_ok=True)
        if (directory / "locale").is_dir():
            (target / "locale").mkdir(exist_ok=True)
        for name in files:
            if Path(name).suffix in SOURCE_SUFFIXES:
                shutil.copy2(directory / name, target / name)
    (workspace / "locale").mkdir(exist_ok=True)

    current = Path.cwd()
    os.chdir(workspace)
    try:
        with override_settings(LOCALE_PATHS=[workspace / "locale"]):
            call_command("makemessages", locale=["en"], verbosity=0)
    finally:
        os.chdir(current)

    return {
        path.relative_to(workspace).as_posix(): {
            entry_key(entry) for entry in polib.pofile(str(path)) if not entry.obsolete
        }
        for path in workspace.rglob("django.po")
    }


def test_every_marked_string_is_in_its_catalogue(tmp_path: Path) -> None:
    missing = {}
    for name, extracted in extracted_catalogues(tmp_path).items():
        committed_path = REPOSITORY / name
        committed = (
            {entry_key(e) for e in polib.pofile(str(committed_path)) if not e.obsolete}
            if committed_path.exists()
            else set()
        )
        absent = sorted(key[1] for key in extracted - committed)
        if absent:
            missing[name] = absent

    assert missing == {}


def test_every_count_of_the_table_is_translated() -> None:
    """The table's sentences with a count (both forms) reach the catalogue and are English in
    English (they go through `_forms`, which `makemessages` must know)."""
    from django.utils import translation

    from games.engine.variants import VARIANTS
    from games.tables.strings import table_strings

    def counts(language: str) -> dict:
        with translation.override(language):
            strings = table_strings(variant=VARIANTS["manille-french"])
        found = {}

        def walk(prefix, value):
            if isinstance(value, dict) and set(value) == {"one", "other"}:
                found[prefix] = value
            elif isinstance(value, dict):
                for key, item in value.items():
                    walk(f"{prefix}.{key}", item)

        walk("", strings)
        return found

    french, english = counts("fr"), counts("en")
    assert len(french) >= 5
    # "%(n)s point" is the same word in both languages: the catalogue says it is translated.
    catalogue = translation.trans_real.translation("en")._catalog
    missing = [
        key
        for key, forms in french.items()
        if (forms["one"], 0) not in catalogue and french[key] == english[key]
    ]
    assert missing == []
    # A game word stays French in English (docs/table.md, *English words at the table*).
    assert english[".tricks_count"] == {"one": "%(n)s pli", "other": "%(n)s plis"}
