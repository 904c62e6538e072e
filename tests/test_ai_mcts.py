"""The shared search with chance nodes (game/ai/mcts.py) on a toy dice game whose values are known exactly."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from game.ai.mcts import MCTS, Policy, search
from game.ai.search import Report
from game.rules.base import Game, Outcome


@dataclass(frozen=True)
class Toy:
    """Player 0 chooses: "safe" leads to a position judged at `safe` (a chance of winning; the
    toy stops there, with nothing left to choose), "gamble" rolls a die that wins on `wins_on` or
    less; "pass" hands the choice to player 1, who can only gamble, on the same faces."""

    safe: float
    wins_on: int
    phase: str = "choose"  # choose, roll, over
    player: int = 0
    winner: int | None = None
    rolled: bool = False


class ToyGame(Game):
    name = "toy"

    def _initial(self, options):
        return Toy(0.6, 2)

    def options_of(self, state):
        return {}

    def legal_moves(self, state):
        if state.phase == "roll":
            return [f"roll:{k}" for k in range(1, 7)]
        if state.phase == "choose":
            return ["safe", "gamble", "pass"] if state.player == 0 else ["gamble"]
        return []

    def parse_move(self, text, state):
        return text

    def _apply(self, state, move):
        if move == "safe":
            return Toy(state.safe, state.wins_on, "safe", state.player)
        if move == "gamble":
            return Toy(state.safe, state.wins_on, "roll", state.player)
        if move == "pass":
            return Toy(state.safe, state.wins_on, "choose", 1)
        value = int(move.split(":")[1])
        won = value <= state.wins_on
        winner = state.player if won else 1 - state.player
        return Toy(state.safe, state.wins_on, "over", state.player, winner, True)

    def is_chance(self, state):
        return state.phase == "roll"

    def random_chance(self, state, rng):
        return f"roll:{rng.randrange(1, 7)}"

    def to_move(self, state):
        if state.phase == "safe":
            return 1 - state.player
        return state.player if state.phase == "choose" else None

    def outcome(self, state):
        if state.phase == "over":
            return Outcome(state.winner, "rolled")
        return None

    def scores(self, state):
        return (0, 0)

    def render_text(self, state):
        return repr(state)


TOY = ToyGame()


def evaluate(state: Toy) -> tuple[float, float]:
    """Exact where the game is decided; "safe" is judged at its stated chance for the mover."""
    if state.phase == "safe":
        first = state.safe if state.player == 0 else 1 - state.safe
        return first, 1 - first
    return 0.5, 0.5


def run(state: Toy, nodes: int = 40, **options) -> tuple[str, float]:
    report = Report()
    generator = search(TOY, state, nodes, Policy(evaluate=evaluate, **options), random.Random(0), report)
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value, report["value"]


@pytest.mark.parametrize("safe, wins_on, best", [(0.6, 2, "safe"), (0.6, 5, "gamble"), (0.2, 3, "gamble")])
def test_expectation_over_the_dice_decides(safe, wins_on, best):
    move, value = run(Toy(safe, wins_on))
    assert move == best
    assert value == pytest.approx(max(safe, wins_on / 6), abs=1e-4)  # (the report rounds)


def test_chance_outcomes_are_followed_in_proportion_not_sampled():
    tree = MCTS(TOY, Toy(0.6, 2, phase="roll"), Policy(evaluate=evaluate), random.Random(0))
    values = []
    for _ in range(6):
        tree.iterate()
        values.append(tree.root.value[0])
    assert all(kid is not None for kid in tree.root.kids)  # each face once in six visits
    assert tree.root.value == pytest.approx((2 / 6, 4 / 6))  # exact: faces 1-2 win
    # until a face is followed it counts at the roll's own judgement (0.5)
    assert values[0] in (pytest.approx(1 / 6 + 5 / 12), pytest.approx(5 / 12))  # one face (won or lost) and five at 0.5
    assert sorted(tree.root.moves) == [f"roll:{k}" for k in range(1, 7)]


def test_the_opponent_is_assumed_to_choose_well():
    # after "pass", player 1 can only gamble on faces 1-2 for itself: player 0 then wins 4/6,
    # better than safe 0.6 or gambling itself (2/6); on faces 1-4, safe at 0.7 beats the
    # gamble (4/6) and passing (2/6)
    # (the first faces followed may look bad for "pass": enough exploration to look again)
    move, value = run(Toy(0.6, 2), nodes=200, exploration=1.0)
    assert move == "pass" and value == pytest.approx(4 / 6, abs=1e-4)
    move, value = run(Toy(0.7, 4), nodes=200, exploration=1.0)
    assert move == "safe" and value == pytest.approx(0.7, abs=1e-4)


def test_a_prior_orders_and_limits_the_replies():
    calls = []

    def prior(state, moves):
        calls.append(len(moves))
        return [{"gamble": 2.0, "safe": 1.0, "pass": 0.0}[m] for m in moves]

    tree = MCTS(TOY, Toy(0.6, 2), Policy(evaluate=evaluate, prior=prior), random.Random(0))
    tree.iterate()
    assert tree.root.moves == ["gamble", "safe", "pass"] and calls == [3]
