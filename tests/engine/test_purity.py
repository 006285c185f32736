import ast
from pathlib import Path

import games.engine

ENGINE_DIRECTORY = Path(games.engine.__file__).parent


def _imported_modules(path: Path) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.append(node.module)
    return modules


def test_the_engine_imports_nothing_from_django() -> None:
    files = sorted(ENGINE_DIRECTORY.rglob("*.py"))
    django_imports = [
        (str(path.relative_to(ENGINE_DIRECTORY)), module)
        for path in files
        for module in _imported_modules(path)
        if module == "django" or module.startswith("django.")
    ]

    # The two-player modules, the shared ones and the partnership package.
    assert len(files) >= 20
    assert ENGINE_DIRECTORY / "partnership" / "rules.py" in files
    assert django_imports == []


def test_the_computer_players_import_nothing_from_django_or_the_site() -> None:
    import games.computer

    directory = Path(games.computer.__file__).parent
    files = sorted(directory.rglob("*.py"))
    impure = [
        (path.name, module)
        for path in files
        for module in _imported_modules(path)
        if module == "django"
        or module.startswith("django.")
        or (
            module.startswith("games.")
            and not module.startswith(("games.engine", "games.computer"))
        )
    ]

    assert directory / "strong.py" in files
    assert impure == []
