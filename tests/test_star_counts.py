"""Move-count table for fixed Star positions (tests/data/star.counts)."""

from pathlib import Path

import pytest

from game.rules.history import GameHistory
from game.rules.star import STAR

TABLE = Path(__file__).parent / "data" / "star.counts"


def rows():
    found = []
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, flags, moves, count = (part.strip() for part in line.split("|"))
            found.append(pytest.param(flags.split(), moves.split(), int(count), id=ident))
    return found


@pytest.mark.parametrize("flags, moves, count", rows())
def test_legal_move_count(flags, moves, count):
    history = GameHistory(STAR, STAR.options_from_flags(flags))
    for move in moves:
        history.play(move)
    legal = STAR.legal_moves(history.state)
    assert len(legal) == count
    assert len(set(legal)) == len(legal)
    # an independent count: empty cells, pass, and swap on the second move after a placement
    state = history.state
    if not state.over:
        expected = state.cells.count(0) + 1 + (len(moves) == 1 and moves[0] != "pass")
        assert count == expected
