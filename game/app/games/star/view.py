"""Drawing a Star position: a pure function of the state plus the UI's selection.

`HexLayout` fits the board (with its ring of external cells) into a rectangle
and maps pixels to cells; `draw_star` paints a state. Nothing here decides
what is legal: highlights are passed in, computed from `legal_moves`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.star import EMPTY, Chain, StarState, board

SQRT3 = math.sqrt(3.0)


class HexLayout:
    """Pixel geometry of a size-n Star board fitted into `rect` (pointy-top hexagons)."""

    def __init__(self, size: int, rect: pygame.Rect) -> None:
        self.size = size
        self.rect = pygame.Rect(rect)
        geo = board(size)
        self.geo = geo
        pts = list(geo.xy) + list(geo.external_xy)
        min_x = min(p[0] for p in pts)
        max_x = max(p[0] for p in pts)
        min_r = min(p[1] for p in pts)
        max_r = max(p[1] for p in pts)
        span_w = (max_x - min_x) * SQRT3 / 2 + SQRT3
        span_h = (max_r - min_r) * 1.5 + 2
        self.radius = max(2.0, min(rect.width / span_w, rect.height / span_h))
        R = self.radius
        width, height = span_w * R, span_h * R
        left = rect.left + (rect.width - width) / 2 + SQRT3 / 2 * R
        top = rect.top + (rect.height - height) / 2 + R
        self.bounds = pygame.Rect(round(rect.left + (rect.width - width) / 2), round(rect.top + (rect.height - height) / 2),
                                  round(width), round(height))

        def place(p: tuple[int, int]) -> tuple[float, float]:
            return (left + (p[0] - min_x) * SQRT3 / 2 * R, top + (p[1] - min_r) * 1.5 * R)

        self.centers = [place(p) for p in geo.xy]
        self.ext_centers = [place(p) for p in geo.external_xy]
        self._by_pos = {p: i for i, p in enumerate(geo.external_xy)}

    @property
    def cell_width(self) -> float:
        """Flat-to-flat width of one cell in pixels (what a finger must hit)."""
        return SQRT3 * self.radius

    def hexagon(self, center: tuple[float, float], scale: float = 1.0) -> list[tuple[float, float]]:
        R = self.radius * scale
        cx, cy = center
        return [(cx + R * math.cos(math.radians(60 * k - 30)), cy + R * math.sin(math.radians(60 * k - 30)))
                for k in range(6)]

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The board cell under `pos`, or None (outside the board or on the external ring)."""
        if not self.bounds.inflate(4, 4).collidepoint(pos):
            return None
        px, py = pos
        best, best_d = None, (self.radius * 0.98) ** 2
        for i, (cx, cy) in enumerate(self.centers):
            d = (cx - px) ** 2 + (cy - py) ** 2
            if d < best_d:
                best, best_d = i, d
        return best

    def external_at(self, p: tuple[int, int]) -> tuple[float, float] | None:
        i = self._by_pos.get(p)
        return None if i is None else self.ext_centers[i]


@dataclass
class BoardView:
    """What the UI adds to a state: pointer, selection, marks and toggles."""

    hover: int | None = None           # cell under the pointer, when a stone may go there
    last: int | None = None            # the most recent stone placed
    mover: int | None = None           # colour of the ghost stone for hover/selection
    show_chains: bool = False
    show_coords: bool = False
    chains: list[Chain] = field(default_factory=list)


@cached_surface(lambda layout: (layout.size, layout.rect.size), limit=24)
def _background(layout: HexLayout) -> pygame.Surface:
    """The empty board (cells and the external ring) drawn once per board size and rectangle size (the
    drawing is the same wherever the rectangle lies: a zoomed board panned reuses it)."""
    rect = layout.rect
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    off = (-rect.left, -rect.top)

    def shift(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x + off[0], y + off[1]) for x, y in points]

    line = max(1, round(layout.radius / 10))
    for c in layout.ext_centers:
        pygame.draw.polygon(surf, theme.EXTERNAL, shift(layout.hexagon(c, 0.94)))
    # a darker rim under the board cells gives the board a clear outline
    for c in layout.centers:
        pygame.draw.polygon(surf, theme.BOARD_EDGE, shift(layout.hexagon(c, 1.06)))
    for c in layout.centers:
        poly = shift(layout.hexagon(c, 1.0))
        pygame.draw.polygon(surf, theme.BOARD, poly)
        pygame.draw.polygon(surf, theme.CELL_LINE, poly, line)
    return surf


def draw_star(surface: pygame.Surface, layout: HexLayout, state: StarState, view: BoardView) -> None:
    """Paint `state` with the UI marks of `view` into `layout.rect`."""
    surface.blit(_background(layout), layout.rect.topleft)
    R = layout.radius
    geo = layout.geo
    stone_r = R * 0.8

    scoring = [c for c in view.chains if c.score > 0] if view.show_chains else []
    hue_of: dict[int, tuple[int, int, int]] = {}
    for k, chain in enumerate(sorted(scoring, key=lambda c: (-c.score, c.cells[0]))):
        hue = theme.CHAIN_HUES[k % len(theme.CHAIN_HUES)]
        for cell in chain.cells:
            hue_of[cell] = hue
    if scoring:
        # the external cells each scoring chain touches, tinted in its hue
        for chain in scoring:
            hue = hue_of[chain.cells[0]]
            touched = {e for cell in chain.cells for e in geo.externals[cell]}
            for e in touched:
                pygame.draw.polygon(surface, hue, layout.hexagon(layout.ext_centers[e], 0.6), max(2, round(R / 6)))
        # links between neighbouring stones of a chain
        for chain in scoring:
            hue = hue_of[chain.cells[0]]
            members = set(chain.cells)
            for cell in chain.cells:
                for other in geo.neighbours[cell]:
                    if other > cell and other in members:
                        pygame.draw.line(surface, hue, layout.centers[cell], layout.centers[other], max(3, round(R * 0.45)))

    for i, stone in enumerate(state.cells):
        if stone != EMPTY:
            center = layout.centers[i]
            if i in hue_of:
                pygame.draw.circle(surface, hue_of[i], (round(center[0]), round(center[1])), round(stone_r + max(2, R / 7)))
            theme.stone(surface, stone - 1, center, stone_r)

    if view.last is not None and state.cells[view.last] != EMPTY:
        cx, cy = layout.centers[view.last]
        pygame.draw.circle(surface, theme.ACCENT, (round(cx), round(cy)), max(3, round(R * 0.26)))

    cell = view.hover
    if cell is not None and view.mover is not None and state.cells[cell] == EMPTY:
        pygame.draw.polygon(surface, theme.ACCENT, layout.hexagon(layout.centers[cell], 0.98), max(2, round(R / 8)))
        theme.stone(surface, view.mover, layout.centers[cell], stone_r, alpha=110)

    label = round(R * 0.9)
    if scoring and theme.readable(label):  # a value badge on each scoring chain, at its stone nearest its middle
        for chain in scoring:
            mx = sum(layout.centers[c][0] for c in chain.cells) / len(chain.cells)
            my = sum(layout.centers[c][1] for c in chain.cells) / len(chain.cells)
            at = min(chain.cells, key=lambda c: (layout.centers[c][0] - mx) ** 2 + (layout.centers[c][1] - my) ** 2)
            cx, cy = layout.centers[at]
            words = f"+{chain.score}"
            w, h = theme.font(label).size(words)
            badge = pygame.Rect(0, 0, w + 8, h + 2)
            badge.center = (round(cx), round(cy))
            pygame.draw.rect(surface, hue_of[chain.cells[0]], badge, border_radius=badge.height // 2)
            pygame.draw.rect(surface, theme.TEXT_DARK, badge, 1, border_radius=badge.height // 2)
            theme.text(surface, words, label, theme.TEXT_DARK, center=badge.center)

    if view.show_coords:
        draw_coordinates(surface, layout)


def draw_coordinates(surface: pygame.Surface, layout: HexLayout) -> None:
    """Row numbers left of each row and column letters below-right of each column's last cell."""
    geo = layout.geo
    size = round(layout.radius * 0.95)
    if not theme.readable(size):  # too small to read: zooming in shows them
        return
    rows: dict[int, tuple[int, int]] = {}
    columns: dict[str, tuple[int, int]] = {}
    for i, (x, r) in enumerate(geo.xy):
        if r not in rows or x < rows[r][0]:
            rows[r] = (x, r)
        letter = geo.names[i][0]
        if letter not in columns or r > columns[letter][1]:
            columns[letter] = (x, r)
    for r, (x, _) in rows.items():
        at = layout.external_at((x - 2, r))
        if at is not None:
            theme.text(surface, str(r), size, theme.TEXT, center=at)
    for letter, (x, r) in columns.items():
        at = layout.external_at((x + 1, r + 1))
        if at is not None:
            theme.text(surface, letter, size, theme.ACCENT, center=at)
