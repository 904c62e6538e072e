"""The Truchet engine (game/ai/truchet_ai.py): tactics level 3 must find, legal moves in random
positions of every size and option, the set-up and the draw claim, determinism, short seeded
matches. Strength is the benchmark's job."""

import random

import pytest

from game.ai import Search, best_move, random_move
from game.ai.arena import ai_player, play_match
from game.ai.truchet_ai import capture_threats, evaluate, only_move
from game.rules.history import GameHistory
from game.rules.truchet import DRAW, TRUCHET, X, bands, reachable

TILES_5 = "l" * 25


def pos(x, o, to_move=X, **kw):
    return TRUCHET.position(TILES_5, x=x, o=o, to_move=to_move, **kw)


def test_level_3_captures():
    # X's singles on a2 and c2 merge onto b2, taking O's 2-stack (it stands on X's colour: 2 >= 2)
    state = pos({"a2": 1, "c2": 1, "a1": 1}, {"b2": 2, "f6": 1, "e5": 1})
    move = best_move(TRUCHET, state, level=3)
    assert TRUCHET.captures(state, move) == ["b2"]


def test_level_3_takes_the_last_piece():
    state = pos({"a2": 1, "c2": 1, "f1": 2}, {"b2": 1})
    after = TRUCHET.apply(state, best_move(TRUCHET, state, level=3))
    assert TRUCHET.outcome(after).winner == X


# the default hex board (side 4): X's singles on f4 and h4 flank O's 2-stack on g4, a junction of X's colour
HEX_TILES = "udduduudduudduduudduduudduddudduduudd"


@pytest.mark.parametrize("seed", [0, 1])
def test_level_3_captures_on_the_hex_board(seed):
    state = TRUCHET.position(HEX_TILES, x={"f4": 1, "h4": 1, "d1": 1, "k4": 1}, o={"g4": 2, "h8": 1, "l8": 1, "j5": 1})
    assert state.hex and len(TRUCHET.legal_moves(state)) > 2000
    move = best_move(TRUCHET, state, level=3, seed=seed)
    assert TRUCHET.captures(state, move) == ["g4"]


def test_threats_see_merges_and_a_stack_moving_next_to_the_target_first():
    state = pos({"a2": 1, "c2": 1}, {"b2": 2, "f6": 1})
    near = bands(5, state.tiles)
    reach = {j: reachable(near, state.stacks, j) for j, h in enumerate(state.stacks) if h > 0}
    assert capture_threats(state.board, state.stacks, reach, X) == [2]
    alone = pos({"a2": 1}, {"b2": 2, "f6": 1})
    reach = {j: reachable(near, alone.stacks, j) for j, h in enumerate(alone.stacks) if h > 0}
    assert capture_threats(alone.board, alone.stacks, reach, X) == []  # one single cannot take a 2-stack


def test_the_evaluation_counts_material_and_threats_for_the_side_to_move():
    even = pos({"a2": 1, "c2": 1}, {"b2": 2, "f6": 1}, to_move=X)
    waiting = pos({"a2": 1, "c2": 1}, {"b2": 2, "f6": 1}, to_move=1 - X)
    # on X's turn the capture is X's to make; on O's turn O's 2-stack splits onto both X singles first
    assert evaluate(even, X) > 0 > evaluate(waiting, X)
    assert evaluate(even, X) == pytest.approx(-evaluate(even, 1 - X))


def test_a_draw_is_claimed_when_behind_and_not_when_ahead():
    behind = pos({"b1": 1}, {"c5": 1, "e5": 1, "f6": 1}, quiet=50)
    assert DRAW in TRUCHET.legal_moves(behind)
    assert best_move(TRUCHET, behind, level=3) == DRAW
    ahead = pos({"c5": 1, "e5": 1, "a3": 1}, {"f6": 1}, quiet=50)
    assert best_move(TRUCHET, ahead, level=3) != DRAW


def test_the_set_up_is_played_with_typed_tiles_where_the_rules_list_them():
    history = GameHistory(TRUCHET)
    history.play("l" * 24)
    history.play("r" * 24)
    move = best_move(TRUCHET, history.state, level=3)  # the centre tile: random, l or r
    assert move.kind == "tiles" and move.letters in ("l", "r")
    small = GameHistory(TRUCHET, {"size": 3})
    move = best_move(TRUCHET, small.state, level=2)
    assert move.kind == "tiles" and len(move.letters) == 4


def random_position(options, seed, plies):
    rng = random.Random(seed)
    history = GameHistory(TRUCHET, options)
    for _ in range(plies):
        history.roll_if_due(rng)
        if TRUCHET.outcome(history.state) is not None:
            break
        history.play(random_move(TRUCHET, history.state, rng))
    history.roll_if_due(rng)
    return history.state


@pytest.mark.parametrize("options", [
    {"size": 3},
    {"size": 5, "setup": "single", "draw": "auto", "quiet": 6},
    {"size": 7},
    {"size": 9, "setup": "single", "draw": "off"},
    {"size": 5, "setup": "single", "draw": "off"},
    {"size": 5, "quiet": 2},
    {"hex": True, "size": 3, "draw": "auto", "quiet": 8},
    {"hex": True, "size": 4},
], ids=lambda o: " ".join(f"-{k}={v}" for k, v in o.items()))
def test_every_chosen_move_is_legal(options):
    strongest = 4 if options["size"] <= 5 else 3
    for seed, plies, level in ((1, 2, 3), (2, 6, 1), (3, 12, 2), (4, 20, 3), (5, 30, strongest)):
        state = random_position(options, seed, plies)
        if TRUCHET.outcome(state) is not None or len(TRUCHET.legal_moves(state)) < 2:
            continue
        move = best_move(TRUCHET, state, level=level, seed=seed)
        assert move in TRUCHET.legal_moves(state)
        TRUCHET.apply(state, move)  # the rules' own check


def test_the_only_move_is_found_without_listing_every_move():
    # every tile touches one of the four inner junctions: no flip, and X's single has one step
    forced = TRUCHET.position("rrrlrllll", x={"c2": 1}, o={"b2": 2, "b3": 2, "c3": 2})
    assert [str(m) for m in TRUCHET.legal_moves(forced)] == ["c2-b1"]
    assert only_move(TRUCHET, forced) == TRUCHET.legal_moves(forced)[0]
    search = Search(TRUCHET, forced, level=4)
    assert search.done and str(search.best()) == "c2-b1"
    # the same with a draw to claim: two moves
    assert only_move(TRUCHET, TRUCHET.position("rrrlrllll", x={"c2": 1}, o={"b2": 2, "b3": 2, "c3": 2}, quiet=50)) is None
    for seed in range(6):
        state = random_position({"size": 5, "quiet": 3}, seed, 4 + 3 * seed)
        if TRUCHET.outcome(state) is None:
            legal = TRUCHET.legal_moves(state)
            assert only_move(TRUCHET, state) == (legal[0] if len(legal) == 1 else None)


def test_same_seed_same_move_however_it_is_stepped():
    state = random_position({"size": 5}, 8, 14)
    whole = best_move(TRUCHET, state, level=3, seed=2)
    search = Search(TRUCHET, state, level=3, seed=2)
    while not search.step(0.0):
        pass
    assert search.best() == whole and search.stats()["iterations"] > 5
    assert best_move(TRUCHET, state, level=1, seed=4) == best_move(TRUCHET, state, level=1, seed=4)


def test_short_seeded_matches_finish_and_replay():
    options = {"size": 3, "draw": "auto", "quiet": 10}
    first = play_match(TRUCHET, [ai_player(2), random_move], options, seed=5)
    again = play_match(TRUCHET, [ai_player(2), random_move], options, seed=5)
    assert first.finished and first.history.notation() == again.history.notation()
    duel = play_match(TRUCHET, [ai_player(1), ai_player(3)], {"size": 5, "draw": "auto", "quiet": 20}, seed=6)
    assert duel.finished
