"""The referee with dice and random set-ups: written rolls, --seed, the roll in force."""

import json

import pytest

from game.referee import main


def judge(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_written_rolls_are_used(capsys):
    info = judge(capsys, "savoy", "--moves", "roll:5,3", "--json")
    assert info["moves"] == ["roll:5,3"]
    assert info["to_move"] == "R" and info["roll"] == [5] and info["roll_due"] is False
    assert info["legal"] and all("-" in move for move in info["legal"])


def test_missing_rolls_come_from_the_seed_and_replay(capsys):
    first = judge(capsys, "savoy", "--seed", "11", "--json")
    again = judge(capsys, "savoy", "--seed", "11", "--json")
    assert first["moves"] == again["moves"] and first["moves"][0].startswith("roll:")
    assert first["seed"] == 11 and first["roll"]
    # the opening move plus the next roll, drawn from the same seed, then given back explicitly
    move = first["legal"][0]
    played = judge(capsys, "savoy", "--seed", "11", "--moves", move, "--json")
    assert played["moves"][:2] == [first["moves"][0], move]
    assert played["moves"][2].startswith("roll:") and played["roll"]
    replay = judge(capsys, "savoy", "--moves", " ".join(played["moves"]), "--json")
    assert replay["legal"] == played["legal"] and replay["roll"] == played["roll"]


def test_a_seed_is_reported_when_none_is_given(capsys):
    info = judge(capsys, "know", "--json")
    assert isinstance(info["seed"], int)
    again = judge(capsys, "know", "--seed", str(info["seed"]), "--json")
    assert again["moves"] == info["moves"]


def test_know_contest_and_opening_rolls(capsys):
    info = judge(capsys, "know", "--moves", "roll:2/5 roll:5", "--json")
    assert info["to_move"] == "Blue" and info["roll"] == [5] and len(info["legal"]) == 84


def test_the_seed_is_the_games_own_and_goes_into_the_record(capsys, tmp_path):
    """--seed is the game's seed: the n-th roll depends on it and n alone, and --save keeps it."""
    from game.rules.history import GameHistory
    from game.rules.savoy import SAVOY

    record = tmp_path / "game.txt"
    first = judge(capsys, "savoy", "--seed", "42", "--save", str(record), "--json")
    own = GameHistory(SAVOY, seed=42)
    own.roll_if_due()
    assert first["moves"] == own.notation() and first["seed"] == 42
    assert '[Seed "42"]' in record.read_text()
    # replaying the record goes on with the record's seed; a written roll is used as written
    move = first["legal"][0]
    later = judge(capsys, "--record", str(record), "--moves", move, "--json")
    own.play(move)
    own.roll_if_due()
    assert later["seed"] == 42 and later["moves"] == own.notation()
    written = judge(capsys, "--record", str(record), "--moves", f"{move} roll:6,6", "--json")
    assert written["moves"][-1] == "roll:6,6" and written["roll"] == [6, 6, 6, 6]


def test_truchet_seed_fixes_the_random_tiles(capsys):
    a = judge(capsys, "truchet", "-size=3", "--seed", "5", "--moves", "random random", "--json")
    b = judge(capsys, "truchet", "-size=3", "--seed", "5", "--moves", "random random", "--json")
    assert a["moves"] == b["moves"] and a["moves"][1].startswith("roll:")
    assert judge(capsys, "truchet", "-size=3", "--moves", " ".join(a["moves"]), "--json")["board"] == a["board"]


@pytest.mark.parametrize("argv, fragment", [
    (["savoy", "--moves", "roll:9,1"], "move 1 'roll:9,1'"),
    (["savoy", "--moves", "roll:5,3 roll:2,2"], "move 2 'roll:2,2'"),
    (["savoy", "--moves", "roll:5,3 a4-z9"], "move 2 'a4-z9'"),
    (["know", "--moves", "roll:1,6"], "Red's first then Blue's"),
    (["truchet", "-size=4"], "-size=4 is out of range"),
])
def test_bad_rolls_and_moves_exit_2(capsys, argv, fragment):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err
