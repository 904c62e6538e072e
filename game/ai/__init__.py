"""The computer opponent: pure Python, standard library only (no pygame), like `game.rules`.

Public API (the app, the referee, the tests and the benchmarks use it; extend, never break):

- ``Search(game, state, level=3, seed=0)``: a resumable search. ``step(seconds)`` thinks for at
  most about that long and returns True once the move is chosen; ``best()`` is the move,
  ``progress()`` a number from 0 to 1, ``stats()`` a dict with at least ``iterations`` and
  ``seconds``; ``cancel()`` stops it for good.
- ``best_move(game, state, level=3, seed=0)``: the same search run to the end.
- ``LEVELS``: the levels, 1 (beginner) to 4 (strongest), with their names; 3 is the default.
- ``random_move`` and ``greedy_move``: the baseline players of the arena benchmark.
- ``Analysis(history, level=None, cached=None)``: the analysis of a game (game/ai/analysis.py), resumable
  like `Search`: ``step(seconds)`` until True, then ``result()``, a plain dict with each position's win
  chances, the computer's preferred moves and the biggest swings; ``analyse(history)`` runs it to the end.

Levels are defined by work done (iterations, nodes), never by wall-clock time, so the same
game, state, level and seed give the same move on any machine and any Python.
"""

from __future__ import annotations

from .analysis import Analysis, analyse
from .baselines import greedy_move, random_move
from .search import DEFAULT_LEVEL, LEVELS, AIError, Search, best_move, engine_for, hint_level

__all__ = [
    "Search", "best_move", "LEVELS", "DEFAULT_LEVEL", "AIError", "random_move", "greedy_move", "engine_for",
    "hint_level",
    "Analysis", "analyse",
]
