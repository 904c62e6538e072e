"""Legal-turn counts for fixed Savoya positions (tests/data/savoya.counts), checked twice: against the numbers
in the table and against the plain generator that plays each trip of a turn in order (test_savoya_rules)."""

from pathlib import Path

import pytest

from game.rules.savoya import SAVOYA as G
from game.rules.savoya_board import SAVOYA_BOARD as BOARD
from game.rules.savoy import PASS, written_readings
from test_savoya_rules import _reference

TABLE = Path(__file__).parent / "data" / "savoya.counts"


def rows():
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, flags, layout, who, dice, count = (part.strip() for part in line.split("|"))
            yield pytest.param(flags.split(), layout, who, tuple(int(d) for d in dice.split(",")), int(count),
                               id=ident)


@pytest.mark.parametrize("flags, layout, who, dice, count", list(rows()))
def test_turn_count(flags, layout, who, dice, count):
    state = G.position(layout, who, dice, G.options_from_flags(flags))
    legal = G.legal_moves(state)
    assert len({str(m) for m in legal}) == len(legal), "two legal moves share a text"
    turns = [m for m in legal if m.kind == "turn"]
    assert len(turns) == count
    if count == 0:
        assert legal == [PASS]
    found = set()
    for move in turns:
        assert G.parse_move(str(move), state) == move
        trips = written_readings(move, BOARD)[0]
        numbers = tuple(sorted(BOARD.route_number[src][r][length - 1] for src, r, length in trips))
        found.add((numbers, G.apply(state, move).cells))
    assert found == _reference(state)
