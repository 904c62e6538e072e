"""The project's scripts (build/*.py, web/make_icon.py) loaded as modules, for tests that call their functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent


def load_script(path: str | Path, name: str | None = None,
                register: Callable[[str, ModuleType], None] | None = None) -> ModuleType:
    """The script at `path` (relative to the repository, or absolute) run as a fresh module named `name`
    (its file's stem by default); `register` is called with the name and module before it runs, for a
    script whose functions must be found again by name (the benchmark's worker processes unpickle them)."""
    path = ROOT / path
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    if register is not None:
        register(spec.name, module)
    spec.loader.exec_module(module)
    return module
