"""No import circle among the games app's modules.

The static graph of every module under `games/`: each file parsed with `ast`, every `import` and
`from ... import` counted wherever it stands (at the top, or inside a function, where an import
only hides a circle until the function runs), relative imports resolved against the module's
package. Django's dynamic `import_string` calls name a module by a string: they are not
imports, and they are how the writer reaches the computer's turn without a circle.
"""

import ast
from pathlib import Path

import games

GAMES_DIRECTORY = Path(games.__file__).parent
PACKAGE = "games"


def module_files() -> dict[str, Path]:
    """Every module of the app by its dotted name (a package by its `__init__`'s)."""
    modules = {}
    for path in sorted(GAMES_DIRECTORY.rglob("*.py")):
        parts = list(path.relative_to(GAMES_DIRECTORY).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join([PACKAGE, *parts])] = path
    return modules


def is_package(name: str, modules: dict[str, Path]) -> bool:
    return modules[name].name == "__init__.py" if name in modules else False


def ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def imported_names(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The dotted names a module imports (its own packages' names resolved), anywhere in it."""
    own_package = name if is_package(name, modules) else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = own_package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module
            for alias in node.names:
                # `from package import module` imports the module; `from module import name`
                # imports the module that holds the name.
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the app, and the modules of the app that importing it runs first.

    Importing `a.b.c` runs the `__init__` of `a` and of `a.b`, then `c`: the packages on the way
    are edges too, but a module's own packages are never waited for (they are already running
    when it is imported).
    """
    modules = module_files()
    graph = {}
    for name, path in modules.items():
        edges = set()
        for target in imported_names(name, path, modules):
            for reached in [*ancestors(target), target]:
                if reached in modules and reached != name and reached not in ancestors(name):
                    edges.add(reached)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Return one import circle as [a, b, ..., a], or None (a depth-first search)."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for target in sorted(graph.get(node, ())):
            if target in on_path:
                return [*path[path.index(target) :], target]
            if target not in done:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_the_graph_covers_every_module_of_the_app() -> None:
    graph = import_graph()

    assert {
        "games.models",
        "games.tables.services",
        "games.tables.selectors",
        "games.lobby.services",
        "games.robots.scheduling",
        "games.robots.turns",
        "games.engine.variants",
        "games.tasks",
    } <= set(graph)
    # Edges as the files state them, relative ones and those inside functions included.
    assert "games.robots.scheduling" in graph["games.tables.services"]
    assert "games.tables.services" in graph["games.robots.turns"]
    assert "games.lobby.selectors" in graph["games.lobby.consumers"]
    assert "games.robots.turns" in graph["games.tasks"]


def test_the_search_finds_a_circle_when_there_is_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}

    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_a_function_level_and_a_relative_import_are_counted(tmp_path: Path) -> None:
    source = tmp_path / "services.py"
    source.write_text(
        "from . import hub\n"
        "from .selectors import lobby_room\n"
        "def later():\n"
        "    from games.tables import services as tables\n"
        "    import games.models\n"
        "    from django.utils.module_loading import import_string\n"
        "    return import_string('games.robots.turns.computer_move')\n"
    )
    modules = module_files()

    found = imported_names("games.lobby.services", source, modules)

    assert {
        "games.lobby.hub",
        "games.lobby.selectors",
        "games.tables.services",
        "games.models",
    } <= found
    assert "games.robots.turns" not in found


def test_no_module_of_the_games_app_imports_itself_back() -> None:
    cycle = find_cycle(import_graph())

    message = "import circle: " + " -> ".join(cycle) if cycle else ""
    print(message)
    assert cycle is None, message
