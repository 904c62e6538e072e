"""The referee command: a public contract (flags, JSON keys, exit codes)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.referee import main

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"game", "options", "to_move", "over", "winner", "scores", "legal", "moves"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_of_a_finished_game(capsys):
    code, out, _ = run(capsys, "star", "-size=5", "--moves", "E1 swap G1 pass pass", "--json")
    assert code == 0
    info = json.loads(out)
    assert KEYS <= set(info)
    assert info["game"] == "star"
    assert info["options"] == {"size": 5, "maxi": False}
    assert info["flags"] == ["-size=5"]
    assert info["moves"] == ["E1", "swap", "G1", "pass", "pass"]
    assert info["over"] is True and info["to_move"] is None and info["legal"] == []
    # X's E1 is the top-left corner (1); O's G1 on the top edge scores 0
    assert info["scores"] == {"X": 1, "O": 0}
    assert info["winner"] == "X" and info["draw"] is False and info["result"] == "X"
    assert info["details"]["swapped"] is True


def test_json_mid_game(capsys):
    code, out, _ = run(capsys, "star", "-size=3", "-maxi", "--moves", "C1", "--json")
    info = json.loads(out)
    assert code == 0
    assert info["to_move"] == "O" and info["over"] is False and info["winner"] is None
    assert info["leader"] == "X" and info["scores"] == {"X": 1, "O": 0}
    assert info["legal"] == ["D1", "B2", "C2", "D2", "A3", "B3", "C3", "D3", "A4", "B4", "C4", "pass", "swap"]
    assert info["options"] == {"size": 3, "maxi": True}


def test_text_output(capsys):
    code, out, _ = run(capsys, "star", "-size=3", "--moves", "C1 D1")
    assert code == 0
    assert "To move: X" in out and "Scores: X 1, O 1" in out and "Legal moves (11)" in out
    assert " X O " in out


def test_default_options(capsys):
    info = json.loads(run(capsys, "star", "--json")[1])
    assert info["options"] == {"size": 6, "maxi": False} and len(info["legal"]) == 76 and info["moves"] == []


@pytest.mark.parametrize("argv, fragment", [
    (["star", "-size=3", "--moves", "C1 C1"], "move 2 'C1': C1 is already taken by X"),
    (["star", "-size=3", "--moves", "C1 D1 Q"], "move 3 'Q': 'Q' is not a Star move"),
    (["star", "-size=3", "--moves", "C1 D1 B2 swap"], "move 4 'swap': swap is not allowed here"),
    (["star", "-size=3", "--moves", "pass pass C1"], "move 3 'C1': C1: the game is over"),
    (["star", "-size=30"], "-size=30 is out of range: it must be 3..14"),
    (["star", "-bogus"], "unknown option '-bogus'"),
    (["chess"], "unknown game 'chess'"),
    ([], "name a game"),
    (["--record", "/nonexistent/file.txt"], "cannot read the record"),
])
def test_refusals_exit_2_with_a_message(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert out == ""


def test_json_error_object(capsys):
    code, out, err = run(capsys, "star", "-size=3", "--moves", "C1 C1", "--json")
    assert code == 2
    info = json.loads(out)
    assert info["move_number"] == 2 and info["move"] == "C1" and "already taken" in info["reason"]
    assert info["key"] == "occupied"


def test_record_in_and_out(tmp_path, capsys):
    saved = tmp_path / "game.txt"
    assert run(capsys, "star", "-size=4", "--moves", "C3 swap D4", "--save", str(saved))[0] == 0
    text = saved.read_text()
    assert '[Options "-size=4"]' in text and "2. swap" in text
    code, out, _ = run(capsys, "--record", str(saved), "--moves", "pass", "--json")
    info = json.loads(out)
    assert code == 0 and info["moves"] == ["C3", "swap", "D4", "pass"] and info["options"]["size"] == 4
    assert run(capsys, "star", "--record", str(saved))[0] == 0
    code, _, err = run(capsys, "--record", str(saved), "-size=5")
    assert code == 2 and "options come from the record" in err


def test_corrupt_record_names_the_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "star"]\n[Options "-size=3"]\n\n1. C1\n2. C1\n')
    code, _, err = run(capsys, "--record", str(bad))
    assert code == 2 and "line 5: move 2 'C1'" in err


def test_as_a_module_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "game.referee", "star", "-size=5", "--moves", "F1 G1", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["moves"] == ["F1", "G1"]
    bad = subprocess.run(
        [sys.executable, "-m", "game.referee", "star", "-size=5", "--moves", "F1 Z1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2 and "move 2 'Z1'" in bad.stderr
