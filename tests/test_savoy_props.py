"""Properties of random Savoy games: pieces are conserved, every turn changes the board and uses the most
pips (or wins), every game ends, apply never mutates its input, and sampled positions agree with the
independent brute-force generator."""

import copy
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.errors import AmbiguousMoveError
from game.rules.playout import random_game
from game.rules.savoy import PASS, SAVOY, Part, SavoyMove, stack_text, turn_is_legal
from game.rules.savoy_board import CELLS, RAYS
from test_savoy_reference import engine_turns, reference_turns

OPTION_SETS = [
    {"stack": 1}, {"stack": 2}, {"stack": 3}, {"maxturns": 20}, {"even": 6, "maxturns": 12},
    {"step": 6, "maxturns": 12}, {"stack": 2, "trips": "jump"}, {"stack": 2, "trips": "dice"},
    {"stack": 2, "pinnedaway": True},
]


def pieces(state):
    count = {"R": 0, "L": 0}
    for v in state.cells:
        for ch in stack_text(v):
            count[ch] += 1
    return count


def layout(state):
    return " ".join(f"{CELLS[c]}={stack_text(v)}" for c, v in enumerate(state.cells) if v)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_keep_the_rules(seed, which):
    options = OPTION_SETS[which]
    history = random_game(SAVOY, options, seed)
    start = pieces(history.start)
    assert SAVOY.outcome(history.state) is not None, "every game ends"
    for state, move, after in zip(history.states, history.moves, history.states[1:]):
        assert pieces(after) == start
        assert after.turns <= state.rules.max_turns
        if move.kind == "roll":
            continue
        table = SAVOY.table(state)
        if move == PASS:
            assert not table.moves
            continue
        assert after.cells != state.cells, "a turn must change the board"
        won = SAVOY.outcome(after) is not None and SAVOY.outcome(after).winner == state.to_move
        assert move.pips == table.max_pips or won
        assert move.pips <= sum(state.dice)
    # no legal move in a finished game
    assert SAVOY.legal_moves(history.state) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_max_pips_rule_against_brute_force(seed):
    history = random_game(SAVOY, {"stack": 2, "maxturns": 30}, seed)
    checked = 0
    for state in history.states[1:]:
        if state.dice and not state.over and len(state.dice) > 1:
            mine = engine_turns(SAVOY.legal_moves(state))
            ref = reference_turns(layout(state), "RL"[state.to_move], state.dice)
            assert mine == ref, (layout(state), state.dice)
            checked += 1
            if checked >= 6:
                break


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_apply_never_mutates_its_input(seed):
    history = random_game(SAVOY, {"stack": 3, "maxturns": 15}, seed)
    for state in history.states[:-1]:
        before = copy.deepcopy(state)
        for move in SAVOY.legal_moves(state)[:20]:
            SAVOY.apply(state, move)
        assert state == before


def test_same_seed_same_game():
    a = random_game(SAVOY, {"stack": 2}, 11)
    b = random_game(SAVOY, {"stack": 2}, 11)
    assert a.notation() == b.notation()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_full_length_default_games_end(seed):
    history = random_game(SAVOY, None, seed)
    assert SAVOY.outcome(history.state) is not None
    assert pieces(history.state) == {"R": 6, "L": 6}


# ------------------------------------------------------------------------------ each turn checked alone
def every_combo(state):
    """Every multiset of (src, ray, length) trips the generator considers, board-changing and most-pips or
    not (from the straightforward reference generator of test_savoy_turns)."""
    from game.rules.savoy_board import RAYS
    from test_savoy_turns import per_die, per_piece

    if state.rules.trips == "dice":
        combos = per_die(state.cells, state.to_move, state.dice, state.rules.pinned_away)
    else:
        combos = per_piece(state.cells, state.to_move, state.dice, state.rules.trips)
    ray_of = {(src, ray[2][0]): r for src in range(len(RAYS)) for r, ray in enumerate(RAYS[src])}
    return [[(src, ray_of[src, first], length) for src, first, length, _, _ in combo] for combo in combos]


def as_move(trips):
    from game.rules.savoy_board import RAYS

    parts = [Part(CELLS[src], CELLS[RAYS[src][r][2][length - 1]], CELLS[RAYS[src][r][2][0]], length)
             for src, r, length in trips]
    return SavoyMove.turn(parts)


STACKS = ["R", "RR", "RRR", "L", "LL", "LLL", "RL", "LR", "RLL", "LRR"]
DICE = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)] + [(d,) * 4 for d in range(1, 7)]
positions = st.builds(
    lambda cells, stacks, me, dice, trips: SAVOY.position(
        " ".join(f"{c}={s}" for c, s in zip(cells, stacks)), me, dice, {"trips": trips}),
    st.lists(st.sampled_from(CELLS), min_size=1, max_size=9, unique=True),
    st.lists(st.sampled_from(STACKS), min_size=9, max_size=9),
    st.sampled_from("RL"), st.sampled_from(DICE), st.sampled_from(["checked", "jump", "dice"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(OPTION_SETS) - 1))
def test_checking_one_turn_agrees_with_the_table_in_random_games(seed, which):
    history = random_game(SAVOY, {**OPTION_SETS[which], "maxturns": 12}, seed)
    for state in history.states[:: max(1, len(history.states) // 8)]:
        if not state.over and state.dice:
            check_one_turn_against_the_table(state)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions)
def test_checking_one_turn_agrees_with_the_table_in_random_positions(state):
    check_one_turn_against_the_table(state)


def check_one_turn_against_the_table(state):
    """Replay checks each turn by itself (turn_is_legal): the verdict, the route named and the text
    written must be those of the full table of legal turns, for every turn the generator considers."""
    if True:
        table = SAVOY.table(state)
        # the generator's turns, and any one or two straight trips of the mover's pieces with the dice
        # (blocked, circling back or stopping on a block included)
        combos = [tuple(sorted(combo)) for combo in every_combo(state)[:400]]
        lengths = sorted({sum(state.dice[:k]) for k in range(1, len(state.dice) + 1)} | set(state.dice))
        singles = [(c, r, n) for c, v in enumerate(state.cells) if stack_text(v)[-1:] == "RL"[state.to_move]
                   for r, ray in enumerate(RAYS[c]) for n in lengths if n <= len(ray[2])]
        combos += [(t,) for t in singles] + [tuple(sorted(pair)) for pair in combinations(singles, 2)][:300]
        for trips in combos:
            legal = turn_is_legal(state.cells, state.to_move, state.dice, state.rules, trips)
            assert legal == (as_move(trips) in table.members), (layout(state), state.dice, as_move(trips))
        for move in table.moves[:60]:
            read = SAVOY.parse_move(str(move), state)
            assert read == move and str(read) == str(move)
            assert SAVOY.resolve(state, move) == move
            bare = ",".join(f"{p.count}x{p.src}-{p.dst}" if p.count > 1 else f"{p.src}-{p.dst}" for p in move.parts)
            fits = [m for m in table.moves if as_bare(m) == as_bare(move)]
            try:
                read = SAVOY.parse_move(bare, state)
            except AmbiguousMoveError as error:  # the message lists each reading, in a form read back alone
                listed = str(error).split(" legal moves: ", 1)[1].split("; ", 1)[0].split(" or ")
                assert len(fits) > 1 and len(listed) == min(len(fits), 12)
                assert {SAVOY.parse_move(text, state) for text in listed} <= set(fits)
            else:
                assert fits == [read] and str(read) == str(fits[0])
        assert SAVOY.legal_moves(state) != [PASS] or SAVOY.resolve(state, PASS) == PASS


def as_bare(move):
    return sorted((p.src, p.dst) for p in move.parts for _ in range(p.count))
