"""Savoy rules: every example in the two seed texts, options, opening, dice, pins, blocks, the maximum
pips rule, passes, the win mid-turn, the house draw rules, and the reasons given for refusals."""

import copy
from dataclasses import replace

import pytest

from game.rules.errors import AmbiguousMoveError, IllegalMoveError, OptionError
from game.rules.history import GameHistory
from game.rules.savoy import PASS, SAVOY, Part, SavoyMove, dead_position

BOUNCE = "m7=RRRRR l7=R f7=LL g7=LL h7=LL"
STUCK = "o7=L n7=RR m7=RR k7=RR j7=RR"  # L's lone piece cannot move 1, 2 or 3


def play(*moves, **options):
    history = GameHistory(SAVOY, options)
    for move in moves:
        history.play(move)
    return history


def texts(state):
    return [str(m) for m in SAVOY.legal_moves(state)]


def refused(state, text, key):
    with pytest.raises(IllegalMoveError) as info:
        SAVOY.apply(state, SAVOY.parse_move(text, state))
    assert info.value.key == key, str(info.value)
    return str(info.value)


# ----------------------------------------------------------------------------- seed examples
def test_seed_syntax_a4_c4_as_an_opening_two():
    history = play("roll:2,1", "a4-c4")
    assert history.notation() == ["roll:2,1", "a4-c4"]
    assert history.state.stack("a4") == "RRRRR" and history.state.stack("c4") == "R"


def test_seed_syntax_two_parts():
    state = SAVOY.position("a4=RRRRR g4=R o7=LLLLLL", "R", (2, 1))
    move = SAVOY.parse_move("a4-c4,g4-h4", state)
    assert str(move) == "a4-c4,g4-h4"
    after = SAVOY.apply(state, move)
    assert after.stack("c4") == "R" and after.stack("h4") == "R" and after.stack("g4") == ""


def test_seed_syntax_three_pieces_on_one_route():
    state = SAVOY.position("g7=RRR e4=R o7=LLLLLL", "R", (3, 3))
    move = SAVOY.parse_move("3xg7-j7,e4-b4", state)
    assert str(move) == "3xg7-j7,e4-b4" and move.pips == 12
    assert SAVOY.parse_move("e4-b4,g7-j7,2xg7-j7", state) == move  # order and grouping are free
    after = SAVOY.apply(state, move)
    assert after.stack("j7") == "RRR" and after.stack("b4") == "R"


def test_seed_bounce_back_double_six():
    # Light (R) is one cell from victory, its stack of five is blocked; with double 6 the lone piece is
    # blocked left (f7) and up (h7), cannot overshoot right, and must run down, back to the start area
    state = SAVOY.position(BOUNCE, "R", (6, 6))
    assert texts(state) == ["l7-a4"]
    assert SAVOY.roll_note(state) == "Only 12 of the 24 pips can be used: the rest have no legal landing"
    after = SAVOY.apply(state, SAVOY.parse_move("l7-a4", state))
    assert after.stack("a4") == "R" and SAVOY.outcome(after) is None
    assert refused(state, "m7-g7", "blocked").count("g7 holds LL")
    assert "6, 12, 18 or 24 steps" in refused(state, "l7-e6", "dice")
    refused(state, "l7-o7", "dice")  # three steps: cannot be made with sixes (and would overshoot)


@pytest.mark.parametrize("dice, winning", [((1, 6), "l7-m7"), ((2, 5), "l7-n7"), ((3, 4), "l7-o7"),
                                           ((3, 3), "l7-o7")])
def test_seed_bounce_back_any_1_2_or_3_steps_home(dice, winning):
    state = SAVOY.position(BOUNCE, "R", dice)
    assert winning in texts(state)
    after = SAVOY.apply(state, SAVOY.parse_move(winning, state))
    result = SAVOY.outcome(after)
    assert result.winner == 0 and "all 6 pieces home" in result.reason
    assert SAVOY.legal_moves(after) == [] and SAVOY.to_move(after) is None


def test_seed_opening_three_then_double_six_pins():
    history = play("roll:3,1", "a4-d4", "roll:6,6")
    state = history.state
    pinning = [m for m in texts(state) if "o7-d4" in m]
    assert pinning == ["2xo7-d4", "2xo7-i7,o7-d4"]
    history.play("2xo7-d4")
    assert history.state.stack("d4") == "RLL"
    assert SAVOY.details(history.state)["pinned"] == ["d4"]
    history.play("roll:1,2")
    assert all("d4-" not in m for m in texts(history.state))
    assert "pinned by L" in refused(history.state, "d4-e4", "pinned")


@pytest.mark.parametrize("roll", ["roll:3,3", "roll:4,4"])
def test_double_three_and_four_also_reach_d4(roll):
    history = play("roll:3,1", "a4-d4", roll)
    assert any("o7-d4" in m for m in texts(history.state))


# ----------------------------------------------------------------------------- options and set-ups
def test_default_start_is_six_stacked_far_from_home():
    state = SAVOY.new()
    assert state.stack("a4") == "RRRRRR" and state.stack("o7") == "LLLLLL"
    assert SAVOY.details(state)["pip_count"] == {"R": 234, "L": 234}  # the diagram's "234"
    assert SAVOY.details(state)["pips_to_home"] == {"R": 78, "L": 78}  # 6 x 13


@pytest.mark.parametrize("flags, r_cells, l_cells", [
    (["-stack=9"], {"a4": 9}, {"o7": 9}),
    (["-even=6"], {"a4": 2, "b4": 2, "c4": 2}, {"o7": 2, "n7": 2, "m7": 2}),
    (["-even=7"], {"a4": 3, "b4": 2, "c4": 2}, {"o7": 3, "n7": 2, "m7": 2}),
    (["-step=6"], {"a4": 3, "b4": 2, "c4": 1}, {"o7": 3, "n7": 2, "m7": 1}),
    (["-step=6", "-steptall=near"], {"a4": 1, "b4": 2, "c4": 3}, {"o7": 1, "n7": 2, "m7": 3}),
    (["-step=9"], {"a4": 4, "b4": 3, "c4": 2}, {"o7": 4, "n7": 3, "m7": 2}),
])
def test_setups(flags, r_cells, l_cells):
    state = SAVOY.new(SAVOY.options_from_flags(flags))
    for cell, n in r_cells.items():
        assert state.stack(cell) == "R" * n
    for cell, n in l_cells.items():
        assert state.stack(cell) == "L" * n
    assert SAVOY.flags(SAVOY.options_of(state)) == flags


@pytest.mark.parametrize("flags, words", [
    (["-even=6", "-step=6"], "give only one"),
    (["-stack=4", "-even=6"], "give only one"),
    (["-step=7"], "multiple of 3"),
    (["-stack=0"], "out of range"),
    (["-trips=sideways"], "must be one of"),
    (["-colour=red"], "unknown option"),
])
def test_bad_options_are_refused(flags, words):
    with pytest.raises(OptionError, match=words):
        SAVOY.new(SAVOY.options_from_flags(flags))


def test_position_layout_errors():
    with pytest.raises(OptionError, match="cell=letters"):
        SAVOY.position("z9=R")
    with pytest.raises(OptionError, match="letters R and L"):
        SAVOY.position("a4=RX")
    with pytest.raises(OptionError, match="only one lone piece"):
        SAVOY.position("a4=RRL")
    with pytest.raises(OptionError, match="R or L"):
        SAVOY.position("a4=R", "X")


# ----------------------------------------------------------------------------- opening and dice
def test_opening_roll_decides_who_starts_with_one_die():
    state = SAVOY.new()
    assert SAVOY.is_chance(state) and SAVOY.to_move(state) is None
    assert len(SAVOY.legal_moves(state)) == 36
    after = SAVOY.apply(state, SAVOY.parse_move("roll:2,5", state))
    assert after.to_move == 1 and after.dice == (5,)
    assert texts(after) == ["o7-j7"]
    after = SAVOY.apply(after, SAVOY.parse_move("o7-j7", after))
    assert SAVOY.is_chance(after) and after.to_move == 0 and len(SAVOY.legal_moves(after)) == 21


def test_opening_tie_is_rolled_again_and_recorded():
    history = play("roll:4,4")
    assert history.state.opening and SAVOY.is_chance(history.state)
    assert "tie 4-4" in SAVOY.render_text(history.state)
    history.play("roll:6,1")
    assert history.state.to_move == 0 and history.state.dice == (6,)


def test_two_dice_after_the_opening_and_doubles_give_four():
    history = play("roll:3,1", "a4-d4", "roll:5,2")
    assert history.state.dice == (2, 5) and history.notation()[-1] == "roll:2,5"
    history.play(next(m for m in texts(history.state)))
    history.play("roll:4,4")
    assert history.state.dice == (4, 4, 4, 4)
    assert SAVOY.details(history.state)["dice"] == [4, 4, 4, 4]


def test_rolls_in_the_wrong_place_are_refused():
    state = SAVOY.new()
    with pytest.raises(IllegalMoveError, match="rolled first") as info:
        SAVOY.apply(state, SAVOY.parse_move("a4-b4", state))
    assert info.value.key == "roll_due"
    history = play("roll:3,1")
    refused(history.state, "roll:2,2", "not_chance")
    with pytest.raises(IllegalMoveError):
        SAVOY.apply(SAVOY.new(), SavoyMove("roll", dice=(7, 1)))


def test_random_chance_draws_from_the_right_set():
    import random
    rng = random.Random(5)
    state = SAVOY.new()
    for _ in range(50):
        roll = SAVOY.random_chance(state, rng)
        assert roll in SAVOY.legal_moves(state)
    history = play("roll:3,1", "a4-d4")
    for _ in range(50):
        roll = SAVOY.random_chance(history.state, rng)
        assert roll in SAVOY.legal_moves(history.state) and list(roll.dice) == sorted(roll.dice)


# ----------------------------------------------------------------------------- movement
def test_a_plain_cell_gives_two_directions_and_a_crossing_four():
    plain = SAVOY.position("g7=R a4=LL", "R", (1,))
    assert sorted(texts(plain)) == ["g7-f7", "g7-h7"]
    crossing = SAVOY.position("h4=R a4=LL", "R", (1,))
    assert sorted(texts(crossing)) == ["h4-g4", "h4-h3", "h4-h5", "h4-i4"]


def test_no_turning_at_a_crossing_mid_trip():
    state = SAVOY.position("f4=R o7=LL", "R", (3,))
    assert sorted(texts(state)) == ["f4-c4", "f4-i4"]
    assert "may not turn" in refused(state, "f4-h5", "dice")  # 15 steps round the loops


def test_pieces_may_not_step_off_the_end():
    state = SAVOY.position("n7=R a4=LL", "R", (4,))
    assert texts(state) == ["n7-j7"]


def test_jumping_over_a_block_but_not_landing_on_it():
    state = SAVOY.position("a4=R c4=LL", "R", (6,))
    assert texts(state) == ["a4-g4"]
    state = SAVOY.position("a4=R c4=LL", "R", (2,))
    assert texts(state) == [PASS.__str__()]
    assert "must pass" in refused(state, "a4-c4", "must_pass")


def test_landing_on_a_lone_enemy_pins_it_and_leaving_frees_it():
    state = SAVOY.position("a4=R c4=L o7=LL", "R", (2,))
    pinned = SAVOY.apply(state, SAVOY.parse_move("a4-c4", state))
    assert pinned.stack("c4") == "LR"
    # L cannot move the pinned piece, nor land on c4 (two pieces topped by R)
    l_turn = replace(pinned, dice=(4,))
    assert all(not m.startswith("c4-") for m in texts(l_turn))
    # R may stack on its own pinning piece, then leave: the pin holds while one R piece is on top
    r_turn = SAVOY.position("a4=R c4=LR o7=LL", "R", (2, 1))
    move = SAVOY.parse_move("a4-c4,c4-d4", r_turn)
    assert SAVOY.apply(r_turn, move).stack("c4") == "LR"
    freed = SAVOY.apply(SAVOY.position("c4=LR o7=LL", "R", (1,)), SavoyMove.parse("c4-d4"))
    assert freed.stack("c4") == "L" and freed.stack("d4") == "R"


def test_stacking_has_no_limit():
    state = SAVOY.position("b4=RRRRRRRRRRRR a4=R o7=LL", "R", (1,))
    after = SAVOY.apply(state, SAVOY.parse_move("a4-b4", state))
    assert after.stack("b4") == "R" * 13


def test_each_die_stop_must_be_a_legal_landing():
    state = SAVOY.position("a4=R d4=LL e4=LL o7=LL j7=R", "R", (3, 4))
    assert "a4-h4" not in texts(state)
    message = refused(state, "a4-h4", "blocked_stop")
    assert "d4 (after 3)" in message and "e4 (after 4)" in message
    one_open = SAVOY.position("a4=R d4=LL o7=LL", "R", (3, 4))
    assert "a4-h4" in texts(one_open)  # the 4 first stops on e4
    jump = SAVOY.position("a4=R d4=LL e4=LL o7=LL", "R", (3, 4), {"trips": "jump"})
    assert "a4-h4" in texts(jump)


def test_a_piece_moves_once_a_turn():
    state = SAVOY.position("a4=R o7=LL", "R", (2, 1))
    assert texts(state) == ["a4-d4"]
    assert "one trip a turn" in refused(state, "a4-c4,c4-d4", "one_trip")


def test_per_die_reading_lets_a_piece_move_twice():
    state = SAVOY.position("a4=R o7=LL", "R", (2, 1), {"trips": "dice"})
    assert sorted(texts(state)) == ["a4-b4,b4-d4", "a4-c4,c4-b4", "a4-c4,c4-d4"]


# ----------------------------------------------------------------------------- maximum pips, no change, passing
def test_must_use_the_larger_die_when_only_one_can_be_played():
    state = SAVOY.position("a4=R c4=LL i4=LL h7=LL h3=LL o7=LL", "R", (5, 3))
    assert texts(state) == ["a4-f4"]
    assert "must be the larger (5)" in refused(state, "a4-d4", "max_pips")
    assert SAVOY.roll_note(state) == "Only one die can be played, so R must play the larger (5)"


def test_must_use_the_most_pips():
    state = SAVOY.position("a4=RR o7=LL", "R", (6, 6))
    message = refused(state, "a4-g4", "max_pips")
    assert "24 can be used" in message


def test_the_board_must_change():
    state = SAVOY.position("d4=R o7=LL", "R", (6, 6))
    assert "d4-d4" not in " ".join(texts(state))
    refused(state, "d4-d4/24", "no_change")


def test_forced_pass_and_no_voluntary_pass():
    state = SAVOY.position(STUCK, "L", (1, 2))
    assert SAVOY.legal_moves(state) == [PASS]
    assert "must pass" in SAVOY.details(state)["note"]
    after = SAVOY.apply(state, PASS)
    assert after.passes == 1 and after.to_move == 0 and after.turns == 1 and SAVOY.outcome(after) is None
    moving = SAVOY.position("a4=R o7=LL", "R", (1, 2))
    assert "no voluntary passing" in refused(moving, "pass", "must_move")


def test_refusal_reasons():
    state = SAVOY.position("a4=RR d4=RL h4=LL o7=LLLL", "R", (1, 2))
    refused(state, "e4-f4", "no_piece")
    refused(state, "d4-e4", "pinned")
    refused(state, "3xa4-b4", "too_many")
    refused(state, "a4-d4/5", "no_route")
    refused(state, "a4-d5", "dice")
    refused(state, "a4-f4", "dice")
    refused(state, "a4-d4", "blocked")
    refused(state, "2xa4-d4", "blocked")
    state = SAVOY.position("a4=RR o7=LLLL", "R", (1, 2))
    refused(state, "2xa4-d4", "too_many_pips")


# ----------------------------------------------------------------------------- winning and drawing
def test_win_mid_turn_lets_the_other_dice_lapse():
    state = SAVOY.position("n7=RRRRR l7=R h4=LLLLLL", "R", (5, 1))
    moves = texts(state)
    assert "l7-m7" in moves  # one pip, fewer than the 6 of every other turn, but it wins
    assert all(SAVOY.parse_move(m, state).pips == 6 for m in moves if m != "l7-m7")
    after = SAVOY.apply(state, SAVOY.parse_move("l7-m7", state))
    assert SAVOY.outcome(after).winner == 0
    assert SAVOY.leader(after) == 0 and SAVOY.scores(after) == (6, 0)
    with pytest.raises(IllegalMoveError, match="game is over"):
        SAVOY.apply(after, SavoyMove.roll(1, 2))


def test_a_pinned_piece_at_home_counts_unless_pinnedaway():
    layout = "n7=RRRR m7=RL l7=R a4=LLLLL"
    state = SAVOY.position(layout, "R", (2, 6))
    after = SAVOY.apply(state, SAVOY.parse_move("l7-n7", state))
    assert SAVOY.outcome(after).winner == 0
    strict = SAVOY.position(layout, "R", (2, 6), {"pinnedaway": True})
    assert "l7-n7" not in texts(strict)  # not a win there, so it does not escape the 8-pip rule


def test_draw_after_passes_in_a_row():
    state = SAVOY.position(STUCK, "L", (1, 2), {"drawpasses": 2})
    after = SAVOY.apply(replace(state, passes=1), PASS)
    result = SAVOY.outcome(after)
    assert result.is_draw and "2 passes in a row" in result.reason and "house rule" in result.reason


def test_draw_at_the_turn_limit():
    from game.rules.playout import random_game
    history = random_game(SAVOY, {"maxturns": 12}, seed=3)
    result = SAVOY.outcome(history.state)
    assert result.is_draw and "turn limit (12 turns)" in result.reason
    assert history.state.turns == 12


def test_dead_position_check():
    assert not dead_position(SAVOY.new().cells, "checked")
    stuck = SAVOY.position(STUCK).cells
    assert not dead_position(stuck, "checked")  # R can still move
    assert dead_position(SAVOY.position("").cells, "checked")  # nobody has a piece to move


# ----------------------------------------------------------------------------- ambiguity
def test_ambiguous_from_to_lists_the_routes():
    state = SAVOY.position(BOUNCE, "R", (3, 6))
    with pytest.raises(AmbiguousMoveError) as info:
        SAVOY.parse_move("l7-d4", state)
    assert "l7-d4/k7" in str(info.value) and "l7-d4/l6" in str(info.value)
    with pytest.raises(AmbiguousMoveError):
        SAVOY.parse_move("l7-d4/9", state)  # both routes are 9 steps
    move = SAVOY.parse_move("l7-d4/l6", state)
    assert str(move) == "l7-d4/l6" and move.parts[0].via == "l6" and move.parts[0].steps == 9


def test_steps_name_the_route_when_lengths_differ():
    state = SAVOY.position(BOUNCE, "R", (4, 5))
    assert "l7-h4/9" in texts(state) and "l7-h4/5,m7-i7" in texts(state)
    assert str(SAVOY.parse_move("l7-h4", state)) == "l7-h4/9"  # only one legal turn fits the bare text
    assert str(SAVOY.parse_move("m7-i7,l7-h4", state)) == "l7-h4/5,m7-i7"


# ----------------------------------------------------------------------------- scene helpers
def test_building_a_turn_part_by_part():
    state = SAVOY.position("a4=RRRRRR o7=LLLLLL", "R", (6, 6))
    first = SAVOY.continuations(state, [])
    assert sorted(str(p) for p in first) == ["a4-f1", "a4-g4", "a4-h7", "a4-l7"]
    l7 = next(p for p in first if p.dst == "l7")
    assert SAVOY.completed(state, [l7]) is None
    second = SAVOY.continuations(state, [l7])
    assert sorted(str(p) for p in second) == ["a4-g4", "a4-l7"]
    move = SAVOY.completed(state, [l7, l7])
    assert str(move) == "2xa4-l7"
    assert SAVOY.dice_used(state, [l7]) == ([(6, 6)], (6, 6))
    assert SAVOY.after(state, [l7])[0] != state.cells[0]


def test_details_for_a_scene():
    history = play("roll:3,1", "a4-d4", "roll:6,6")
    info = SAVOY.details(history.state)
    assert info["phase"] == "move" and info["dice"] == [6, 6, 6, 6] and info["max_pips"] == 24
    assert info["stacks"]["d4"] == "R" and info["home"] == {"R": 0, "L": 0}
    assert SAVOY.details(SAVOY.new())["phase"] == "opening roll"
    text = SAVOY.render_text(history.state)
    assert "R5" in text and "R1" in text and "L6" in text and "L to move with double 6" in text


def test_apply_never_mutates_its_input():
    history = play("roll:3,1", "a4-d4", "roll:6,6")
    state = history.state
    before = copy.deepcopy(state)
    for move in SAVOY.legal_moves(state):
        SAVOY.apply(state, move)
    assert state == before and hash(state) == hash(before)


def test_parts_expose_their_route():
    state = SAVOY.position("a4=RRRRRR o7=LLLLLL", "R", (6, 6))
    move = SAVOY.parse_move("2xa4-g4,a4-l7", state)
    assert move.trips() == [("a4", "g4", "b4", 6), ("a4", "g4", "b4", 6), ("a4", "l7", "b4", 12)]
    assert move.parts[0] == Part("a4", "g4", "b4", 6, 2)


def test_dice_in_force_for_the_referee():
    history = play("roll:3,1")
    assert SAVOY.dice(history.state) == (3,)
    history.play("a4-d4")
    assert SAVOY.dice(history.state) == ()
    history.play("roll:2,2")
    assert SAVOY.dice(history.state) == (2, 2, 2, 2)
