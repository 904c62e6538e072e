"""The Savoya engine judges boards from the cells each turn changes (game/ai/savoya_ai.py): `TurnChanges` gives
them without playing the turn (its parts applied at once, or as listing played them in order), and where there
are too many turns `TurnScore` ranks them by those cells alone, summing what each part changes where the parts
touch different cells. Both must be exact: held here to the rules' own `apply` and to the score of the cells,
over random positions of every seat count, doubles included, and a spread-out double of 67,579 turns."""

import random

import pytest

from game.ai import Search
from game.ai.savoya_ai import PRESELECT, TurnChanges, TurnScore, _board
from game.rules.playout import random_game
from game.rules.savoy import SavoyState
from game.rules.savoya import SavoyaGame

# the double with the most turns met in seeded random games 0-39 (build/bench_savoya.py)
SPREAD = ("Silver", (2, 2), "d6=B g6=R l8=B l9=B l13=R h11=T h10=LB h8=B d3=L d8=T e10=R j3=T j4=T j7=R j11=LL "
                            "i12=T d12=B c12=L b9=L c8=R f8=T f15=R")


def positions(options, seeds):
    """Decision positions of seeded random games, and each of them with a double instead."""
    game = SavoyaGame()
    rng = random.Random(1)
    for seed in seeds:
        for state in random_game(game, {**options, "maxturns": 30}, seed=seed).states[2::5]:
            if state.over or not state.dice:
                continue
            yield state
            die = rng.randrange(1, 7)
            yield SavoyState(state.rules, state.cells, state.to_move, (die,) * 4, False)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "jump"}, {"players": 3},
                                     {"players": 4}, {"players": 2, "pinnedaway": True, "stack": 3}])
def test_the_cells_a_turn_changes_are_the_rules_board_and_score(options):
    game = SavoyaGame()
    checked = 0
    for state in positions(options, range(1)):
        table = game.table(state)
        changes = TurnChanges(game, state, table)
        seats = state.rules.seats
        score = TurnScore(state.cells, seats, state.to_move, (state.to_move + 1) % len(seats), False)
        for move in table.moves[::7]:
            changed = changes(move)
            assert _board(state.cells, changed) == game.apply(state, move).cells, str(move)
            assert all(state.cells[c] != v for c, v in changed) and changed == tuple(sorted(changed))
            assert changes.quick_score(move, score) == pytest.approx(score(changed), abs=1e-9), str(move)
            checked += 1
    assert checked > 100


def test_a_spread_out_double_is_judged_from_the_best_turns_by_the_quick_score():
    game = SavoyaGame()
    seat, dice, layout = SPREAD
    state = game.position(layout, seat, dice, {"players": 2})
    search = Search(game, state, 2, seed=1)  # (level 3 then searches the best three a turn deeper)
    while not search.step(1.0):
        pass
    report = search.stats()
    assert report["turns"] == 67_579 and 0 < report["boards"] <= PRESELECT
    assert search.best() in game.legal_moves(state)
