"""The graph of each side's chance to win across a game (the Analyse screen's), drawn from plain values.

x runs over the game's positions (0 .. count - 1, the start at the left), y over a chance (0% at the
bottom, 100% at the top). With two sides the graph is shared as lichess shares it: the first side's
chance fills the plot from the bottom in its colour, the second's from the top in its own, so at every
position the two bands' heights are the two chances and the line between them is the game's balance;
each band carries its side's marker (its piece, as on its card) at the position looked at. With three or
four, each side has a line of its own, in its colour and its dash pattern (`PATTERNS`: solid, dashed,
dotted, dash-dot), so lines are told apart without colour too, and each carries the side's marker at the
position looked at. The moves where a side's chance fell most (its mistakes) are marked where they were
played, on the side's line, in a ring of the side's colour, with a chess player's mark (`grade`): "?!" an
inaccuracy, "?" a mistake, "??" a blunder. Nothing here knows a game: the screen gives the values, inks and markers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from . import theme

Colour = tuple[int, int, int]
Point = tuple[float, float]
Icon = Callable[[pygame.Surface, tuple[float, float], float], None]

#: the sides' dash patterns (lengths in px, drawn and skipped in turn; empty: a solid line)
PATTERNS: tuple[tuple[int, ...], ...] = ((), (12, 7), (3, 6), (14, 5, 3, 5))
GRID: Colour = (56, 70, 86)
GRID_MIDDLE: Colour = (96, 112, 130)  # the 50% line
LINE_WIDTH = 3
BAND_ALPHA = 130  # how strongly two sides' bands are filled with their colours
MARK_RADIUS = 10  # px: a mistake's ring
TITLE_LINE = 32   # px: the graph's top line (its title), and room under it for a mark at 100%
#: px from a mistake's ring within which a tap on the graph goes to that swing rather than the nearest position
SNAP = 16


@dataclass(frozen=True)
class Side:
    """One side's line: its colour, its dash pattern and its marker."""

    ink: Colour
    pattern: tuple[int, ...] = ()
    icon: Icon | None = None


#: how a fall of a mover's chance is called, and marked, as chess players do (lichess's thresholds):
#: (least fall, word, mark), the largest first
GRADES: tuple[tuple[float, str, str], ...] = ((0.3, "a blunder", "??"), (0.2, "a mistake", "?"),
                                              (0.0, "an inaccuracy", "?!"))


def grade(loss: float) -> tuple[str, str]:
    """A fall of `loss` in the mover's chance, in a word and a mark: ``("a blunder", "??")``."""
    return next((word, mark) for least, word, mark in GRADES if loss >= least)


def pattern_for(side: int) -> tuple[int, ...]:
    return PATTERNS[side % len(PATTERNS)]


# ----------------------------------------------------------------------------- geometry
def x_of(plot: pygame.Rect, count: int, ply: int) -> float:
    """The x of position `ply` of `count` on the plot."""
    if count <= 1:
        return float(plot.centerx)
    return plot.left + plot.width * ply / (count - 1)


def y_of(plot: pygame.Rect, chance: float) -> float:
    return plot.bottom - plot.height * max(0.0, min(1.0, chance))


def line_y(plot: pygame.Rect, values: Sequence[float], side: int, shared: bool) -> float:
    """The y of `side`'s line at a position valued `values`: its chance, or with two sides sharing the plot
    (`shared`), the line between their bands."""
    return y_of(plot, values[0] if shared else values[side])


def ply_at(plot: pygame.Rect, count: int, x: float) -> int:
    """The position whose x is nearest `x` (the ends beyond the plot)."""
    if count <= 1:
        return 0
    return max(0, min(count - 1, round((x - plot.left) / plot.width * (count - 1))))


def swing_at(plot: pygame.Rect, chances: Sequence[Sequence[float] | None], sides: int,
             swings: Sequence[tuple[int, int, float]], pos: tuple[int, int]) -> int | None:
    """The swing (its ply) whose ring is within `SNAP` px of `pos` (the nearest), or None; `chances` and
    `swings` as `draw_chance_graph` takes them, for that many `sides`."""
    count, shared = len(chances), sides == 2
    near = [(math.dist(pos, (x_of(plot, count, ply), line_y(plot, values, side, shared))), ply)
            for ply, side, _ in swings if (values := chances[ply]) is not None]
    near = [found for found in near if found[0] <= SNAP]
    return min(near)[1] if near else None


def plot_area(rect: pygame.Rect) -> pygame.Rect:
    """Where the lines go inside the graph's `rect`: under a line for its title (and the screen's words at
    its right), with room at the left for the scale and a margin for the markers at the bottom and the right."""
    label = theme.font(theme.MIN_TEXT).size("100%")[0] + 8
    return pygame.Rect(rect.left + label, rect.top + TITLE_LINE, max(10, rect.width - label - 14),
                       max(10, rect.height - TITLE_LINE - 12))


# ----------------------------------------------------------------------------- drawing
def draw_pattern_line(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: int,
                      pattern: Sequence[int]) -> None:
    """A polyline through `points`, solid or in the dash `pattern` (carried on from one segment to the next)."""
    if len(points) < 2:
        return
    if not pattern:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    k, left = 0, float(pattern[0])  # the pattern's part (even: drawn, odd: skipped) and what is left of it
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if k % 2 == 0:
                a, b = done / length, (done + step) / length
                pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
            done += step
            left -= step
            if left <= 1e-9:
                k = (k + 1) % len(pattern)
                left = float(pattern[k])


def runs(chances: Sequence[Sequence[float] | None], side: int) -> list[list[tuple[int, float]]]:
    """The stretches of positions valued (ply, the side's chance), split where a position is not yet."""
    out: list[list[tuple[int, float]]] = []
    current: list[tuple[int, float]] = []
    for ply, values in enumerate(chances):
        if values is None:
            if current:
                out.append(current)
            current = []
            continue
        current.append((ply, float(values[side])))
    if current:
        out.append(current)
    return out


def draw_chance_graph(surface: pygame.Surface, rect: pygame.Rect, chances: Sequence[Sequence[float] | None],
                      sides: Sequence[Side], swings: Sequence[tuple[int, int, float]], selected: int | None,
                      hover: int | None = None, title: str = "") -> pygame.Rect:
    """The graph in `rect`: the scale, the lines of `sides` through `chances` (one entry per position, None
    where not valued yet), the `swings` (ply, side whose chance fell, by how much) and the position `selected` (a
    vertical line, the sides' markers on their lines); `hover`, a position pointed at; `title` over the plot, at
    the left (the right is left for the screen's words). Returns the plot."""
    theme.panel(surface, rect, theme.BG, 8)
    plot = plot_area(rect)
    count = len(chances)
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):  # the scale: 0%, 50%, 100% named
        y = round(y_of(plot, level))
        pygame.draw.line(surface, GRID_MIDDLE if level == 0.5 else GRID, (plot.left, y), (plot.right, y), 1)
        if level in (0.0, 0.5, 1.0):
            theme.text(surface, f"{round(level * 100)}%", theme.MIN_TEXT, theme.TEXT_DIM,
                       midright=(plot.left - 5, y))
    if hover is not None and 0 <= hover < count:
        x = round(x_of(plot, count, hover))
        pygame.draw.line(surface, GRID, (x, plot.top), (x, plot.bottom), 1)
    if selected is not None and 0 <= selected < count:
        x = round(x_of(plot, count, selected))
        pygame.draw.line(surface, theme.ACCENT, (x, plot.top - MARK_RADIUS), (x, rect.bottom - 4), 2)
    shared = len(sides) == 2
    if shared:
        draw_bands(surface, plot, chances, sides)
    else:
        for side in reversed(range(len(sides))):  # the first side's line on top
            for stretch in runs(chances, side):
                points = [(x_of(plot, count, ply), y_of(plot, p)) for ply, p in stretch]
                if len(points) == 1:
                    pygame.draw.circle(surface, sides[side].ink, points[0], LINE_WIDTH)
                draw_pattern_line(surface, sides[side].ink, points, LINE_WIDTH, sides[side].pattern)
    draw_mistakes(surface, plot, chances, sides, swings, shared)
    if title:
        theme.text(surface, title, theme.MIN_TEXT, theme.TEXT_DIM, topleft=(rect.left + 8, rect.top + 5),
                   max_width=rect.width // 2 - 8)
    if selected is not None and 0 <= selected < count and chances[selected] is not None:
        x = x_of(plot, count, selected)
        values = chances[selected]
        for side in reversed(range(len(sides))):
            if shared:  # in the middle of its band (at its edge where the band is thin)
                edge = y_of(plot, values[0])
                middle = (plot.bottom + edge) / 2 if side == 0 else (plot.top + edge) / 2
                centre = (x, min(max(middle, edge + 10), plot.bottom - 2) if side == 0 else
                          max(min(middle, edge - 10), plot.top + 2))
            else:
                centre = (x, y_of(plot, values[side]))
            if sides[side].icon is not None:
                sides[side].icon(surface, centre, 8)
            else:
                pygame.draw.circle(surface, sides[side].ink, centre, 6)
    return plot


def draw_mistakes(surface: pygame.Surface, plot: pygame.Rect, chances: Sequence[Sequence[float] | None],
               sides: Sequence[Side], swings: Sequence[tuple[int, int, float]], shared: bool) -> None:
    """Each mistake, on its side's line where it was played: its mark (`grade`) in a ring of the side's
    colour; one that a bigger mistake's ring would cover, a dot of that colour (the bigger drawn whole)."""
    count = len(chances)
    rings: list[tuple[tuple[int, int], int, str, Colour]] = []
    dots: list[tuple[tuple[int, int], Colour]] = []
    for ply, side, loss in sorted(swings, key=lambda swing: -swing[2]):  # the biggest first
        if chances[ply] is None:
            continue
        centre = (round(x_of(plot, count, ply)), round(line_y(plot, chances[ply], side, shared)))
        mark = grade(loss)[1]
        radius = max(MARK_RADIUS, theme.font(theme.MIN_TEXT).size(mark)[0] // 2 + 5)
        if any(math.dist(centre, other) < radius + r for other, r, _, _ in rings):
            dots.append((centre, sides[side].ink))
        else:
            rings.append((centre, radius, mark, sides[side].ink))
    for centre, ink in dots:
        pygame.draw.circle(surface, theme.BG, centre, 6)
        pygame.draw.circle(surface, ink, centre, 4)
    for centre, radius, mark, ink in rings:
        pygame.draw.circle(surface, theme.BG, centre, radius)
        pygame.draw.circle(surface, ink, centre, radius, 3)
        theme.text(surface, mark, theme.MIN_TEXT, theme.TEXT, center=(centre[0] + 0.5, centre[1] + 1))


def draw_bands(surface: pygame.Surface, plot: pygame.Rect, chances: Sequence[Sequence[float] | None],
               sides: Sequence[Side]) -> None:
    """Two sides: the first's chance as a band from the bottom, the second's from the top, each in its
    colour (faded), and the line between them."""
    count = len(chances)
    layer = pygame.Surface(plot.size, pygame.SRCALPHA)
    lines = []
    for stretch in runs(chances, 0):
        points = [(x_of(plot, count, ply) - plot.left, y_of(plot, p) - plot.top) for ply, p in stretch]
        first, last = points[0][0], points[-1][0]
        if len(points) == 1:
            points = [(first - 1, points[0][1]), (first + 1, points[0][1])]
            first, last = first - 1, first + 1
        pygame.draw.polygon(layer, (*sides[0].ink, BAND_ALPHA), [(first, plot.height), *points, (last, plot.height)])
        pygame.draw.polygon(layer, (*sides[1].ink, BAND_ALPHA), [(first, 0), *points, (last, 0)])
        lines.append([(x + plot.left, y + plot.top) for x, y in points])
    surface.blit(layer, plot.topleft)
    for points in lines:
        pygame.draw.lines(surface, theme.TEXT, False, points, 2)
