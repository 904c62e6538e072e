"""The referee's --ai LEVEL: the computer's move now, in the JSON and the text, for scripts and bug reports."""

from __future__ import annotations

import json

import pytest

from game.ai import best_move
from game.referee import ai_opinion, main
from game.rules import GAMES
from game.rules.history import GameHistory


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ai_move_and_stats_in_the_json(capsys):
    code, out, _ = run(capsys, "star", "-size=4", "--moves", "C3 D4", "--ai", "1", "--json")
    assert code == 0
    info = json.loads(out)
    assert info["ai_level"] == 1 and info["ai_reason"] is None
    assert info["ai_move"] in info["legal"]
    assert info["ai_stats"]["iterations"] > 0 and info["ai_stats"]["seconds"] >= 0 and info["ai_stats"]["level"] == 1
    # the move the library chooses for the same position, level and seed
    history = GameHistory(GAMES["star"], {"size": 4})
    history.play("C3")
    history.play("D4")
    assert info["ai_move"] == str(best_move(GAMES["star"], history.state, 1, 0))


def test_the_ai_seed_is_used_and_repeats(capsys):
    moves = set()
    for _ in range(2):
        info = json.loads(run(capsys, "star", "--ai", "1", "--ai-seed", "5", "--json")[1])
        moves.add(info["ai_move"])
    assert len(moves) == 1
    assert moves == {str(best_move(GAMES["star"], GAMES["star"].new(), 1, 5))}


def test_without_ai_the_json_is_unchanged(capsys):
    info = json.loads(run(capsys, "star", "-size=3", "--json")[1])
    assert not [key for key in info if key.startswith("ai_")]


def test_a_dice_game_after_the_roll(capsys):
    info = json.loads(run(capsys, "know", "--moves", "roll:2/5", "--ai", "1", "--json")[1])
    assert info["to_move"] == "Blue" and info["ai_move"] in info["legal"]


def test_text_output_names_the_move(capsys):
    code, out, _ = run(capsys, "star", "-size=3", "--moves", "C1", "--ai", "2")
    assert code == 0
    line = [line for line in out.splitlines() if line.startswith("Computer (level 2) would play: ")]
    assert len(line) == 1 and line[0].split(": ")[1].split()[0] in out.split("Legal moves")[1]


def test_a_finished_game_has_no_move_to_choose(capsys):
    code, out, err = run(capsys, "star", "-size=3", "--moves", "pass pass", "--ai", "3", "--json")
    assert code == 0 and err == ""
    info = json.loads(out)
    assert info["ai_move"] is None and info["ai_stats"] is None and info["ai_reason"] == "the game is over"
    code, out, _ = run(capsys, "star", "-size=3", "--moves", "pass pass", "--ai", "3")
    assert code == 0 and "Computer (level 3): no move to choose: the game is over" in out


def test_dice_due_has_no_move_to_choose():
    history = GameHistory(GAMES["savoy"])  # the opening roll is due
    assert GAMES["savoy"].is_chance(history.state)
    opinion = ai_opinion(history, 2, 0)
    assert opinion["ai_move"] is None and opinion["ai_stats"] is None and "dice are due" in opinion["ai_reason"]


@pytest.mark.parametrize("level", ["0", "5", "-1"])
def test_a_bad_level_exits_2(capsys, level):
    code, out, err = run(capsys, "star", "--ai", level)
    assert code == 2 and out == ""
    assert f"--ai {level}: level must be one of 1, 2, 3, 4" in err
    code, out, _ = run(capsys, "star", "--ai", level, "--json")
    assert code == 2 and "level must be one of" in json.loads(out)["error"]
