"""Savoya on the menu (see `game.app.ui.boards`): Savoy's board for two to four players, beside Savoy."""

from __future__ import annotations

from game.app.ui.boards import Board

BOARDS = (
    Board("savoya", "savoya", "Savoya",
          summary="Savoy for two to four on two interwoven figure-of-eights: race your colours home, pinning "
                  "lone pieces of any other colour (our reconstruction of the board).",
          picture_options={"players": 4}),
)
