"""Shared by every test module: the run's throw-away folders.

The app's storage and export folders of each headless app (`app_helpers.new_app`), the screenshots' and the
benchmarks' scratch folders are made with `tempfile`; a full run made about 2,000 of them and left them all
under the system's temporary folder. They now go in one folder per run, removed when the run ends.
"""

from __future__ import annotations

import shutil
import tempfile

import pytest


@pytest.fixture(scope="session", autouse=True)
def throw_away_folders():
    root = tempfile.mkdtemp(prefix="pbmgames-run-")
    before = tempfile.tempdir
    tempfile.tempdir = root
    try:
        yield root
    finally:
        tempfile.tempdir = before
        shutil.rmtree(root, ignore_errors=True)
