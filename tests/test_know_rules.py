"""know rules: movement, the Significant Errand and the Solipsistic Path step by step (seed 003,
section 4.8), connections, Resolution, post-resolution, scoring, versions and options."""

from dataclasses import replace

import pytest

from game.rules.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from game.rules.know import (ERRAND_MOVE, ERRAND_ROLL, KNOW, MOVE, OVER, PATH_MOVE, PATH_ROLL, POST_MOVE,
                             POST_ROLL, PREROLL, ROLL, START, KnowMove, board, connected_types, resolved_pattern,
                             score_of)

M = KnowMove.parse
GEO = board()


def play(state, *texts):
    for text in texts:
        state = KNOW.play(state, text)[1]
    return state


def names(moves):
    return sorted(str(m) for m in moves)


def where(state, code):
    from game.rules.know import piece_code
    return GEO.names[state.pos[[piece_code(i) for i in range(12)].index(code)]]


def expect_illegal(state, text, fragment):
    with pytest.raises(IllegalMoveError) as error:
        KNOW.apply(state, KNOW.parse_move(text, state))
    assert fragment in str(error.value), str(error.value)


# ----------------------------------------------------------------------------- opening and turns
def test_opening_roll_higher_starts_with_a_fresh_roll():
    """Design 13 (corrected): the winner of the opening roll rolls afresh for the first move."""
    state = KNOW.new()
    assert KNOW.is_chance(state) and KNOW.to_move(state) is None and state.phase == START
    state = play(state, "roll:2/5")
    assert state.phase == ROLL and state.player == 1 and state.dice == () and KNOW.is_chance(state)
    assert KNOW.roll_shape(state) == (1,) and KNOW.roller(state) == "Blue"
    state = play(state, "roll:3")
    assert state.phase == MOVE and state.player == 1 and state.dice == (3,) and KNOW.to_move(state) == 1


def test_opening_roll_is_played_as_cast_under_conservation():
    state = play(KNOW.new({"conservation": True}), "roll:2/5")
    assert state.phase == MOVE and state.player == 1 and state.dice == (5,)
    assert KNOW.to_move(state) == 1


def test_opening_tie_rolls_again():
    state = play(KNOW.new(), "roll:4/4")
    assert state.phase == START and "again" in state.note
    assert play(state, "roll:6/1").player == 0


def test_symmetric_opening_compares_sums():
    state = KNOW.new({"version": "symmetric"})
    expect_illegal(state, "roll:3/4", "two dice for each player")
    state = play(state, "roll:1,2/2,2")
    assert state.player == 1 and state.phase == ROLL and KNOW.roll_shape(state) == (2,)
    cast = play(KNOW.new({"version": "symmetric", "conservation": True}), "roll:1,2/2,2")
    assert cast.player == 1 and cast.phase == MOVE and cast.dice == (2, 2)


def test_turn_alternates_with_a_roll_between():
    state = play(KNOW.new(), "roll:3/1", "roll:3", "14.0-13.1a")
    assert state.phase == ROLL and state.player == 1 and KNOW.is_chance(state)
    expect_illegal(state, "7.0a-7.1a", "the dice must be rolled first")
    state = play(state, "roll:2")
    assert state.phase == MOVE and state.player == 1 and state.dice == (2,)


def test_movement_blocking_reasons():
    state = KNOW.position({"b*": "2.2a"}, phase=MOVE, dice=(2,))
    expect_illegal(state, "1.0b-1.2b", "influenced by Blue")
    expect_illegal(state, "1.0a-1.0b", "occupied")
    expect_illegal(state, "7.0a-7.1a", "Blue's")
    expect_illegal(state, "3.0a-3.1a", "no piece on 3.0a")
    expect_illegal(state, "14.0-14.1a", "no path of exactly 2 jumps")
    state = KNOW.position({"b*": "2.2a", "H*": "1.2a"}, phase=MOVE, dice=(1,))
    assert "1.1a" in KNOW.influence(state)["contention"] or True
    blocked = KNOW.position({"b*": "2.2a"}, phase=MOVE, dice=(1,))
    expect_illegal(blocked, "2.0-2.1a", "point of contention")


def test_exact_length_simple_paths():
    # 2.0 borders only 2.1a and 2.1b: with 2 it cannot come back, with 1 it reaches both
    state = KNOW.position({}, phase=MOVE, dice=(2,))
    dests = {m.dst for m in KNOW.legal_moves(state) if m.src == "2.0"}
    assert dests == {"1.1b", "2.2a", "3.1a"}
    assert "2.0" not in dests


BOXED = {"B*": "2.0", "F*": "2.1a", "H*": "2.1b", "B": "14.0", "F": "14.1b", "H": "14.1a",
         "b*": "1.2b", "h*": "3.2a", "b": "15.2a", "h": "13.2b"}


def test_boxed_in_player_may_only_request_an_errand_or_pass():
    state = KNOW.position(BOXED, phase=MOVE, dice=(1,))
    assert names(KNOW.legal_moves(state)) == ["errand:14.1a", "errand:14.1b", "errand:2.1a", "errand:2.1b", "pass"]
    passed = play(state, "pass")
    assert passed.player == 1 and passed.pos == state.pos


def test_no_move_passes_the_turn_automatically():
    state = play(KNOW.position(BOXED, phase=MOVE, dice=(1,)), "errand:2.1a", "roll:6")
    assert state.player == 1 and "no move is possible" in state.note


# ----------------------------------------------------------------------------- Significant Errand
LOCK = {"b*": "2.2a"}  # the Blue Bard on 2.2a makes 2.1a and 2.1b points of contention: Red's Bard on 2.0 is locked


def test_errand_offered_only_for_a_locked_out_piece():
    state = KNOW.position(LOCK, phase=MOVE, dice=(2,))
    assert [str(m) for m in KNOW.legal_moves(state) if m.kind == "errand"] == ["errand:2.0"]
    assert KNOW.locked_out(state, 0)
    expect_illegal(state, "errand:14.0", "not locked out")
    free = KNOW.position({}, phase=MOVE, dice=(2,))
    assert not [m for m in KNOW.legal_moves(free) if m.kind == "errand"]


def test_errand_needs_a_path_of_the_roll_ignoring_influence():
    # walled in by own pieces too: 2.1a and 2.1b occupied, nothing can be reached at all
    state = KNOW.position({"b*": "2.2a", "F*": "2.1a", "H*": "2.1b"}, phase=MOVE, dice=(3,))
    assert not [m for m in KNOW.legal_moves(state) if m.kind == "errand"]


def test_errand_contest_opponent_higher_moves_another_piece():
    state = play(KNOW.position(LOCK, phase=MOVE, dice=(2,)), "errand:2.0")
    assert state.phase == ERRAND_ROLL and KNOW.is_chance(state) and KNOW.roller(state) == "Blue"
    assert names(KNOW.legal_moves(state)) == [f"roll:{d}" for d in range(1, 7)]
    lost = play(state, "roll:5")
    assert lost.phase == MOVE and lost.player == 0 and lost.contest == (2, 5)
    expect_illegal(lost, "errand:2.0", "already requested")
    assert all(m.src != "2.0" for m in KNOW.legal_moves(lost))
    after = play(lost, "14.0-14.2a")
    assert after.player == 1


def test_errand_tie_rolls_again():
    state = play(KNOW.position(LOCK, phase=MOVE, dice=(2,)), "errand:2.0", "roll:2")
    assert state.phase == ERRAND_ROLL and "again" in state.note


def test_errand_won_moves_the_locked_piece_through_contention():
    state = play(KNOW.position(LOCK, phase=MOVE, dice=(2,)), "errand:2.0", "roll:1")
    assert state.phase == ERRAND_MOVE and KNOW.to_move(state) == 0
    assert names(KNOW.legal_moves(state)) == ["2.0-1.1b", "2.0-3.1a"]
    expect_illegal(state, "14.0-14.2a", "errand piece")
    done = play(state, "2.0-1.1b")
    assert where(done, "B*") == "1.1b" and done.player == 1


def test_errand_won_without_open_destination_moves_another_piece():
    # Blue also covers 1.1b and 3.1a: every 2-jump end is influenced
    state = KNOW.position({"b*": "2.2a", "f*": "1.2b", "h*": "3.2a"}, phase=MOVE, dice=(2,))
    state = play(state, "errand:2.0", "roll:1")
    assert state.phase == MOVE and state.excluded == 0 and "no destination" in state.note
    assert all(m.src != "2.0" for m in KNOW.legal_moves(state))


def test_symmetric_errand_names_its_die_before_moving():
    opts = {"version": "symmetric"}
    state = KNOW.position(LOCK, phase=MOVE, dice=(2, 5), options=opts)
    offers = [str(m) for m in KNOW.legal_moves(state) if m.kind == "errand"]
    assert offers == ["errand:2.0/2", "errand:2.0/5"]
    with pytest.raises(AmbiguousMoveError):
        KNOW.parse_move("errand:2.0", state)
    moved = play(state, "1.0b-1.1a/2")
    assert moved.phase == MOVE and moved.player == 0 and moved.only_type == 1
    expect_illegal(moved, "errand:2.0/5", "before moving")
    # moving the other Bard first leaves only the locked Bard for the second die: the turn ends
    assert play(state, "14.0-13.1b/2").player == 1
    won = play(state, "errand:2.0/2", "roll:1", "2.0-1.1b/2")
    # the second piece must be a Bard too (the errand move made no connection)
    assert won.phase == MOVE and won.dice == (5,) and won.only_type == 0
    expect_illegal(won, "1.0b-1.2b/5", "must be a Bard")


# ----------------------------------------------------------------------------- Solipsistic Path
def test_path_offered_before_the_roll():
    state = KNOW.position(LOCK)
    assert state.phase == PREROLL and KNOW.to_move(state) == 0
    assert names(KNOW.legal_moves(state)) == ["nopath", "path:2.0>2.1a", "path:2.0>2.1b"]
    assert play(state, "nopath").phase == ROLL
    expect_illegal(state, "path:14.0>14.1a", "not a point of contention")


def test_path_needs_a_point_of_contention_standing_for_both_rolls():
    state = KNOW.position(LOCK, old_pocs=False, turn=10)
    assert state.phase == ROLL  # the contention arose in this turn: no Path yet
    # Red (turn 10), Blue (11), Red (12): still too young for Red; Blue at 13 may
    state = play(state, "roll:2", "14.0-14.2a", "roll:2", "10.0-10.2a", "roll:2")
    assert state.turn == 12 and state.phase == MOVE
    state = play(state, "14.2a-15.2b")
    assert state.turn == 13 and state.phase == PREROLL and state.player == 1
    assert "path:2.2a>2.1a" in names(KNOW.legal_moves(state))


def test_path_contest_forfeit_when_contender_higher():
    state = play(KNOW.position(LOCK), "path:2.0>2.1a")
    assert state.phase == PATH_ROLL and KNOW.roller(state) == "both"
    # Red's pieces bordering 2.1a influence only contention: +0; Blue's Bard on 2.2a: 4 clear spaces
    assert KNOW.path_bonus(state, 0, GEO.index["2.1a"]) == 0
    assert KNOW.path_bonus(state, 1, GEO.index["2.1a"]) == 4
    lost = play(state, "roll:3/1")
    assert lost.player == 1 and lost.turn == state.turn + 1 and "forfeit" in lost.note
    assert lost.contest == (3, 0, 1, 4)
    assert lost.pos == state.pos


def test_path_contest_tie_rolls_again():
    state = play(KNOW.position(LOCK), "path:2.0>2.1a", "roll:5/1")
    assert state.phase == PATH_ROLL and "again" in state.note


def test_path_won_moves_first_into_the_contention():
    state = play(KNOW.position(LOCK), "path:2.0>2.1a", "roll:6/1")  # 6+0 against 1+4
    assert state.phase == PATH_MOVE and state.dice == (6,)
    assert names(KNOW.legal_moves(state)) == ["2.0-0.1", "2.0-0.3", "2.0-1.2a", "2.0-15.1a", "2.0-15.2b",
                                              "2.0-2.3"]
    expect_illegal(state, "14.0-14.2a", "must move")
    done = play(state, "2.0-1.2a")
    assert where(done, "B*") == "1.2a" and done.player == 1


def test_path_lenient_adds_destinations():
    literal = play(KNOW.position(LOCK), "path:2.0>2.1a")
    lenient = play(KNOW.position(LOCK, options={"sopath": "lenient"}), "path:2.0>2.1a")
    poc = GEO.index["2.1a"]
    strict = KNOW._path_dests(literal, 0, poc, 5)
    loose = KNOW._path_dests(lenient, 0, poc, 5)
    assert strict < loose and GEO.index["1.1a"] in loose - strict


def test_path_won_without_destination_is_forfeit():
    # Blue also covers 1.1b, 3.1a and 0.1/1.1a: no 6-jump Path through 2.1a ends on an open space
    state = KNOW.position({"b*": "2.2a", "f*": "1.2b", "h*": "3.2a", "f": "0.2"})
    state = play(state, "path:2.0>2.1a")
    assert not KNOW._path_dests(state, 0, GEO.index["2.1a"], 6)
    after = play(state, "roll:6/1")  # 6+0 beats 1+4, but nowhere to go
    assert after.player == 1 and after.pos == state.pos and "forfeit" in after.note


def test_conservation_contender_moves_the_contest_die():
    state = KNOW.position(LOCK, options={"conservation": True})
    lost = play(state, "path:2.0>2.1a", "roll:1/3")
    assert lost.player == 1 and lost.phase == MOVE and lost.dice == (3,)
    plain = play(KNOW.position(LOCK), "path:2.0>2.1a", "roll:1/3")
    assert plain.player == 1 and plain.phase in (PREROLL, ROLL)


def test_walled_option_requires_a_wall():
    state = KNOW.position(LOCK, options={"pathneed": "walled"})
    # the Bard on 2.0 is boxed in, the other Red pieces are not asked about
    assert names(KNOW.legal_moves(state)) == ["nopath", "path:2.0>2.1a", "path:2.0>2.1b"]
    assert KNOW.walled_in(state, 0) and not KNOW.walled_in(state, 1)


# ----------------------------------------------------------------------------- connections and Resolution
def test_connections_and_the_ambiguous_corners():
    base = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.0",
            "b": "12.1", "b*": "4.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}
    state = KNOW.position(base)
    assert connected_types(state.pos, 0) == [0, 1, 2]
    assert resolved_pattern(state.pos, 0)                       # Bards Rim, Fools ambiguous as First
    first = KNOW.position({**base, "B*": "0.1", "B": "8.1"})
    assert resolved_pattern(first.pos, 0)                       # Bards First, Fools ambiguous as Rim
    centre = KNOW.position({**base, "B*": "0.3", "B": "8.3"})
    assert connected_types(centre.pos, 0) == [0, 1, 2] and not resolved_pattern(centre.pos, 0)
    assert not resolved_pattern(state.pos, 0, formal=True)      # ambiguous spaces never resolve formally


def test_formal_resolution_rules():
    # Herald on the Rim (0.0 black), Bard on the First tier (0.1 white), Fool on the Second (0.2 black)
    pieces = {"H*": "0.0", "H": "8.0", "B*": "0.1", "B": "8.1", "F*": "0.2", "F": "8.2",
              "b*": "4.1", "b": "12.2", "f*": "4.3", "f": "12.0", "h*": "5.0b", "h": "13.0b"}
    state = KNOW.position(pieces)
    assert resolved_pattern(state.pos, 0, formal=True) and resolved_pattern(state.pos, 0)
    swapped = KNOW.position({**pieces, "H*": "0.2", "H": "8.2", "F*": "0.0", "F": "8.0"})
    assert resolved_pattern(swapped.pos, 0) and not resolved_pattern(swapped.pos, 0, formal=True)


NEAR = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
        "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}


def test_resolution_then_catch_up_connection_and_both_resolved_the_scores_decide():
    state = KNOW.position(NEAR, phase=MOVE, dice=(2,))
    resolved = play(state, "8.2-8.0")
    assert resolved.resolved == 0 and resolved.phase == POST_ROLL and resolved.player == 1
    assert KNOW.leader(resolved) == 0 and KNOW.roll_shape(resolved) == (1,)
    caught = play(resolved, "roll:1")
    assert caught.phase == POST_MOVE
    assert names(KNOW.legal_moves(caught)) == ["11.1a-11.2a", "3.2a-3.1a", "pass"]
    expect_illegal(caught, "4.1-4.2", "unconnected")
    both = play(caught, "11.1a-11.2a")    # Heralds on the Second tier: Blue's pattern is resolved too
    assert resolved_pattern(both.pos, 0) and resolved_pattern(both.pos, 1)
    red, blue = score_of(both.pos, 0), score_of(both.pos, 1)
    assert red != blue  # design 18: the scores decide (both carry the +6)
    assert both.phase == OVER and KNOW.outcome(both).winner == (0 if red > blue else 1)
    assert "scores decide" in KNOW.outcome(both).reason


def test_both_resolved_with_equal_scores_is_a_draw():
    red = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.0"}
    quarter = {code.lower(): f"{(int(space.split('.')[0]) + 4) % 16}.{space.split('.')[1]}"
               for code, space in red.items()}  # Blue holds Red's pattern turned a quarter: the same score
    state = replace(KNOW.position({**red, **quarter}), resolved=0)
    assert resolved_pattern(state.pos, 0) and resolved_pattern(state.pos, 1)
    assert score_of(state.pos, 0) == score_of(state.pos, 1)
    winner, why = KNOW.cycle_winner(state)
    assert winner is None and "level on score" in why
    alone = replace(KNOW.position({**NEAR, **red}), resolved=0)
    assert KNOW.cycle_winner(alone) == (0, "Red Resolved")


def test_catch_up_without_resolving_pattern_leaves_the_win():
    caught = play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0", "roll:1", "3.2a-3.1a")
    assert caught.phase == OVER and KNOW.outcome(caught).winner == 0


def test_catch_up_stops_when_no_connection_is_possible():
    over = play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0", "roll:6")
    assert over.phase == OVER and KNOW.outcome(over).winner == 0 and "no connection" in over.note


def test_catch_up_may_stop_by_choice():
    over = play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0", "roll:1", "pass")
    assert over.phase == OVER and KNOW.outcome(over).winner == 0


# Blue's plain Fool on 0.2 can connect (to 13.0b) with a 6, the Heralds with a 1, 3 or 5
TWO_WAYS = {**NEAR, "f": "0.2"}
SYMMETRIC = {"version": "symmetric"}


def resolved_symmetric(options=SYMMETRIC):
    return play(KNOW.position(TWO_WAYS, phase=MOVE, dice=(2, 3), options=options), "8.2-8.0/2")


def test_symmetric_catch_up_rolls_two_dice_each_may_connect_a_piece():
    """Design 17: the Symmetric catch-up rolls two dice; each die may connect a different piece."""
    resolved = resolved_symmetric()
    assert resolved.phase == POST_ROLL and KNOW.roll_shape(resolved) == (2,)
    expect_illegal(resolved, "roll:1", "two dice")
    caught = play(resolved, "roll:1,6")
    assert names(KNOW.legal_moves(caught)) == ["0.2-13.0b/6", "11.1a-11.2a/1", "3.2a-3.1a/1", "pass"]
    one = play(caught, "3.2a-3.1a")  # the die is read from the move: only the 1 connects the Heralds
    assert one.phase == POST_MOVE and one.dice == (6,)
    assert names(KNOW.legal_moves(one)) == ["0.2-13.0b/6", "pass"]
    expect_illegal(one, "11.1a-11.2a/1", "unconnected")
    done = play(one, "0.2-13.0b")
    assert done.phase == OVER and "three connections" in done.note and KNOW.outcome(done).winner == 0


def test_symmetric_catch_up_goes_on_while_a_roll_connects():
    caught = play(resolved_symmetric(), "roll:1,4", "11.1a-11.2a/1")
    assert caught.phase == POST_ROLL and caught.player == 1  # the 4 connects nothing: a new roll
    over = play(caught, "roll:2,4")
    assert over.phase == OVER and "no connection" in over.note


def test_unused_catch_up_dice_open_the_next_eternal_cycle_under_conservation():
    """2.12's bonus rule: the resolver plays the catch-up's unused dice first in the next cycle."""
    kept = play(resolved_symmetric({**SYMMETRIC, "eternal": 2, "conservation": True}), "roll:2,4")
    assert kept.cycle == 2 and kept.player == 0 and kept.phase == MOVE and kept.dice == (2, 4)
    one_left = play(resolved_symmetric({**SYMMETRIC, "eternal": 2, "conservation": True}),
                    "roll:1,4", "11.1a-11.2a/1", "roll:2,6", "0.2-13.0b/6")  # three connections: the 2 is left
    assert one_left.cycle == 2 and one_left.player == 0 and one_left.phase == ROLL and one_left.kept == (2,)
    assert KNOW.roll_shape(one_left) == (1,)
    standard = play(KNOW.position(TWO_WAYS, phase=MOVE, dice=(2,), options={"eternal": 2, "conservation": True}),
                    "8.2-8.0", "roll:2")
    assert standard.cycle == 2 and standard.phase == MOVE and standard.dice == (2,)
    dropped = play(resolved_symmetric({**SYMMETRIC, "eternal": 2}), "roll:2,4")
    assert dropped.cycle == 2 and dropped.player == 0 and dropped.dice == () and KNOW.to_move(dropped) in (0, None)


def test_resolved_pieces_never_move_again():
    caught = play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0", "roll:1")
    expect_illegal(caught, "8.0-8.1", "Red's; it is Blue's turn")


def test_opponent_with_three_connections_ends_at_once():
    state = KNOW.position({**NEAR, "h*": "3.3", "h": "11.3"}, phase=MOVE, dice=(2,))
    over = play(state, "8.2-8.0")
    assert over.phase == OVER and KNOW.outcome(over).winner == 0 and "three connections" in over.note


def test_score_option_decides_by_influence():
    state = KNOW.position(NEAR, phase=MOVE, dice=(2,), options={"score": True})
    over = play(state, "8.2-8.0", "roll:6")
    red, blue = KNOW.scores(over)
    assert red == score_of(over.pos, 0) and red > 6
    assert KNOW.outcome(over).winner == (0 if red > blue else 1 if blue > red else None)


def test_score_counts_distinct_spaces_less_contention_plus_bonus():
    state = KNOW.position(NEAR)
    # Red's Bards are not connected (8.2 does not correspond to 0.0): only Fools and Heralds count
    counted = set()
    for name in ("2.0", "10.0", "1.2a", "9.2a"):
        counted |= {GEO.names[j] for j in GEO.borders[GEO.index[name]]}
    contention = set(KNOW.influence(state)["contention"])
    assert contention and counted & contention
    assert score_of(state.pos, 0) == len(counted - contention)
    resolved = KNOW.position({**NEAR, "B": "8.0"})
    counted |= {GEO.names[j] for name in ("0.0", "8.0") for j in GEO.borders[GEO.index[name]]}
    contention = set(KNOW.influence(resolved)["contention"])
    assert resolved_pattern(resolved.pos, 0)
    assert score_of(resolved.pos, 0) == len(counted - contention) + 6


# ----------------------------------------------------------------------------- Symmetric version
def test_symmetric_two_pieces_of_one_type():
    state = KNOW.position({}, phase=MOVE, dice=(2, 3), options={"version": "symmetric"})
    first = play(state, "2.0-2.2a/2")
    assert first.phase == MOVE and first.player == 0 and first.dice == (3,) and first.only_type == 0
    expect_illegal(first, "1.0b-1.1a/3", "must be a Bard")
    expect_illegal(first, "2.2a-1.1a/3", "already moved")
    second = play(first, "14.0-13.1a/3")
    assert second.player == 1 and second.phase == ROLL


def test_symmetric_connection_frees_the_second_type():
    state = KNOW.position({"F": "9.2b", "F*": "1.1b"}, phase=MOVE, dice=(1, 4), options={"version": "symmetric"})
    after = play(state, "1.1b-1.2b/1")
    assert 1 in connected_types(after.pos, 0) and after.only_type == -1
    assert {m.src for m in KNOW.legal_moves(after)} > {"2.0"}


def test_symmetric_ambiguous_notation():
    state = KNOW.position({}, phase=MOVE, dice=(3, 5), options={"version": "symmetric"})
    both = [m for m in KNOW.legal_moves(state) if (m.src, m.dst) == ("2.0", "2.2b")]
    if len(both) == 2:
        with pytest.raises(AmbiguousMoveError) as error:
            KNOW.parse_move("2.0-2.2b", state)
        assert "2.0-2.2b/3" in str(error.value) and "2.0-2.2b/5" in str(error.value)
    assert KNOW.parse_move("2.0-2.1a/3".replace("2.1a", "1.1b"), state).die == 3


def test_symmetric_path_moves_one_piece():
    state = KNOW.position(LOCK, options={"version": "symmetric"})
    contest = play(state, "path:2.0>2.1a")
    assert KNOW.roll_shape(contest) == (1, 1)
    moved = play(contest, "roll:6/1", "2.0-1.2a")
    assert moved.player == 1


# ----------------------------------------------------------------------------- Eternal version and limits
def test_eternal_swaps_striped_pieces_and_resolver_begins():
    state = KNOW.position(NEAR, phase=MOVE, dice=(2,), options={"eternal": 2})
    after = play(state, "8.2-8.0", "roll:6")
    assert after.cycle == 2 and after.results == (0,) and after.phase != OVER
    assert after.cycle_began == after.turn == state.turn + 1 and state.cycle_began == state.turn  # (the hurry)
    assert after.player == 0 and after.resolved is None
    assert where(after, "B*") == "4.1" and where(after, "b*") == "0.0"
    assert where(after, "F*") == "5.0b" and where(after, "h*") == "1.2a"


def test_turn_limit_ends_by_score():
    state = KNOW.new({"limit": 3})
    state = play(state, "roll:3/1", "roll:3", "14.0-13.1a", "roll:1", "7.0a-7.1a", "roll:1", "1.0b-1.1b")
    assert state.phase == OVER and "turn limit" in KNOW.outcome(state).reason


def test_options_from_flags():
    opts = KNOW.options_from_flags(["-version=symmetric", "-nets", "-eternal=3", "-sopath=lenient"])
    assert opts["version"] == "symmetric" and opts["nets"] and opts["eternal"] == 3
    assert KNOW.flags(opts) == ["-version=symmetric", "-eternal=3", "-nets", "-sopath=lenient"]
    with pytest.raises(ValueError):
        KNOW.options_from_flags(["-version=triple"])


# ----------------------------------------------------------------------------- errors
def test_rolls_refused_with_reasons():
    state = KNOW.new()
    expect_illegal(state, "roll:4", "one die for each player")
    expect_illegal(state, "14.0-14.2a", "must be rolled first")
    moving = play(state, "roll:3/1", "roll:3")
    expect_illegal(moving, "roll:3", "no roll is due")
    over = play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0", "roll:6")
    expect_illegal(over, "roll:3", "game is over")
    with pytest.raises(NotationError):
        KNOW.parse_move("roll:7", state)


def test_details_for_a_user_interface():
    state = KNOW.position(LOCK, phase=MOVE, dice=(2,))
    info = KNOW.details(state)
    assert info["dice"] == [2] and info["to_act"] == "Red" and "2.0" not in info["movable"]
    assert info["errand_offers"] == ["errand:2.0"]
    assert set(info["influence"]["contention"]) == {"2.1a", "2.1b"}
    assert info["pieces"]["b*"] == "2.2a"
    assert "B*" in KNOW.render_text(state) and "x" in KNOW.render_text(state)
