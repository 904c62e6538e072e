"""know on the menu (see `game.app.ui.boards`): its round board, the pieces where they start."""

from __future__ import annotations

from game.app.ui.boards import Board

BOARDS = (
    Board("know", "know", "know"),
)
