"""Hexagonal Truchet's rules (hex-truchet.md §2-§5): worked examples on the side-2 board, seeded random
games that keep the rules, records and the referee.

The side-2 board, + X's junctions, - O's (Design 4: x + r + s even is X's), and its seven tiles:

      a b c d e f g
  4     - + - + -          bd34 df34
  3   - + - + - + -        ac23 ce23 eg23
  2   + - + - + - +        bd12 df12
  1     + - + - +

Every band up (``u``, all seven tiles) joins each tile's X corners: bd12 b1 d1 c2 | df12 d1 f1 e2 |
ac23 a2 c2 b3 | ce23 c2 e2 d3 | eg23 e2 g2 f3 | bd34 b3 d3 c4 | df34 d3 f3 e4, one X region of all 12.
Design 6's neighbours: d2 (O) has c2, e2 and d1 below it; c2 (X) has b2, d2 and c3 above it.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rules
from game.referee import main as referee
from game.rules.errors import IllegalMoveError, RecordError
from game.rules.playout import random_game
from game.rules.record import read_record, write_record
from game.rules.truchet import MAX_HEIGHT, O, TRUCHET, X, TruchetMove, regions

UP = "u" * 7


def play(state, text):
    return TRUCHET.apply(state, TRUCHET.parse_move(text, state))


def refused(state, text, key, fragment):
    with pytest.raises(IllegalMoveError) as error:
        play(state, text)
    assert error.value.key == key and fragment in str(error.value), str(error.value)


# --------------------------------------------------------------------------- worked examples
def test_a_merge_onto_a_stack_on_its_own_colour_needs_a_taller_stack():
    state = TRUCHET.position(UP, x={"c2": 1, "e2": 1}, o={"d2": 1, "b4": 1})
    after = play(state, "c2,e2-d2")
    assert after.stack("d2") == 2 and after.stack("c2") == after.stack("e2") == 0
    assert after.pieces(O) == 1 and after.quiet == 0 and TRUCHET.captures(state, after.last) == ["d2"]
    state = TRUCHET.position(UP, x={"c2": 1, "e2": 1}, o={"d2": 2, "b4": 1})
    refused(state, "c2,e2-d2", "capture_height",
            "cannot capture the O 2-stack on d2: it stands on a junction of O's colour, so only a taller stack")


def test_a_split_part_takes_an_equal_stack_on_the_capturers_colour():
    # c2 is X's colour: the O single there falls to a one-piece part of X's 2-stack on d2
    state = TRUCHET.position(UP, x={"d2": 2}, o={"c2": 1, "b4": 1}, quiet=7)
    after = play(state, "d2-c2,e2")
    assert after.stack("c2") == 1 and after.stack("e2") == 1 and after.stack("d2") == 0
    assert after.pieces(O) == 1 and after.quiet == 0
    # b2 is O's colour: a one-piece part cannot take the O single there (c3 is not next to d2 anyway)
    state = TRUCHET.position(UP, x={"c2": 2}, o={"b2": 1, "b4": 1})
    refused(state, "c2-b2,d2", "capture_height", "only a taller stack captures it")


def test_merges_have_at_most_three_sources_and_splits_three_parts():
    state = TRUCHET.position(UP, x={"d1": 1, "c2": 1, "e2": 1}, o={"b4": 1})
    after = play(state, "d1,c2,e2-d2")
    assert after.stack("d2") == 3
    state = TRUCHET.position(UP, x={"d2": 3}, o={"b4": 1})
    assert str(TRUCHET.parse_move("d2-e2,c2,d1", state)) == "d2-d1,c2,e2"  # board order
    assert play(state, "d2-d1,c2,e2").stacks.count(1) == 3
    refused(state, "d2-c2,2xd3", "not_adjacent", "d3 is not orthogonally next to d2")
    largest = max(len(m.targets) for m in TRUCHET.legal_moves(TRUCHET.position(UP, x={"d3": 4}, o={"b4": 1}))
                  if m.kind == "split")
    assert largest == 3
    # a split onto the junction straight above an O junction is no neighbour: d2's third is d1 below
    assert "d2-c2,d3" not in {str(m) for m in TRUCHET.legal_moves(state)}


def test_a_tile_is_pinned_by_a_stack_on_any_of_its_six_corners():
    state = TRUCHET.position(UP, x={"b1": 1, "d3": 1}, o={"f4": 1})
    refused(state, "ce23:b1-f1", "pinned", "tile ce23 cannot be flipped: it is pinned by the stack on d3")
    assert "ce23" not in TRUCHET.flippable(state) and "df12" in TRUCHET.flippable(state)
    # flipping df12 (d: f1 keeps no band) cuts f1 off b1's region
    refused(state, "df12:b1-f1", "other_region", "f1 is not in the region of b1")
    after = play(state, "df12:b1-c2")
    assert after.tile("df12") == "d" and after.stack("c2") == 1


def test_steps_stay_in_the_region_and_never_jump():
    state = TRUCHET.position(UP, x={"b1": 1, "c2": 1}, o={"d1": 1, "f4": 1})
    refused(state, "b1-c1", "other_region", "c1 is not in the region of b1")
    refused(state, "b1-f1", "blocked", "the way from b1 to f1 is blocked by other stacks")
    refused(state, "b1-d1", "occupied", "d1 is occupied: a step goes to an empty junction")
    after = play(state, "c2-d3")  # c2 still has ce23's band to d3
    assert after.stack("d3") == 1


def test_a_single_piece_that_can_never_move_loses():
    # f1's only tile is df12; with it down (d) f1 has no band, and f1 itself pins the tile
    state = TRUCHET.position("uduuuuu", x={"f1": 1}, o={"b4": 1})
    assert TRUCHET.outcome(state).winner == O and "X cannot move a stack" in TRUCHET.outcome(state).reason
    assert TRUCHET.legal_moves(state) == []


def test_the_proven_draw_holds_on_the_hex_board():
    # one single each, on different colours, each on a band: bd34 down joins c3 b4 d4
    state = TRUCHET.position("uuuuudu", x={"b1": 1}, o={"b4": 1})
    assert TRUCHET.outcome(state).is_draw and "neither side can win" in TRUCHET.outcome(state).reason
    state = TRUCHET.position(UP, x={"b1": 1}, o={"b4": 1})  # b4 has no band: no proven draw
    assert TRUCHET.outcome(state) is None


def test_the_spec_forms_in_a_real_side_4_position():
    # the spec's example tiling; tile gi23 down, fh34 and hj34 down: h3 is capped all round, a region alone
    state = TRUCHET.position("dudu uuduu uudduu uduuuud uuuudd uuduu uduu", x={"f3": 3, "e2": 1, "g2": 1, "h3": 1},
                             o={"f2": 1, "h8": 1})
    refused(state, "ik45:h3-h5", "other_region", "h5 is not in the region of h3")
    # the X 3-stack on f3 splits to e3 and g3, both next to it (f4, above it, is its third neighbour)
    after = play(state, "f3-e3,2xg3")
    assert after.stack("e3") == 1 and after.stack("g3") == 2 and after.stack("f3") == 0
    # the O single on f2 stands on O's colour: e2 and g2 (two pieces) merge onto it and take it
    after = play(state, "e2,g2-f2")
    assert after.stack("f2") == 2 and after.pieces(O) == 1


# --------------------------------------------------------------------------- random games
def check_hex_game(history):
    states, moves = history.states, history.moves
    assert TRUCHET.outcome(history.state) is not None, "every game ends"
    faces = None
    for before, move, after in zip(states, moves, states[1:]):
        snapshot = (before.tiles, before.stacks, before.quiet, hash(before))
        assert TRUCHET.apply(before, move) == after and after.hex
        assert (before.tiles, before.stacks, before.quiet, hash(before)) == snapshot, "apply never mutates"
        assert all(abs(h) <= MAX_HEIGHT for h in after.stacks)
        geo = after.board
        if not before.playing:
            if after.playing:  # the face up: back (band dotted, X) for u, front (band blank) for d
                faces = [X if letter == "u" else O for letter in after.tiles]
            continue
        me = before.to_move
        if move.kind == "draw":
            continue
        assert after.to_move == 1 - me
        assert after.pieces(me) == before.pieces(me), "the mover keeps every piece"
        taken = sum(abs(before.stack(n)) for n in move.destinations) if move.kind != "step" else 0
        assert after.pieces(1 - me) == before.pieces(1 - me) - taken
        assert after.quiet == (0 if taken else before.quiet + 1)
        if move.flip is not None:
            t = geo.tile_index[move.flip]
            assert not any(before.stacks[j] for j in geo.corners[t]), "only a free tile is flipped"
            faces[t] = 1 - faces[t]  # turned over
        for t, letter in enumerate(after.tiles):  # edge matching: the band's corners have its face's colour
            band = geo.band(t, letter)
            assert all(geo.colour[j] == faces[t] for j in band)
            assert all(geo.colour[j] != faces[t] for j in geo.corners[t] if j not in band)
        reg = regions(geo, after.tiles)
        assert all(geo.colour[j] == geo.colour[reg[j]] for j in range(geo.junction_count)), "regions are one colour"
        assert TRUCHET.parse_move(str(move), before) == move
        for origin in move.origins:  # every move starts from a stack of the mover
            assert before.stack(origin) * (1 if me == X else -1) > 0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 2, 3, 4]))
def test_random_hex_games_keep_the_rules(seed, size):
    history = random_game(TRUCHET, {"hex": True, "size": size, "draw": "auto", "quiet": 30}, seed=seed,
                          max_moves=3000)
    check_hex_game(history)


def test_one_default_hex_game_to_the_end():
    history = random_game(TRUCHET, {"hex": True, "draw": "auto", "quiet": 20}, seed=2)
    check_hex_game(history)
    assert history.state.board.pieces == 18 and max(TRUCHET.scores(history.state)) <= 18


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(game.rules.GAMES, "truchet", TRUCHET)


def test_a_hex_record_replays(registered):
    history = random_game(TRUCHET, {"hex": True, "size": 3}, seed=5)
    text = write_record(history)
    assert '[Options "-hex -size=3"]' in text and "\n2. roll:" in text
    again = read_record(text)
    assert again.states == history.states and again.options == history.options
    spoiled = text.replace("[Options \"-hex -size=3\"]", "[Options \"-size=3\"]")
    with pytest.raises(RecordError, match="letters l and r"):  # the square board reads l/r tiles
        read_record(spoiled)


def test_same_seed_same_hex_game():
    assert (random_game(TRUCHET, {"hex": True, "size": 3}, seed=11).notation()
            == random_game(TRUCHET, {"hex": True, "size": 3}, seed=11).notation())


def test_the_referee_plays_hex_truchet(capsys):
    code = referee(["truchet", "-hex", "-size=2", "--seed", "3", "--moves", "random random random", "--json"])
    info = json.loads(capsys.readouterr()[0])
    assert code == 0 and info["options"]["hex"] is True and info["flags"] == ["-hex", "-size=2"]
    assert info["to_move"] == "X" and info["details"]["pieces"] == {"X": 3, "O": 3}
    state = TRUCHET.new({"hex": True, "size": 2})
    for text in info["moves"]:
        state = play(state, text)
    assert info["legal"] == [str(m) for m in TRUCHET.legal_moves(state)]
    assert info["board"] == TRUCHET.render_text(state).splitlines()
    move = info["legal"][0]
    code = referee(["truchet", "-hex", "-size=2", "--moves", " ".join(info["moves"] + [move]), "--json"])
    assert code == 0 and json.loads(capsys.readouterr()[0])["moves"][-1] == move
    code = referee(["truchet", "-hex", "-size=2", "--moves", "rrr"])
    assert code == 2 and "or letters u/d for tiles" in capsys.readouterr()[1]


def test_a_hand_built_move_is_checked_against_the_hex_board():
    state = TRUCHET.position(UP, x={"b1": 1}, o={"f4": 1})
    with pytest.raises(IllegalMoveError, match=r"there is no junction a1 on this board \(row 1 runs b1-f1\)"):
        TRUCHET.apply(state, TruchetMove.step("b1", "a1"))
