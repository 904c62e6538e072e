"""Hypothesis properties: the parser never crashes, random games keep every invariant, records round-trip."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.errors import NotationError, RulesError
from game.rules.playout import random_game
from game.rules.record import read_record, write_record
from game.rules.star import EMPTY, STAR, StarMove, board

sizes = st.integers(3, 14)


@given(st.text(max_size=12))
def test_parser_raises_only_its_own_error(text):
    try:
        move = StarMove.parse(text)
    except NotationError:
        return
    assert str(StarMove.parse(str(move))) == str(move)


@given(st.text(max_size=12), sizes)
def test_game_parser_in_a_position(text, n):
    state = STAR.new({"size": n})
    try:
        move = STAR.parse_move(text, state)
    except NotationError:
        return
    STAR.apply(state, move)  # anything that parses on an empty board is legal (except swap)


@settings(max_examples=40, deadline=None)
@given(sizes, st.booleans(), st.integers(0, 10**6), st.sampled_from([None, 0.02, 0.3]))
def test_random_games_keep_every_invariant(n, maxi, seed, pass_weight):
    history = random_game(STAR, {"size": n, "maxi": maxi}, seed, pass_weight=pass_weight)
    geo = board(n)
    assert STAR.outcome(history.state) is not None  # every game ends
    for before, move, after in zip(history.states, history.moves, history.states[1:]):
        placed = sum(1 for c in after.cells if c != EMPTY) - sum(1 for c in before.cells if c != EMPTY)
        assert placed == (1 if move.kind == "place" else 0)
        assert all(a == b or a == EMPTY for a, b in zip(before.cells, after.cells))  # stones never move
        if move.kind == "swap":
            assert len(history.moves[: history.moves.index(move)]) == 1
    x, o = STAR.scores(history.state)
    if not maxi and EMPTY not in history.state.cells:
        assert x + o == 3 * (2 * n - 1) - 2
    assert x >= 0 and o >= 0 and len(history.state.cells) == geo.cell_count


@settings(max_examples=25, deadline=None)
@given(sizes, st.booleans(), st.integers(0, 10**6))
def test_record_round_trip(n, maxi, seed):
    history = random_game(STAR, {"size": n, "maxi": maxi}, seed, pass_weight=0.05)
    again = read_record(write_record(history))
    assert again.states == history.states
    assert again.notation() == history.notation()


@settings(max_examples=30, deadline=None)
@given(sizes, st.integers(0, 10**6), st.text(max_size=8))
def test_bad_moves_never_lose_the_game(n, seed, text):
    history = random_game(STAR, {"size": n}, seed, max_moves=5)
    before = list(history.states)
    try:
        history.play(text)
    except RulesError:
        assert history.states == before
