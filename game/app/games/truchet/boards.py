"""Truchet on the menu (see `game.app.ui.boards`): the published board of squares, and the board of
hexagons (our design of the variant its inventor left unfinished) as a board of its own."""

from __future__ import annotations

from game.app.ui.boards import Board

BOARDS = (
    Board("truchet", "truchet", "Truchet", heading="Truchet", lesson="truchet-square",
          picture_options={"setup": "single"}, picture_moves=3, picture_seed=2),
    Board("truchet-hex", "truchet", "Hexagonal Truchet", heading="Truchet, hexagonal board",
          options={"hex": True},
          summary="Truchet on a board of hexagons: stack and capture within the regions of a tiling of "
                  "three-way tiles (our design of the variant its inventor left unfinished).",
          picture_options={"setup": "single"}, picture_moves=3, picture_seed=2),
)
