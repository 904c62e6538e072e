"""The app's imports run one way: rules <- app, and inside the app the shell (`game.app.main`) above the
screens and scenes, with no import cycles.

The graph is read from the source (every import statement, at any depth, under TYPE_CHECKING too), with
an edge from a module to each package it loads on the way (importing ``game.app.ui.scene`` runs
``game/app/ui/__init__.py`` first), so it is the graph Python itself walks.

A scene gets the app it lives in typed by `game.app.ui.scene.Host`; the app (`game.app.main.App`) is
one, and no scene uses more of it than `Host` declares.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app_helpers import new_app
from game.app.ui.scene import Host

ROOT = Path(__file__).resolve().parent.parent
APP = "game.app"
SHELL = "game.app.main"


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_under(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (a dotted name) found under `root`, by dotted name."""
    folder = root.joinpath(*package.split("."))
    return {module_name(root, path): path for path in sorted(folder.rglob("*.py"))}


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


class Import:
    """One import statement's target module, and whether it runs when the module is loaded."""

    def __init__(self, target: str, line: int, deferred: bool) -> None:
        self.target, self.line, self.deferred = target, line, deferred


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """The modules `name` imports, absolute; `deferred` when inside a function or `if TYPE_CHECKING`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if is_package(path) else name.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                inner = True
            if isinstance(child, ast.Import):
                found.extend(Import(alias.name, child.lineno, inner) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[:len(base) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                found.append(Import(source, child.lineno, inner))
                for alias in child.names:  # `from pkg import module` imports the module too
                    if f"{source}.{alias.name}" in known:
                        found.append(Import(f"{source}.{alias.name}", child.lineno, inner))
            visit(child, inner)

    visit(tree, False)
    return found


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of `package` that loading it loads first (targets and their parent packages)."""
    known = modules_under(root, package)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for imp in imports_of(name, path, known):
            parts = imp.target.split(".")
            for k in range(1, len(parts) + 1):
                target = ".".join(parts[:k])
                if target in known and target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = walk(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = walk(start)
            if cycle:
                return cycle
    return None


# ------------------------------------------------------------------------------ the app itself
def test_the_app_has_no_import_cycle():
    graph = import_graph(ROOT, APP)
    assert len(graph) > 20  # the whole app was read
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_nothing_below_the_shell_imports_it():
    """Scenes get the app they live in (typed by `game.app.ui.scene.Host`); none imports the shell."""
    known = modules_under(ROOT, APP)
    offenders = [f"{name} (line {imp.line})" for name, path in known.items() if name != SHELL
                 for imp in imports_of(name, path, known) if imp.target == SHELL]
    assert offenders == []


def test_app_modules_import_each_other_at_the_top_only():
    """An import of another app module inside a function or under TYPE_CHECKING is how a cycle hides:
    every one is at module level, so the graph above is the one Python runs."""
    known = modules_under(ROOT, APP)
    deferred = [f"{name} line {imp.line}: {imp.target}" for name, path in known.items()
                for imp in imports_of(name, path, known) if imp.deferred and imp.target.startswith(APP)]
    assert deferred == []


def host_members() -> set[str]:
    return {name for name in vars(Host) if not name.startswith("_")} | set(Host.__annotations__)


def app_uses(tree: ast.AST) -> set[str]:
    """The attributes a module's code reads or calls on a scene's app (`self.app.x`, `app.x`)."""
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id == "app" or \
                    isinstance(owner, ast.Attribute) and owner.attr == "app" and isinstance(owner.value, ast.Name):
                used.add(node.attr)
    return used


def test_scenes_use_only_what_host_declares():
    """`Host` is the whole of what a scene may use of its app: nothing below the shell reaches past it."""
    members = host_members()
    assert {"push", "pop", "replace", "pop_to_root", "top", "size", "keep_game"} <= members
    known = modules_under(ROOT, APP)
    beyond = {f"{name}: app.{attr}" for name, path in known.items() if name != SHELL
              for attr in app_uses(ast.parse(path.read_text(encoding="utf-8"))) if attr not in members}
    assert beyond == set()
    # the checker sees a reach past Host
    assert app_uses(ast.parse("def f(self):\n    self.app.stack.clear()\n    app.mapper = None\n")) == {"stack", "mapper"}


def test_the_app_is_a_host():
    app = new_app()
    assert isinstance(app, Host)
    for name in host_members():  # every member is really there (not only inherited from the protocol)
        assert any(name in vars(k) for k in type(app).__mro__ if k is not object) or name in vars(app), name


def test_package_init_files_import_nothing():
    """So that importing one module never loads its sibling modules (and their imports)."""
    busy = [name for name, path in modules_under(ROOT, APP).items()
            if is_package(path) and imports_of(name, path, {}) and
            any(imp.target != "__future__" for imp in imports_of(name, path, {}))]
    assert busy == []


@pytest.mark.parametrize("package", ["game.rules", "game.ai"])
def test_rules_and_ai_never_import_the_app(package):
    """rules <- app: the rules (and the AI) know nothing of the app or of pygame."""
    known = modules_under(ROOT, package)
    offenders = [f"{name}: {imp.target}" for name, path in known.items() for imp in imports_of(name, path, known)
                 if imp.target.split(".")[0] == "pygame" or imp.target == APP or imp.target.startswith(APP + ".")]
    assert offenders == []


def test_the_game_packages_hold_scene_view_and_rules_page():
    """What one game needs lives together: game/app/games/<game>/ has its scene, view and rules page."""
    folder = ROOT / "game" / "app" / "games"
    games = sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file())
    assert {"star", "savoy", "know", "truchet"} <= set(games)
    for name in games:
        assert {"scene.py", "view.py", "rules_page.py"} <= {p.name for p in (folder / name).iterdir()}, name


# ------------------------------------------------------------------------------ the checker itself
def write_package(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_checker_sees_a_lazy_relative_import_of_the_shell(tmp_path):
    write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/main.py": "from pkg.screens import menu\n",
        "pkg/screens/__init__.py": "",
        "pkg/screens/menu.py": "import pygame\n\ndef resume():\n    from ..main import App\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.main"] == {"pkg.screens", "pkg.screens.menu"}
    assert graph["pkg.screens.menu"] == {"pkg.main"}
    assert find_cycle(graph) == ["pkg.main", "pkg.screens.menu", "pkg.main"]
    found = [(imp.target, imp.deferred) for imp in imports_of("pkg.screens.menu", tmp_path / "pkg/screens/menu.py", {})]
    assert found == [("pygame", False), ("pkg.main", True)]


@pytest.mark.parametrize("closed", [True, False])
def test_the_checker_follows_package_init_files_and_type_only_imports(tmp_path, closed):
    """ui.theme imports screens.menu, which loads the screens package first; that package's __init__
    imports ui.theme for typing only: still a cycle (and gone once the __init__ imports nothing)."""
    write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/screens/__init__.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.ui import theme\n"
                                    if closed else ""),
        "pkg/screens/menu.py": "",
        "pkg/ui/__init__.py": "",
        "pkg/ui/widgets.py": "from . import theme\n",  # a module's own package is not an edge
        "pkg/ui/theme.py": "import pkg.screens.menu\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.ui.widgets"] == {"pkg.ui.theme"}
    assert graph["pkg.ui.theme"] == {"pkg.screens", "pkg.screens.menu"}
    if closed:
        assert graph["pkg.screens"] == {"pkg.ui", "pkg.ui.theme"}
        assert find_cycle(graph) == ["pkg.screens", "pkg.ui.theme", "pkg.screens"]
    else:
        assert find_cycle(graph) is None
