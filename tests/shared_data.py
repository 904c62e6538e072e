"""The project's shared specs (board geometry and readings in ``../shared/specs/``), found for the tests.

CI clones the repository with the team's ``shared`` folder beside it; a worktree or clone on the team's machine
finds it at /work/shared. A test that needs a spec's data gets it from here and fails, naming where it looked,
when the file is in neither place: such a test must never skip silently.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: where the shared folder is looked for, in order: beside the repository (as CI has it), then the team's machine
SHARED_FOLDERS = (ROOT.parent / "shared", Path("/work/shared"))


def shared_spec(name: str) -> Path:
    """The path of ``specs/<name>`` in the shared folder; the calling test fails if no shared folder holds it."""
    for folder in SHARED_FOLDERS:
        path = folder / "specs" / name
        if path.is_file():
            return path
    pytest.fail(f"the shared spec {name!r} is missing: looked in " + ", ".join(str(folder / "specs")
                                                                            for folder in SHARED_FOLDERS)
                + " (CI clones the repository with ../shared beside it)", pytrace=False)


@lru_cache(maxsize=None)
def shared_json(name: str) -> Any:
    """The parsed JSON of ``specs/<name>`` (see `shared_spec`)."""
    return json.loads(shared_spec(name).read_text(encoding="utf-8"))
