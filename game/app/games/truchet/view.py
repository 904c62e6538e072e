"""Drawing a Truchet position: a pure function of the state plus the UI's marks.

`TruchetLayout` fits the board (n x n tiles inside a frame of half discs, as
the seed's picture shows it) into a rectangle and finds the junction or tile
under a pixel; `draw_truchet` paints a state. Nothing here decides what is
legal: the scene passes the tiles to show (a flip preview, tiles still being
drawn) and every highlight, computed from the rules.

Regions have two clear colours, with dots on X's (the tiles' dotted face):
X's regions are teal with pale dots, O's a light sand. Each tile is a square
of its band's colour with two quarter discs of the other colour at the
corners its arcs cut off; a junction's colour is the colour around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping

import pygame

from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.truchet import LETTERS, O, X, board

Colour = tuple[int, int, int]

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
LABEL_BAND = 0.5  # tiles of room for the coordinates left of and below the frame
# A tap this near a junction (in tiles) is on the junction, else on the tile: both targets are then
# about 0.7 of a tile wide (a junction's disc; the tile's middle between the discs at its corners).
JUNCTION_REACH = 0.35
SUPERSAMPLE_UP_TO = 1100  # px: a tiling larger than this (zoomed far in) is drawn without supersampling
DIM = 0.55        # how far the rest of the board fades towards the background when a region is lit


class TruchetLayout:
    """Pixel geometry of a size-n board (n x n tiles and a frame half a tile wide) fitted into `rect`."""

    def __init__(self, n: int, rect: pygame.Rect) -> None:
        self.n = n
        self.rect = pygame.Rect(rect)
        self.geo = board(n)
        # n tiles, half a tile of frame on each side, and a band for the coordinates left and below
        span = n + 1 + LABEL_BAND
        self.tile = max(4.0, min(rect.width, rect.height) / span)
        s = self.tile
        self.left = rect.centerx - n * s / 2 + LABEL_BAND * s / 2
        self.bottom = rect.centery + n * s / 2 - LABEL_BAND * s / 2
        self.top = self.bottom - n * s
        self.bounds = pygame.Rect(round(self.left - s / 2), round(self.top - s / 2), round((n + 1) * s),
                                  round((n + 1) * s))
        self.outer = pygame.Rect(round(self.left - s / 2 - LABEL_BAND * s), round(self.top - s / 2),
                                 round(span * s), round(span * s))
        side = n + 1
        self.points = [(self.left + (j % side) * s, self.bottom - (j // side) * s) for j in range(side * side)]

    @property
    def target(self) -> float:
        """The width in pixels of the smallest target: a junction's disc (a tile's middle is a little wider)."""
        return 2 * JUNCTION_REACH * self.tile

    @property
    def board_rect(self) -> pygame.Rect:
        """The tiles only (without the frame)."""
        s = self.tile
        return pygame.Rect(round(self.left), round(self.top), round(self.n * s), round(self.n * s))

    def tile_rect(self, t: int) -> pygame.Rect:
        s = self.tile
        c, r = t % self.n, t // self.n
        x0, y0 = self.left + c * s, self.bottom - (r + 1) * s
        return pygame.Rect(round(x0), round(y0), round(x0 + s) - round(x0), round(y0 + s) - round(y0))

    def tile_center(self, t: int) -> tuple[float, float]:
        s = self.tile
        c, r = t % self.n, t // self.n
        return (self.left + (c + 0.5) * s, self.bottom - (r + 0.5) * s)

    def junction_at(self, pos: tuple[int, int], reach: float = JUNCTION_REACH) -> int | None:
        """The junction within `reach` tiles of `pos`, or None."""
        s = self.tile
        c = round((pos[0] - self.left) / s)
        r = round((self.bottom - pos[1]) / s)
        side = self.n + 1
        if not (0 <= c < side and 0 <= r < side):
            return None
        j = r * side + c
        x, y = self.points[j]
        return j if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= (reach * s) ** 2 else None

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        s = self.tile
        fc = (pos[0] - self.left) / s
        fr = (self.bottom - pos[1]) / s
        if not (0 <= fc < self.n and 0 <= fr < self.n):
            return None
        return int(fr) * self.n + int(fc)


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


def _tile_parts(letter: str, corners: tuple[int, int, int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """((band junction a, band junction b), (cut corner 1, cut corner 2)) as corner positions 0..3
    (bottom-left, bottom-right, top-left, top-right)."""
    if letter == "l":
        return (2, 1), (3, 0)
    return (0, 3), (2, 1)


@cached_surface(lambda layout, tiles, region=frozenset(): (layout.n, round(layout.tile * 8), tiles, region),
                limit=48)
def tiling_surface(layout: TruchetLayout, tiles: str, region: frozenset[int] = frozenset()) -> pygame.Surface:
    """The tiles and the frame, regions in their colours (`region` highlighted), cached per tiling."""
    n = layout.n
    k = SUPERSAMPLE if (n + 1) * layout.tile <= SUPERSAMPLE_UP_TO else 1
    geo = layout.geo
    s = layout.tile * k
    side = n + 1
    size = round((n + 1) * s)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    half = s / 2

    def at(j: int) -> tuple[float, float]:
        return (half + (j % side) * s, size - half - (j // side) * s)

    def colour(j: int) -> Colour:
        if not region:
            return REGION[geo.colour[j]]
        if j in region:
            return REGION_LIT[geo.colour[j]]
        return _mix(REGION[geo.colour[j]], SHADE, DIM)

    # the frame: a half disc of its colour outside every junction on the edge
    for j in range(side * side):
        c, r = j % side, j // side
        if c in (0, n) or r in (0, n):
            pygame.draw.circle(surf, colour(j), at(j), half)
            pygame.draw.circle(surf, ARC, at(j), half, max(1, round(s / 28)))
    line = max(2, round(s / 26))
    dots = _dot_offsets(s)
    for t, letter in enumerate(tiles):
        corners = geo.corners[t]
        pts = [at(j) for j in corners]
        rect = pygame.Rect(round(pts[2][0]), round(pts[2][1]), round(pts[1][0]) - round(pts[2][0]),
                           round(pts[1][1]) - round(pts[2][1]))
        surf.set_clip(rect)
        if letter not in ("l", "r"):
            pygame.draw.rect(surf, UNPLACED, rect)
            pygame.draw.line(surf, UNPLACED_LINE, rect.topleft, rect.bottomright, line)
            pygame.draw.line(surf, UNPLACED_LINE, rect.bottomleft, rect.topright, line)
            surf.set_clip(None)
            continue
        (a, b), (p, q) = _tile_parts(letter, corners)
        band = corners[a]
        pygame.draw.rect(surf, colour(band), rect)
        for corner in (p, q):
            pygame.draw.circle(surf, colour(corners[corner]), pts[corner], half)
        # dots on X's colour: the dotted face
        for dx, dy in dots:
            x, y = rect.left + dx, rect.top + dy
            owner = band
            for corner in (p, q):
                cx, cy = pts[corner]
                if (x - cx) ** 2 + (y - cy) ** 2 < (half - s / 14) ** 2:
                    owner = corners[corner]
                    break
            else:
                # keep dots off the arcs
                if any(abs(math.hypot(x - pts[cn][0], y - pts[cn][1]) - half) < s / 14 for cn in (p, q)):
                    continue
            if geo.colour[owner] == X:
                dot = DOT[X] if not region or owner in region else _mix(DOT[X], SHADE, DIM)
                pygame.draw.circle(surf, dot, (x, y), max(1.5, s / 34))
        for corner in (p, q):
            pygame.draw.circle(surf, ARC, pts[corner], half + line / 2, line)
        surf.set_clip(None)
    # faint tile edges so each tile reads as a tile
    edge = (*ARC, 70)
    grid = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(n + 1):
        x = round(half + i * s)
        pygame.draw.line(grid, edge, (x, round(half)), (x, round(size - half)), max(1, k))
        pygame.draw.line(grid, edge, (round(half), x), (round(size - half), x), max(1, k))
    surf.blit(grid, (0, 0))
    pygame.draw.rect(surf, ARC, pygame.Rect(round(half), round(half), round(n * s), round(n * s)), max(1, k))
    final = (round((n + 1) * layout.tile), round((n + 1) * layout.tile))
    return pygame.transform.smoothscale(surf, final) if k > 1 or surf.get_size() != final else surf


def _dot_offsets(s: float) -> list[tuple[float, float]]:
    """A staggered grid of dot positions inside one tile (in pixels from its top-left)."""
    count = 6
    step = s / count
    out = []
    for row in range(count):
        for col in range(count):
            shift = step / 2 if row % 2 else 0.0
            x = (col + 0.25) * step + shift
            y = (row + 0.5) * step
            if x < s:
                out.append((x, y))
    return out


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


def draw_truchet(surface: pygame.Surface, layout: TruchetLayout, state, view: TruchetView) -> None:
    """Paint `state` with the marks of `view` into `layout.rect`."""
    tiles = view.tiles if view.tiles is not None else state.tiles
    s = layout.tile
    surface.blit(tiling_surface(layout, tiles, view.region), layout.bounds.topleft)
    geo = layout.geo
    n = layout.n
    side = n + 1
    # coordinates inside the frame discs: letters below the bottom row, numbers left of column a
    label = round(s * 0.4)
    away = s * (0.5 + LABEL_BAND / 2) + 1
    for c in range(side) if theme.readable(label) else ():  # else too small to read: zooming shows them
        x, y = layout.points[c]
        theme.text(surface, LETTERS[c], label, LABEL, center=(x, y + away))
    for r in range(side) if theme.readable(label) else ():
        x, y = layout.points[r * side]
        theme.text(surface, str(r + 1), label, LABEL, center=(x - away, y))

    for t in view.choosable:
        pygame.draw.rect(surface, theme.ACCENT, layout.tile_rect(t).inflate(-4, -4), max(1, round(s / 22)),
                         border_radius=3)
    if view.last_flip is not None:
        _dashed_rect(surface, layout.tile_rect(view.last_flip).inflate(-2, -2), theme.ACCENT_DIM, max(2, round(s / 20)))
    if view.hover is not None and view.hover != view.flip:
        pygame.draw.rect(surface, theme.TEXT, layout.tile_rect(view.hover).inflate(-2, -2), 1)
    if view.flip is not None:
        rect = layout.tile_rect(view.flip)
        pygame.draw.rect(surface, theme.ACCENT, rect, max(3, round(s / 12)), border_radius=2)
        _flip_badge(surface, rect, s)

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


def _flip_badge(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    img = theme.render("flip", max(theme.MIN_TEXT, round(s * 0.3)), theme.TEXT_DARK)
    box = img.get_rect(center=rect.center).inflate(8, 2)
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


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for a, b in zip(corners, corners[1:]):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        pieces = max(2, int(length // 8))
        for k in range(0, pieces, 2):
            f0, f1 = k / pieces, min(1.0, (k + 1) / pieces)
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * f0, a[1] + (b[1] - a[1]) * f0),
                             (a[0] + (b[0] - a[0]) * f1, a[1] + (b[1] - a[1]) * f1), width)


def piece_icon(player: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
    """The card and game-over icon of `player`: one piece."""
    return lambda surface, center, r: draw_stack(surface, 1 if player == X else -1, center, r)
