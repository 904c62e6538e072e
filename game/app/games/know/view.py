"""Drawing a know position: a pure function of the state plus the UI's marks.

`KnowLayout` fits the round board into a rectangle (unit-circle polygons from
`know_board`) and finds the space under a pixel; `draw_know` paints a state.
Nothing here decides what is legal: the scene passes highlights computed from
the rules (`legal_moves`, `details`).

Pieces are told apart by shape as well as colour: a Bard is round, a Fool a
triangle, a Herald a square; Red's pieces are light-rimmed warm red, Blue's
dark blue with a white rim; a striped piece carries a white band. So each seat
of the four-player game (a colour and a stripe) and of the three-player game (a
type) has a marker that is a shape or a pattern, not a hue alone
(`draw_seat_marker`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.app.ui import theme
from game.app.ui.drawing import cached_surface
from game.rules.know import (AMBIGUOUS, CENTER, FIRST, RIM, SECOND, SEATS_4, KnowState, Snapshot, board,
                             connected_pairs, owner, piece_type, striped)

Colour = tuple[int, int, int]

# Per tier: (light space, dark space). Earthy tints so the red and blue pieces stand out.
TIER_COLOURS: dict[str, tuple[Colour, Colour]] = {
    RIM: ((238, 222, 186), (132, 100, 72)),
    FIRST: ((224, 228, 190), (102, 114, 76)),
    SECOND: ((206, 224, 218), (70, 106, 106)),
    CENTER: ((232, 210, 216), (116, 82, 100)),
}
TIER_NAMES = {RIM: "Rim", FIRST: "First", SECOND: "Second", CENTER: "Center"}
BOARD_RING = (86, 70, 54)
EDGE = (62, 52, 42)
TIER_LINE = (40, 34, 28)
# Pieces: fill, outline. Red is lighter than Blue so they differ in brightness too.
PIECE_COLOURS: tuple[tuple[Colour, Colour], ...] = (((228, 86, 66), (92, 26, 18)), ((40, 78, 176), (236, 240, 250)))
PLAYER_INK: tuple[Colour, Colour] = ((240, 120, 100), (120, 160, 240))
INFLUENCE_TINT: tuple[tuple[int, int, int, int], ...] = ((236, 80, 60, 92), (40, 90, 220, 92))
# Three players: the sides are the types (Bards, Fools, Heralds), each with both colours' pieces; their
# influence tints and ink
SIDE_TINT: tuple[tuple[int, int, int, int], ...] = ((240, 170, 50, 96), (40, 180, 150, 96), (120, 110, 230, 96))
SIDE_INK: tuple[Colour, ...] = ((244, 190, 90), (90, 210, 180), (160, 150, 250))
CONNECTION_THREE = (248, 244, 232)  # a three-player connection may join a red and a blue piece
POC_TINT = (150, 60, 170, 130)
TARGET = (120, 226, 140)
SHAPES = ("round", "triangle", "square")
# Above this many pixels across, the empty board is drawn without supersampling (a board zoomed far in).
SUPERSAMPLE_UP_TO = 1100
NAME_SIZE = 0.052  # the spaces' names: their text size, as a share of the board's radius


class KnowLayout:
    """Pixel geometry of the board fitted into `rect`."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.radius = max(20.0, min(rect.width, rect.height) / 2 - 4)
        self.center = (rect.centerx, rect.centery)
        geo = board()
        self.polygons = [[self.to_px(p) for p in poly] for poly in geo.polygon]
        self.centroids = [self.to_px(c) for c in geo.centroid]
        full = self.piece_radius
        # a piece fits its space: small spaces (the Center's slivers) take smaller pieces
        self.piece_radii = [min(full, max(full * 0.7, _inradius(poly, c) * 1.7))
                            for poly, c in zip(self.polygons, self.centroids)]
        r = self.radius
        self.bounds = pygame.Rect(round(self.center[0] - r), round(self.center[1] - r), round(2 * r), round(2 * r))

    def to_px(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.center[0] + p[0] * self.radius, self.center[1] + p[1] * self.radius)

    @property
    def piece_radius(self) -> float:
        return max(6.0, self.radius * 0.062)

    def space_at(self, pos: tuple[int, int]) -> int | None:
        """The space whose polygon holds `pos`, or None off the board."""
        px, py = pos
        if (px - self.center[0]) ** 2 + (py - self.center[1]) ** 2 > (self.radius * 1.01) ** 2:
            return None
        for i, poly in enumerate(self.polygons):
            if _inside(poly, px, py):
                return i
        # on a line between spaces: the nearest centroid
        return min(range(len(self.centroids)),
                   key=lambda i: (self.centroids[i][0] - px) ** 2 + (self.centroids[i][1] - py) ** 2)


def names_zoom(layout: KnowLayout) -> float:
    """How much larger the board must be drawn for the spaces' names to be readable (1: they are)."""
    return max(1.0, theme.MIN_TEXT / (layout.radius * NAME_SIZE))


def _inradius(poly: list[tuple[float, float]], c: tuple[float, float]) -> float:
    """Distance from `c` to the nearest side of `poly`."""
    best = math.inf
    n = len(poly)
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy or 1e-9
        t = max(0.0, min(1.0, ((c[0] - x1) * dx + (c[1] - y1) * dy) / length2))
        best = min(best, math.dist(c, (x1 + t * dx, y1 + t * dy)))
    return best


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@dataclass
class KnowView:
    """What the UI adds to a state: selection, highlights and toggles."""

    selected: int | None = None                                  # the chosen piece's space
    movable: frozenset[int] = frozenset()                        # spaces of pieces that may move now
    targets: frozenset[int] = frozenset()                        # spaces the chosen piece may reach
    errand: frozenset[int] = frozenset()                         # locked-out pieces offered an Errand
    path_pieces: frozenset[int] = frozenset()                    # pieces that may declare a Path
    path_targets: frozenset[int] = frozenset()                   # points of contention open to a Path
    hover: int | None = None
    last: tuple[int, int] | None = None                          # the last piece move (from, to)
    show_influence: bool = False
    show_names: bool = False
    show_threads: bool = False
    banner: str = ""                                             # e.g. the post-resolution sequence
    corner_dice: dict[str, tuple[list[int], str]] = field(default_factory=dict)  # "top"/"bottom": dice, caption
    hidden: frozenset[int] = frozenset()                         # spaces whose piece is on its way there


SUPERSAMPLE = 2


@cached_surface(lambda layout: layout.rect.size, limit=16)
def _background(layout: KnowLayout) -> pygame.Surface:
    """The empty board drawn once per rectangle size (wherever it lies: a zoomed board panned reuses it),
    supersampled for smooth edges unless it is very large."""
    k = SUPERSAMPLE if max(layout.rect.size) <= SUPERSAMPLE_UP_TO else 1
    rect = layout.rect
    big = pygame.Surface((rect.width * k, rect.height * k), pygame.SRCALPHA)
    ox, oy = rect.left, rect.top

    def at(p: tuple[float, float]) -> tuple[float, float]:
        x, y = layout.to_px(p)
        return ((x - ox) * k, (y - oy) * k)

    geo = board()
    r = layout.radius * k
    cx, cy = (layout.center[0] - ox) * k, (layout.center[1] - oy) * k
    pygame.draw.circle(big, BOARD_RING, (cx, cy), r + 6 * k)
    line = max(1, round(layout.radius / 140)) * k
    for i, poly in enumerate(geo.polygon):
        tier = geo.tier[i]
        light = geo.colour[i] == "white"
        pts = [at(p) for p in poly]
        if tier == AMBIGUOUS:
            _draw_ambiguous(big, pts, k)
        else:
            pygame.draw.polygon(big, TIER_COLOURS[tier][0 if light else 1], pts)
        pygame.draw.polygon(big, EDGE, pts, line)
    # tier boundaries: the squares at 0.195 and 0.556, and the short chords at 0.831
    heavy = max(2, round(layout.radius / 60)) * k
    for s in (0.1951, 0.5556):
        corners = [at((-s, -s)), at((s, -s)), at((s, s)), at((-s, s))]
        pygame.draw.polygon(big, TIER_LINE, corners, heavy)
    for a, b in (((0.8315, -0.5556), (0.8315, 0.5556)), ((-0.8315, -0.5556), (-0.8315, 0.5556)),
                 ((-0.5556, 0.8315), (0.5556, 0.8315)), ((-0.5556, -0.8315), (0.5556, -0.8315))):
        pygame.draw.line(big, TIER_LINE, at(a), at(b), heavy)
    for i in range(16):  # the outline: a 16-gon through the rim points
        a1 = math.radians(i * 22.5 - 101.25)
        a2 = math.radians((i + 1) * 22.5 - 101.25)
        pygame.draw.line(big, TIER_LINE, at((math.cos(a1), math.sin(a1))), at((math.cos(a2), math.sin(a2))), heavy)
    return pygame.transform.smoothscale(big, rect.size) if k > 1 else big


def _draw_ambiguous(surface: pygame.Surface, pts: list[tuple[float, float]], k: int) -> None:
    """An ambiguous corner space (Rim and First): the rim tint hatched with the first-tier tint."""
    pygame.draw.polygon(surface, TIER_COLOURS[RIM][0], pts)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    stripes = pygame.Surface(box.size, pygame.SRCALPHA)
    step = max(4, box.width // 7)
    for x in range(-box.height, box.width, step * 2):
        pygame.draw.polygon(stripes, (*TIER_COLOURS[FIRST][0], 255),
                            [(x, 0), (x + step, 0), (x + step + box.height, box.height), (x + box.height, box.height)])
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.left, y - box.top) for x, y in pts])
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(stripes, box.topleft)
    pygame.draw.polygon(surface, (150, 136, 96), pts, max(1, k))


# ----------------------------------------------------------------------------- pieces
def shape_points(kind: int, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """Outline of a Fool (triangle) or Herald (square) of radius r; empty for a Bard (circle)."""
    cx, cy = center
    if kind == 1:
        return [(cx, cy - r * 1.12), (cx + r * 1.08, cy + r * 0.78), (cx - r * 1.08, cy + r * 0.78)]
    if kind == 2:
        h = r * 0.86
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    return []


def _half_width(kind: int, r: float, dy: float) -> float:
    """Half the width of the shape at height dy from its centre (for the stripe band)."""
    if kind == 0:
        return math.sqrt(max(0.0, r * r - dy * dy)) * 0.96
    if kind == 1:
        top, bottom = -r * 1.12, r * 0.78
        return max(0.0, (dy - top) / (bottom - top) * r * 1.08 - r * 0.08)
    return r * 0.86 - 1


def draw_piece(surface: pygame.Surface, player: int, kind: int, is_striped: bool, center: tuple[float, float],
               r: float, alpha: int = 255) -> None:
    """One piece: shape by type, colour by player, a white band when striped."""
    if alpha < 255:
        size = int(r * 2.6) + 4
        tmp = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_piece(tmp, player, kind, is_striped, (size / 2, size / 2), r)
        tmp.set_alpha(alpha)
        surface.blit(tmp, (center[0] - size / 2, center[1] - size / 2))
        return
    fill, rim = PIECE_COLOURS[player]
    cx, cy = center
    width = max(2, round(r / 5))
    # a soft shadow lifts the piece off the board
    shadow = (0, 0, 0)
    if kind == 0:
        pygame.draw.circle(surface, shadow, (cx + 1, cy + 2), r + 1)
        pygame.draw.circle(surface, fill, (cx, cy), r)
    else:
        pts = shape_points(kind, center, r)
        pygame.draw.polygon(surface, shadow, [(x + 1, y + 2) for x, y in shape_points(kind, center, r + 1)])
        pygame.draw.polygon(surface, fill, pts)
    if is_striped:
        band = max(2, round(r * 0.34))
        base = cy + (r * 0.12 if kind == 1 else 0)
        for k in range(band):
            dy = base - cy - band / 2 + k
            half = _half_width(kind, r, dy)
            if half > 1:
                pygame.draw.line(surface, (250, 250, 246), (cx - half, base - band / 2 + k),
                                 (cx + half, base - band / 2 + k))
    if kind == 0:
        pygame.draw.circle(surface, rim, (cx, cy), r, width)
    else:
        pygame.draw.polygon(surface, rim, shape_points(kind, center, r), width)


def draw_seat_marker(surface: pygame.Surface, players: int, seat: int, center: tuple[float, float],
                     r: float) -> None:
    """A seat's marker on its card: two players, its colour's Bard; four, its colour's Bard striped or plain
    (the seat's stripe); three, its type of piece in both colours (a Bard, a Fool, a Herald)."""
    if players == 3:
        for k, colour in enumerate((0, 1)):
            draw_piece(surface, colour, seat, False, (center[0] + (k - 0.5) * r * 1.2, center[1]), r * 0.62)
        return
    colour, is_striped = SEATS_4[seat] if players == 4 else (seat, False)
    draw_piece(surface, colour, 0, is_striped, center, r * 0.85)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, ink: Colour = theme.TEXT_DARK,
             face: Colour = (246, 242, 232), border: Colour | None = None) -> None:
    """A die face showing `value` pips."""
    pygame.draw.rect(surface, face, rect, border_radius=max(3, rect.width // 6))
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(2, rect.width // 14), border_radius=max(3, rect.width // 6))
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    step = rect.width / 4
    pr = max(2, round(rect.width / 11))
    for gx, gy in pips.get(value, []):
        pygame.draw.circle(surface, ink, (round(rect.left + step * (gx + 1)), round(rect.top + step * (gy + 1))), pr)


# ----------------------------------------------------------------------------- the board
def _tint(surface: pygame.Surface, poly: list[tuple[float, float]], rgba: tuple[int, int, int, int]) -> None:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(tmp, rgba, [(x - box.left, y - box.top) for x, y in poly])
    surface.blit(tmp, box.topleft)


def _outline(surface: pygame.Surface, poly: list[tuple[float, float]], colour: Colour, width: int) -> None:
    pygame.draw.polygon(surface, colour, poly, width)


def draw_know(surface: pygame.Surface, layout: KnowLayout, state: KnowState, view: KnowView) -> None:
    """Paint `state` with the marks of `view` into `layout.rect`."""
    geo = board()
    surface.blit(_background(layout), layout.rect.topleft)
    polys = layout.polygons
    cents = layout.centroids
    pr = layout.piece_radius
    thin = max(2, round(layout.radius / 110))

    three = state.opts.three
    sides = 3 if three else 2
    if view.show_influence:
        snap = Snapshot(state.pos, three)
        tints = SIDE_TINT if three else INFLUENCE_TINT
        for i in range(geo.size):
            if snap.poc >> i & 1:
                _tint(surface, polys[i], POC_TINT)
                _draw_cross(surface, cents[i], pr * 0.55, (70, 20, 80), thin)
                continue
            for side in range(sides):
                if snap.influence[side] >> i & 1:
                    _tint(surface, polys[i], tints[side])

    if view.last is not None:
        a, b = view.last
        pygame.draw.line(surface, theme.ACCENT, cents[a], cents[b], thin)
        _outline(surface, polys[a], theme.ACCENT_DIM, thin)
        _outline(surface, polys[b], theme.ACCENT, thin)

    # connections and threads: two same-type pieces of one side joined through the centre
    pairs = [(a, b, side) for side in range(sides) for a, b in connected_pairs(state.pos, side, three)]
    for a_piece, b_piece, side in pairs:
        a, b = state.pos[a_piece], state.pos[b_piece]
        if three and geo.tier[a] in (RIM, CENTER):  # no use to three players: a thin line
            pygame.draw.line(surface, (40, 36, 30), cents[a], cents[b], max(1, thin - 1))
            continue
        ink = CONNECTION_THREE if three else PIECE_COLOURS[side][0]
        pygame.draw.line(surface, (250, 246, 230) if not three else (40, 36, 30), cents[a], cents[b],
                         max(5, round(pr * 0.7)))
        pygame.draw.line(surface, ink, cents[a], cents[b], max(3, round(pr * 0.42)))
    joined = {piece for a, b, _ in pairs for piece in (a, b)}
    for player in (0, 1) if view.show_threads else ():
        for kind in range(3):
            a_piece = 6 * player + 2 * kind
            if a_piece in joined or a_piece + 1 in joined:
                continue
            a, b = state.pos[a_piece], state.pos[a_piece + 1]
            ink = PLAYER_INK[player]
            _dashed(surface, cents[a], layout.center, ink, max(1, thin - 1))
            _dashed(surface, layout.center, cents[b], ink, max(1, thin - 1))
    if pairs or view.show_threads:
        pygame.draw.circle(surface, TIER_LINE, layout.center, max(3, round(pr * 0.35)))

    for i in view.path_targets:
        _tint(surface, polys[i], (242, 178, 80, 120))
        _outline(surface, polys[i], theme.ACCENT, thin + 1)
    for i in view.targets:
        _tint(surface, polys[i], (120, 226, 140, 110))
        _outline(surface, polys[i], TARGET, thin + 1)
        pygame.draw.circle(surface, (40, 120, 60), cents[i], max(3, round(pr * 0.3)))
    if view.hover is not None and (view.hover in view.targets or view.hover in view.path_targets):
        _outline(surface, polys[view.hover], (255, 255, 255), thin + 2)

    at = {where: piece for piece, where in enumerate(state.pos)}
    for where, piece in at.items():
        if where in view.hidden:
            continue
        c = cents[where]
        pr = layout.piece_radii[where]
        if where in view.movable or where in view.path_pieces:
            pygame.draw.circle(surface, theme.ACCENT, c, pr * 1.45, max(2, round(pr / 4)))
        if where in view.errand:
            _dashed_ring(surface, c, pr * 1.5, (250, 120, 200), max(2, round(pr / 4)))
        if where == view.selected:
            pygame.draw.circle(surface, (255, 255, 255), c, pr * 1.55, max(3, round(pr / 3)))
        draw_piece(surface, owner(piece), piece_type(piece), striped(piece), c, pr)
    if view.hover is not None and view.selected is not None and view.hover in view.targets:
        piece = at.get(view.selected)
        if piece is not None:
            draw_piece(surface, owner(piece), piece_type(piece), striped(piece), cents[view.hover],
                       layout.piece_radii[view.hover], alpha=120)

    size = round(layout.radius * NAME_SIZE)
    if view.show_names and theme.readable(size):  # else too small to read: zooming in shows them
        for i, name in enumerate(geo.names):
            if i in at:
                continue
            dark = geo.colour[i] == "black"
            theme.text(surface, name, size, (250, 248, 240) if dark else (40, 36, 30), center=cents[i])

    for corner, (values, caption) in view.corner_dice.items():
        _corner_dice(surface, layout, corner, values, caption)
    if view.banner:
        _banner(surface, layout, view.banner)


def _draw_cross(surface: pygame.Surface, c: tuple[float, float], r: float, colour: Colour, width: int) -> None:
    pygame.draw.line(surface, colour, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), width)
    pygame.draw.line(surface, colour, (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), width)


def _dashed(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour: Colour, width: int) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    dash = 8.0
    steps = int(length // dash)
    for k in range(0, steps, 2):
        t1, t2 = k * dash / length, min(1.0, (k + 1) * dash / length)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                         (a[0] + (b[0] - a[0]) * t2, a[1] + (b[1] - a[1]) * t2), width)


def _dashed_ring(surface: pygame.Surface, c: tuple[float, float], r: float, colour: Colour, width: int) -> None:
    for k in range(0, 12, 2):
        a1, a2 = k * math.pi / 6, (k + 1) * math.pi / 6
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(c[0]), round(c[1]))
        pygame.draw.arc(surface, colour, rect, a1, a2, width)


def _corner_dice(surface: pygame.Surface, layout: KnowLayout, corner: str, values: list[int], caption: str) -> None:
    """Dice in a corner of the board's rectangle (outside the round board): top for Red, bottom for Blue."""
    rect = layout.rect
    side = max(26, min(48, round(layout.radius * 0.17)))
    gap = 6
    x = rect.right - side - 4
    y = rect.top + 4 if corner == "top" else rect.bottom - side - 22
    player = 0 if corner == "top" else 1
    for k, value in enumerate(reversed(values)):
        box = pygame.Rect(x - k * (side + gap), y, side, side)
        draw_die(surface, box, value, border=PIECE_COLOURS[player][0])
    if caption:
        w, h = theme.font(theme.MIN_TEXT).size(caption)
        pill = pygame.Rect(0, 0, w + 12, h + 4)
        pill.midright = (rect.right - 2, y + side + 11)
        pygame.draw.rect(surface, theme.BG, pill, border_radius=pill.height // 2)
        theme.text(surface, caption, theme.MIN_TEXT, PLAYER_INK[player], center=pill.center)


def _banner(surface: pygame.Surface, layout: KnowLayout, words: str) -> None:
    size = max(theme.MIN_TEXT, min(24, round(layout.radius * 0.08)))
    w = min(layout.rect.width - 8, theme.font(size).size(words)[0] + 28)
    box = pygame.Rect(0, 0, w, size + 14)
    box.center = (layout.center[0], round(layout.center[1] + layout.radius * 0.42))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 24, 30, 215), shade.get_rect(), border_radius=box.height // 2)
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=box.height // 2)
    theme.text(surface, words, size, theme.ACCENT, center=box.center, max_width=box.width - 16)


def tier_legend(surface: pygame.Surface, topleft: tuple[int, int], size: int = theme.MIN_TEXT) -> int:
    """A small key of the tier tints; returns its height."""
    x, y = topleft
    for tier in (RIM, FIRST, SECOND, CENTER):
        light, dark = TIER_COLOURS[tier]
        pygame.draw.rect(surface, light, (x, y, size // 2 + 1, size))
        pygame.draw.rect(surface, dark, (x + size // 2, y, size // 2 + 1, size))
        theme.text(surface, TIER_NAMES[tier], size, theme.TEXT_DIM, midleft=(x + size + 6, y + size / 2))
        y += size + 4
    return y - topleft[1]


def piece_legend(surface: pygame.Surface, topleft: tuple[int, int], size: int = theme.MIN_TEXT) -> int:
    """A small key of the piece shapes; returns its height."""
    x, y = topleft
    for kind, name in enumerate(("Bard", "Fool", "Herald")):
        draw_piece(surface, 0, kind, False, (x + size * 0.5, y + size / 2), size * 0.42)
        draw_piece(surface, 1, kind, False, (x + size * 1.6, y + size / 2), size * 0.42)
        theme.text(surface, name, size, theme.TEXT_DIM, midleft=(x + size * 2.4, y + size / 2))
        y += size + 5
    draw_piece(surface, 0, 0, True, (x + size * 0.5, y + size / 2), size * 0.42)
    theme.text(surface, "striped", size, theme.TEXT_DIM, midleft=(x + size * 2.4, y + size / 2))
    return y + size - topleft[1]
