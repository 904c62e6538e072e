"""The examples in the rules modules' docstrings run as written."""

import doctest
import importlib
import pkgutil

import pytest

import game.rules

MODULES = sorted(info.name for info in pkgutil.iter_modules(game.rules.__path__, "game.rules."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_rules_import_only_the_standard_library():
    import ast
    import sys
    from pathlib import Path

    for path in Path(game.rules.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if isinstance(node, ast.ImportFrom) and node.level:
                continue  # relative: our own package
            for top in (n.split(".")[0] for n in names):
                assert top in sys.stdlib_module_names or top == "game", f"{path.name} imports {top}"
