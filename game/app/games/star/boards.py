"""Star on the menu (see `game.app.ui.boards`): one board, its picture a game under way."""

from __future__ import annotations

from game.app.ui.boards import Board

BOARDS = (
    Board("star", "star", "Star", picture_options={"size": 4}, picture_moves=16, picture_seed=5),
)
