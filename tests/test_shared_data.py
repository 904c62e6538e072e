"""The tests find the shared specs beside the repository (as CI clones it) and fail, never skip, without them."""

import pytest

from shared_data import SHARED_FOLDERS, shared_json, shared_spec


def test_every_spec_a_test_reads_is_found():
    for name in ("know_board.json", "savoy_board.json", "savoya_board.json"):
        assert shared_spec(name).parent.parent in SHARED_FOLDERS
        assert shared_json(name)


def test_a_missing_spec_fails_the_test_naming_where_it_looked():
    with pytest.raises(pytest.fail.Exception) as failed:
        shared_spec("no-such-board.json")
    message = str(failed.value)
    assert "no-such-board.json" in message and all(str(folder / "specs") in message for folder in SHARED_FOLDERS)
