"""Star turns, passes, swap, scoring and results (seed 002 and star.md)."""

import pytest

from game.rules.errors import IllegalMoveError
from game.rules.history import GameHistory
from game.rules.star import EMPTY, O_STONE, STAR, X_STONE, StarState, board, chains


def play(moves, **options):
    history = GameHistory(STAR, options)
    for move in moves.split():
        history.play(move)
    return history


def position(n, x=(), o=(), maxi=False):
    """A position with X stones on `x` and O stones on `o` (cell names)."""
    geo = board(n)
    cells = [EMPTY] * geo.cell_count
    for name in x:
        cells[geo.index[name]] = X_STONE
    for name in o:
        cells[geo.index[name]] = O_STONE
    return StarState(size=n, maxi=maxi, cells=tuple(cells))


def test_x_moves_first_and_turns_alternate():
    history = play("C3 D4", size=4)
    assert history.state.stone("C3") == X_STONE
    assert history.state.stone("D4") == O_STONE
    assert STAR.to_move(history.state) == 0


def test_default_size_is_six():
    assert STAR.new().size == 6
    assert len(STAR.legal_moves(STAR.new())) == 75 + 1  # every cell and pass


def test_occupied_cell_refused():
    history = play("C3", size=4)
    with pytest.raises(IllegalMoveError, match="already taken by X"):
        history.play("c3")
    assert history.notation() == ["C3"]  # the game is kept


def test_two_successive_passes_end_the_game():
    history = play("C3 pass D4 pass", size=4)
    assert STAR.outcome(history.state) is None
    history.play("pass")
    assert STAR.outcome(history.state) is not None
    assert STAR.legal_moves(history.state) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        history.play("B4")


def test_a_game_can_end_with_two_opening_passes():
    history = play("pass pass", size=5)
    result = STAR.outcome(history.state)
    assert result.is_draw and "level at 0" in result.reason


def test_swap_only_as_second_move():
    state = play("C3", size=4).state
    assert "swap" in [str(m) for m in STAR.legal_moves(state)]
    assert "swap" not in [str(m) for m in STAR.legal_moves(STAR.new({"size": 4}))]
    with pytest.raises(IllegalMoveError, match="only the second move"):
        play("swap", size=4)
    with pytest.raises(IllegalMoveError, match="only the second move"):
        play("C3 D4 swap", size=4)
    with pytest.raises(IllegalMoveError, match="no stone was placed"):
        play("pass swap", size=4)
    with pytest.raises(IllegalMoveError, match="only the second move"):
        play("C3 swap swap", size=4)


def test_swap_keeps_the_stone_and_o_moves_next():
    history = play("C3 swap", size=4)
    state = history.state
    assert state.stone("C3") == X_STONE  # the stone stays, now belonging to the swapper
    assert state.swapped
    assert STAR.to_move(state) == 1  # the other player, now playing O, moves
    history.play("D4")
    assert history.state.stone("D4") == O_STONE


def test_swap_is_not_a_pass():
    history = play("pass C3", size=4)  # X passes, O places: a placement was the... second move
    assert "swap" not in [str(m) for m in STAR.legal_moves(history.state)]  # only the second move
    history = play("C3 swap pass", size=4)
    assert STAR.outcome(history.state) is None  # swap + pass are not two passes


def test_chain_scores_corner_and_edge():
    # size 3: C1 is a corner (3 external cells), B2 a plain edge cell (2), C2 interior (0)
    assert STAR.scores(position(3, x=["C1"])) == (1, 0)
    assert STAR.scores(position(3, x=["B2"])) == (0, 0)
    assert STAR.scores(position(3, x=["C2"])) == (0, 0)
    # C1 + D1: two corners sharing one external cell above them -> 5 distinct - 2 = 3
    assert STAR.scores(position(3, x=["C1", "D1"])) == (3, 0)
    # an external cell next to two stones of one chain counts once, but counts for each chain touching it
    assert STAR.scores(position(3, x=["C1"], o=["D1"])) == (1, 1)


def test_hand_worked_size_four_position():
    # size 4: rows D1-F1 / C2-F2 / B3-F3 / A4-F4 / A5-E5 / A6-D6; corners D1 F1 A4 F4 A6 D6
    state = position(4, x=["A4", "A5", "A6", "B6"], o=["F1", "F2", "F3", "C3", "D3"])
    per = {c.player: c for c in chains(state) if len(c.cells) > 2}
    # X runs down the short lower-left side and turns along the bottom: A4 (corner, 3) + A5 (2)
    # + A6 (corner, 3) + B6 (2), neighbours sharing one external cell each: 10 - 3 = 7 -> 5 points
    assert per[0].externals == 7
    # O: F1 (corner, 3), F2 (2), F3 (2) down the long upper-right side: 7 - 2 = 5 -> 3 points;
    # C3 and D3 are interior and form a chain worth 0
    assert per[1].externals == 5
    assert sorted(c.score for c in chains(state) if c.player == 1) == [0, 3]
    assert STAR.scores(state) == (5, 3)


@pytest.mark.parametrize("n", range(3, 15))
def test_full_board_totals_are_odd_so_no_draw(n):
    import random

    rng = random.Random(n)
    geo = board(n)
    for _ in range(5):
        state = StarState(size=n, cells=tuple(rng.choice((X_STONE, O_STONE)) for _ in range(geo.cell_count)))
        x, o = STAR.scores(state)
        assert x + o == 3 * (2 * n - 1) - 2
        assert (x + o) % 2 == 1 and x != o


def test_score_and_winner_at_any_moment():
    history = play("C1", size=3)
    assert STAR.scores(history.state) == (1, 0)
    assert STAR.leader(history.state) == 0
    assert STAR.outcome(history.state) is None
    history.play("D1")
    assert STAR.leader(history.state) is None  # level at 1 each
    history.play("A4")
    history.play("pass")
    history.play("pass")
    assert STAR.outcome(history.state).winner == 0


def test_maxi_star_scores_the_best_chain():
    state = position(3, x=["C1", "A4"], o=["D1", "D2", "D3"], maxi=True)
    # X: two corner chains of 1; O: the whole upper-right side D1-D2-D3 touches 3+2+3-2 = 6 -> 4
    assert STAR.scores(state) == (1, 4)
    plain = position(3, x=["C1", "A4"], o=["D1", "D2", "D3"])
    assert STAR.scores(plain) == (2, 4)


def test_maxi_tie_broken_by_second_best_chain():
    # both best chains score 1 (single corner stones); X has a second scoring chain, O does not
    state = position(3, x=["C1", "A4"], o=["D3"], maxi=True)
    assert STAR.scores(state) == (1, 1)
    winner, why = STAR.compare(state)
    assert winner == 0 and "second-best" in why


def test_maxi_tie_broken_by_third_best_chain():
    state = position(4, x=["D1", "F4", "A6"], o=["F1", "A4", "C3"], maxi=True)
    # X: three corners (1, 1, 1); O: two corners (1, 1) and an interior chain (0)
    assert STAR.compare(state)[0] == 0
    assert "third-best" in STAR.compare(state)[1]


def test_maxi_full_tie_is_a_draw():
    history = play("C1 D1 pass pass", size=3, maxi=True)
    result = STAR.outcome(history.state)
    assert result.is_draw and "every chain level" in result.reason


def test_maxi_missing_chains_count_zero():
    # X's second-best chain scores 0 (a plain edge stone); O has no second chain: still level, a draw
    state = position(3, x=["C1", "B4"], o=["D3"], maxi=True)
    assert STAR.compare(state)[0] is None


def test_apply_never_mutates_and_returns_new_state():
    state = STAR.new({"size": 4})
    after = STAR.apply(state, STAR.parse_move("C3", state))
    assert state.cells.count(EMPTY) == board(4).cell_count
    assert after is not state and after.stone("C3") == X_STONE
