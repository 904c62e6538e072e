"""Resigning: no move of any game, kept beside the moves (`GameHistory.resigned`), written as a
``[Resigned "X"]`` header that replays, travels in links, and that the referee reads and reports."""

from __future__ import annotations

import json

import pytest

from game import referee
from game.rules import GAMES
from game.rules.errors import IllegalMoveError, RecordError
from game.rules.history import GameHistory
from game.rules.link import history_from_link, link_for
from game.rules.playout import random_game
from game.rules.record import read_record, write_record


def game_in_progress(name: str, seed: int = 1) -> GameHistory:
    game = GAMES[name]
    history = random_game(game, dict(game.playout_options), seed, max_moves=20)
    while history.outcome() is not None:
        history.undo()
    history._redo.clear()
    return history


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_resignation_ends_the_game_and_replays_from_its_record(name):
    history = game_in_progress(name)
    moves = history.notation()
    history.resign(1)
    loser, winner = history.game.players[1], history.game.players[0]
    outcome = history.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == f"{loser} resigned"
    assert not history.roll_due() and not history.can_undo() and history.undo() is None
    with pytest.raises(IllegalMoveError, match="resigned"):
        history.play(history.notation()[-1] if moves else "pass")
    text = write_record(history)
    assert f'[Resigned "{loser}"]' in text and f'[Result "{winner}"]' in text
    again = read_record(text)
    assert again.resigned == 1 and again.notation() == moves and again.outcome() == outcome
    linked = history_from_link(link_for(history))  # a resignation travels in a link too
    assert linked.resigned == 1 and linked.notation() == moves


def test_nobody_resigns_a_finished_game_or_twice():
    history = GameHistory(GAMES["star"], {"size": 3})
    history.play("pass")
    history.play("pass")
    with pytest.raises(IllegalMoveError, match="already over"):
        history.resign(0)
    fresh = GameHistory(GAMES["star"], {"size": 3})
    with pytest.raises(IllegalMoveError, match="no player"):
        fresh.resign(2)
    fresh.resign(0)
    with pytest.raises(IllegalMoveError, match="X resigned"):
        fresh.resign(1)


def test_the_copy_of_a_games_first_moves_keeps_the_resignation_only_at_its_end():
    history = game_in_progress("savoy", 3)
    history.resign(0)
    whole, part = history.until(len(history.moves)), history.until(2)
    assert whole.resigned == 0 and part.resigned is None
    assert part.notation() == history.notation()[:2] and part.seed == history.seed
    assert part.states[-1] is history.states[2]  # states are values: shared, not copied
    if part.roll_due():
        part.roll()
    else:
        part.play(part.game.legal_moves(part.state)[0])
    assert len(history.moves) > 2 and history.notation()[:2] == part.notation()[:2]  # the original is untouched


@pytest.mark.parametrize(("header", "words"), [
    ('[Resigned "Q"]', "line 4: the Resigned header 'Q' must name a player: X or O"),
    ('[Resigned ""]', "must name a player"),
])
def test_a_bad_resigned_header_is_refused_with_its_line(header, words):
    text = f'[Game "star"]\n[Options "-size=3"]\n[Result "*"]\n{header}\n\n1. C3\n'
    with pytest.raises(RecordError, match=words.replace("(", r"\(")):
        read_record(text)


def test_a_resignation_after_the_end_is_refused_with_its_line():
    text = '[Game "star"]\n[Options "-size=3"]\n[Resigned "X"]\n\n1. pass\n2. pass\n'
    with pytest.raises(RecordError, match="line 3: the game is already over"):
        read_record(text)


def test_a_record_whose_result_disagrees_with_the_resignation_is_refused():
    text = '[Game "star"]\n[Options "-size=3"]\n[Resigned "X"]\n[Result "X"]\n\n1. C3\n'
    with pytest.raises(RecordError, match="line 4: the record says the result is 'X' but the moves give 'O'"):
        read_record(text)


# ----------------------------------------------------------------------------- the referee
def run(capsys, *argv):
    status = referee.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_referee_reads_a_resigned_record_and_reports_it(tmp_path, capsys):
    history = game_in_progress("truchet", 2)
    history.resign(0)
    path = tmp_path / "resigned.txt"
    path.write_text(write_record(history), encoding="utf-8")
    status, out, _ = run(capsys, "--record", str(path), "--json")
    info = json.loads(out)
    assert status == 0
    assert (info["over"], info["winner"], info["result"], info["reason"], info["resigned"]) == \
        (True, "O", "O", "X resigned", "X")
    assert info["legal"] == [] and info["to_move"] is None and info["roll_due"] is False
    status, out, _ = run(capsys, "--record", str(path))
    assert status == 0 and "Game over: O wins (X resigned)." in out
    status, out, err = run(capsys, "--record", str(path), "--moves", "pass", "--json")
    assert status == 2 and "the game is over: X resigned" in json.loads(out)["error"]


def test_the_referee_resigns_with_a_flag_and_saves_it(tmp_path, capsys):
    saved = tmp_path / "game.txt"
    status, out, _ = run(capsys, "savoy", "--seed", "7", "--moves", "roll:5,3", "--resign", "L", "--json",
                         "--save", str(saved))
    info = json.loads(out)
    assert status == 0 and info["winner"] == "R" and info["resigned"] == "L" and info["moves"] == ["roll:5,3"]
    assert '[Resigned "L"]' in saved.read_text() and read_record(saved.read_text()).resigned == 1
    status, out, _ = run(capsys, "star", "--resign", "Q", "--json")
    assert status == 2 and "name a player of star: X or O" in json.loads(out)["error"]
    status, out, _ = run(capsys, "star", "-size=3", "--moves", "pass pass", "--resign", "X", "--json")
    assert status == 2 and "already over" in json.loads(out)["error"]


def test_a_game_nobody_resigned_reports_resigned_null(capsys):
    status, out, _ = run(capsys, "star", "-size=3", "--moves", "C3", "--json")
    assert status == 0 and json.loads(out)["resigned"] is None
