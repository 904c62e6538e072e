"""The examples in the rules' and the AI's docstrings run as written, and both packages stay
pure Python: the standard library and each other only (no pygame, nothing of the app)."""

import ast
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import game.ai
import game.rules

PACKAGES = (game.rules, game.ai)
MODULES = sorted(info.name for package in PACKAGES  # subpackages (game.rules.savoy) and their modules too
                 for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_imports_only_the_standard_library_and_the_rules(package):
    for path in Path(package.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    continue  # relative: its own package
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                allowed = top in sys.stdlib_module_names or name.startswith(("game.rules", "game.ai"))
                assert allowed, f"{path.name} imports {name}"
