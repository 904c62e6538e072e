"""No input may freeze: a record or link is bounded in plies (refused before replaying), a damaged link is
refused at its first bad line and never inflates past a maximum, the referee reads a bounded file (and only
text), reads every number in ASCII digits, and bad option values get the project's OptionError."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from game import referee
from game.rules import GAMES, get_game
from game.rules.errors import OptionError, RecordError, RulesError
from game.rules.history import MAX_PLIES, GameHistory
from game.rules.link import MAX_RECORD, PREFIX, history_from_link, link_for, record_from_link
from game.rules.record import read_record, write_record

ROOT = Path(__file__).resolve().parent.parent


def truchet_cycle() -> tuple[GameHistory, list[str]]:
    """A Truchet game after its set-up, and four legal moves that bring the stacks back where they were:
    under the default draw rule (only claimed) such a game can go on for ever."""
    game = get_game("truchet")
    history = GameHistory(game, {"size": 5}, seed=1)
    while True:
        history.roll_if_due()
        random = [m for m in game.legal_moves(history.state) if str(m) == "random"]
        if not random:
            break
        history.play(random[0])
    steps = [str(m) for m in game.legal_moves(history.state) if ":" not in str(m) and "," not in str(m)]
    for first in steps:
        history.play(first)
        replies = [str(m) for m in game.legal_moves(history.state) if ":" not in str(m) and "," not in str(m)]
        for second in replies:
            a, b = first.split("-")
            c, d = second.split("-")
            cycle = [first, second, f"{b}-{a}", f"{d}-{c}"]
            trial = history.until(len(history.moves) - 1)
            try:
                for move in cycle * 2:
                    trial.play(move)
            except Exception:
                continue
            history.undo()
            return history.until(len(history.moves)), cycle
        history.undo()
    raise AssertionError("no cycle found")


def long_record(plies: int) -> str:
    start, cycle = truchet_cycle()
    moves = start.notation() + cycle * ((plies - len(start.moves)) // 4 + 1)
    head = f'[Game "truchet"]\n[Options "-size=5"]\n[Seed "{start.seed}"]\n\n'
    return head + "".join(f"{n}. {m}\n" for n, m in enumerate(moves[:plies], 1))


def test_a_record_longer_than_the_bound_is_refused_before_any_move_is_replayed(monkeypatch):
    text = long_record(MAX_PLIES + 1)
    played = []
    monkeypatch.setattr(GameHistory, "play", lambda self, move: played.append(move))
    with pytest.raises(RecordError) as refused:
        read_record(text)
    assert f"at most {MAX_PLIES:,} moves" in str(refused.value) and f"line {MAX_PLIES + 5}" in str(refused.value)
    assert played == []


def test_a_game_that_reaches_the_bound_ends_drawn():
    """A game whose rules let it go on for ever (Truchet's draw is only claimed) ends drawn at the bound:
    it is over everywhere (no move, no turn), and its record and link read back as the same drawn game."""
    history = read_record(long_record(MAX_PLIES))
    outcome = history.outcome()
    assert len(history.moves) == MAX_PLIES and outcome is not None and outcome.winner is None
    assert f"{MAX_PLIES:,} moves" in outcome.reason
    assert history.ended_early and history.game.outcome(history.state) is None  # the rules alone go on
    with pytest.raises(RulesError, match="the game is over"):
        history.play(history.game.legal_moves(history.state)[0])
    report = referee.report(history)
    assert report["over"] and report["draw"] and report["legal"] == [] and report["to_move"] is None
    assert report["result"] == "draw"
    again = read_record(write_record(history))
    assert again.notation() == history.notation() and again.outcome() == outcome
    assert history_from_link(link_for(history)).outcome() == outcome
    one_less = history.until(MAX_PLIES - 1)
    assert one_less.outcome() is None and not one_less.ended_early


def test_a_link_longer_than_the_bound_is_refused_before_replaying(monkeypatch):
    text = long_record(MAX_PLIES + 1)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    lines = [line.split(". ", 1)[-1] for line in text.splitlines()]
    compact = "\n".join(lines[:3] + [""] + lines[4:]).encode()
    link = PREFIX + base64.urlsafe_b64encode(packer.compress(compact) + packer.flush()).rstrip(b"=").decode()
    with pytest.raises(RecordError, match=f"at most {MAX_PLIES:,} moves"):
        record_from_link(link)


def _link_of(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return PREFIX + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).rstrip(b"=").decode()


def test_a_damaged_link_of_millions_of_bad_lines_is_refused_at_once():
    for lines in (1_900_000, 450_000):  # 3.8 MB, then under the 1 MB a link may hold, of bad moves
        bomb = _link_of(b'[Game "star"]\n\n' + b"Z\n" * lines)
        assert len(bomb) < 10_000
        start = time.process_time()
        with pytest.raises(RecordError):
            history_from_link(bomb)
        assert time.process_time() - start < 0.5  # (was 3-7 s) a generous bound: the refusal takes milliseconds
    bad_first = _link_of(b'[Game "star"]\n\nZ9\n' + b"C3\n" * 4000)
    with pytest.raises(RecordError, match="move 1 'Z9'"):
        history_from_link(bad_first)
    huge = _link_of(b'[Game "star"]\n\n' + b"C3" * (MAX_RECORD // 2 + 1))  # one line, past the maximum
    with pytest.raises(RecordError, match="more than a game record can be"):
        record_from_link(huge)


def test_inflating_a_link_never_goes_past_the_maximum(monkeypatch):
    """Whatever a link holds, at most MAX_RECORD + 1 bytes are inflated from it."""
    inflated = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self, *args):
            self.inner = real(*args)

        def decompress(self, data, max_length=0):
            out = self.inner.decompress(data, max_length)
            inflated.append(len(out))
            assert max_length and max_length <= MAX_RECORD + 1
            return out

        def flush(self, *args):
            out = self.inner.flush(*args)
            inflated.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(zlib, "decompressobj", Counting)
    with pytest.raises(RecordError):
        record_from_link(_link_of(b"\n" * 50_000_000))
    assert sum(inflated) <= MAX_RECORD + 1


def run_referee(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.referee", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def test_the_referee_reads_a_bounded_file_and_only_text(tmp_path):
    done = run_referee("--record", "/dev/zero")  # never finished before
    assert done.returncode == 2 and "larger than any game record" in done.stderr
    binary = tmp_path / "nul.txt"
    binary.write_bytes(b'[Game "star"]\n\x00\n')
    done = run_referee("--record", str(binary))
    assert done.returncode == 2 and "not a text file" in done.stderr and "\\x00" in done.stderr
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (referee.MAX_RECORD_BYTES + 1))
    done = run_referee("--record", str(big))
    assert done.returncode == 2 and "larger than any game record" in done.stderr


def test_the_referee_refuses_more_moves_than_a_game_may_have_before_playing():
    start = time.process_time()
    assert referee.main(["star", "--moves", "C3 " * (MAX_PLIES + 1)]) == referee.EXIT_REFUSED
    assert time.process_time() - start < 1


@pytest.mark.parametrize("args", [["--ai", "\u0661"], ["--ai-seed", "\u0663_\u0660"], ["--ai-seed", "3_0"],
                                  ["--seed", "1_0"], ["--ai", "\u00b2"], ["--ai", " 1_"], ["--seed", "\uff11"]])
def test_every_number_the_referee_reads_is_in_ascii_digits(args, capsys):
    with pytest.raises(SystemExit) as stop:
        referee.main(["star", *args])
    assert stop.value.code == 2
    assert "is not a whole number" in capsys.readouterr().err


def test_the_referee_reads_ascii_numbers_as_before(capsys):
    assert referee.main(["star", "-size=5", "--moves", "C3", "--ai", "1", "--ai-seed", "30", "--json"]) == 0
    assert '"ai_level": 1' in capsys.readouterr().out


@pytest.mark.parametrize("call", [
    lambda: get_game("star").new([("size", 5)]),
    lambda: get_game("truchet").new(5),
    lambda: get_game("star").options_from_flags([None]),
    lambda: get_game("star").options_from_flags("-size=5"),
    lambda: get_game("star").check_options({5: 1}),
    lambda: get_game("know").options_from_flags(None),
])
def test_option_values_of_the_wrong_kind_get_the_projects_error(call):
    with pytest.raises(OptionError) as refused:
        call()
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_refuses_options_of_the_wrong_kind(name):
    game = GAMES[name]
    for bad in ([("size", 5)], 5, "size", [None], {None: 1}, {b"size": 5}, {"players": [2]}, {"size": {}}):
        with pytest.raises(OptionError):
            game.new(bad)
    for bad in ([None], [5], "-size=5", 5, [b"-x"]):
        with pytest.raises(OptionError):
            game.options_from_flags(bad)
    assert write_record(GameHistory(game, {}))  # the defaults still read
