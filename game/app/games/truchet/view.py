"""Drawing a Truchet position: a pure function of the state plus the UI's marks.

`TruchetLayout` fits a board into a rectangle and finds the junction or tile under a pixel;
`draw_truchet` paints a state. Both read the board only through its graph (`state.board`, a
`TruchetBoard`): the junctions' places (`points`), the tiles' centres and corners, which corners a
tile's band joins. So one drawing serves the square board of the seed and the hex-hex board of
Hexagonal Truchet: a tile is its polygon (a square, or a pointy-top hexagon) filled with its band's
colour, with a *cap* of the other colour cut off round each corner its band leaves out (a sector of
radius half a side, bounded by the arc), and a frame of half discs outside the junctions on the edge
(the seed's picture). Nothing here decides what is legal: the scene passes the tiles to show (a flip
preview, tiles still being drawn) and every highlight, computed from the rules.

Regions have two clear colours, with dots on X's (the tiles' dotted face):
X's regions are teal with pale dots, O's a light sand. A junction's colour is the colour around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import pygame

from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.truchet import O, X, TruchetBoard, board, board_for

Colour = tuple[int, int, int]
Point = tuple[float, float]

REGION: tuple[Colour, Colour] = ((52, 120, 128), (236, 224, 192))      # X (dotted), O (blank)
REGION_LIT: tuple[Colour, Colour] = ((62, 148, 154), (250, 240, 206))  # the chosen stack's region
SHADE = (14, 18, 24)  # the rest of the board fades towards this while a region is lit
DOT: tuple[Colour, Colour] = ((128, 186, 190), (128, 186, 190))
ARC = (34, 44, 52)
UNPLACED = (92, 102, 114)
UNPLACED_LINE = (120, 130, 142)
FRAME_EDGE = (20, 26, 34)
LABEL = theme.TEXT_DIM
# Pieces: fill, rim. X dark, O light, each with a rim of the other brightness.
PIECE: tuple[tuple[Colour, Colour], ...] = (((30, 32, 38), (200, 206, 214)), ((250, 248, 240), (44, 40, 36)))
STEP = (96, 214, 120)
TARGET = theme.ACCENT
SELECTED = (250, 250, 250)
CAPTURE = (236, 84, 72)
SUPERSAMPLE = 2
LABEL_BAND = 0.5  # sides of room for the coordinates left of and below the frame
# A tap within this share of a tile's centre-to-corner distance from a junction is on the junction,
# else on the tile: both targets are then as wide as that distance (0.71 of a side on the square
# board, a whole side on the hex board): a junction's disc, a tile's middle between the discs.
JUNCTION_REACH = 0.5
SUPERSAMPLE_UP_TO = 1100  # px: a tiling larger than this (zoomed far in) is drawn without supersampling
DIM = 0.55        # how far the rest of the board fades towards the background when a region is lit
DOTS_PER_SIDE = 6  # the dotted face's dots: this many along a side, in staggered rows
ARC_STEPS = 14     # straight pieces per drawn arc


def ring_order(points: Sequence[Point], corners: Sequence[int], centre: Point) -> list[int]:
    """A tile's corners in order round its centre (y up: counter-clockwise), whatever order the board
    lists them in (the square board's bottom-left, bottom-right, top-left, top-right; the hex board's
    3 x 2 block)."""
    return sorted(corners, key=lambda j: math.atan2(points[j][1] - centre[1], points[j][0] - centre[0]))


@lru_cache(maxsize=None)
def _rings(size: int, hexagonal: bool) -> tuple[tuple[int, ...], ...]:
    """Every tile's corners in order round it (a layout is built at every zoom and pan: worked out once)."""
    geo = board_for(size, hexagonal)
    return tuple(tuple(ring_order(geo.points, corners, geo.centres[t])) for t, corners in enumerate(geo.corners))


class TruchetLayout:
    """Pixel geometry of a board (its tiles, a frame half a side wide and a band for the coordinates)
    fitted into `rect`. `tile` is the length of a tile's side in pixels."""

    def __init__(self, geo: TruchetBoard | int, rect: pygame.Rect) -> None:
        self.geo = geo = board(geo) if isinstance(geo, int) else geo
        self.n = geo.size
        self.rect = pygame.Rect(rect)
        pts, centres = geo.points, geo.centres
        self.rings = _rings(geo.size, geo.hex)
        first = self.rings[0]
        side = math.dist(pts[first[0]], pts[first[1]])  # 1 on both boards
        self.radius = side / 2  # the arcs' and the frame's radius, in board units
        self.reach = JUNCTION_REACH * math.dist(centres[0], pts[first[0]])
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        band = LABEL_BAND * side
        # the board with its frame, and with the labels' band left and below, in board units (y up)
        self.frame = (min(xs) - self.radius, min(ys) - self.radius, max(xs) + self.radius, max(ys) + self.radius)
        x0, y0, x1, y1 = self.frame
        width, height = x1 - x0 + band, y1 - y0 + band
        self.tile = s = max(4.0, min(rect.width / width, rect.height / height))
        self.ox = rect.centerx - (x0 - band + x1) / 2 * s
        self.oy = rect.centery + (y0 - band + y1) / 2 * s
        self.points = [self.at(p) for p in pts]
        self.centres = [self.at(c) for c in centres]
        self.bounds = pygame.Rect(round(self.ox + x0 * s), round(self.oy - y1 * s),
                                  round((x1 - x0) * s), round((y1 - y0) * s))
        self.outer = pygame.Rect(round(self.ox + (x0 - band) * s), self.bounds.top,
                                 round(width * s), round(height * s))
        self._junction_cells = self._cells(self.points)
        self._tile_cells = self._cells(self.centres)

    def at(self, p: Point) -> Point:
        """The pixel of a point of the board (board units, y up)."""
        return (self.ox + p[0] * self.tile, self.oy - p[1] * self.tile)

    def _cells(self, spots: Sequence[Point]) -> dict[tuple[int, int], list[int]]:
        """`spots` sorted into squares a side wide, to find the nearest ones to a pixel quickly."""
        cells: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(spots):
            cells.setdefault((math.floor(x / self.tile), math.floor(y / self.tile)), []).append(i)
        return cells

    def _nearest(self, cells: dict[tuple[int, int], list[int]], spots: Sequence[Point],
                 pos: tuple[float, float]) -> tuple[int | None, float]:
        """The spot nearest `pos` among those within a side of it, and its distance in pixels."""
        cx, cy = math.floor(pos[0] / self.tile), math.floor(pos[1] / self.tile)
        best, gap = None, math.inf
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for i in cells.get((cx + dx, cy + dy), ()):
                    d = math.dist(spots[i], pos)
                    if d < gap:
                        best, gap = i, d
        return best, gap

    @property
    def target(self) -> float:
        """The width in pixels of the smallest target: a junction's disc, as wide as a tile's middle."""
        return 2 * self.reach * self.tile

    @property
    def board_rect(self) -> pygame.Rect:
        """The junctions' extent (without the frame)."""
        r = self.radius * self.tile
        return self.bounds.inflate(-2 * round(r), -2 * round(r))

    def tile_center(self, t: int) -> Point:
        return self.centres[t]

    def tile_polygon(self, t: int, inset: float = 0.0) -> list[Point]:
        """Tile `t`'s corners in pixels, in order round it, moved `inset` pixels towards its centre."""
        cx, cy = self.centres[t]
        out = []
        for j in self.rings[t]:
            x, y = self.points[j]
            d = math.hypot(x - cx, y - cy) or 1.0
            f = max(0.0, 1 - inset / d)
            out.append((cx + (x - cx) * f, cy + (y - cy) * f))
        return out

    def junction_at(self, pos: tuple[float, float], reach: float | None = None) -> int | None:
        """The junction nearest `pos` if it is within `reach` (in sides; by default JUNCTION_REACH of a
        tile's centre-to-corner distance), else None."""
        j, gap = self._nearest(self._junction_cells, self.points, pos)
        limit = (self.reach if reach is None else reach) * self.tile
        return j if j is not None and gap <= limit else None

    def tile_at(self, pos: tuple[float, float]) -> int | None:
        """The tile under `pos` (the nearest centre, when `pos` is inside that tile), or None."""
        t, _ = self._nearest(self._tile_cells, self.centres, pos)
        if t is None or not _inside(self.tile_polygon(t), pos):
            return None
        return t


def _inside(polygon: Sequence[Point], pos: tuple[float, float]) -> bool:
    """Whether `pos` lies in the convex `polygon` (its edges included)."""
    sign = 0
    for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]]):
        cross = (bx - ax) * (pos[1] - ay) - (by - ay) * (pos[0] - ax)
        if abs(cross) < 1e-9:
            continue
        if sign == 0:
            sign = 1 if cross > 0 else -1
        elif (cross > 0) != (sign > 0):
            return False
    return True


@dataclass
class TruchetView:
    """What the UI adds to a state. Junctions and tiles are indices; `tiles` overrides the state's."""

    tiles: str | None = None                        # tiles to draw (flip preview, tiles being drawn)
    region: frozenset[int] = frozenset()            # junctions of the highlighted region
    selected: frozenset[int] = frozenset()          # chosen stacks
    steps: frozenset[int] = frozenset()             # empty junctions the chosen stack can step to
    targets: frozenset[int] = frozenset()           # where a merge or split of the chosen stacks can land
    captures: frozenset[int] = frozenset()          # targets where an enemy stack would be taken
    partners: frozenset[int] = frozenset()          # stacks that can join a merge
    vias: frozenset[int] = frozenset()              # where a stack may first move before merging/splitting
    ghosts: Mapping[int, int] = field(default_factory=dict)   # junction -> signed height, the move's result
    faded: frozenset[int] = frozenset()             # stacks that leave in the previewed move
    flip: int | None = None                         # the tile chosen to flip (outlined)
    choosable: frozenset[int] = frozenset()         # set-up: tiles the player places now
    last: frozenset[int] = frozenset()              # junctions of the last move
    last_flip: int | None = None
    show_parity: bool = False
    effects: tuple[tuple[int, int, float], ...] = ()  # (junction, signed height, progress 0..1) of captures
    hover: int | None = None                        # a tile under the pointer that can be flipped


def _arc(centre: Point, radius: float, start: float, end: float) -> list[Point]:
    """Points on the arc about `centre` from angle `start` to `end` (radians, the short way round)."""
    sweep = (end - start + math.pi) % (2 * math.pi) - math.pi
    return [(centre[0] + radius * math.cos(start + sweep * k / ARC_STEPS),
             centre[1] + radius * math.sin(start + sweep * k / ARC_STEPS)) for k in range(ARC_STEPS + 1)]


@cached_surface(lambda layout, tiles, region=frozenset(): (layout.geo.size, layout.geo.hex, round(layout.tile * 8),
                                                           tiles, region), limit=48)
def tiling_surface(layout: TruchetLayout, tiles: str, region: frozenset[int] = frozenset()) -> pygame.Surface:
    """The tiles and the frame, regions in their colours (`region` highlighted), cached per tiling.
    The surface covers `layout.bounds`."""
    geo = layout.geo
    x0, y0, x1, y1 = layout.frame
    k = SUPERSAMPLE if max(x1 - x0, y1 - y0) * layout.tile <= SUPERSAMPLE_UP_TO else 1
    s = layout.tile * k
    size = (round((x1 - x0) * s), round((y1 - y0) * s))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    half = layout.radius * s
    spots = [((x - x0) * s, (y1 - y) * s) for x, y in geo.points]

    def colour(j: int) -> Colour:
        if not region:
            return REGION[geo.colour[j]]
        if j in region:
            return REGION_LIT[geo.colour[j]]
        return _mix(REGION[geo.colour[j]], SHADE, DIM)

    # the frame: a disc of its colour round every junction on the edge (the tiles cover its inner part)
    inner = max(len(around) for around in geo.tiles_at)
    for j, around in enumerate(geo.tiles_at):
        if len(around) < inner:
            pygame.draw.circle(surf, colour(j), spots[j], half)
            pygame.draw.circle(surf, ARC, spots[j], half, max(1, round(s / 28)))
    line = max(2, round(s / 26))
    step = s / DOTS_PER_SIDE
    dot_r = max(1.5, s / 34)
    near_arc = s / 14
    edges: dict[tuple[int, int], int] = {}
    for t, letter in enumerate(tiles):
        ring = layout.rings[t]
        polygon = [spots[j] for j in ring]
        for a, b in zip(ring, [*ring[1:], ring[0]]):
            edges[(min(a, b), max(a, b))] = edges.get((min(a, b), max(a, b)), 0) + 1
        if letter not in geo.letters:
            pygame.draw.polygon(surf, UNPLACED, polygon)
            for i in range(len(ring) // 2):  # the long diagonals: a cross on a square, a star on a hexagon
                pygame.draw.line(surf, UNPLACED_LINE, polygon[i], polygon[i + len(ring) // 2], line)
            continue
        band = geo.band(t, letter)
        caps = [(i, j) for i, j in enumerate(ring) if j not in band]
        pygame.draw.polygon(surf, colour(band[0]), polygon)
        arcs = []
        for i, j in caps:
            p, before, after = spots[j], polygon[i - 1], polygon[(i + 1) % len(ring)]
            start = math.atan2(before[1] - p[1], before[0] - p[0])
            end = math.atan2(after[1] - p[1], after[0] - p[0])
            pygame.draw.polygon(surf, colour(j), [p, *_arc(p, half, start, end)])
            arcs.append((p, start, end))
        # dots on X's colour (the dotted face): a staggered grid over the whole board, kept off the arcs
        xs, ys = [q[0] for q in polygon], [q[1] for q in polygon]
        first_row = math.floor(min(ys) / step)
        for row in range(first_row, math.ceil(max(ys) / step) + 1):
            y = (row + 0.5) * step
            shift = step / 2 if row % 2 else 0.0
            for col in range(math.floor(min(xs) / step) - 1, math.ceil(max(xs) / step) + 1):
                x = (col + 0.25) * step + shift
                if not _inside(polygon, (x, y)):
                    continue
                owner = band[0]
                for j in (j for _, j in caps):
                    gap = math.hypot(x - spots[j][0], y - spots[j][1])
                    if gap < half - near_arc:
                        owner = j
                        break
                    if abs(gap - half) < near_arc:
                        owner = -1
                        break
                if owner >= 0 and geo.colour[owner] == X:
                    dot = DOT[X] if not region or owner in region else _mix(DOT[X], SHADE, DIM)
                    pygame.draw.circle(surf, dot, (x, y), dot_r)
        for p, start, end in arcs:  # each arc a thin ring piece centred on the cap's edge
            outer = _arc(p, half + line / 2, start, end)
            pygame.draw.polygon(surf, ARC, outer + _arc(p, max(0.0, half - line / 2), end, start))
    # faint tile sides so each tile reads as a tile, and the board's edge
    grid = pygame.Surface(size, pygame.SRCALPHA)
    for (a, b), count in edges.items():
        if count > 1:
            pygame.draw.line(grid, (*ARC, 70), spots[a], spots[b], max(1, k))
    surf.blit(grid, (0, 0))
    for (a, b), count in edges.items():
        if count == 1:
            pygame.draw.line(surf, ARC, spots[a], spots[b], max(1, k))
    final = layout.bounds.size
    return pygame.transform.smoothscale(surf, final) if k > 1 or surf.get_size() != final else surf


def draw_stack(surface: pygame.Surface, signed: int, center: tuple[float, float], r: float,
               alpha: int = 255) -> None:
    """A stack of |signed| pieces (X when positive) as a short pile of discs, its height on top."""
    player = X if signed > 0 else O
    height = abs(signed)
    fill, rim = PIECE[player]
    rr = max(3, round(r))
    lift = max(2.0, r * 0.28)
    pad = round(lift * (height - 1)) + 4
    tmp = pygame.Surface((2 * rr + 8, 2 * rr + 8 + pad), pygame.SRCALPHA)
    cx = rr + 4
    base = rr + 4 + pad
    pygame.draw.circle(tmp, (0, 0, 0, 90), (cx + 2, base + 3), rr)  # shadow
    for k in range(height):
        cy = base - round(k * lift)
        pygame.draw.circle(tmp, rim, (cx, cy), rr)
        pygame.draw.circle(tmp, fill, (cx, cy), rr - max(1, rr // 6))
    top = base - round((height - 1) * lift)
    if height > 1:
        # the height is never left out: on a small board the number is larger than the piece
        img = theme.render(str(height), max(theme.MIN_TEXT, round(r * 1.25)), rim)
        tmp.blit(img, img.get_rect(center=(cx, top + 1)))
    if alpha < 255:
        tmp.set_alpha(alpha)
    surface.blit(tmp, (round(center[0]) - cx, round(center[1]) - base))


def draw_labels(surface: pygame.Surface, layout: TruchetLayout) -> None:
    """The coordinates: each column's letter on one line below the board, each row's number left of its
    first junction (on the hex board the rows start further left towards the middle). Left out while too
    small to read: zooming shows them."""
    s = layout.tile
    size = round(s * 0.4)
    if not theme.readable(size):
        return
    geo = layout.geo
    away = s * (layout.radius + LABEL_BAND / 2) + 1
    below = max(y for _, y in layout.points) + away
    columns: dict[str, float] = {}
    rows: dict[str, Point] = {}
    for name, (x, y) in zip(geo.names, layout.points):  # (board order: the first junction of a row is its left)
        columns.setdefault(name[0], x)
        rows.setdefault(name[1:], (x, y))
    for letter, x in columns.items():
        theme.text(surface, letter, size, LABEL, center=(x, below))
    for number, (x, y) in rows.items():
        theme.text(surface, number, size, LABEL, center=(x - away, y))


def draw_truchet(surface: pygame.Surface, layout: TruchetLayout, state, view: TruchetView) -> None:
    """Paint `state` with the marks of `view` into `layout.rect`."""
    tiles = view.tiles if view.tiles is not None else state.tiles
    s = layout.tile
    surface.blit(tiling_surface(layout, tiles, view.region), layout.bounds.topleft)
    geo = layout.geo
    draw_labels(surface, layout)

    for t in view.choosable:
        pygame.draw.polygon(surface, theme.ACCENT, layout.tile_polygon(t, 4), max(1, round(s / 22)))
    if view.last_flip is not None:
        _dashed_polygon(surface, layout.tile_polygon(view.last_flip, 2), theme.ACCENT_DIM, max(2, round(s / 20)))
    if view.hover is not None and view.hover != view.flip:
        pygame.draw.polygon(surface, theme.TEXT, layout.tile_polygon(view.hover, 2), 1)
    if view.flip is not None:
        pygame.draw.polygon(surface, theme.ACCENT, layout.tile_polygon(view.flip), max(3, round(s / 12)))
        _flip_badge(surface, layout.tile_center(view.flip), s)

    dot = max(2, round(s * 0.06))
    parity_size = round(s * 0.42)
    parity_words = theme.readable(parity_size)  # else the colour of the marks alone
    for j, (x, y) in enumerate(layout.points):
        if state.stacks[j] == 0 and j not in view.ghosts:
            if view.show_parity:
                words = "+" if geo.colour[j] == X else "\u2212"
                pygame.draw.circle(surface, PIECE[geo.colour[j]][1], (round(x), round(y)), round(s * 0.18))
                if parity_words:
                    theme.text(surface, words, parity_size, PIECE[geo.colour[j]][0], center=(x, y + 1))
            else:
                pygame.draw.circle(surface, ARC, (round(x), round(y)), dot)

    # where the previewed or chosen move can go
    ring = max(2, round(s / 14))
    for j in view.vias:
        x, y = layout.points[j]
        _dashed_ring(surface, (x, y), s * 0.3, TARGET, ring)
    for j in view.steps:
        x, y = layout.points[j]
        pygame.draw.circle(surface, (20, 60, 30), (round(x), round(y)), round(s * 0.15) + 2)
        pygame.draw.circle(surface, STEP, (round(x), round(y)), round(s * 0.15))

    stone_r = s * 0.3
    for j, h in enumerate(state.stacks):
        if not h:
            continue
        center = layout.points[j]
        if j in view.selected:
            pygame.draw.circle(surface, SELECTED, (round(center[0]), round(center[1] - stone_r * 0.2)),
                               round(stone_r + ring * 2), ring + 1)
        draw_stack(surface, h, center, stone_r, alpha=90 if j in view.faded else 255)
        if j in view.partners:
            _dashed_ring(surface, center, stone_r + ring * 2, STEP, ring)
    for j in view.targets:
        x, y = layout.points[j]
        colour = CAPTURE if j in view.captures else TARGET
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(stone_r + ring * 1.5), ring)
    for j, h in view.ghosts.items():
        draw_stack(surface, h, layout.points[j], stone_r, alpha=190)
    for j in view.last:
        if j in view.ghosts:
            continue
        x, y = layout.points[j]
        pygame.draw.circle(surface, theme.ACCENT, (round(x + stone_r * 0.75), round(y + stone_r * 0.7)),
                           max(3, round(s * 0.07)))
    for j, h, progress in view.effects:  # a captured stack shrinks and fades inside a red burst
        x, y = layout.points[j]
        fade = max(0.0, 1.0 - progress)
        draw_stack(surface, h, (x, y - progress * s * 0.4), stone_r * (0.4 + 0.6 * fade), alpha=round(255 * fade))
        burst = pygame.Surface((round(2 * s) + 4, round(2 * s) + 4), pygame.SRCALPHA)
        pygame.draw.circle(burst, (*CAPTURE, round(220 * fade)), (burst.get_width() // 2, burst.get_height() // 2),
                           round(stone_r * (1 + 1.6 * progress)), max(2, round(ring * 1.5)))
        surface.blit(burst, (round(x) - burst.get_width() // 2, round(y) - burst.get_height() // 2))


def _mix(a: Colour, b: Colour, f: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def _flip_badge(surface: pygame.Surface, centre: Point, s: float) -> None:
    img = theme.render("flip", max(theme.MIN_TEXT, round(s * 0.3)), theme.TEXT_DARK)
    box = img.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(8, 2)
    pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.height // 2)
    surface.blit(img, img.get_rect(center=box.center))


def _cross(surface: pygame.Surface, c: tuple[float, float], r: float, colour: Colour, width: int) -> None:
    x, y = c
    pygame.draw.line(surface, colour, (x - r * 0.6, y - r * 0.6), (x + r * 0.6, y + r * 0.6), width)
    pygame.draw.line(surface, colour, (x - r * 0.6, y + r * 0.6), (x + r * 0.6, y - r * 0.6), width)


def _dashed_ring(surface: pygame.Surface, c: tuple[float, float], r: float, colour: Colour, width: int) -> None:
    steps = 16
    for k in range(0, steps, 2):
        a0, a1 = 2 * math.pi * k / steps, 2 * math.pi * (k + 1) / steps
        pygame.draw.line(surface, colour, (c[0] + r * math.cos(a0), c[1] + r * math.sin(a0)),
                         (c[0] + r * math.cos(a1), c[1] + r * math.sin(a1)), width)


def _dashed_polygon(surface: pygame.Surface, corners: Sequence[Point], colour: Colour, width: int) -> None:
    for a, b in zip(corners, [*corners[1:], corners[0]]):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        pieces = max(2, int(length // 8))
        for k in range(0, pieces, 2):
            f0, f1 = k / pieces, min(1.0, (k + 1) / pieces)
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * f0, a[1] + (b[1] - a[1]) * f0),
                             (a[0] + (b[0] - a[0]) * f1, a[1] + (b[1] - a[1]) * f1), width)


def piece_icon(player: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
    """The card and game-over icon of `player`: one piece."""
    return lambda surface, center, r: draw_stack(surface, 1 if player == X else -1, center, r)
