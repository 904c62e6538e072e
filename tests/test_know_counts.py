"""Move counts for fixed know positions (tests/data/know.counts), checked against a brute force.

The brute force below shares no code with the rules: it works on space names,
walks every sequence of jumps (not only simple ones) and filters afterwards.
"""

from itertools import product
from pathlib import Path

import pytest

from game.rules.know import KNOW, MOVE, START_SPACES
from game.rules.know_board import BORDERS

TABLE = Path(__file__).parent / "data" / "know.counts"
CODES = ["B*", "B", "F*", "F", "H*", "H", "b*", "b", "f*", "f", "h*", "h"]


def rows():
    found = []
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, flags, setup, player, dice, count = (part.strip() for part in line.split("|"))
            pieces = dict(item.split("=") for item in setup.split()) if setup != "-" else {}
            found.append(pytest.param(flags.split(), pieces, ("Red", "Blue").index(player),
                                      tuple(int(d) for d in dice.split(",")), int(count), id=ident))
    return found


def rotate(name, quarter_turns):
    wedge, rest = name.split(".")
    return f"{(int(wedge) + 4 * quarter_turns) % 16}.{rest}"


def walks(start, length):
    """Every sequence of `length` jumps from `start`, revisits included."""
    choices = [range(6)] * length
    for picks in product(*choices):
        path, here, ok = [start], start, True
        for k in picks:
            near = BORDERS[here]
            if k >= len(near):
                ok = False
                break
            here = near[k]
            path.append(here)
        if ok:
            yield path


def brute_force_count(pieces, player, dice, nets=False, movers=None, allies=None):
    """The legal moves counted from scratch. `movers` (codes) move, default `player`'s six; the pieces not
    among `allies` (default the movers) are the opponents'."""
    board = dict(zip(CODES, START_SPACES))
    board.update(pieces)
    mine = movers or [c for c in CODES if c[0].isupper() == (player == 0)]
    theirs = [c for c in CODES if c not in (allies or mine)]
    occupied = set(board.values())
    enemy = {n for c in theirs for n in BORDERS[board[c]]}
    enemy_by_type = {t: {n for c in theirs if c[0].upper() == t for n in BORDERS[board[c]]} for t in "BFH"}

    def passable(code):
        """Opponent influence this piece may not pass through (Nets bonus rule, if on)."""
        if not nets:
            return enemy
        kind = code[0].upper()
        same = [board[c] for c in CODES if c[0].upper() == kind]
        polar = any(rotate(a, q) == b for a in same for b in same for q in (1, 3))
        balanced = any(rotate(a, 2) == b for a in same for b in same)
        block = set()
        for t in "BFH":
            if (t == kind and polar) or (t != kind and balanced):
                continue
            block |= enemy_by_type[t]
        return block

    normal = set()
    errands = set()
    for die in set(dice):
        for code in mine:
            block = passable(code)
            for path in walks(board[code], die):
                if len(set(path)) != len(path):
                    continue
                inner, end = path[1:-1], path[-1]
                if end in occupied or end in enemy:
                    continue
                if any(s in occupied or s in block for s in inner):
                    continue
                normal.add((board[code], end, die))
            locked = all(n in occupied or n in enemy for n in BORDERS[board[code]])
            if locked and any(len(set(p)) == len(p) and not set(p[1:]) & occupied for p in walks(board[code], die)):
                errands.add((code, die))
    count = len(normal) + len(errands)
    if errands and not normal:
        count += 1  # pass: declining the Errand
    return count


@pytest.mark.parametrize("flags, pieces, player, dice, count", rows())
def test_legal_move_count(flags, pieces, player, dice, count):
    options = KNOW.options_from_flags(flags)
    state = KNOW.position(pieces, player=player, phase=MOVE, dice=dice, options=options)
    legal = KNOW.legal_moves(state)
    assert len(legal) == len(set(legal))
    assert len(legal) == count
    assert brute_force_count(pieces, player, dice, nets=bool(options["nets"])) == count
    for move in legal:
        assert KNOW.parse_move(str(move), state) == move
        KNOW.check_legal(state, move)


def test_start_position_after_the_opening_roll():
    """Red wins the opening roll 3 to 1 and rolls a 3 for the first move: the table's 40 moves."""
    state = KNOW.play(KNOW.play(KNOW.new(), "roll:3/1")[1], "roll:3")[1]
    assert state.phase == MOVE and state.player == 0 and state.dice == (3,)
    assert len(KNOW.legal_moves(state)) == 40
