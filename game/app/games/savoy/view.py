"""Drawing a Savoy (or Savoya) position: a pure function of the board plus the UI's marks.

One drawing serves every board of strands (`game.rules.savoy_board.SavoyBoard`): a `SavoyLook` says
what a board looks like beyond its cells (the pass drawn on top at each crossing, the colours of its
pieces and strands, where the home labels, the dice and the title go); Savoy's is `SAVOY_LOOK` here,
Savoya's lives with its scene (game/app/games/savoya/).

Each strand is drawn as what it is, a ribbon of cells: a smooth curve through the cell centres of the
strand, with a divider between neighbouring cells. At a crossing one pass goes over the other (Savoy:
as in the pbmserv diagram, the row is on top at d4 and h7, the column at h4 and l7), so the crossing is
drawn as a bridge and the pass beneath shows its edges broken. Stacks show their height, a pinned piece
peeks out under the stack pinning it with a pin through it, and the homes are tinted in their colour.

Every colour's piece has its own silhouette as well as its hue: a disc with a point towards the home it
travels to (R right, L left, T up, B down), so no colour is told by hue alone.

On a portrait screen a board wider than tall is drawn upright (`SavoyLayout(..., upright=True)`): its
layout turns a quarter clockwise (columns run down the screen, rows across), the pieces point the new
way to their homes (`SavoyLook.turned`), and the home labels and the dice take the places the look gives
for the upright board (`upright_*`), so no text is ever drawn sideways.

Nothing here decides what is legal: the scene passes highlights computed from the rules
(`continuations`, `details`).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.app.play.dice import draw_die_face
from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.savoy import stacks_of
from game.rules.savoy_board import SAVOY_BOARD, SavoyBoard

Colour = tuple[int, int, int]
Point = tuple[float, float]
GridRect = tuple[float, float, float, float]  # (column x, row of the top edge, width, height) in cells
# upright: (x, y, width, height) in cells from the top-left corner of the turned grid, y down
ScreenRect = tuple[float, float, float, float]

RIBBON = theme.BOARD
RIBBON_EDGE = (116, 92, 60)
DIVIDER = (170, 146, 106)
CROSS_MARK = (200, 176, 128)
TARGET = (110, 220, 130)
BLOCKED = (232, 92, 84)   # a stack the chosen piece may not land on
ROUTE_COLOURS: tuple[Colour, ...] = ((110, 220, 130), (120, 190, 250), (240, 140, 220), (250, 220, 90))
SAMPLES = 10  # curve points per path step
NAME_ROOM = 0.96  # a cell's name may be this share of the spacing wide
# the way each colour's pieces point (towards its home): R right, L left, T up, B down (screen y down)
POINTING: dict[str, tuple[float, float]] = {"R": (1.0, 0.0), "L": (-1.0, 0.0), "T": (0.0, -1.0), "B": (0.0, 1.0)}


@dataclass(frozen=True)
class SavoyLook:
    """What a board of strands looks like beyond its cells.

    `over`: the passes (strand number, index along it) drawn on top at the crossings. `pieces[colour]`:
    a piece's fill and rim (they differ in brightness as well as hue); `ink[colour]`: text in that colour
    on the dark background; `home_tint[colour]`: its home cells. `ribbons[strand]`: fill and edge of each
    strand. `home_labels[colour]`: the middle of its home's label, in grid units (x from 0 at column a,
    rows as numbered); `dice_area`, `note_area`: the empty corners for the dice and the title (with its
    legend), as GridRects. `upright_labels`, `upright_dice`, `upright_note`: the same on the board drawn upright (in
    cells from the turned grid's top-left corner, y down); `turned`: drawn upright (the pieces point the
    turned way)."""

    board: SavoyBoard
    over: frozenset[tuple[int, int]]
    pieces: tuple[tuple[Colour, Colour], ...]
    ink: tuple[Colour, ...]
    home_tint: tuple[Colour, ...]
    ribbons: tuple[tuple[Colour, Colour], ...]
    home_labels: tuple[Point, ...]
    dice_area: GridRect
    note_area: GridRect
    label_width: float = 3.4  # cells: the widest a home label may be
    upright_labels: tuple[Point, ...] = ()
    upright_dice: ScreenRect = (0.0, 0.0, 3.0, 3.0)
    upright_note: ScreenRect = (0.0, 0.0, 3.0, 2.0)
    turned: bool = False

    def upright(self) -> "SavoyLook":
        """This look for the board drawn upright."""
        return dataclasses.replace(self, turned=True)

    @property
    def cols(self) -> int:
        return self.board.width

    @property
    def rows(self) -> int:
        return self.board.height

    def letter_ink(self, colour: int) -> Colour:
        """Text drawn on a piece of `colour` (its height, its letter): its rim, light or dark."""
        return self.pieces[colour][1]


# R (colour 0) warm red with a dark rim, L (colour 1) deep blue with a light rim: they differ in brightness
# as well as hue. The strand drawn on top at each crossing (its path index): the row at d4 and h7, the
# column at h4 and l7.
SAVOY_LOOK = SavoyLook(
    board=SAVOY_BOARD,
    over=frozenset((0, i) for i in (3, 32, 21, 12)),
    pieces=(((216, 78, 62), (88, 24, 18)), ((44, 88, 186), (232, 238, 250))),
    ink=((244, 130, 112), (128, 168, 244)),
    home_tint=((236, 178, 160), (170, 194, 236)),
    ribbons=((RIBBON, RIBBON_EDGE),),
    home_labels=((13.0, 6.22), (1.0, 4.78)),  # under m7..o7, above a4..c4
    dice_area=(9.0, 3.45, 5.5, 3.05),
    note_area=(-0.4, 10.4, 4.4, 3.3),
    # upright (10 across, 15 down): R's home at the foot of the left column, L's at the head of the right one
    upright_labels=((1.6, 13.5), (8.4, 1.5)),
    upright_dice=(6.3, 11.0, 3.7, 4.0),   # bottom right, under the lower loop
    upright_note=(0.0, 0.0, 5.4, 3.2),    # top left, above the upper loop
)
# (Savoy's names, kept for the code that draws Savoy's pieces elsewhere)
PIECE = SAVOY_LOOK.pieces
INK = SAVOY_LOOK.ink
HOME_TINT = SAVOY_LOOK.home_tint


def _catmull(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    t2, t3 = t * t, t * t * t
    return tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3)
                 for a, b, c, d in zip(p0, p1, p2, p3))  # type: ignore[return-value]


def _curve(pts: Sequence[Point]) -> list[list[Point]]:
    """The smooth curve of each step i (position i to i + 1) of a strand through `pts`: SAMPLES + 1
    points, both ends included."""
    n = len(pts)
    steps = []
    for i in range(n - 1):
        p0 = pts[i - 1] if i > 0 else (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
        p3 = pts[i + 2] if i + 2 < n else (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
        steps.append([_catmull(p0, pts[i], pts[i + 1], p3, k / SAMPLES) for k in range(SAMPLES + 1)])
    return steps


class SavoyLayout:
    """Pixel geometry of a board (Savoy: 15 columns a..o, 10 rows) fitted into `rect`; with `look.turned`,
    upright (a quarter turn clockwise: column a at the top, row 1 at the right)."""

    COLS, ROWS = SAVOY_LOOK.cols, SAVOY_LOOK.rows  # (Savoy's)

    def __init__(self, rect: pygame.Rect, look: SavoyLook = SAVOY_LOOK) -> None:
        self.rect = pygame.Rect(rect)
        self.look = look
        self.upright = look.turned
        board = self.board = look.board
        cols, rows = (look.rows, look.cols) if self.upright else (look.cols, look.rows)  # across, down
        self.spacing = max(8.0, min(rect.width / (cols + 0.3), rect.height / (rows + 0.3)))
        s = self.spacing
        self.left = rect.centerx - cols * s / 2
        self.top = rect.centery - rows * s / 2
        self.bounds = pygame.Rect(round(self.left), round(self.top), round(cols * s), round(rows * s))
        self.centres: list[Point] = [self.grid_px(*board.grid[name]) for name in board.cells]
        # per strand: its cell centres in order, and the curve of each of its steps
        self.strand_xy = [[self.centres[board.cell_id[name]] for name in strand] for strand in board.strands]
        self.strand_steps = [_curve(pts) for pts in self.strand_xy]
        # the strand of each ray of each cell (in the order the board lists the rays)
        self.ray_strand: list[list[int]] = []
        for c, passes in enumerate(board.passes):
            strands = []
            for s_number, index in passes:
                for sign in (1, -1):
                    if 0 <= index + sign < len(board.strands[s_number]):
                        strands.append(s_number)
            self.ray_strand.append(strands)
        self.ribbon = s * 0.78
        self.piece_radius = s * 0.38
        if self.upright:
            self.dice_area = self.screen_rect(look.upright_dice)
            self.note_area = self.screen_rect(look.upright_note)
            self.home_labels = [self.screen_px(*at) for at in look.upright_labels]
        else:
            self.dice_area = self.grid_rect(look.dice_area)
            self.note_area = self.grid_rect(look.note_area)
            self.home_labels = [self.grid_px(*at) for at in look.home_labels]

    @classmethod
    def spacing_for(cls, width: float, height: float, look: SavoyLook = SAVOY_LOOK, upright: bool = False) -> float:
        """The spacing of cells a layout of `width` x `height` gets (for sizing a board before laying it out)."""
        cols, rows = (look.rows, look.cols) if upright else (look.cols, look.rows)
        return min(width / (cols + 0.3), height / (rows + 0.3))

    # Savoy's single strand, as the code of earlier versions names it
    @property
    def path_xy(self) -> list[Point]:
        return self.strand_xy[0]

    @property
    def steps(self) -> list[list[Point]]:
        return self.strand_steps[0]

    def grid_px(self, x: float, row: float) -> Point:
        """The pixel of a point of the board's grid (x from 0 at column a, rows as numbered)."""
        s = self.spacing
        if self.upright:  # a quarter turn clockwise: the rows run across, column a at the top
            return (self.left + (self.look.rows - row + 0.5) * s, self.top + (x + 0.5) * s)
        return (self.left + (x + 0.5) * s, self.top + (self.look.rows - row + 0.5) * s)

    def screen_px(self, x: float, y: float) -> Point:
        """The pixel `x`, `y` cells from the top-left corner of the grid as drawn."""
        return (self.left + x * self.spacing, self.top + y * self.spacing)

    def screen_rect(self, area: ScreenRect) -> pygame.Rect:
        x, y, w, h = area
        left, top = self.screen_px(x, y)
        return pygame.Rect(round(left), round(top), round(w * self.spacing), round(h * self.spacing))

    def grid_rect(self, area: GridRect) -> pygame.Rect:
        x, row, w, h = area
        left, top = self.grid_px(x, row)
        s = self.spacing
        return pygame.Rect(round(left), round(top), round(w * s), round(h * s))

    def centre(self, name: str) -> Point:
        return self.centres[self.board.cell_id[name]]

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        """The cell whose centre is nearest `pos` (within about two thirds of a cell), or None."""
        px, py = pos
        best, best_d = None, (self.spacing * 0.66) ** 2
        for c, (cx, cy) in enumerate(self.centres):
            d = (cx - px) ** 2 + (cy - py) ** 2
            if d < best_d:
                best, best_d = c, d
        return None if best is None else self.board.cells[best]

    def route(self, src: str, via: str, steps: int) -> tuple[list[Point], list[str]]:
        """The curve of a trip (from `src` towards `via` for `steps` cells) and the cells it passes."""
        board = self.board
        cell = board.cell_id[src]
        ray = board.ray_by_first[cell].get(board.cell_id[via]) if via in board.cell_id else None
        if ray is None:
            return [self.centre(src)], [src]
        index, sign, cells = board.rays[cell][ray]
        curve = self.strand_steps[self.ray_strand[cell][ray]]
        points: list[Point] = []
        for k in range(steps):
            i = index + sign * k
            seg = curve[i] if sign > 0 else curve[i - 1][::-1]
            points.extend(seg if not points else seg[1:])
        return points, [src] + [board.cells[c] for c in cells[:steps]]


@dataclass
class SavoyView:
    """What the UI adds to a board: pointer, selection, highlights, routes, dice."""

    movable: frozenset[str] = frozenset()   # cells with a piece that can start a trip now
    selected: str | None = None
    targets: frozenset[str] = frozenset()   # where the selected piece can go
    blocked: frozenset[str] = frozenset()   # stacks the selected piece may pass over but not land on
    previews: list[tuple[str, str, int]] = field(default_factory=list)  # (src, via, steps) routes to show thin
    choices: list[tuple[str, str, int]] = field(default_factory=list)   # competing routes to pick from
    chosen: list[tuple[str, str, int, str]] = field(default_factory=list)  # parts of this turn (+ dice text)
    last: list[tuple[str, str, int]] = field(default_factory=list)      # the previous turn's trips
    hover: str | None = None
    show_names: bool = True
    mover: int | None = None
    pips: tuple[int, ...] | None = None     # pips each colour still needs to bring every piece home, by the homes
    dice: list[tuple[int, bool]] = field(default_factory=list)   # (value, used) of the roll in force
    dice_caption: str = ""
    dice_owner: list[int] = field(default_factory=list)         # border colour per die (a piece colour), or -1
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


def piece_outline(letter: str, centre: Point, radius: float, turned: bool = False) -> list[Point]:
    """A piece's silhouette: a disc drawn out to a point on the side of the home it travels to (on a board
    drawn upright, turned with it)."""
    dx, dy = POINTING.get(letter, (1.0, 0.0))
    if turned:  # a quarter turn clockwise (y down)
        dx, dy = -dy, dx
    cx, cy = centre
    tip_angle = math.atan2(dy, dx)
    points = []
    for k in range(28):
        a = tip_angle + math.pi * 2 * k / 28
        # the rim bulges to a point over the quarter facing the tip
        off = abs(math.remainder(a - tip_angle, 2 * math.pi))
        reach = radius * (1.0 + 0.42 * max(0.0, 1.0 - off / (math.pi / 3.2)) ** 1.6)
        points.append((cx + reach * math.cos(a), cy + reach * math.sin(a)))
    return points


def draw_piece(surface: pygame.Surface, player: int, centre: Point, radius: float,
               look: SavoyLook = SAVOY_LOOK) -> None:
    """One piece of colour `player`: its hue, its rim and its pointed silhouette."""
    fill, rim = look.pieces[player]
    r = max(3.0, radius * 0.92)
    outline = piece_outline(look.board.colours[player], centre, r, look.turned)
    pygame.draw.polygon(surface, fill, outline)
    pygame.draw.polygon(surface, rim, outline, max(1, round(r / 5)))


def draw_icon(surface: pygame.Surface, player: int, centre: Point, radius: float,
              look: SavoyLook = SAVOY_LOOK) -> None:
    """A colour's piece with its letter (for cards and legends)."""
    draw_piece(surface, player, centre, radius, look)
    if radius >= 10:  # room for the letter at the least text size
        theme.text(surface, look.board.colours[player], max(theme.MIN_TEXT, round(radius * 1.3)),
                   look.letter_ink(player), center=centre)


def draw_seat_icon(surface: pygame.Surface, colours: Sequence[int], centre: Point, radius: float,
                   look: SavoyLook = SAVOY_LOOK) -> None:
    """The marker of a seat: its colour's piece, or (a seat of two colours) both, side by side and smaller."""
    if len(colours) == 1:
        draw_icon(surface, colours[0], centre, radius, look)
        return
    r = radius * 0.7
    for k, colour in enumerate(colours):
        offset = (k - (len(colours) - 1) / 2) * r * 1.5
        draw_piece(surface, colour, (centre[0] + offset, centre[1]), r, look)


def draw_stack(surface: pygame.Surface, value: int, centre: Point, radius: float,
               look: SavoyLook = SAVOY_LOOK) -> None:
    """A cell's stack: height shown by layered pieces and a number; a pinned piece peeks out beneath."""
    top, height, under = stacks_of(look.board).layers(value)
    if top is None:
        return
    pinned = under is not None
    cx, cy = centre
    r = radius
    if pinned:
        px, py = cx - r * 0.42, cy + r * 0.42
        draw_piece(surface, under, (px, py), r * 0.92, look)
        cx, cy = cx + r * 0.2, cy - r * 0.2
    layers = min(height, 4)
    lift = max(2.0, r * 0.16)
    for k in range(layers):
        draw_piece(surface, top, (cx, cy + (layers - 1 - k) * lift - (layers - 1) * lift / 2), r * 0.9, look)
    top_centre = (cx, cy - (layers - 1) * lift / 2)
    if height > 1:
        # the height is never left out: on a small board the number is larger than the piece
        theme.text(surface, str(height), max(theme.MIN_TEXT, round(r * 1.25)), look.letter_ink(top),
                   center=top_centre)
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


def _runs_across(layout: SavoyLayout, strand: int, index: int) -> bool:
    """The strand runs left-right (not up-down) through its position `index`."""
    pts = layout.strand_xy[strand]
    a, b = pts[max(0, index - 1)], pts[min(len(pts) - 1, index + 1)]
    return abs(b[0] - a[0]) > abs(b[1] - a[1])


# ----------------------------------------------------------------------------- the board
@cached_surface(lambda layout, show_names: (layout.rect.size, show_names, layout.look.board.name, layout.upright),
                limit=16)
def _background(layout: SavoyLayout, show_names: bool) -> pygame.Surface:
    """The empty board (ribbons, dividers, crossings, homes, cell names), drawn once per size (wherever the
    rectangle lies: a zoomed board panned reuses it); the names where they fit in a cell at a readable size."""
    rect, look, board = layout.rect, layout.look, layout.board
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    ox, oy = -rect.left, -rect.top

    def sh(p: Point) -> Point:
        return (p[0] + ox, p[1] + oy)

    s = layout.spacing
    width = layout.ribbon
    edge = max(2.0, s * 0.07)
    for k, steps in enumerate(layout.strand_steps):
        fill, rim = look.ribbons[k % len(look.ribbons)]
        curve = [sh(p) for seg in steps for p in seg]
        _thick(surf, rim, curve, width + 2 * edge)
        _thick(surf, fill, curve, width)
    # homes tinted in their colour, across the strand they lie on
    for colour, names in enumerate(board.home_names):
        for name in names:
            s_number, index = board.passes[board.cell_id[name]][0]
            across = _runs_across(layout, s_number, index)
            cx, cy = sh(layout.centre(name))
            box = pygame.Rect(0, 0, round(s if across else width), round(width if across else s))
            box.center = (round(cx), round(cy))
            pygame.draw.rect(surf, look.home_tint[colour], box)
    # dividers between neighbouring cells, across the ribbon at the middle of each step
    for steps in layout.strand_steps:
        for seg in steps:
            mid = seg[SAMPLES // 2]
            nx, ny = _normal(seg[SAMPLES // 2 - 1], seg[SAMPLES // 2 + 1])
            half = width / 2
            a = sh((mid[0] - nx * half, mid[1] - ny * half))
            b = sh((mid[0] + nx * half, mid[1] + ny * half))
            pygame.draw.line(surf, DIVIDER, a, b, max(1, round(s / 22)))
    # strand ends: a closing bar in the tint of the home there
    home_of = {c: colour for colour, home in enumerate(board.homes) for c in home}
    for k, pts in enumerate(layout.strand_xy):
        rim = look.ribbons[k % len(look.ribbons)][1]
        for end, nxt in ((0, 1), (len(pts) - 1, len(pts) - 2)):
            p, q = pts[end], pts[nxt]
            dx, dy = p[0] - q[0], p[1] - q[1]
            n = math.hypot(dx, dy) or 1.0
            ux, uy = dx / n, dy / n
            tip = (p[0] + ux * s * 0.5, p[1] + uy * s * 0.5)
            box = [sh((tip[0] - uy * (width / 2 + edge), tip[1] + ux * (width / 2 + edge))),
                   sh((tip[0] + uy * (width / 2 + edge), tip[1] - ux * (width / 2 + edge))),
                   sh((p[0] + uy * (width / 2 + edge), p[1] - ux * (width / 2 + edge))),
                   sh((p[0] - uy * (width / 2 + edge), p[1] + ux * (width / 2 + edge)))]
            pygame.draw.polygon(surf, rim, box)
            inner = [sh((tip[0] - ux * edge - uy * width / 2, tip[1] - uy * edge + ux * width / 2)),
                     sh((tip[0] - ux * edge + uy * width / 2, tip[1] - uy * edge - ux * width / 2)),
                     sh((p[0] + uy * width / 2, p[1] - ux * width / 2)),
                     sh((p[0] - uy * width / 2, p[1] + ux * width / 2))]
            cell = board.cell_id[board.strands[k][end]]
            pygame.draw.polygon(surf, look.home_tint[home_of[cell]] if cell in home_of else rim, inner)
    # crossings: the pass on top is a bridge over the other (whose edges stop at the bridge)
    for s_number, index in sorted(look.over):
        p = layout.strand_xy[s_number][index]
        fill, rim = look.ribbons[s_number % len(look.ribbons)]
        horizontal = _runs_across(layout, s_number, index)
        long, wide = s * 1.0, width + 2 * edge
        box = pygame.Rect(0, 0, round(long if horizontal else wide), round(wide if horizontal else long))
        box.center = (round(p[0] + ox), round(p[1] + oy))
        pygame.draw.rect(surf, rim, box)
        inner = box.inflate(-round(2 * edge) if not horizontal else 2, -round(2 * edge) if horizontal else 2)
        pygame.draw.rect(surf, fill, inner)
        # a faint cross marks the four ways out of a crossing
        c = (round(p[0] + ox), round(p[1] + oy))
        arm = round(width * 0.42)
        pygame.draw.line(surf, CROSS_MARK, (c[0] - arm, c[1]), (c[0] + arm, c[1]), max(2, round(s / 9)))
        pygame.draw.line(surf, CROSS_MARK, (c[0], c[1] - arm), (c[0], c[1] + arm), max(2, round(s / 9)))
    size = names_size(layout)
    if show_names and size:
        for name in board.cells:
            theme.text(surf, name, size, (150, 128, 92), center=sh(layout.centre(name)))
    return surf


def names_size(layout: SavoyLayout) -> int:
    """The size the cell names are drawn at (they grow with the cells, never below the least text size), or
    0 when even that is wider than a cell."""
    size = max(theme.MIN_TEXT, min(28, round(layout.spacing * 0.42)))
    return size if _widest_name(layout.board, size) <= layout.spacing * NAME_ROOM else 0


def names_zoom(layout: SavoyLayout) -> float:
    """How much larger the board must be drawn for the cell names to fit their cells (1: they do)."""
    return max(1.0, _widest_name(layout.board, theme.MIN_TEXT) / NAME_ROOM / layout.spacing)


def _widest_name(board: SavoyBoard, size: int) -> int:
    return max(theme.font(size).size(name)[0] for name in board.cells)


def draw_savoy(surface: pygame.Surface, layout: SavoyLayout, cells: Sequence[int], view: SavoyView) -> None:
    """Paint a board (`cells` as in SavoyState.cells) with the marks of `view` into `layout.rect`."""
    surface.blit(_background(layout, view.show_names), layout.rect.topleft)
    look = layout.look
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
            draw_stack(surface, value, layout.centres[c], r, look)
    for name in view.blocked:  # a stack that blocks the chosen piece: a bar across it, as a no-entry sign
        _cross_out(surface, layout.centre(name), r * 1.3, max(2, round(s / 12)))
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
        area = layout.note_area.clip(layout.rect)  # (past the board's edge it would run under the panels)
        theme.text(surface, view.title, max(theme.MIN_TEXT, round(s * 0.6)), theme.TEXT, topleft=area.topleft,
                   max_width=area.width)
        if s >= 40:
            draw_legend(surface, pygame.Rect(area.left, area.top + round(s * 0.75), area.width,
                                             area.height - round(s * 0.75)), s, look)


def _legend_block(surface: pygame.Surface, look: SavoyLook, centre: Point, r: float) -> None:
    draw_stack(surface, _legend_value(look, 1, 2), centre, r, look)
    _cross_out(surface, centre, r * 1.1, max(2, round(r / 4)))


def _cross_out(surface: pygame.Surface, centre: Point, ring: float, line: int) -> None:
    """The no-entry sign over a stack the chosen piece may pass but not land on."""
    cx, cy = centre
    pygame.draw.circle(surface, BLOCKED, (round(cx), round(cy)), round(ring), line)
    reach = ring * 0.72
    pygame.draw.line(surface, BLOCKED, (round(cx - reach), round(cy + reach)), (round(cx + reach), round(cy - reach)),
                     line)


def _legend_value(look: SavoyLook, top: int, count: int, pinned: int | None = None) -> int:
    return stacks_of(look.board).make(top, count, pinned)


def draw_legend(surface: pygame.Surface, area: pygame.Rect, s: float, look: SavoyLook = SAVOY_LOOK) -> None:
    """Four keys: a stack and its height, a pinned piece, a crossing, a stack the chosen piece may not land on."""
    line = area.height / 4
    r = min(line * 0.4, s * 0.3)
    size = max(theme.MIN_TEXT, round(line * 0.4))
    a, b = look.board.colours[0], look.board.colours[1]
    keys = ((lambda c: draw_stack(surface, _legend_value(look, 0, 3), c, r, look), f"a stack of 3 {a} pieces"),
            (lambda c: draw_stack(surface, _legend_value(look, 1, 1, 0), c, r, look), f"{b} pinning an {a} piece"),
            (None, "crossing: straight on"),
            (lambda c: _legend_block(surface, look, c, r), "crossed out: no landing"))
    room = round(area.width - r * 3.4)
    while size > theme.MIN_TEXT and max(theme.font(size).size(words)[0] for _, words in keys) > room:
        size -= 1
    if max(theme.font(size).size(words)[0] for _, words in keys) > room:
        return  # no room for the keys whole (the rules page shows them)
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
        theme.text(surface, words, size, theme.TEXT_DIM, midleft=(area.left + r * 3.4, cy))


def _home_labels(surface: pygame.Surface, layout: SavoyLayout, view: SavoyView) -> None:
    """'R home' by each home (Savoy: under m7..o7, above a4..c4), with its pip count (as pbmserv prints it),
    for the colours in play."""
    s = layout.spacing
    size = round(s * 0.36)
    if not theme.readable(size):  # the cards say the same; zooming in shows them here
        return
    look = layout.look
    for colour, centre in enumerate(layout.home_labels):
        if view.pips is not None and colour >= len(view.pips):
            continue
        words = f"{look.board.colours[colour]} home"
        if view.pips is not None:
            if view.pips[colour] < 0:  # a colour nobody plays
                continue
            words += f" · {view.pips[colour]} to go"
        theme.text(surface, words, size, look.ink[colour], center=centre, max_width=round(look.label_width * s))


def draw_dice_tray(surface: pygame.Surface, layout: SavoyLayout, view: SavoyView) -> None:
    """The dice in an empty corner: dice in force (played ones struck through), their caption under them (out
    into the margin beside the board where it is wider than the corner, and over two lines where it is
    wider still)."""
    area = layout.dice_area
    dice = view.dice
    if not dice and not view.dice_caption:
        return
    caption_h = max(theme.MIN_TEXT, round(layout.spacing * 0.42))
    right = area.right + round(0.9 * layout.spacing)
    left = max(layout.rect.left + 4, min(area.left, right - theme.font(caption_h).size(view.dice_caption)[0]))
    lines = [view.dice_caption] if theme.font(caption_h).size(view.dice_caption)[0] <= right - left else \
        theme.wrap(view.dice_caption, caption_h, right - left)
    line_h = caption_h + 2
    box = pygame.Rect(area.left, area.top, area.width, area.height - len(lines) * line_h - 2)
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
            border = layout.look.pieces[owner][0] if owner >= 0 else None
            draw_die_face(surface, rect, value, border=border, used=used)
    y = area.bottom - len(lines) * line_h + line_h // 2
    for words in lines if view.dice_caption else ():
        if theme.font(caption_h).size(words)[0] <= area.width:
            theme.text(surface, words, caption_h, theme.TEXT, center=(area.centerx, y))
        else:  # wider than the corner: out into the margin beside the board and the free row beside it
            theme.text(surface, words, caption_h, theme.TEXT, midleft=(left, y), max_width=right - left)
        y += line_h
