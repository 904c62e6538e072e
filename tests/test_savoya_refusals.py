"""Refusing a typed move in two-player Savoya is as quick as accepting one: the turn is checked alone, never
by listing every legal turn (after a spread-out double a seat of two colours has tens of thousands, a second's
work that a refusal used to do before it could say why). Speed itself is measured by build/bench.py, not here:
these tests check that a refusal never asks for the table, and that it still says why, quoting the move."""

import random

import pytest

from game.rules.errors import RulesError
from game.rules.playout import random_game
from game.rules.savoya import SAVOYA as G


def near_misses(state, move):
    """Refused-looking texts near a legal move: its last part ending a cell further on, or dropped."""
    board = G.board
    part = move.parts[-1]
    texts = [str(move).rsplit(part.dst, 1)[0] + board.cells[c] for c in board.neighbours[board.cell_id[part.dst]]]
    if len(move.parts) > 1:
        texts.append(",".join(str(p) for p in move.parts[:-1]))
    return texts + ["pass"]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "jump"}])
def test_a_refused_two_colour_turn_is_explained_without_listing_every_turn(monkeypatch, options):
    import game.rules.savoy.game as savoy_game

    rng = random.Random(4)
    cases = []
    for seed in range(2):
        for state in random_game(G, {**options, "maxturns": 40}, seed=seed + 30).states:
            if not state.over and state.dice:
                moves = G.legal_moves(state)
                if moves[0].kind == "turn":
                    cases.append((state, rng.choice(moves)))

    def listing(*args):
        raise AssertionError("a refusal listed every legal turn")

    monkeypatch.setattr(savoy_game, "build_turn_steps", listing)
    refused, examples = 0, []
    for state, move in cases:
        for text in near_misses(state, move):
            G._cache.clear()
            G._readings.clear()
            try:
                G.apply(state, G.parse_move(text, state))
            except RulesError as error:
                refused += 1
                assert any(part in str(error) for part in text.split(","))  # the message quotes the move
                if ", e.g. " in str(error):
                    examples.append((state, str(error).rpartition(", e.g. ")[2]))
    assert refused > 100 and len(examples) > 10
    monkeypatch.undo()
    for state, example in examples:  # the turn a refusal gives as an example is legal, written as listed
        move = G.parse_move(example, state)
        assert move in G.legal_moves(state) and str(move) == example
