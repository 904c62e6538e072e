"""Where a finger is on a board: a ring drawn where it landed, in the frame its touch arrives.

A finger hides what it touches, so the board shows at once that it felt the touch, and where: a light
ring a fingertip wide (`theme.MIN_TOUCH`) round the point, with a dot at its middle, while the finger is
down, fading out in `FADE_SECONDS` after it lifts. A drag or a pinch of the board (the finger moving)
takes the mark away: it marks a touch, not a gesture.
"""

from __future__ import annotations

import pygame

from . import theme

FADE_SECONDS = 0.25
RING = (250, 250, 250)
RIM = (20, 24, 30)

Point = tuple[int, int]


class TouchMark:
    """The mark of the finger on a board."""

    def __init__(self) -> None:
        self.pos: Point | None = None
        self.down = False
        self.left = 0.0  # seconds of fading left, once lifted

    def touch(self, pos: Point) -> None:
        """A finger came down at `pos` (drawn from this frame on)."""
        self.pos, self.down, self.left = pos, True, FADE_SECONDS

    def lift(self) -> None:
        if self.pos is not None:
            self.down = False

    def clear(self) -> None:
        self.pos, self.down = None, False

    def tick(self, dt: float) -> None:
        if self.pos is not None and not self.down:
            self.left -= dt
            if self.left <= 0:
                self.clear()

    @property
    def alpha(self) -> int:
        if self.pos is None:
            return 0
        return 255 if self.down else max(0, round(255 * self.left / FADE_SECONDS))

    def draw(self, surface: pygame.Surface) -> None:
        alpha = self.alpha
        if not alpha or self.pos is None:
            return
        r = theme.MIN_TOUCH // 2
        if alpha >= 255:
            self._paint(surface, self.pos, r, RIM, RING)
            return
        layer = pygame.Surface((2 * r + 8, 2 * r + 8), pygame.SRCALPHA)
        self._paint(layer, (r + 4, r + 4), r, (*RIM, alpha), (*RING, alpha))
        surface.blit(layer, (self.pos[0] - r - 4, self.pos[1] - r - 4))

    @staticmethod
    def _paint(surface: pygame.Surface, at: Point, r: int, rim: tuple, ring: tuple) -> None:
        pygame.draw.circle(surface, rim, at, r + 2, 5)
        pygame.draw.circle(surface, ring, at, r, 3)
        pygame.draw.circle(surface, rim, at, 4)
        pygame.draw.circle(surface, ring, at, 3)
