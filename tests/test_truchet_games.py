"""Truchet records replayed, and properties of random games (hypothesis)."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rules
from game.rules.errors import RecordError
from game.rules.history import GameHistory
from game.rules.playout import random_game
from game.rules.record import read_record, write_record
from game.rules.truchet import MAX_HEIGHT, O, TRUCHET, X, board

DATA = Path(__file__).parent / "data"


@pytest.fixture
def registered(monkeypatch):
    """Records work through the registry; register Truchet for the test only."""
    monkeypatch.setitem(game.rules.GAMES, "truchet", TRUCHET)


# --------------------------------------------------------------------------- records
def test_capture_record_replays(registered):
    history = read_record((DATA / "truchet_capture.txt").read_text())
    state = history.state
    result = TRUCHET.outcome(state)
    assert result.winner == X and result.reason == "O cannot move a stack"
    assert state.stack("b3") == 2 and state.stack("a4") == -1
    assert state.tile("ab23") == "l" and state.tile("cd23") == "l"
    assert TRUCHET.details(state)["captured"] == {"X": 1, "O": 0}
    # the capture came on move 6, a merge after a move within the region
    move = history.moves[5]
    assert move.kind == "merge" and move.flip == "cd23" and move.premove == ("c1", "c3")


def test_random_setup_record_keeps_the_drawn_tiles(registered):
    history = read_record((DATA / "truchet_random_setup.txt").read_text())
    plain = read_record((DATA / "truchet_capture.txt").read_text())
    assert history.state.tiles == plain.state.tiles
    assert history.state.stacks == plain.state.stacks
    assert TRUCHET.outcome(history.state) == TRUCHET.outcome(plain.state)
    assert [m.drawn for m in history.moves[:5]] == [False, True, False, False, True]


def test_claim_record_replays(registered):
    history = read_record((DATA / "truchet_claim.txt").read_text())
    assert history.options == {"size": 3, "setup": "turns", "draw": "claim", "quiet": 4}
    result = TRUCHET.outcome(history.state)
    assert result.is_draw and "claimed after 4 turns" in result.reason


def test_a_corrupt_record_names_the_line(registered):
    text = (DATA / "truchet_capture.txt").read_text().replace("5. c4-b3", "5. c4-c3")
    with pytest.raises(RecordError, match=r"line 15: move 5 'c4-c3': c3 is not in the region of c4"):
        read_record(text)
    text = (DATA / "truchet_capture.txt").read_text().replace("2. rrrr", "2. rrr")
    with pytest.raises(RecordError, match="needs 4 letters l/r"):
        read_record(text)
    text = (DATA / "truchet_capture.txt").read_text().replace('[Result "X"]', '[Result "O"]')
    with pytest.raises(RecordError, match="the moves give 'X'"):
        read_record(text)


def test_written_record_replays_a_random_game(registered):
    history = random_game(TRUCHET, {"size": 5}, seed=3)
    text = write_record(history)
    assert "1. random\n2. roll:" in text  # on 5x5 only random is listed for 12 tiles; the draw follows
    again = read_record(text)
    assert again.states == history.states
    assert again.notation() == history.notation()


def test_same_seed_same_game():
    first = random_game(TRUCHET, {"size": 5}, seed=11)
    second = random_game(TRUCHET, {"size": 5}, seed=11)
    assert first.notation() == second.notation()


def test_undo_redo():
    history = GameHistory(TRUCHET, {"size": 3})
    for text in ("rrrr", "rrrr", "r", "a1-b2"):
        history.play(text)
    after = history.state
    assert history.undo() is not None and history.state.stack("a1") == 1
    history.redo()
    assert history.state == after


# --------------------------------------------------------------------------- properties
def captured_by(state, move):
    """Enemy pieces standing on the destinations of a merge or split (they are taken)."""
    if move.kind not in ("merge", "split"):
        return 0
    return sum(abs(state.stack(name)) for name in move.destinations)


def check_faces(state, faces):
    """Every tile, with its tracked face (the colour of its band) and the engine's orientation letter,
    gives each corner the colour of that junction: neighbouring edge colours match."""
    geo = state.board
    for t, letter in enumerate(state.tiles):
        bl, br, tl, tr = geo.corners[t]
        band, cut = ((tl, br), (bl, tr)) if letter == "l" else ((bl, tr), (br, tl))
        for j in band:
            assert geo.colour[j] == faces[t], geo.tile_names[t]
        for j in cut:
            assert geo.colour[j] != faces[t], geo.tile_names[t]


def check_game(history):
    game = TRUCHET
    states, moves = history.states, history.moves
    assert game.outcome(history.state) is not None, "every game ends"
    faces = None
    for before, move, after in zip(states, moves, states[1:]):
        snapshot = (before.tiles, before.stacks, before.quiet, hash(before))
        assert game.apply(before, move) == after
        assert (before.tiles, before.stacks, before.quiet, hash(before)) == snapshot, "apply never mutates"
        assert all(abs(h) <= MAX_HEIGHT for h in after.stacks)
        if not before.playing:
            if after.playing:
                geo = after.board
                faces = [geo.colour[geo.corners[t][0 if letter == "r" else 2]] for t, letter in enumerate(after.tiles)]
                check_faces(after, faces)
            continue
        me = before.to_move
        assert game.to_move(before) == me and after.to_move == 1 - me or move.kind == "draw"
        if move.kind == "draw":
            continue
        assert after.pieces(me) == before.pieces(me), "the mover keeps every piece"
        taken = captured_by(before, move)
        assert after.pieces(1 - me) == before.pieces(1 - me) - taken, "pieces are conserved or captured"
        assert after.quiet == (0 if taken else before.quiet + 1)
        if move.flip is not None:
            faces[before.board.tile_index[move.flip]] ^= 1  # the tile is turned over
        changed = [t for t in range(len(after.tiles)) if after.tiles[t] != before.tiles[t]]
        assert changed == ([before.board.tile_index[move.flip]] if move.flip else [])
        check_faces(after, faces)
        assert game.parse_move(str(move), before) == move
    assert history.state.playing


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 3, 5]))
def test_random_games_keep_the_rules(seed, size):
    history = random_game(TRUCHET, {"size": size}, seed=seed, max_moves=3000)
    check_game(history)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_with_single_setup_and_automatic_draws(seed):
    history = random_game(TRUCHET, {"size": 5, "setup": "single", "draw": "auto", "quiet": 15}, seed=seed)
    check_game(history)
    result = TRUCHET.outcome(history.state)
    assert result.winner is not None or "without a capture" in result.reason or "neither side" in result.reason


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_standard_games_keep_the_rules(seed):
    history = random_game(TRUCHET, {}, seed=seed)
    check_game(history)


def test_one_standard_game_to_the_end():
    # a fixed 7x7 game, fast enough for every run
    history = random_game(TRUCHET, {"draw": "auto", "quiet": 20}, seed=2)
    check_game(history)
    assert board(7).pieces == 12
    x, o = TRUCHET.scores(history.state)
    assert x <= 12 and o <= 12 and TRUCHET.outcome(history.state) is not None
    assert history.state.pieces(X) == x and history.state.pieces(O) == o
