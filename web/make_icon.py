"""Draw the site icon, ``web/favicon.png``: a small hex board with a few stones.

Run ``python web/make_icon.py`` (pygame-ce needed, no display) to re-make it. The
picture is drawn four times larger and scaled down smoothly, so its edges are
anti-aliased; the same code always gives the same image.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

SIZE = 96  # pixels of the saved icon (square)
SCALE = 4  # drawing happens at SIZE * SCALE, then is scaled down

BACKGROUND = (21, 25, 30)  # the page's dark background
BOARD = (46, 55, 66)
CELL = (66, 79, 94)
LINE = (28, 33, 40)
LIGHT = (232, 221, 196)  # first player's stones
DARK = (200, 120, 72)  # second player's stones

# Axial coordinates (q, r) of the stones and their colour.
STONES = {(0, 0): LIGHT, (1, -1): LIGHT, (-1, 1): DARK, (0, -2): DARK, (2, 0): LIGHT, (-2, 1): DARK}
RADIUS = 2  # a hex board of 2 rings around the centre: 19 cells


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon of circumradius ``r`` centred at (cx, cy)."""
    angles = [math.radians(60 * k - 30) for k in range(6)]
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


def cells(radius: int) -> list[tuple[int, int]]:
    """Axial coordinates of every cell of a hex-hex board with ``radius`` rings."""
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


def draw(size: int = SIZE, scale: int = SCALE):  # -> pygame.Surface
    import pygame

    big = size * scale
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    pygame.draw.rect(surface, BACKGROUND, surface.get_rect(), border_radius=big // 6)

    centre = big / 2
    cell_r = big / (2 * (2 * RADIUS + 1) * math.sqrt(3) / 2 + 2.2)  # fits the board with a margin
    pygame.draw.polygon(surface, BOARD, hexagon(centre, centre, cell_r * math.sqrt(3) * (RADIUS + 0.75)))
    for q, r in cells(RADIUS):
        x = centre + cell_r * math.sqrt(3) * (q + r / 2)
        y = centre + cell_r * 1.5 * r
        pygame.draw.polygon(surface, CELL, hexagon(x, y, cell_r * 0.92))
        pygame.draw.polygon(surface, LINE, hexagon(x, y, cell_r * 0.92), width=max(1, scale))
        colour = STONES.get((q, r))
        if colour is not None:
            pygame.draw.circle(surface, colour, (x, y), cell_r * 0.62)
    return pygame.transform.smoothscale(surface, (size, size))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else Path(__file__).with_name("favicon.png")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        print("make_icon: pygame-ce is not installed (pip install pygame-ce)", file=sys.stderr)
        return 1
    pygame.image.save(draw(), str(target))
    print(f"make_icon: wrote {target} ({SIZE}x{SIZE}, {target.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
