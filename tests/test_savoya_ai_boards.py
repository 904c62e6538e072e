"""The Savoya engine judges boards from the cells each turn changes (game/ai/savoya_ai.py): `TurnChanges` gives
them without playing the turn (its parts applied at once, or as listing played them in order), and where there
are too many turns `TurnScore` ranks them by those cells alone, summing what each part changes where the parts
touch different cells. Both must be exact: held here to the rules' own `apply` and to the score of the cells,
over random positions of every seat count, doubles included, and a spread-out double of 67,579 turns."""

import random

import pytest

from game.ai import Search, savoya_ai
from game.ai.savoy_ai import WORK_CHUNK
from game.ai.savoya_ai import JUDGED_CHUNK, PRESELECT, REPLY_JUDGED, TurnChanges, TurnScore, _board
from game.ai.search import Report
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


def test_quick_scores_of_many_moves_are_each_moves_quick_score():
    # (moves listed one after another share their first parts' sums: the same sums, added in the same order)
    game = SavoyaGame()
    for state in positions({"players": 2}, range(2)):
        table = game.table(state)
        changes = TurnChanges(game, state, table)
        score = TurnScore(state.cells, state.rules.seats, state.to_move, 1 - state.to_move, False)
        assert changes.quick_scores(table.moves, score) == [changes.quick_score(m, score) for m in table.moves]


def test_level_3_on_a_spread_out_double_works_in_small_units(monkeypatch):
    """The app steps the search ~8 ms a frame: no unit of the engine's work judges more than a chunk of boards
    in full, or quick-scores more than a chunk of turns (counted, not timed), and the replies judged in full
    are the few best by the quick score."""
    judged, scored, most_judged, most_scored, total = [0], [0], [0], [0], [0]
    evaluate, quick_scores = savoya_ai.evaluate, TurnChanges.quick_scores

    def counted_evaluate(*args, **kwargs):
        judged[0] += 1
        total[0] += 1
        return evaluate(*args, **kwargs)

    def counted_scores(self, moves, score):
        scored[0] += len(moves)
        return quick_scores(self, moves, score)

    monkeypatch.setattr(savoya_ai, "evaluate", counted_evaluate)
    monkeypatch.setattr(TurnChanges, "quick_scores", counted_scores)
    game = SavoyaGame()
    seat, dice, layout = SPREAD
    state = game.position(layout, seat, dice, {"players": 2})
    game.table(state)  # (the rules' listing: its own units, see tests of SavoyGame.prepare)
    report = Report()
    thinking = savoya_ai.think(game, state, 3, random.Random(1), report)
    units = 0
    while True:
        judged[0] = scored[0] = 0
        try:
            next(thinking)
        except StopIteration as done:
            move = done.value
            break
        finally:
            most_judged[0], most_scored[0] = max(most_judged[0], judged[0]), max(most_scored[0], scored[0])
        units += 1
    assert move in game.legal_moves(state)
    assert 0 < most_judged[0] <= JUDGED_CHUNK and 0 < most_scored[0] <= 4 * WORK_CHUNK
    # the boards of the best turns, then per candidate searched and roll at most REPLY_JUDGED replies (or the
    # board itself, where the reply is judged before it is played)
    assert report["searched"] >= 2 and 0 < report["boards"] <= PRESELECT
    assert total[0] <= report["boards"] + report["searched"] * 21 * REPLY_JUDGED < report["nodes"]
    assert units > 67_579 // (4 * WORK_CHUNK)
