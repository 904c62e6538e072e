"""Hexagonal Truchet's notation (hex-truchet.md, Designs 2 and 10): the spec's forms, round trips for
every junction and tile of every size, and precise refusals."""

from __future__ import annotations

import pytest

import hex_truchet_model as model
from game.rules.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from game.rules.truchet import HEX_MAX_SIZE, HEX_MIN_SIZE, TRUCHET, TruchetMove, hex_board

SIZES = range(HEX_MIN_SIZE, HEX_MAX_SIZE + 1)

# Design 10's table
SPEC_FORMS = {
    "ik45:h3-h5": ("step", ("h3",), ("h5",), "ik45", None),
    "e2,g2-f2": ("merge", ("e2", "g2"), ("f2",), None, None),
    "d1>e2,g2-f2": ("merge", ("d1", "g2"), ("f2",), None, ("d1", "e2")),
    "f3-e3,2xg3": ("split", ("f3",), ("e3", "g3"), None, None),
    "f3>h3-g3,2xi3": ("split", ("f3",), ("g3", "i3"), None, ("f3", "h3")),
}


@pytest.mark.parametrize("text", list(SPEC_FORMS))
def test_the_spec_forms(text):
    kind, origins, destinations, flip, premove = SPEC_FORMS[text]
    move = TruchetMove.parse(text, hexagonal=True)
    assert (move.kind, move.origins, move.destinations, move.flip, move.premove) == (
        kind, origins, destinations, flip, premove)
    assert str(move) == text
    # every name in them is on the side-4 board
    state = TRUCHET.new({"hex": True})
    assert TRUCHET.parse_move(text, state) == move


def test_placements_are_letters_u_and_d():
    assert TruchetMove.parse("uudud", hexagonal=True) == TruchetMove("tiles", letters="uudud")
    assert TruchetMove.parse("roll:UDU", hexagonal=True) == TruchetMove("tiles", letters="udu", drawn=True)
    assert TruchetMove.parse("d", hexagonal=True).letters == "d"  # the centre tile, not "draw"
    assert TruchetMove.parse("draw", hexagonal=True).kind == "draw"
    assert TruchetMove.parse("random", hexagonal=True).kind == "random"
    state = TRUCHET.new({"hex": True, "size": 2})
    assert [str(m) for m in TRUCHET.legal_moves(state)] == ["random", "uuu", "uud", "udu", "udd", "duu", "dud",
                                                            "ddu", "ddd"]


@pytest.mark.parametrize("s", SIZES)
def test_every_junction_and_tile_round_trips(s):
    geo = hex_board(s)
    state = TRUCHET.new({"hex": True, "size": s})
    names = [model.name(p) for p in model.spots(s)]
    assert list(geo.names) == names
    for k, name in enumerate(names):
        other = names[(k + 7) % len(names)]
        for text in (f"{name}-{other}", f"{other},{name}-{names[k - 1]}", f"{name}>{other}-{names[k - 3]},2x{names[k - 5]}"):
            move = TruchetMove.parse(text, hexagonal=True)
            assert TruchetMove.parse(str(move), hexagonal=True) == move
            assert TRUCHET.parse_move(str(move).upper(), state) == move  # names checked against the board
            assert name in str(move)
    for t, tile in enumerate(model.tiles(s)):
        label = model.tile_label(tile)
        assert geo.tile_names[t] == label and geo.tile_index[label] == t
        text = f"{label}:{names[t]}-{names[-t - 1]}"
        move = TruchetMove.parse(text, hexagonal=True)
        assert move.flip == label and str(move) == text
        assert TRUCHET.parse_move(text, state) == move


@pytest.mark.parametrize("text, fragment", [
    ("bc34:a1-d6", "'bc34' is not a tile; a tile is named by its two column letters (two apart)"),
    ("eh23:e2-f2", "is not a tile"),
    ("eg24:e2-f2", "is not a tile"),
    ("roll:ulr", "roll: followed by letters u and d"),
    ("lrl", "or letters u/d for tiles"),
    ("udx", "not a Truchet move"),
    ("", "such as h3-h5"),
    ("f3,e3-2xg3", "no height is written (e2,g2-f2)"),
    ("f3-2xg3", "at least two junctions (f3-e3,2xg3)"),
])
def test_malformed_hex_moves_are_refused(text, fragment):
    with pytest.raises(NotationError) as error:
        TruchetMove.parse(text, hexagonal=True)
    assert fragment in str(error.value)


@pytest.mark.parametrize("text, fragment", [
    ("a1-d1", "there is no junction a1 on the side-4 hex board (row 1 runs d1-l1)"),
    ("d1-p4", "there is no junction p4 on the side-4 hex board (row 4 runs a4-o4)"),
    ("d1-d9", "there is no junction d9 on the side-4 hex board (rows 1-8, columns a-o)"),
    ("ac12:d1-e2", "there is no tile ac12 on the side-4 hex board (df12..jl78)"),
])
def test_names_off_the_hex_board(text, fragment):
    state = TRUCHET.new({"hex": True})
    with pytest.raises(NotationError) as error:
        TRUCHET.parse_move(text, state)
    assert fragment in str(error.value)


def test_placements_of_the_wrong_letters_or_count_are_refused():
    state = TRUCHET.new({"hex": True})
    with pytest.raises(IllegalMoveError, match="so it needs 18 letters u/d"):
        TRUCHET.apply(state, TRUCHET.parse_move("uud", state))
    with pytest.raises(IllegalMoveError, match="written with the letters u and d"):
        TRUCHET.apply(state, TruchetMove("tiles", letters="l" * 18))
    with pytest.raises(IllegalMoveError, match="write random or 18 letters u/d"):
        TRUCHET.apply(state, TRUCHET.parse_move("d1-e2", state))
    with pytest.raises(NotationError, match="letters u/d for tiles"):  # square letters mean nothing here
        TRUCHET.parse_move("l" * 18, state)


def test_a_missing_premove_is_filled_in_on_the_hex_board():
    # side 2, every band up: X's region is every X junction. X singles on b1 and e2, O single on d2 (O's
    # colour). d2's neighbours are c2, e2 and d1; b1 can reach c2 (empty) or d1 (empty) first.
    state = TRUCHET.position("u" * 7, x={"b1": 1, "e2": 1}, o={"d2": 1, "b4": 1})
    with pytest.raises(AmbiguousMoveError, match=r"b1>d1,e2-d2 or b1>c2,e2-d2"):
        TRUCHET.parse_move("b1,e2-d2", state)
    state = TRUCHET.position("u" * 7, x={"b1": 1, "e2": 1, "c2": 1}, o={"d2": 1, "b4": 1})
    # with c2 taken, b1 goes to d1 first (c2 itself may also merge: that is c2,e2-d2, not this move)
    assert str(TRUCHET.parse_move("b1,e2-d2", state)) == "b1>d1,e2-d2"
