"""Bad input of every kind gets the project's own error with a short message, never a traceback: moves in
every game's notation, records, options and the referee's arguments (properties with hypothesis, plus
the crash classes once found by fuzzing)."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.referee import main
from game.rules import GAMES
from game.rules.errors import NotationError, OptionError, RecordError, RulesError
from game.rules.history import GameHistory
from game.rules.options import IntOption
from game.rules.playout import random_game
from game.rules.reading import QUOTE_LIMIT, quote, whole_number
from game.rules.record import read_record

#: No message is longer than this, whatever the input (a quotation is cut to QUOTE_LIMIT characters).
MAX_MESSAGE = 600
HUGE = "9" * 5000  # more digits than Python's int() converts
ZEROS = "0" * 5000 + "5"  # so many digits too, though the number is small
NOT_ASCII_DIGITS = ["\u0665", "\u00b2", "\u0661\u0664", "\uff15", "\u09e9"]  # ٥ ² ١٤ ５ ৩

FRAGMENTS = ["a4", "f4", "c4", "g7", "14.0", "14.1a", "1.0b", "F6", "C3", "a1", "b2", "bc34", "-", ",", "/", ":",
             ">", "x", "roll:", "errand:", "path:", "pass", "swap", "random", "draw", "l", "r", "3", "0", "-5",
             HUGE, ZEROS, "10000000", " ", "\n", "\x00", *NOT_ASCII_DIGITS]
texts = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(FRAGMENTS), max_size=8).map("".join),
                  st.builds(lambda a, n: a * n, st.sampled_from(FRAGMENTS), st.integers(1, 20_000)))


def states(game):
    """The start and a few positions of a random game (decisions and rolls due alike)."""
    history = random_game(game, game.playout_options, seed=3, max_moves=30)
    return history.states[:: max(1, len(history.states) // 6)]


STATES = {name: states(game) for name, game in GAMES.items()}


def refused_briefly(error):
    assert isinstance(error, RulesError)
    assert len(str(error)) <= MAX_MESSAGE, str(error)[:200]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), which=st.integers(0, 5), text=texts)
def test_any_text_is_a_move_or_a_short_refusal(name, which, text):
    game = GAMES[name]
    state = STATES[name][which % len(STATES[name])]
    try:
        move = game.parse_move(text, state)
        game.apply(state, move)
    except RulesError as error:
        refused_briefly(error)


@pytest.mark.parametrize("name, text", [
    ("savoy", "roll:" + HUGE + ",1"), ("savoy", "roll:1," + HUGE), ("savoy", HUGE + "xa4-f4"),
    ("savoy", "a4-f4/" + HUGE), ("savoy", "10000000xa4-f4"), ("savoy", "a4-c4," * 100_000),
    ("savoy", "roll:\u0665,\u0663"), ("savoy", "a\u0664-f4"),
    ("know", "\u0661\u0664.0-\u0661\u0664.1a"), ("know", "roll:" + "1/" * 100_000), ("know", "roll:" + HUGE),
    ("know", "14.0-14.1a/" + HUGE),
    ("truchet", "b4-b3," + HUGE + "xa4"), ("truchet", "b4-b3,10000000xa4"), ("truchet", "a\u0661-b2"),
    ("truchet", "roll:" + "l" * 1_000_000), ("truchet", "l" * 1_000_000),
    ("star", "F" + HUGE), ("star", "F\u0666"), ("star", "x" * 1_000_000),
])
def test_the_crash_classes_found_by_fuzzing_are_refused_at_once(name, text):
    game = GAMES[name]
    for state in STATES[name][:3]:
        with pytest.raises(RulesError) as error:
            game.apply(state, game.parse_move(text, state))
        refused_briefly(error.value)


def test_a_count_is_bounded_by_the_stack_before_anything_is_built():
    with pytest.raises(NotationError, match="at most four pieces"):
        GAMES["savoy"].parse_move("10000000xa4-f4", GAMES["savoy"].new())
    truchet = GAMES["truchet"]
    with pytest.raises(NotationError, match="at most 4"):
        truchet.parse_move("b4-b3,10000000xa4", truchet.new())


@pytest.mark.parametrize("raw", ["\u00b2", "--5", "-", HUGE, "-" + HUGE, "\u0665", "5\u0665", "0x5", "5.0", "+5", ""])
def test_whole_numbers_are_ascii_digits(raw):
    assert whole_number(raw) is None or abs(whole_number(raw)) >= 10**18
    assert whole_number(" 42 ") == 42 and whole_number("-7") == -7 and whole_number("-7", signed=False) is None
    assert whole_number(ZEROS) == 5 and whole_number("-" + ZEROS) == -5


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), raw=st.one_of(texts, st.sampled_from(["\u00b2", "--5", HUGE, "-" + HUGE])),
       as_flag=st.booleans())
def test_any_option_value_is_taken_or_refused_briefly(name, raw, as_flag):
    game = GAMES[name]
    for spec in game.OPTIONS:
        try:
            if as_flag:
                game.options_from_flags([f"-{spec.name}={raw}"])
            else:
                game.new({spec.name: raw})
        except OptionError as error:
            refused_briefly(error)
        else:
            if isinstance(spec, IntOption):  # only ASCII digits are digits
                assert raw.strip().lstrip("-").isascii() and raw.strip().lstrip("-").isdigit()


@pytest.mark.parametrize("value", ["\u00b2", "--5", HUGE, "\u0665", 10**5000, -10**5000],
                         ids=["superscript", "double minus", "huge text", "arabic digit", "huge", "huge negative"])
def test_integer_options_refuse_what_is_not_a_plain_number(value):
    for name, game in GAMES.items():
        for spec in (s for s in game.OPTIONS if isinstance(s, IntOption)):
            with pytest.raises(OptionError) as error:
                game.new({spec.name: value})
            refused_briefly(error.value)
            if isinstance(value, str):
                with pytest.raises(OptionError):
                    game.options_from_flags([f"-{spec.name}={value}"])


RECORD = '[Game "savoy"]\n[Options ""]\n\n1. roll:5,3\n2. a4-f4\n'
RECORD_LINES = ['[Game "savoy"]', '[Game "star"]', '[Options "-size=' + HUGE + '"]', '[Seed "' + HUGE + '"]',
                HUGE + ". roll:5,3", "1. " + HUGE, '\ufeff[Game "star"]', "[" + "x" * 10_000, "# comment", "",
                "1. roll:5,3", "2. a4-f4", "\u0661. C3", '[Result "' + "x" * 5000 + '"]']
lines = st.one_of(st.sampled_from(RECORD_LINES), st.text(max_size=30))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=8))
def test_any_record_is_read_or_refused_briefly(record_lines):
    try:
        read_record("\n".join(record_lines))
    except RecordError as error:
        refused_briefly(error)


def test_a_record_may_start_with_a_byte_order_mark():
    assert read_record("\ufeff" + RECORD).notation() == ["roll:5,3", "a4-f4"]


def test_a_record_with_a_huge_move_number_or_line_is_refused_briefly():
    for text in (RECORD.replace("2. a4-f4", HUGE + ". a4-f4"), RECORD + "3. " + "x" * 1_000_000 + "\n",
                 RECORD.replace("1. roll", "\u0661. roll")):
        with pytest.raises(RecordError) as error:
            read_record(text)
        refused_briefly(error.value)


def test_quote_cuts_long_text_and_never_fails():
    assert quote("x" * 10_000) == f"'{'x' * QUOTE_LIMIT}...' (10,000 characters)"
    assert quote(10**5000) == "a number too large to use" and quote([10**5000]) == "<list>"
    assert len(quote(list(range(10_000)))) <= QUOTE_LIMIT + 3


# ----------------------------------------------------------------------------- the referee
def referee(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len(err) <= MAX_MESSAGE + 20, err[:300]
    return code, out, err


@pytest.mark.parametrize("data", [bytes(range(256)) * 4, "[Game \"star\"]\n1. C3\n".encode("utf-16"),
                                  "[Game \"star\"]\n1. \u00e9\n".encode("latin-1")])
def test_the_referee_refuses_a_binary_record(capsys, tmp_path, data):
    path = tmp_path / "record.bin"
    path.write_bytes(data)
    code, out, err = referee(capsys, "--record", str(path), "--json")
    assert code == 2 and "is not UTF-8 text" in err and "error" in json.loads(out)


@pytest.mark.parametrize("data, code, fragment", [
    (b"\xff\xfe[\x00G\x00", 2, "is not UTF-8 text"),
    ("\ufeff[Game \"star\"]\n1. F6\n".encode(), 0, "Moves: 1. F6"),
])
def test_the_referee_reads_standard_input_as_utf8(data, code, fragment):
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-m", "game.referee", "--record", "-"], input=data, capture_output=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=60)
    assert done.returncode == code and b"Traceback" not in done.stderr
    assert fragment.encode() in done.stdout + done.stderr


def test_the_referee_reads_a_record_with_a_byte_order_mark(capsys, tmp_path):
    path = tmp_path / "record.txt"
    path.write_bytes(("\ufeff" + '[Game "star"]\n[Options "-size=5"]\n1. C3\n').encode())
    code, out, err = referee(capsys, "--record", str(path), "--json")
    assert code == 0 and json.loads(out)["moves"] == ["C3"]


@pytest.mark.parametrize("argv, fragment", [
    (["star", "-size=\u00b2"], "needs a whole number"),
    (["star", "-size=--5"], "needs a whole number"),
    (["star", "-size=" + HUGE], "out of range"),
    (["savoy", "--moves", "roll:" + HUGE + ",1"], "a die shows 1 to 6"),
    (["savoy", "--moves", "10000000xa4-f4"], "at most four pieces"),
    (["know", "--moves", "roll:\u0665/\u0663"], "a roll lists die values"),
    (["star", "--moves", "x" * 100_000], "is not a Star move"),
    (["--record", "/nonexistent/record.txt"], "cannot read the record"),
])
def test_the_referee_refuses_with_a_short_message(capsys, argv, fragment):
    code, out, err = referee(capsys, *argv)
    assert code == 2 and fragment in err


@pytest.mark.parametrize("seed", ["\u00b2", "\u0665", HUGE, "1.5"])
def test_the_referee_refuses_a_seed_that_is_not_a_whole_number(capsys, seed):
    with pytest.raises(SystemExit) as stop:
        main(["savoy", "--seed", seed])
    assert stop.value.code == 2 and "is not a whole number" in capsys.readouterr().err


def test_the_referee_reports_a_file_it_cannot_write(capsys, tmp_path):
    code, out, err = referee(capsys, "star", "--save", str(tmp_path / "missing" / "game.txt"))
    assert code == 2 and "cannot write the record" in err


def test_random_bytes_as_a_record_never_crash(tmp_path):
    rng = random.Random(4)
    for k in range(30):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        try:
            read_record(data.decode("utf-8", errors="replace"))
        except RecordError as error:
            refused_briefly(error)
    assert GameHistory(GAMES["star"]).moves == []
