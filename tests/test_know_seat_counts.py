"""Move counts for know with three and four players (tests/data/know_seats.counts), checked against the
brute force of test_know_counts.py told which pieces move and which are opponents: with four, a seat moves
its colour's pieces of its stripe and its partner is no opponent; with three, a seat moves the four pieces
of its type and every other type is an opponent."""

from pathlib import Path

import pytest

from game.rules.know import KNOW, MOVE
from test_know_counts import CODES, brute_force_count

TABLE = Path(__file__).parent / "data" / "know_seats.counts"
SEATS = {"Red striped": (4, 0), "Blue striped": (4, 1), "Blue plain": (4, 2), "Red plain": (4, 3),
         "Bards": (3, 0), "Fools": (3, 1), "Heralds": (3, 2)}


def movers_and_allies(players, seat):
    if players == 4:
        red = seat in (0, 3)
        allies = [c for c in CODES if c[0].isupper() == red]
        return [c for c in allies if c.endswith("*") == (seat in (0, 1))], allies
    mine = [c for c in CODES if c[0].upper() == "BFH"[seat]]
    return mine, mine


def rows():
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, setup, seat, dice, count = (part.strip() for part in line.split("|"))
            pieces = dict(item.split("=") for item in setup.split()) if setup != "-" else {}
            yield pytest.param(pieces, seat, tuple(int(d) for d in dice.split(",")), int(count), id=ident)


@pytest.mark.parametrize("pieces, seat, dice, count", list(rows()))
def test_legal_move_count(pieces, seat, dice, count):
    players, index = SEATS[seat]
    options = {"players": players}
    if players == 4:
        state = KNOW.position(pieces, phase=MOVE, dice=dice, options=options, seat=index)
    else:
        state = KNOW.position(pieces, player=index, phase=MOVE, dice=dice, options=options)
    assert KNOW.seat_names(state)[KNOW.to_move(state)] == seat
    legal = KNOW.legal_moves(state)
    assert len(legal) == len(set(legal)) == count
    movers, allies = movers_and_allies(players, index)
    assert brute_force_count(pieces, 0, dice, movers=movers, allies=allies) == count
    for move in legal:
        assert KNOW.parse_move(str(move), state) == move
        KNOW.check_legal(state, move)
