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


def test_rules_import_no_pygame():
    import ast
    from pathlib import Path

    for path in Path(game.rules.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "pygame" for n in names), path
