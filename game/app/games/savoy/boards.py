"""Savoy on the menu (see `game.app.ui.boards`): its figure-of-eight, its pieces on their starting stacks."""

from __future__ import annotations

from game.app.ui.boards import Board

BOARDS = (
    Board("savoy", "savoy", "Savoy"),
)
