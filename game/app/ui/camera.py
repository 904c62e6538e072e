"""The board camera: how far a board is zoomed and where it is panned to, in the rectangle it is shown in.

A board is drawn into `Camera.world`: its `viewport` (where the board sits on the screen) scaled by
`zoom` and shifted by the pan, then clipped to the viewport. A game builds its board layout for
`world` as it would for the viewport, so its pixel geometry and its hit tests (which cell is under a
finger) work zoomed exactly as unzoomed, and what the player has chosen (kept in the game's terms:
cells, pieces) survives any zoom.

The pan is held so that the board never leaves empty screen on a side where it is larger than the
viewport. `fit_zoom` is the zoom that makes a board's smallest target `goal` pixels wide (a double
tap zooms there).
"""

from __future__ import annotations

import pygame

Point = tuple[float, float]


class Camera:
    """Zoom (1 = the whole board in the viewport) and pan of one board."""

    def __init__(self, max_zoom: float = 4.0) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.zoom = 1.0
        self.max_zoom = max_zoom
        self.offset: Point = (0.0, 0.0)  # the world's top-left less the viewport's, in pixels
        #: while zoomed, the board may be pulled down this far past its top edge, so that what lies under
        #: something drawn over the viewport's top (the Zoom out button) can be brought out from under it
        self.overscroll_top = 0

    # -- what it shows --------------------------------------------------------------------
    @property
    def zoomed(self) -> bool:
        return self.zoom > 1.001

    @property
    def world(self) -> pygame.Rect:
        """Where the whole board lies at this zoom and pan (most of it off screen when zoomed)."""
        v = self.viewport
        return pygame.Rect(round(v.left + self.offset[0]), round(v.top + self.offset[1]),
                           round(v.width * self.zoom), round(v.height * self.zoom))

    def to_board(self, pos: Point) -> Point:
        """A screen point as a point of the unzoomed board (the viewport's pixels at zoom 1)."""
        v = self.viewport
        return (v.left + (pos[0] - v.left - self.offset[0]) / self.zoom,
                v.top + (pos[1] - v.top - self.offset[1]) / self.zoom)

    def to_screen(self, point: Point) -> Point:
        """A point of the unzoomed board where it is on the screen now."""
        v = self.viewport
        return (v.left + self.offset[0] + (point[0] - v.left) * self.zoom,
                v.top + self.offset[1] + (point[1] - v.top) * self.zoom)

    # -- changing it --------------------------------------------------------------------
    def set_viewport(self, rect: pygame.Rect) -> None:
        """Show the board in `rect`; a viewport of another size starts unzoomed."""
        rect = pygame.Rect(rect)
        if rect.size != self.viewport.size:
            self.zoom, self.offset = 1.0, (0.0, 0.0)
        self.viewport = rect
        self._hold()

    def zoom_about(self, pos: Point, factor: float) -> None:
        """Zoom by `factor`, keeping the board point under `pos` where it is (within the zoom's limits)."""
        self.zoom_to(self.zoom * factor, pos)

    def zoom_to(self, zoom: float, pos: Point) -> None:
        """Zoom to `zoom`, the board point under `pos` staying under it (as far as the pan allows)."""
        anchor = self.to_board(pos)
        self.zoom = min(self.max_zoom, max(1.0, zoom))
        v = self.viewport
        self.offset = (pos[0] - v.left - (anchor[0] - v.left) * self.zoom,
                       pos[1] - v.top - (anchor[1] - v.top) * self.zoom)
        self._hold()

    def pan(self, dx: float, dy: float) -> None:
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)
        self._hold()

    def reset(self) -> None:
        self.zoom, self.offset = 1.0, (0.0, 0.0)

    def _hold(self) -> None:
        """Keep the board over the whole viewport (no pan past its edges, but `overscroll_top`)."""
        if not self.zoomed:
            self.zoom, self.offset = 1.0, (0.0, 0.0)
            return
        v = self.viewport
        least_x = v.width - v.width * self.zoom
        least_y = v.height - v.height * self.zoom
        self.offset = (min(0.0, max(least_x, self.offset[0])),
                       min(float(self.overscroll_top), max(least_y, self.offset[1])))


def fit_zoom(target_px: float, goal: float) -> float:
    """The zoom that makes a target of `target_px` (measured unzoomed) `goal` pixels wide; 1 if it is."""
    if target_px <= 0:
        return 1.0
    return max(1.0, goal / target_px)
