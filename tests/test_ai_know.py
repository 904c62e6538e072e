"""The know engine (game/ai/know_ai.py): its evaluation, and the decisions a player makes in know,
from the move that completes Resolution to Errands, Paths and the catch-up."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.ai import best_move
from game.ai.know_ai import evaluate, moves_to_resolve, prior
from game.rules.know import (ERRAND_MOVE, KNOW, MOVE, PATH_MOVE, POST_MOVE, PREROLL, KnowMove, Snapshot,
                             resolved_pattern)

# From the rules tests: Red's Fools on the ambiguous corners, Heralds on the Second tier, Bards
# on 0.0 and 8.2; moving the Bard 8.2-8.0 (two jumps) connects the Bards on the Rim: Resolution.
NEAR = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
        "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}
BOXED = {"B*": "2.0", "F*": "2.1a", "H*": "2.1b", "B": "14.0", "F": "14.1b", "H": "14.1a",
         "b*": "1.2b", "h*": "3.2a", "b": "15.2a", "h": "13.2b"}


def test_the_evaluation_measures_the_way_to_resolution():
    start = KNOW.new()
    snap = Snapshot(start.pos)
    assert moves_to_resolve(start.pos, 0, snap) == moves_to_resolve(start.pos, 1, snap) > 3  # a symmetric start
    assert evaluate(start) == pytest.approx((0.5, 0.5))
    # whose turn it is counts: its move comes first (the same position with Red, then Blue, to roll)
    red_turn, blue_turn = (dataclasses.replace(start, phase=PREROLL, player=p) for p in (0, 1))
    assert evaluate(red_turn)[0] > 0.5 and evaluate(blue_turn) == pytest.approx(evaluate(red_turn)[::-1])
    near = KNOW.position(NEAR, phase=MOVE, dice=(2,))
    snap = Snapshot(near.pos)
    assert 0 < moves_to_resolve(near.pos, 0, snap) <= 1.0  # one move each from Resolution
    assert 0 < moves_to_resolve(near.pos, 1, snap) <= 1.0
    done = KNOW.play(near, "8.2-8.0")[1]
    assert resolved_pattern(done.pos, 0) and moves_to_resolve(done.pos, 0, Snapshot(done.pos)) == 0
    # Red has Resolved, but Blue's catch-up may still draw: likely a win, not a certain one
    assert 0.6 < evaluate(done)[0] < 0.9 and sum(evaluate(done)) == pytest.approx(1.0)
    farther = KNOW.position({**NEAR, "h": "13.0a"})  # Blue's Herald five jumps from its target
    assert moves_to_resolve(farther.pos, 1, Snapshot(farther.pos)) > 1.0
    assert evaluate(KNOW.play(KNOW.position({**NEAR, "h": "13.0a"}, phase=MOVE, dice=(2,)), "8.2-8.0")[1])[0] > evaluate(done)[0]


def test_the_prior_ranks_the_resolving_move_first():
    near = KNOW.position(NEAR, phase=MOVE, dice=(2,))
    moves = KNOW.legal_moves(near)
    ranks = prior(near, moves)
    assert str(moves[ranks.index(max(ranks))]) == "8.2-8.0"


@pytest.mark.parametrize("level", [2, 3])
def test_the_move_that_completes_resolution(level):
    for die, move in ((2, "8.2-8.0"), (4, "8.2-8.0")):
        state = KNOW.position(NEAR, phase=MOVE, dice=(die,))
        if KnowMove.parse(move) not in KNOW.legal_moves(state):
            continue  # (8.2 reaches 8.0 in 2 jumps; with 4 only if a detour is open)
        chosen = best_move(KNOW, state, level, seed=1)
        assert str(chosen) == move
        assert KNOW.apply(state, chosen).resolved == 0


def test_blue_catches_up_to_a_draw():
    # Red resolves; Blue rolls 1: connecting the Heralds on the Second tier completes Blue's own
    # pattern, which draws; the other connection (or stopping) loses
    caught = KNOW.play(KNOW.play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0")[1], "roll:1")[1]
    assert caught.phase == POST_MOVE and caught.player == 1
    assert sorted(str(m) for m in KNOW.legal_moves(caught)) == ["11.1a-11.2a", "3.2a-3.1a", "pass"]
    assert str(best_move(KNOW, caught, 3, seed=0)) == "11.1a-11.2a"


def test_a_boxed_in_player_requests_an_errand_rather_than_pass():
    state = KNOW.position(BOXED, phase=MOVE, dice=(1,))
    legal = KNOW.legal_moves(state)
    assert all(m.kind in ("errand", "pass") for m in legal)
    chosen = best_move(KNOW, state, 3, seed=0)
    assert chosen.kind == "errand" and chosen in legal


def walk_to(phase: str, seed: int = 0, limit: int = 4000):
    """The first state of `phase` in a seeded random game (Path declarations are frequent there)."""
    import random

    rng = random.Random(seed)
    state = KNOW.new()
    for _ in range(limit):
        if state.phase == phase and len(KNOW.legal_moves(state)) > 1:
            return state
        if KNOW.outcome(state) is not None:
            state = KNOW.new()
        elif KNOW.is_chance(state):
            state = KNOW._apply(state, KNOW.random_chance(state, rng))
        else:
            moves = KNOW.legal_moves(state)
            state = KNOW._apply(state, moves[rng.randrange(len(moves))])
    raise AssertionError(f"no {phase} state met")


def won_errand():
    # the Blue Bard on 2.2a locks Red's Bard on 2.0 in; Red rolls 2, requests an Errand, Blue rolls 1
    state = KNOW.position({"b*": "2.2a"}, phase=MOVE, dice=(2,))
    return KNOW.play(KNOW.play(state, "errand:2.0")[1], "roll:1")[1]


@pytest.mark.parametrize("phase, kinds", [
    (PREROLL, {"path", "nopath"}),
    (PATH_MOVE, {"move"}),
    (ERRAND_MOVE, {"move"}),
    (MOVE, {"move", "errand", "pass"}),
])
def test_every_kind_of_decision_is_answered(phase, kinds):
    state = won_errand() if phase == ERRAND_MOVE else walk_to(phase)
    assert state.phase == phase
    legal = KNOW.legal_moves(state)
    for level in (1, 3):
        move = best_move(KNOW, state, level, seed=level)
        assert move in legal and move.kind in kinds


def test_the_tree_keeps_one_object_per_distinct_move():
    # the same move is listed at many nodes; every copy would be one more object for each full
    # garbage collection to walk (the longest frames while know's computer thought)
    import random

    from game.ai import know_ai, mcts

    state = walk_to(MOVE, seed=3)
    tree = mcts.MCTS(KNOW, state, know_ai.policy_for(state, 2), random.Random(0))
    for _ in range(know_ai.LEVELS[2][0]):
        tree.iterate()
    listed, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        listed.extend(node.moves or ())
        stack.extend(kid for kid in node.kids if kid is not None)
    assert len(listed) > 2 * len(set(listed))  # moves do recur across the tree
    assert len({id(move) for move in listed}) == len(set(listed))


def test_a_stall_costs_both_sides_so_the_side_ahead_moves_on():
    """From a level-2 self-play game (calibration seed 2): Red's and Blue's pieces wall each other off, and
    each turn the player to act declared a Path through the wall instead of rolling; lost, or won with no
    destination open, it moves no piece, and the same two Paths repeated to the 3,000-ply limit."""
    from pathlib import Path

    from game.rules.record import read_record

    history = read_record((Path(__file__).parent / "data" / "know_stall.txt").read_text(encoding="utf-8"))
    states, moves = history.states, history.moves
    # the rules count the turns in a row that moved no piece: a lost Path adds one, a move starts again
    assert states[124].phase == PATH_MOVE and states[125].idle_turns == 0
    assert [states[i].idle_turns for i in (127, 129, 131, 133, 135, 137)] == [1, 2, 3, 4, 5, 6]
    assert all(str(moves[i]).startswith("path:") for i in (125, 127, 129, 131, 133, 135, 137))
    stalled = states[137]  # Red (ahead: nearer Resolution) to act, after six turns that moved nothing
    assert stalled.phase == PREROLL and stalled.player == 0
    fresh = dataclasses.replace(stalled, moved_turn=stalled.turn)  # the same board, nothing stalled
    # a game stalled for ever is nobody's: each turn of the stall takes a share of both sides' chances
    assert evaluate(fresh)[0] > evaluate(stalled)[0] and evaluate(fresh)[1] > evaluate(stalled)[1]
    assert sum(evaluate(fresh)) == pytest.approx(1.0) and sum(evaluate(stalled)) < 0.7
    assert evaluate(dataclasses.replace(stalled, moved_turn=stalled.turn - 1)) == evaluate(fresh)  # one turn is free
    # with the stall valued, Red rolls and moves instead of declaring the Path again
    assert str(best_move(KNOW, stalled, level=3, seed=1)) == "nopath"
    assert str(best_move(KNOW, stalled, level=2, seed=1)) == "nopath"


def test_a_game_that_drags_hurries_the_computer_toward_resolution():
    """From level-3 self-play (seed 41, 473 plies before the hurry): from ply ~50 both sides stood one to three
    moves from Resolution, each move of a side's free piece putting influence on the other's target. From the
    cycle's 60th turn the computer's search values an unresolved position less each turn, and the less the farther
    its side is from its own Resolution; a Resolution as before."""
    from pathlib import Path

    from game.ai import know_ai
    from game.rules.record import read_record

    history = read_record((Path(__file__).parent / "data" / "know_standoff.txt").read_text(encoding="utf-8"))
    state = history.states[287]  # turn 103: Red to move with a 1 to play
    assert state.phase == MOVE and state.turn == 103 and state.cycle_began == 0
    calm = dataclasses.replace(state, cycle_began=state.turn)  # the same position at the start of a cycle
    assert know_ai.hurry(calm) == 1.0 and know_ai.hurry(history.states[150]) == 1.0  # (turn 54)
    keep, rate = know_ai.hurry(state), know_ai.RACE * 43
    assert keep == pytest.approx(0.97 ** 43) and know_ai.late_turns(state) == 43
    # the computer's search is hurried; the analysis judges with the evaluation itself
    hurried = know_ai.policy_for(state, 3, hurried=True)
    red, blue = (moves_to_resolve(state.pos, side, Snapshot(state.pos)) for side in (0, 1))
    factors = (keep * math.exp(-rate * (red - know_ai.TEMPO)), keep * math.exp(-rate * blue))  # (Red to move)
    assert hurried.evaluate(state) == pytest.approx(tuple(f * v for f, v in zip(factors, evaluate(state))))
    assert hurried.exploration == pytest.approx(factors[0] * know_ai.policy_for(state, 3).exploration)
    assert know_ai.policy_for(state, 3).evaluate is evaluate and know_ai.policy_for(calm, 3, hurried=True).evaluate is evaluate
    def after(state, move):
        pos = KNOW.apply(state, move).pos
        return moves_to_resolve(pos, 0, Snapshot(pos)), moves_to_resolve(pos, 1, Snapshot(pos))
    # Red takes the move that brings its own Resolution nearest; unhurried, one that brings it less near
    chosen, unhurried = best_move(KNOW, state, 3, seed=1), best_move(KNOW, calm, 3, seed=1)
    (red_then, blue_then), (red_else, blue_else) = after(state, chosen), after(state, unhurried)
    assert red_then < red_else and blue_then >= blue_else
    # turn 87: unhurried, Red blocks (its own Resolution a move farther, Blue's one and a half); hurried, it keeps
    # its own as near and leaves Blue's as it stands
    block = history.states[241]
    assert block.phase == MOVE and block.turn == 87 and block.player == 0
    now = after(block, best_move(KNOW, dataclasses.replace(block, cycle_began=block.turn), 3, seed=1))
    hurried_now = after(block, best_move(KNOW, block, 3, seed=1))
    assert now[0] > 2.5 and now[1] > 2.0 and hurried_now == pytest.approx((1.8, 1.0), abs=0.05)
    # a Resolution (here the catch-up that follows it) keeps its value
    resolved = KNOW.play(KNOW.position(NEAR, phase=MOVE, dice=(2,)), "8.2-8.0")[1]
    late = dataclasses.replace(resolved, turn=200)
    assert know_ai.hurry(late) < 0.05 and know_ai.policy_for(late, 3, hurried=True).evaluate(late) == evaluate(late)


def test_the_hurry_counts_a_cycle_as_a_two_player_game_does():
    from game.ai.know_ai import hurry

    two, three, four = (KNOW.new({"players": n}) for n in (2, 3, 4))
    assert hurry(dataclasses.replace(two, turn=60)) == 1.0 and hurry(dataclasses.replace(two, turn=61)) < 1.0
    assert hurry(dataclasses.replace(three, turn=90)) == 1.0 and hurry(dataclasses.replace(three, turn=93)) == pytest.approx(0.97 ** 2)
    assert hurry(dataclasses.replace(four, turn=124)) == pytest.approx(0.97 ** 2)
    # an Eternal game's next cycle starts the count again (tests/test_know_rules.py: the cycle begins)
    assert hurry(dataclasses.replace(two, turn=150, cycle_began=100)) == 1.0
