"""Legal-turn counts for fixed Savoy positions (tests/data/savoy.counts), checked twice: against the
numbers in the table and against the independent brute-force generator of test_savoy_reference.py."""

from pathlib import Path

import pytest

from game.rules.savoy import PASS, SAVOY
from test_savoy_reference import engine_turns, reference_turns

TABLE = Path(__file__).parent / "data" / "savoy.counts"


def rows():
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, flags, layout, who, dice, count = (part.strip() for part in line.split("|"))
            yield pytest.param(flags.split(), layout, who, tuple(int(d) for d in dice.split(",")), int(count),
                               id=ident)


@pytest.mark.parametrize("flags, layout, who, dice, count", list(rows()))
def test_turn_count(flags, layout, who, dice, count):
    options = SAVOY.options_from_flags(flags)
    state = SAVOY.position(layout, who, dice, options)
    legal = SAVOY.legal_moves(state)
    assert len(set(legal)) == len(legal)
    assert len({str(m) for m in legal}) == len(legal), "two legal moves share a text"
    turns = [m for m in legal if m.kind == "turn"]
    assert len(turns) == count
    if count == 0:
        assert legal == [PASS]
    assert engine_turns(legal) == reference_turns(layout, who, dice, options["trips"], options["pinnedaway"])
    # every listed move reads back as itself and applies
    for move in legal:
        assert SAVOY.parse_move(str(move), state) == move
        after = SAVOY.apply(state, move)
        assert after.to_move == 1 - state.to_move
