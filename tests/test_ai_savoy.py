"""The Savoy engine (game/ai/savoy_ai.py): tactics level 4 (the search) must find, legal moves under every
reading and start, determinism, and short seeded matches. Strength is the benchmark's job."""

import random

from dataclasses import replace

import pytest

from game.ai import Search, best_move, random_move
from game.ai.arena import ai_player, play_match
from game.ai.savoy_ai import ROLL_WEIGHTS, _best_turn, evaluate, finish_chance, geometry_for
from game.rules.savoy import PASS, SAVOY
from game.rules.savoy_board import HOMES

OPTION_SETS = [
    {},
    {"trips": "jump"},
    {"trips": "dice"},
    {"stack": 2},
    {"stack": 9},
    {"even": 7},
    {"step": 6, "steptall": "near"},
    {"pinnedaway": True, "trips": "jump"},
]


def parts(move):
    return {(p.src, p.dst) for p in move.parts}


def test_level_4_pins_the_blot_that_would_win_the_race():
    # L's last piece out (k7) is far ahead in the race; R's only chance is to pin it, stepping back from home
    state = SAVOY.position("o7=RR e4=RR k7=L b4=LLLLL", "R", (4, 6))
    move = best_move(SAVOY, state, level=4)
    assert ("o7", "k7") in parts(move)


def test_level_4_pins_a_blot_on_its_own_home_for_good():
    # a lone L piece on R's home (m7): pinned there, it can never leave while R stays home
    state = SAVOY.position("o7=RR e4=RR m7=L b4=LLLLL", "R", (2, 6))
    move = best_move(SAVOY, state, level=4)
    assert ("o7", "m7") in parts(move)


def test_level_4_does_not_leave_a_blot_on_the_opponents_home():
    # double 3: one piece running 12 would leave the other alone on b4, where L's f4 piece pins it for good
    state = SAVOY.position("b4=RR n7=RRRR f4=L k7=LLLLL", "R", (3, 3))
    after = SAVOY.apply(state, best_move(SAVOY, state, level=4))
    assert all(after.cells[c] <= 0 or after.cells[c] >= 4 for c in HOMES[1])  # no lone R piece on L's home


def test_a_winning_turn_is_played_at_once():
    state = SAVOY.position("n7=RRRRR k7=R d4=LLLLLL", "R", (1, 2))
    move = best_move(SAVOY, state, level=1)
    assert SAVOY.apply(state, move).winner == 0


def test_the_evaluation_values_the_race_and_a_pin_less_as_the_pinners_race_ends():
    geo = geometry_for(SAVOY.new())
    ahead = SAVOY.position("n7=RRRRR k7=R d5=LLLLLL", "L", ()).cells
    assert evaluate(ahead, 0, 1, geo, False) > 0.8
    # the same L piece pinned by R on g7: worth more to R while R's other pieces still have far to go
    far = SAVOY.position("g7=LR a4=RRRRR o7=LLLLL", "L", ()).cells
    free = SAVOY.position("g7=L f7=R a4=RRRRR o7=LLLLL", "L", ()).cells
    assert evaluate(far, 0, 1, geo, False) - evaluate(free, 0, 1, geo, False) > 0.1
    near = SAVOY.position("h4=LR o7=RRRRR c4=LLLLL", "L", ()).cells
    # with R's others home, the pin no longer holds L back: L (on roll, one straight trip from home while R's
    # pinner needs three) is the favourite
    assert evaluate(near, 1, 1, geo, False) > 0.5


def test_loop_cells_beside_home_are_far_in_turns():
    # m7-o7 is R's home at the end of row 7: a piece on the loop beside it (l6, l8: two steps by the board)
    # must first stop on the crossing l7, then land exactly; g7, six steps straight out, is one trip
    geo = geometry_for(SAVOY.new())
    distance = dict(zip(SAVOY.new().rules.board.cells, geo.home_distance[0]))
    assert distance["g7"] < distance["l6"] and distance["g7"] < distance["l8"]
    assert distance["l7"] < distance["l6"] < distance["a4"]


# R's piece on o7 (R's home) pins an L piece there for good, and L's piece on f4 pins R's: L can never win,
# so never lifts its pin, and R cannot win while it holds: a deadlock that only R can end
DEADLOCK = "m7=R n7=RR o7=LR f4=RL k7=R a4=LLL d4=L"


def test_the_player_holding_a_deadlock_lifts_its_pin_when_the_game_is_then_worth_it():
    geo = geometry_for(SAVOY.new())
    state = SAVOY.position(DEADLOCK, "R", (3, 5))
    lifted = evaluate(state.cells, 0, 0, geo, False, released=True)
    assert 0.4 <= evaluate(state.cells, 0, 0, geo, False) < lifted
    after = SAVOY.apply(state, best_move(SAVOY, state, level=4))
    assert after.cells[SAVOY.new().rules.board.cell_id["o7"]] == -2  # L's piece there, free


def test_a_player_who_can_no_longer_win_pins_to_deadlock():
    # L's piece pinned on o7 can never leave: L's only hope of not losing is to pin R's lone f4 piece
    state = SAVOY.position("m7=R n7=RR o7=LR f4=R k7=R a4=LLL d4=L h4=L", "L", (3, 5))
    assert ("a4", "f4") in parts(best_move(SAVOY, state, level=4))


def test_finish_chance_counts_the_rolls_that_bring_every_piece_home():
    assert finish_chance((frozenset({1, 2, 3}),)) == pytest.approx(27 / 36)  # all but 4-5, 4-6, 5-6 and 4-4 .. 6-6
    assert finish_chance((frozenset({12}),)) == pytest.approx(3 / 36)  # 6-6, 4-4, 3-3
    assert finish_chance((frozenset({1}),) * 5) == 0.0  # five pieces cannot move in one turn


def random_position(options, seed, plies):
    rng = random.Random(seed)
    state = SAVOY.new(options)
    for _ in range(plies):
        if SAVOY.outcome(state) is not None:
            break
        if SAVOY.is_chance(state):
            state = SAVOY._apply(state, SAVOY.random_chance(state, rng))
        else:
            state = SAVOY._apply(state, random_move(SAVOY, state, rng))
    while SAVOY.is_chance(state) and SAVOY.outcome(state) is None:
        state = SAVOY._apply(state, SAVOY.random_chance(state, rng))
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: " ".join(f"-{k}={v}" for k, v in o.items()) or "default")
def test_every_chosen_move_is_legal(options):
    for seed, plies, level in ((1, 1, 3), (2, 9, 1), (3, 25, 2), (4, 61, 3), (5, 41, 4)):
        state = random_position(options, seed, plies)
        if SAVOY.outcome(state) is not None:
            continue
        move = best_move(SAVOY, state, level=level, seed=seed)
        assert move in SAVOY.legal_moves(state)
        SAVOY.apply(state, move)  # the rules' own check


def test_same_seed_same_move_however_it_is_stepped():
    state = random_position({}, 7, 30)
    whole = best_move(SAVOY, state, level=4, seed=5)
    search = Search(SAVOY, state, level=4, seed=5)
    steps = 0
    while not search.step(0.0):  # one unit of work a step
        steps += 1
    assert search.best() == whole and steps > 10
    assert search.stats()["iterations"] == steps  # the step that finishes does no unit of work
    assert best_move(SAVOY, state, level=1, seed=3) == best_move(SAVOY, state, level=1, seed=3)


def test_short_seeded_matches_finish_and_replay():
    options = {"stack": 2}
    first = play_match(SAVOY, [ai_player(1), random_move], options, seed=11)
    again = play_match(SAVOY, [ai_player(1), random_move], options, seed=11)
    assert first.finished and first.history.notation() == again.history.notation()
    duel = play_match(SAVOY, [ai_player(2), ai_player(1)], options, seed=12)
    assert duel.finished and duel.reason.endswith("home")


def test_level_4_searches_the_replies_and_lower_levels_slip_more_often():
    """Level 4 searches the opponent's replies to its best candidates; levels 1-3 choose by the evaluation
    alone, level 3 always the best board, levels 2 and 1 among more and more of the best (a gentler game)."""
    state = random_position({}, 8, 40)
    search = Search(SAVOY, state, level=4, seed=2)
    search.run()
    assert search.stats()["searched"] >= 2 and search.best() in SAVOY.legal_moves(state)
    boards = {}
    for level in (1, 2, 3):
        chosen = set()
        for seed in range(40):
            search = Search(SAVOY, state, level=level, seed=seed)
            search.run()
            assert "searched" not in search.stats()
            chosen.add(SAVOY.apply(state, search.best()).cells)
        boards[level] = len(chosen)
    assert boards[3] == 1 < boards[2] < boards[1], boards


def test_our_best_turn_is_the_best_legal_turn_by_the_evaluation():
    """What the search credits after a reply: per roll, the best turn's value, as the legal turns give it."""
    geo = geometry_for(SAVOY.new({}))
    compared = 0
    for seed, plies in ((3, 20), (6, 44), (9, 70)):
        state = random_position({}, seed, plies)
        me = state.to_move
        for dice, _ in ROLL_WEIGHTS[::4]:
            here = replace(state, dice=dice, opening=False)
            legal = SAVOY.legal_moves(here)
            steps = _best_turn(state.cells, me, me, dice, state.rules, geo, {}, 0.5)
            while True:
                try:
                    assert next(steps) == 0.5
                except StopIteration as done:
                    got, _, _ = done.value
                    break
            after = [SAVOY.apply(here, m) for m in legal]
            if any(a.over for a in after):
                assert got == 1.0
            elif legal == [PASS]:
                assert got == evaluate(state.cells, me, 1 - me, geo, False)
            elif len(dice) < 4 or got != evaluate(state.cells, me, me, geo, False):  # not a double judged unlisted
                assert got == max(evaluate(a.cells, me, 1 - me, geo, False) for a in after)
                compared += 1
    assert compared >= 10
