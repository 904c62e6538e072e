"""Drawing a Savoy position: a pure function of the board plus the UI's marks.

The figure-of-eight is drawn as what it is, a ribbon of cells: a smooth curve
through the cell centres of the path (savoy_board.PATH_NAMES), with a divider
between neighbouring cells. At the four crossings one strand passes over the
other (as in the pbmserv diagram: the row is on top at d4 and h7, the column at
h4 and l7), so the crossing is drawn as a bridge and the strand beneath shows
its edges broken. Stacks show their height, a pinned piece peeks out under the
stack pinning it with a pin through it, and the two homes are tinted in their
owner's colour.

Nothing here decides what is legal: the scene passes highlights computed from
the rules (`continuations`, `details`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.app.play.dice import draw_die_face
from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.savoy import stack_text
from game.rules.savoy_board import CELL_ID, CELLS, GRID, HOME_NAMES, PATH_LENGTH, PATH_NAMES, RAY_BY_FIRST, RAYS

Colour = tuple[int, int, int]
Point = tuple[float, float]

# R (player 0) warm red with a dark rim, L (player 1) deep blue with a light rim: they differ in
# brightness as well as hue.
PIECE: tuple[tuple[Colour, Colour], ...] = (((216, 78, 62), (88, 24, 18)), ((44, 88, 186), (232, 238, 250)))
INK: tuple[Colour, Colour] = ((244, 130, 112), (128, 168, 244))
HOME_TINT: tuple[Colour, Colour] = ((236, 178, 160), (170, 194, 236))
RIBBON = theme.BOARD
RIBBON_EDGE = (116, 92, 60)
DIVIDER = (170, 146, 106)
CROSS_MARK = (200, 176, 128)
TARGET = (110, 220, 130)
ROUTE_COLOURS: tuple[Colour, ...] = ((110, 220, 130), (120, 190, 250), (240, 140, 220), (250, 220, 90))
# The strand drawn on top at each crossing (its path index): the row at d4 and h7, the column at h4 and l7.
OVER = frozenset({3, 32, 21, 12})
SAMPLES = 10  # curve points per path step


def _catmull(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    t2, t3 = t * t, t * t * t
    return tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3)
                 for a, b, c, d in zip(p0, p1, p2, p3))  # type: ignore[return-value]


class SavoyLayout:
    """Pixel geometry of the board (15 columns a..o, 10 rows) fitted into `rect`."""

    COLS, ROWS = 15, 10

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.spacing = max(8.0, min(rect.width / (self.COLS + 0.3), rect.height / (self.ROWS + 0.3)))
        s = self.spacing
        self.left = rect.centerx - self.COLS * s / 2
        self.top = rect.centery - self.ROWS * s / 2
        self.bounds = pygame.Rect(round(self.left), round(self.top), round(self.COLS * s), round(self.ROWS * s))
        self.centres: list[Point] = [self.grid_px(*GRID[name]) for name in CELLS]
        pts = [self.centres[CELL_ID[name]] for name in PATH_NAMES]
        self.path_xy = pts
        # the curve of each path step i (position i to i + 1), SAMPLES + 1 points, both ends included
        self.steps: list[list[Point]] = []
        for i in range(PATH_LENGTH - 1):
            p0 = pts[i - 1] if i > 0 else (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
            p3 = pts[i + 2] if i + 2 < PATH_LENGTH else (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
            self.steps.append([_catmull(p0, pts[i], pts[i + 1], p3, k / SAMPLES) for k in range(SAMPLES + 1)])
        self.ribbon = s * 0.78
        self.piece_radius = s * 0.38
        # empty corners of the figure: the dice lie bottom right, the title sits top left
        self.dice_area = pygame.Rect(round(self.grid_px(9, 3.45)[0]), round(self.grid_px(9, 3.45)[1]),
                                     round(5.5 * s), round(3.05 * s))
        self.note_area = pygame.Rect(round(self.left + 0.1 * s), round(self.top + 0.1 * s), round(4.4 * s),
                                     round(3.3 * s))

    def grid_px(self, x: float, row: float) -> Point:
        s = self.spacing
        return (self.left + (x + 0.5) * s, self.top + (self.ROWS - row + 0.5) * s)

    def centre(self, name: str) -> Point:
        return self.centres[CELL_ID[name]]

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        """The cell whose centre is nearest `pos` (within about two thirds of a cell), or None."""
        px, py = pos
        best, best_d = None, (self.spacing * 0.66) ** 2
        for c, (cx, cy) in enumerate(self.centres):
            d = (cx - px) ** 2 + (cy - py) ** 2
            if d < best_d:
                best, best_d = c, d
        return None if best is None else CELLS[best]

    def route(self, src: str, via: str, steps: int) -> tuple[list[Point], list[str]]:
        """The curve of a trip (from `src` towards `via` for `steps` cells) and the cells it passes."""
        cell = CELL_ID[src]
        ray = RAY_BY_FIRST[cell].get(CELL_ID[via]) if via in CELL_ID else None
        if ray is None:
            return [self.centre(src)], [src]
        index, sign, cells = RAYS[cell][ray]
        points: list[Point] = []
        for k in range(steps):
            i = index + sign * k
            if sign > 0:
                seg = self.steps[i]
            else:
                seg = self.steps[i - 1][::-1]
            points.extend(seg if not points else seg[1:])
        return points, [src] + [CELLS[c] for c in cells[:steps]]


@dataclass
class SavoyView:
    """What the UI adds to a board: pointer, selection, highlights, routes, dice."""

    movable: frozenset[str] = frozenset()   # cells with a piece that can start a trip now
    selected: str | None = None
    targets: frozenset[str] = frozenset()   # where the selected piece can go
    previews: list[tuple[str, str, int]] = field(default_factory=list)  # (src, via, steps) routes to show thin
    choices: list[tuple[str, str, int]] = field(default_factory=list)   # competing routes to pick from
    chosen: list[tuple[str, str, int, str]] = field(default_factory=list)  # parts of this turn (+ dice text)
    last: list[tuple[str, str, int]] = field(default_factory=list)      # the previous turn's trips
    hover: str | None = None
    show_names: bool = True
    mover: int | None = None
    pips: tuple[int, int] | None = None     # pips each side still needs to bring every piece home, by the homes
    dice: list[tuple[int, bool]] = field(default_factory=list)   # (value, used) of the roll in force
    dice_caption: str = ""
    dice_owner: list[int] = field(default_factory=list)         # border colour per die (player), or -1
    title: str = ""


# ----------------------------------------------------------------------------- drawing helpers
def _thick(surface: pygame.Surface, colour: Colour | tuple[int, int, int, int], points: Sequence[Point],
           width: float) -> None:
    """A thick smooth line through `points` (round joints)."""
    w = max(1, round(width))
    r = w / 2
    prev = None
    for p in points:
        q = (round(p[0]), round(p[1]))
        if prev is not None and prev != q:
            pygame.draw.line(surface, colour, prev, q, w)
        if w > 2:
            pygame.draw.circle(surface, colour, q, r)
        prev = q


def _normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return (-dy / n, dx / n)


def draw_piece(surface: pygame.Surface, player: int, centre: Point, radius: float) -> None:
    fill, rim = PIECE[player]
    cx, cy = round(centre[0]), round(centre[1])
    r = max(3, round(radius))
    pygame.draw.circle(surface, fill, (cx, cy), r)
    pygame.draw.circle(surface, rim, (cx, cy), r, max(1, r // 5))


def draw_icon(surface: pygame.Surface, player: int, centre: Point, radius: float) -> None:
    """A player's piece with its letter (for cards and legends)."""
    draw_piece(surface, player, centre, radius)
    if radius >= 10:  # room for the letter at the least text size
        theme.text(surface, "RL"[player], max(theme.MIN_TEXT, round(radius * 1.3)),
                   PIECE[player][1] if player else (250, 236, 230), center=centre)


def draw_stack(surface: pygame.Surface, value: int, centre: Point, radius: float) -> None:
    """A cell's stack: height shown by layered discs and a number; a pinned piece peeks out beneath."""
    stack = stack_text(value)
    if not stack:
        return
    top = "RL".index(stack[-1])
    pinned = len(stack) > 1 and stack[0] != stack[-1]
    height = len(stack) - (1 if pinned else 0)
    cx, cy = centre
    r = radius
    if pinned:
        under = 1 - top
        px, py = cx - r * 0.42, cy + r * 0.42
        draw_piece(surface, under, (px, py), r * 0.92)
        cx, cy = cx + r * 0.2, cy - r * 0.2
    layers = min(height, 4)
    lift = max(2.0, r * 0.16)
    for k in range(layers):
        draw_piece(surface, top, (cx, cy + (layers - 1 - k) * lift - (layers - 1) * lift / 2), r * 0.9)
    top_centre = (cx, cy - (layers - 1) * lift / 2)
    if height > 1:
        ink = (255, 244, 236) if top == 0 else (255, 255, 255)
        # the height is never left out: on a small board the number is larger than the piece
        theme.text(surface, str(height), max(theme.MIN_TEXT, round(r * 1.25)), ink, center=top_centre)
    if pinned:  # the pin: a nail head through the piece beneath
        nx, ny = round(cx - r * 0.95), round(cy + r * 0.95)
        pygame.draw.circle(surface, (250, 250, 250), (nx, ny), max(4, round(r * 0.42)))
        pygame.draw.circle(surface, (30, 30, 34), (nx, ny), max(3, round(r * 0.34)))
        pygame.draw.circle(surface, (236, 200, 80), (nx, ny), max(2, round(r * 0.17)))


def _arrow_head(surface: pygame.Surface, colour: Colour | tuple[int, int, int, int], points: Sequence[Point],
                size: float) -> None:
    if len(points) < 2:
        return
    tip = points[-1]
    back = points[max(0, len(points) - 4)]
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    base = (tip[0] - ux * size, tip[1] - uy * size)
    pygame.draw.polygon(surface, colour, [tip, (base[0] - uy * size * 0.6, base[1] + ux * size * 0.6),
                                          (base[0] + uy * size * 0.6, base[1] - ux * size * 0.6)])


def draw_route(surface: pygame.Surface, layout: SavoyLayout, route: tuple[str, str, int],
               colour: Colour | tuple[int, int, int, int], width: float, head: float = 0.0) -> list[Point]:
    """A trip's curve, ending in an arrow head of size `head` (none when 0) short of the destination."""
    points, _ = layout.route(*route)
    if len(points) < 2:
        return points
    trimmed = points[:-max(1, SAMPLES // 3)] if head else points
    _thick(surface, colour, trimmed, width)
    if head:
        _arrow_head(surface, colour, trimmed, head)
    return points


# ----------------------------------------------------------------------------- the board
@cached_surface(lambda layout, show_names: (layout.rect.size, show_names), limit=16)
def _background(layout: SavoyLayout, show_names: bool) -> pygame.Surface:
    """The empty board (ribbon, dividers, crossings, homes, cell names), drawn once per size (wherever the
    rectangle lies: a zoomed board panned reuses it); the names only where they are large enough to read."""
    rect = layout.rect
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    ox, oy = -rect.left, -rect.top

    def sh(p: Point) -> Point:
        return (p[0] + ox, p[1] + oy)

    s = layout.spacing
    width = layout.ribbon
    edge = max(2.0, s * 0.07)
    curve = [sh(p) for seg in layout.steps for p in seg]
    _thick(surf, RIBBON_EDGE, curve, width + 2 * edge)
    _thick(surf, RIBBON, curve, width)
    # homes tinted in their owner's colour (R's home m7 n7 o7, L's home a4 b4 c4)
    for player, names in enumerate(HOME_NAMES):
        for name in names:
            cx, cy = sh(layout.centre(name))
            box = pygame.Rect(0, 0, round(s), round(width))
            box.center = (round(cx), round(cy))
            pygame.draw.rect(surf, HOME_TINT[player], box)
    # dividers between neighbouring cells, across the ribbon at the middle of each step
    for i, seg in enumerate(layout.steps):
        mid = seg[SAMPLES // 2]
        nx, ny = _normal(seg[SAMPLES // 2 - 1], seg[SAMPLES // 2 + 1])
        half = width / 2
        a = sh((mid[0] - nx * half, mid[1] - ny * half))
        b = sh((mid[0] + nx * half, mid[1] + ny * half))
        pygame.draw.line(surf, DIVIDER, a, b, max(1, round(s / 22)))
    # path ends: a closing bar
    for end, nxt in ((0, 1), (PATH_LENGTH - 1, PATH_LENGTH - 2)):
        p, q = layout.path_xy[end], layout.path_xy[nxt]
        dx, dy = p[0] - q[0], p[1] - q[1]
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        tip = (p[0] + ux * s * 0.5, p[1] + uy * s * 0.5)
        box = [sh((tip[0] - uy * (width / 2 + edge), tip[1] + ux * (width / 2 + edge))),
               sh((tip[0] + uy * (width / 2 + edge), tip[1] - ux * (width / 2 + edge))),
               sh((p[0] + uy * (width / 2 + edge), p[1] - ux * (width / 2 + edge))),
               sh((p[0] - uy * (width / 2 + edge), p[1] + ux * (width / 2 + edge)))]
        pygame.draw.polygon(surf, RIBBON_EDGE, box)
        inner = [sh((tip[0] - ux * edge - uy * width / 2, tip[1] - uy * edge + ux * width / 2)),
                 sh((tip[0] - ux * edge + uy * width / 2, tip[1] - uy * edge - ux * width / 2)),
                 sh((p[0] + uy * width / 2, p[1] - ux * width / 2)),
                 sh((p[0] - uy * width / 2, p[1] + ux * width / 2))]
        pygame.draw.polygon(surf, HOME_TINT[0 if end else 1], inner)
    # crossings: the strand on top is a bridge over the other (whose edges stop at the bridge)
    for index in sorted(OVER):
        p = layout.path_xy[index]
        a, b = layout.path_xy[index - 1], layout.path_xy[index + 1]
        horizontal = abs(b[0] - a[0]) > abs(b[1] - a[1])
        long, wide = s * 1.0, width + 2 * edge
        box = pygame.Rect(0, 0, round(long if horizontal else wide), round(wide if horizontal else long))
        box.center = (round(p[0] + ox), round(p[1] + oy))
        pygame.draw.rect(surf, RIBBON_EDGE, box)
        inner = box.inflate(-round(2 * edge) if not horizontal else 2, -round(2 * edge) if horizontal else 2)
        pygame.draw.rect(surf, RIBBON, inner)
        # a faint cross marks the four ways out of a crossing
        c = (round(p[0] + ox), round(p[1] + oy))
        arm = round(width * 0.42)
        tint = CROSS_MARK
        pygame.draw.line(surf, tint, (c[0] - arm, c[1]), (c[0] + arm, c[1]), max(2, round(s / 9)))
        pygame.draw.line(surf, tint, (c[0], c[1] - arm), (c[0], c[1] + arm), max(2, round(s / 9)))
    size = min(28, round(s * 0.42))
    if show_names and theme.readable(size):
        for name in CELLS:
            theme.text(surf, name, size, (150, 128, 92), center=sh(layout.centre(name)))
    return surf


def draw_savoy(surface: pygame.Surface, layout: SavoyLayout, cells: Sequence[int], view: SavoyView) -> None:
    """Paint a board (`cells` as in SavoyState.cells) with the marks of `view` into `layout.rect`."""
    surface.blit(_background(layout, view.show_names), layout.rect.topleft)
    s = layout.spacing
    r = layout.piece_radius
    _home_labels(surface, layout, view)
    marks = pygame.Surface(layout.rect.size, pygame.SRCALPHA)
    shift = (-layout.rect.left, -layout.rect.top)

    def local(points: Sequence[Point]) -> list[Point]:
        return [(x + shift[0], y + shift[1]) for x, y in points]

    # the previous turn, faint; this turn's parts, bold
    for trip in view.last:
        pts, _ = layout.route(*trip)
        if len(pts) > 1:
            _thick(marks, (255, 255, 255, 70), local(pts[:-SAMPLES // 3]), s * 0.12)
            _arrow_head(marks, (255, 255, 255, 90), local(pts[:-SAMPLES // 3]), s * 0.3)
    for trip in view.previews:
        pts, _ = layout.route(*trip)
        if len(pts) > 1:
            _thick(marks, (*TARGET, 120), local(pts), s * 0.1)
    surface.blit(marks, layout.rect.topleft)
    for k, trip in enumerate(view.choices):
        colour = ROUTE_COLOURS[k % len(ROUTE_COLOURS)]
        pts, _ = layout.route(*trip)
        offset = (k - (len(view.choices) - 1) / 2) * s * 0.14
        if len(pts) > 1:
            moved = []
            for j, p in enumerate(pts):
                a, b = pts[max(0, j - 1)], pts[min(len(pts) - 1, j + 1)]
                nx, ny = _normal(a, b)
                moved.append((p[0] + nx * offset, p[1] + ny * offset))
            _thick(surface, (20, 24, 30), moved, s * 0.2)
            _thick(surface, colour, moved, s * 0.13)
            mid = moved[len(moved) // 2]
            side = max(round(s * 0.56), 22)  # the route's number, readable at any size
            badge = pygame.Rect(0, 0, side, side)
            badge.center = (round(mid[0]), round(mid[1]))
            pygame.draw.ellipse(surface, colour, badge)
            pygame.draw.ellipse(surface, (20, 24, 30), badge, 2)
            theme.text(surface, str(k + 1), max(theme.MIN_TEXT, round(s * 0.45)), theme.TEXT_DARK,
                       center=badge.center)
    for src, via, steps, _ in view.chosen:
        draw_route(surface, layout, (src, via, steps), (20, 24, 30), s * 0.24, s * 0.5)
        draw_route(surface, layout, (src, via, steps), theme.ACCENT, s * 0.15, s * 0.4)

    # highlights under the pieces
    for name in view.movable:
        cx, cy = layout.centre(name)
        pygame.draw.circle(surface, theme.ACCENT, (round(cx), round(cy)), round(r * 1.32), max(2, round(s / 14)))
    if view.selected is not None:
        cx, cy = layout.centre(view.selected)
        pygame.draw.circle(surface, theme.ACCENT, (round(cx), round(cy)), round(r * 1.42))
    for name in view.targets:  # a soft glow under the piece, a ring around it
        cx, cy = layout.centre(name)
        glow = pygame.Surface((round(s), round(s)), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*TARGET, 120), (round(s / 2), round(s / 2)), round(r * 1.25))
        surface.blit(glow, (round(cx - s / 2), round(cy - s / 2)))
    for c, value in enumerate(cells):
        if value:
            draw_stack(surface, value, layout.centres[c], r)
    for name in view.targets:
        cx, cy = layout.centre(name)
        pygame.draw.circle(surface, TARGET, (round(cx), round(cy)), round(r * 1.25), max(2, round(s / 12)))
        if name == view.hover:
            pygame.draw.circle(surface, (255, 255, 255), (round(cx), round(cy)), round(r * 1.42), 2)
    # the dice each part of this turn uses, by its destination
    size = round(s * 0.42)
    for src, via, steps, words in view.chosen if theme.readable(size) else ():  # else the turn line says it
        _, passed = layout.route(src, via, steps)
        cx, cy = layout.centre(passed[-1])
        w, h = theme.font(size).size(words)
        badge = pygame.Rect(0, 0, w + 8, h + 2)
        badge.midbottom = (round(cx), round(cy - r * 1.05))
        pygame.draw.rect(surface, theme.ACCENT, badge, border_radius=badge.height // 2)
        theme.text(surface, words, size, theme.TEXT_DARK, center=badge.center)
    draw_dice_tray(surface, layout, view)
    if view.title:
        area = layout.note_area
        theme.text(surface, view.title, max(theme.MIN_TEXT, round(s * 0.6)), theme.TEXT, topleft=area.topleft,
                   max_width=area.width)
        if s >= 40:
            draw_legend(surface, pygame.Rect(area.left, area.top + round(s * 0.75), area.width,
                                             area.height - round(s * 0.75)), s)


def draw_legend(surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
    """Three keys: a stack and its height, a pinned piece, a crossing."""
    line = area.height / 3
    r = min(line * 0.4, s * 0.3)
    size = max(theme.MIN_TEXT, round(line * 0.4))
    keys = ((lambda c: draw_stack(surface, 6, c, r), "a stack of 3 R pieces"),
            (lambda c: draw_stack(surface, -3, c, r), "L pinning an R piece"),
            (None, "crossing: straight on only"))
    for k, (icon, words) in enumerate(keys):
        cy = area.top + line * (k + 0.5)
        centre = (area.left + r * 1.6, cy)
        if icon is not None:
            icon(centre)
        else:
            box = pygame.Rect(0, 0, round(r * 2.4), round(r * 2.4))
            box.center = (round(centre[0]), round(cy))
            pygame.draw.rect(surface, RIBBON, box, border_radius=3)
            pygame.draw.rect(surface, RIBBON_EDGE, box, 2, border_radius=3)
            arm = round(r * 0.9)
            pygame.draw.line(surface, CROSS_MARK, (box.centerx - arm, box.centery),
                             (box.centerx + arm, box.centery), 3)
            pygame.draw.line(surface, CROSS_MARK, (box.centerx, box.centery - arm),
                             (box.centerx, box.centery + arm), 3)
        theme.text(surface, words, size, theme.TEXT_DIM, midleft=(area.left + r * 3.4, cy),
                   max_width=round(area.width - r * 3.4))


def _home_labels(surface: pygame.Surface, layout: SavoyLayout, view: SavoyView) -> None:
    """'R home' under m7..o7 and 'L home' above a4..c4, with each side's pip count (as pbmserv prints it)."""
    s = layout.spacing
    size = round(s * 0.36)
    if not theme.readable(size):  # the cards say the same; zooming in shows them here
        return
    for player, names in enumerate(HOME_NAMES):
        xs = [layout.centre(n)[0] for n in names]
        y = layout.centre(names[0])[1]
        y += s * 0.78 if player == 0 else -s * 0.78
        words = f"{'RL'[player]} home"
        if view.pips is not None:
            words += f" · {view.pips[player]} to go"
        theme.text(surface, words, size, INK[player], center=(sum(xs) / len(xs), y), max_width=round(3.4 * s))


def draw_dice_tray(surface: pygame.Surface, layout: SavoyLayout, view: SavoyView) -> None:
    """The dice in the empty corner bottom right: dice in force (played ones struck through)."""
    area = layout.dice_area
    dice = view.dice
    if not dice and not view.dice_caption:
        return
    caption_h = max(theme.MIN_TEXT, round(layout.spacing * 0.42))
    box = pygame.Rect(area.left, area.top, area.width, area.height - caption_h - 4)
    n = len(dice)
    if n:
        rows = 2 if n == 4 else 1
        per_row = (n + rows - 1) // rows
        side = int(min(box.height / (rows + 0.25 * (rows - 1)), box.width / (per_row + 0.3 * (per_row - 1)),
                       layout.spacing * 1.3))
        gap = max(4, side // 4)
        total_w = per_row * side + (per_row - 1) * gap
        total_h = rows * side + (rows - 1) * gap
        x0 = box.centerx - total_w // 2
        y0 = box.centery - total_h // 2
        for k, (value, used) in enumerate(dice):
            row, col = divmod(k, per_row)
            rect = pygame.Rect(x0 + col * (side + gap), y0 + row * (side + gap), side, side)
            owner = view.dice_owner[k] if k < len(view.dice_owner) else -1
            border = PIECE[owner][0] if owner >= 0 else None
            draw_die_face(surface, rect, value, border=border, used=used)
    if view.dice_caption:
        theme.text(surface, view.dice_caption, caption_h, theme.TEXT,
                   center=(area.centerx, area.bottom - caption_h // 2), max_width=area.width + round(layout.spacing))
