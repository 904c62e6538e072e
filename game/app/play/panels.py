"""The panels every game scene shows beside its board.

Player cards (name, seat, who is to move, who leads, the live score), a status
line, a typed-move entry box, a message line and a scrollable move list, plus
`PanelScene`, a GameScene base that owns the entry text and the move-list
scroll and turns the shared intents (typing, scrolling, undo/redo) into actions.
Beside the entry sits the computer's button: Hint (the move the computer would
play for the person to move, drawn on the board), or Pause/Resume when no person
plays. While the computer thinks, the status line says so with its progress, and
presses that would play for it (the board, the game's move buttons, Enter) wait.
A game scene fills a few hooks (`card_icon`, `card_title`, `status_line`,
`button_rows`, ...); `PanelScene.layout` places the shared rectangles for a
phone (portrait) or a desktop window, and the scene adds its board on top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import pygame

from game.app.play.game_scene import GameScene
from game.app.screens.analysis import open_analysis
from game.app.screens.game_actions import GameActionsScene, ShareScene
from game.app.screens.game_over import headline, wins
from game.app.screens.rules import RulesScene
from game.app.ui import theme
from game.app.ui.board_zoom import BoardZoom
from game.app.ui.lens import Lens
from game.app.ui.targets import Target, decide
from game.app.ui.touch_mark import TouchMark
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules.base import Game
from game.rules.options import OptionValue

Colour = tuple[int, int, int]
Point = tuple[float, float]
ENTRY_FILL = (24, 31, 40)
HINT_INK: Colour = theme.HINT   # a hint on the board
#: the sides' colours on the dark background where a game gives none: a dark stone's grey, a light stone's cream
SEAT_INKS: tuple[Colour, ...] = ((150, 158, 172), theme.O_STONE, theme.ACCENT, theme.GOOD)


# ----------------------------------------------------------------------------- drawing
def draw_player_card(surface: pygame.Surface, rect: pygame.Rect, *, icon: Callable[[pygame.Surface, tuple[float, float], float], None],
                     title: str, tags: Sequence[str], moving: bool, leads: bool, score: str,
                     caption: str = "") -> None:
    """One player's card: an icon and the name across the top; under them, the score at the right with
    what it counts under it (`caption`: "pips to go", "points"...), and the tags (seat, "to move", ...)
    and "leads" wrapped over two lines at the left; no text smaller than the least text size."""
    theme.panel(surface, rect, theme.BG_CARD_HI if moving else theme.BG_CARD, 10,
                border=theme.ACCENT if moving else None)
    if moving:  # whose turn it is, not by colour alone: a thick frame and a pointer into the card
        draw_turn_marker(surface, rect, rect.top + 6 + CARD_TITLE_STEP / 2 - 2, 8)
    pad = 8
    right = rect.right - pad
    line = theme.font(CARD_TEXT).get_linesize() + 3
    rows = [rect.top + 6, rect.top + 6 + CARD_TITLE_STEP, rect.top + 6 + CARD_TITLE_STEP + line]
    r = min(rect.height * 0.2, 11.0)
    icon(surface, (rect.left + pad + r, rect.top + 6 + CARD_TITLE_STEP / 2 - 2), r)
    left = round(rect.left + pad + 2 * r + 6)
    theme.text(surface, title, CARD_TITLE, theme.TEXT, topleft=(left, rows[0]), max_width=right - left)
    shown = theme.text(surface, score, CARD_SCORE, theme.GOOD if leads else theme.TEXT,
                       midright=(right, (rows[1] + rows[2]) // 2 + 1))
    caption_w = 0
    if caption:  # (as wide as it needs: a long caption leaves the tags the line above it)
        caption_w = theme.text(surface, caption, CARD_TEXT, theme.TEXT_DIM, topright=(right, rows[2]),
                               max_width=rect.width - 2 * pad).width
    # the tags flow over two lines: beside the score, then beside its caption
    widths = [shown.left - 8 - (rect.left + pad), right - (caption_w + 8 if caption else 0) - (rect.left + pad)]
    words = [(tag, theme.ACCENT if moving else theme.TEXT_DIM) for tag in tags]
    if leads:
        words.append(("leads", theme.GOOD))
    draw_flow(surface, words, CARD_TEXT, rect.left + pad, rows[1:], widths)


def draw_compact_card(surface: pygame.Surface, rect: pygame.Rect, *,
                      icon: Callable[[pygame.Surface, tuple[float, float], float], None], name: str, seat: str,
                      moving: bool, leads: bool, score: str, caption: str = "") -> None:
    """A narrow card, for three or four seats side by side on a phone: the icon and the score across the
    top (green for the leader), then the name (with the seat, where it fits), then what the score counts;
    whose turn it is shows as the frame and the notch of `draw_turn_marker` (and the name in the accent
    colour)."""
    theme.panel(surface, rect, theme.BG_CARD_HI if moving else theme.BG_CARD, 10,
                border=theme.ACCENT if moving else None)
    r = 10.0
    if moving:
        draw_turn_marker(surface, rect, rect.top + 4 + r, 9)
    pad = 6 if rect.width < 100 else 8
    icon(surface, (rect.left + 14 + r, rect.top + 4 + r), r)
    theme.text(surface, score, COMPACT_SCORE, theme.GOOD if leads else theme.TEXT,
               topright=(rect.right - pad, rect.top + 2),
               max_width=rect.width - 2 * pad - round(2 * r) - 6)
    line = theme.font(CARD_TEXT).get_linesize()
    width = compact_text_width(rect.width)
    words = name if not seat or theme.font(CARD_TEXT).size(f"{name} · {seat}")[0] > width else f"{name} · {seat}"
    ink = theme.ACCENT if moving else theme.TEXT
    lines = theme.wrap(words, CARD_TEXT, width)[:max(1, (rect.height - 28 - line) // line)]
    y = rect.top + 28
    for text in lines:
        theme.text(surface, theme.fit_words(text, CARD_TEXT, width), CARD_TEXT, ink, topleft=(rect.left + 5, y))
        y += line
    below = caption or ("leads" if leads else "")
    if leads and caption and theme.font(CARD_TEXT).size(f"{caption} · leads")[0] <= width:
        below = f"{caption} · leads"
    theme.text(surface, theme.fit_words(below, CARD_TEXT, width), CARD_TEXT, theme.GOOD if below.endswith("leads")
               else theme.TEXT_DIM, topleft=(rect.left + 5, y))


def compact_text_width(card_width: int) -> int:
    """The room for a line of text on a narrow card."""
    return card_width - 9


def compact_card_height(names: Sequence[str], card_width: int) -> int:
    """A narrow card's height: its top row, the name in as many lines as the longest needs, the caption."""
    lines = max(len(theme.wrap(name, CARD_TEXT, compact_text_width(card_width))) for name in names)
    return COMPACT_CARD_H + (min(lines, 2) - 1) * theme.font(CARD_TEXT).get_linesize()


COMPACT_SCORE = 30    # a narrow card's score
COMPACT_CARD_H = 62   # px: a narrow card's height


def draw_turn_marker(surface: pygame.Surface, rect: pygame.Rect, cy: float | None = None, h: int = 14) -> None:
    """The mark of the card whose turn it is: a thick accent frame and a notch pointing in at its left edge
    (level with `cy`, the middle by default)."""
    pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=10)
    h = min(h, rect.height // 4)
    cy = rect.top + rect.height // 2 if cy is None else round(cy)
    pygame.draw.polygon(surface, theme.ACCENT, [(rect.left, cy - h), (rect.left + h, cy), (rect.left, cy + h)])


def draw_partner_link(surface: pygame.Surface, a: pygame.Rect, b: pygame.Rect, colour: Colour) -> None:
    """Two partners' cards side by side joined: one band in their colour along both bottom edges and
    across the gap between them (it covers no text)."""
    if a.left > b.left:
        a, b = b, a
    band = pygame.Rect(a.left + 10, a.bottom - 4, b.right - 10 - (a.left + 10), 6)
    pygame.draw.rect(surface, theme.BG, band.inflate(4, 4), border_radius=5)
    pygame.draw.rect(surface, colour, band, border_radius=3)


def card_grid(count: int, order: Sequence[int], x: int, y: int, width: int, gap: int, height: int,
              columns: int = 2) -> list[pygame.Rect]:
    """Cards for `count` seats, `columns` to a row from (x, y) across `width`, placed in `order` (seats);
    a last row with fewer cards shares its width among them. Returns the rects by seat."""
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * count
    for row in range((count + columns - 1) // columns):
        seats = list(order[row * columns:(row + 1) * columns])
        w = (width - gap * (len(seats) - 1)) // len(seats)
        for k, seat in enumerate(seats):
            rects[seat] = pygame.Rect(x + k * (w + gap), y + row * (height + gap), w, height)
    return rects


CARD_TITLE = 20       # the card's name line
CARD_TITLE_STEP = 24  # px from the name line to the first tag line
CARD_SCORE = 34       # the score's figures
CARD_TEXT = theme.MIN_TEXT


def draw_flow(surface: pygame.Surface, words: Sequence[tuple[str, Colour]], size: int, left: int,
              rows: Sequence[int], widths: Sequence[int]) -> None:
    """Coloured phrases one after another, " · " between them, wrapped over `rows` (the top of each
    line) each `widths` wide; a phrase that fits on none of the lines left is left out whole (never cut),
    with those after it."""
    font = theme.font(size)
    sep = " \u00b7 "
    row, x = 0, 0
    for phrase, colour in words:
        while row < len(rows):
            lead = sep if x else ""
            need = font.size(lead + phrase)[0]
            if x + need <= widths[row]:
                break
            row, x = row + 1, 0
        if row >= len(rows):
            return
        theme.text(surface, lead + phrase, size, colour, topleft=(left + x, rows[row]))
        x += need


def draw_status(surface: pygame.Surface, rect: pygame.Rect, words: str, colour: Colour, size: int) -> None:
    words, size = status_that_fits(words, size, rect.width)
    theme.text(surface, words, size, colour, midleft=rect.midleft, max_width=rect.width)


def status_that_fits(words: str, size: int, width: int) -> tuple[str, int]:
    """The status line's words and text size where they fit `width`: as they are; else without their last
    aside in brackets ("(9 pips to use)": the cards and the dice say it too), a little smaller if need be,
    down to the least text size; then without the asides before it; only past that is the end cut."""
    shorter = [words]
    while "(" in shorter[-1] and ")" in shorter[-1][shorter[-1].rindex("("):]:
        last = shorter[-1]
        start = last.rindex("(")
        shorter.append((last[:start].rstrip() + last[last.index(")", start) + 1:]).strip())
    sizes = range(size, max(theme.MIN_TEXT, size - 4) - 1, -1)
    tries = [(words, size)] + [(option, text_size) for option in shorter[1:] for text_size in sizes]
    return next(((option, text_size) for option, text_size in tries if theme.font(text_size).size(option)[0] <= width),
                tries[-1])


def draw_entry(surface: pygame.Surface, rect: pygame.Rect, entry: str, hint: str, size: int,
               selected: bool = False) -> None:
    """The typed-move box: what was typed with a cursor (its end, when it is longer than the box; marked as
    selected after a refusal, so that the next key replaces it), or a dim hint when empty."""
    pygame.draw.rect(surface, ENTRY_FILL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT_DIM if entry else theme.BG_CARD_HI, rect, 2, border_radius=8)
    if not entry:
        theme.text(surface, hint_that_fits(hint, rect.width - 24), size, theme.TEXT_DIM,
                   midleft=(rect.left + 12, rect.centery), max_width=rect.width - 24)
        return
    note = "Enter to play"
    note_w = theme.font(theme.MIN_TEXT).size(note)[0]
    room = rect.width - 24 - (note_w + 12 if rect.width - note_w > 160 else 0)
    shown = tail_that_fits(entry, ENTRY_TEXT, room - theme.font(ENTRY_TEXT).size("_")[0])
    if selected:
        box = pygame.Rect(rect.left + 10, rect.top + 7, theme.font(ENTRY_TEXT).size(shown)[0] + 4, rect.height - 14)
        pygame.draw.rect(surface, theme.ACCENT_DIM, box, border_radius=4)
        theme.text(surface, shown, ENTRY_TEXT, theme.TEXT, midleft=(rect.left + 12, rect.centery))
    else:
        theme.text(surface, shown + "_", ENTRY_TEXT, theme.TEXT, midleft=(rect.left + 12, rect.centery))
    if room < rect.width - 24:
        theme.text(surface, note, theme.MIN_TEXT, theme.TEXT_DIM, midright=(rect.right - 10, rect.centery))


ENTRY_TEXT = 26


def hint_that_fits(hint: str, width: int) -> str:
    """The entry's hint, or where it is too wide for the box at the least text size, a shorter form of it:
    without its examples in brackets, then without its "+ Enter", at last "Type a move" (never cut off
    mid-word)."""
    font = theme.font(theme.MIN_TEXT)
    shorter = [hint]
    if "(" in hint:
        shorter.append((hint[:hint.index("(")].rstrip() + " " + hint[hint.rindex(")") + 1:].strip()).strip())
    shorter += [words.replace(" + Enter", "") for words in shorter] + ["Type a move"]
    return next((words for words in shorter if font.size(words)[0] <= width), shorter[-1])


def tail_that_fits(words: str, size: int, width: int) -> str:
    """The end of `words` that fits `width` (with an ellipsis in front when the start is cut)."""
    font = theme.font(size)
    if font.size(words)[0] <= width:
        return words
    k = len(words)
    while k > 0 and font.size(theme.ELLIPSIS + words[len(words) - k:])[0] > width:
        k -= 1
    return theme.ELLIPSIS + words[len(words) - k:]


def message_lines(words: str, size: int, width: int, height: int) -> tuple[list[str], int]:
    """`words` wrapped to `width`, at `size` or smaller (down to the least text size) until they fit
    `height`: the lines and the size."""
    lines = theme.wrap(words, size, width)
    while len(lines) * (size + 1) > height and size > theme.MIN_TEXT:
        size -= 1
        lines = theme.wrap(words, size, width)
    return lines, size


def draw_message(surface: pygame.Surface, rect: pygame.Rect, words: str, colour: Colour, size: int) -> None:
    """Wrapped text in `rect`, shrinking the font (down to the least text size) until it fits; what
    still does not fit ends with an ellipsis."""
    lines, size = message_lines(words, size, rect.width, rect.height)
    fit = max(1, (rect.height + 4) // (size + 1))
    if len(lines) > fit:
        lines = lines[:fit - 1] + [theme.fit_words(lines[fit - 1] + " " + " ".join(lines[fit:]), size, rect.width)]
    y = rect.top
    for line in lines:
        theme.text(surface, line, size, colour, topleft=(rect.left, y), max_width=rect.width)
        y += size + 1


MOVE_ROW = 21       # px per line of the move list
MOVES_HEADER = 26   # px of the move list's title line


@dataclass(frozen=True)
class MoveGrid:
    """Where the move list's items stand: `cols` columns of `col_w`, `rows_fit` rows of MOVE_ROW shown in
    `inner` from row `first_row` (rows scrolled back from the latest: `scroll`, clamped) of `total_rows`."""

    inner: pygame.Rect
    cols: int
    col_w: int
    rows_fit: int
    total_rows: int
    first_row: int
    scroll: int

    def item_rect(self, k: int) -> pygame.Rect:
        row, col = divmod(k, self.cols)
        return pygame.Rect(self.inner.left + col * self.col_w, self.inner.top + (row - self.first_row) * MOVE_ROW,
                           self.col_w - 6, MOVE_ROW)

    def shown(self, k: int) -> bool:
        return self.first_row <= k // self.cols < self.first_row + self.rows_fit


def move_grid(rect: pygame.Rect, count: int, scroll: int, col_w: int = 96, keep: int | None = None) -> MoveGrid:
    """The move list's grid in `rect` for `count` items; with `keep`, scrolled so that item shows."""
    inner = pygame.Rect(rect.left + 8, rect.top + MOVES_HEADER, rect.width - 22, rect.height - MOVES_HEADER - 4)
    cols = max(1, inner.width // col_w)
    rows_fit = max(0, inner.height // MOVE_ROW)  # (none: the list is one line, its title and the latest move)
    total_rows = (count + cols - 1) // cols
    if keep is not None and 0 <= keep < count:
        row = keep // cols  # the least change of scroll that brings this row into view
        scroll = min(max(scroll, total_rows - rows_fit - row), total_rows - 1 - row)
    scroll = max(0, min(scroll, total_rows - rows_fit))
    first_row = max(0, total_rows - rows_fit - scroll)
    return MoveGrid(inner, cols, inner.width // cols, rows_fit, total_rows, first_row, scroll)


def move_at(grid: MoveGrid, count: int, pos: tuple[int, int]) -> int | None:
    """The index of the move list item at `pos`, or None."""
    for k in range(grid.first_row * grid.cols, min(count, (grid.first_row + grid.rows_fit) * grid.cols)):
        if grid.item_rect(k).collidepoint(pos):
            return k
    return None


def draw_move_list(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[str], scroll: int,
                   col_w: int = 96, note: str = "", highlight: int | None = None) -> int:
    """The move list in columns, latest at the bottom in the accent colour, the `highlight`ed item (the
    move reviewed) in a pill and scrolled into view, a scroll bar when some are out of sight (`note` at
    the right of its title line); returns the clamped scroll (rows scrolled back from the latest move)."""
    pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=8)
    if rect.height < MOVES_HEADER + MOVE_ROW:
        return draw_move_line(surface, rect, items, note)
    title = theme.text(surface, f"Moves ({len(items)})", theme.MIN_TEXT, theme.TEXT_DIM,
                       topleft=(rect.left + 8, rect.top + 6))
    if note:
        theme.text(surface, note, theme.MIN_TEXT, theme.TEXT_DIM, topright=(rect.right - 14, rect.top + 6),
                   max_width=rect.right - 14 - title.right - 12)
    grid = move_grid(rect, len(items), scroll, col_w, highlight)
    if not items:
        theme.text(surface, "none yet", theme.MIN_TEXT, theme.TEXT_DIM, topleft=grid.inner.topleft)
        return 0
    for k in range(grid.first_row * grid.cols, min(len(items), (grid.first_row + grid.rows_fit) * grid.cols)):
        box = grid.item_rect(k)
        ink = theme.ACCENT if k == len(items) - 1 else theme.TEXT
        if k == highlight:
            pygame.draw.rect(surface, theme.ACCENT, box.inflate(4, -1), border_radius=6)
            ink = theme.TEXT_DARK
        theme.text(surface, items[k], theme.MIN_TEXT, ink, midleft=(box.left, box.centery), max_width=box.width)
    if grid.total_rows > grid.rows_fit:  # a scroll bar: where the rows shown lie among them all
        track = pygame.Rect(rect.right - 9, grid.inner.top, 4, max(8, grid.rows_fit * MOVE_ROW))
        knob_h = max(12, track.height * grid.rows_fit // grid.total_rows)
        knob_y = track.top + (track.height - knob_h) * grid.first_row // max(1, grid.total_rows - grid.rows_fit)
        pygame.draw.rect(surface, theme.BG_CARD, track, border_radius=2)
        pygame.draw.rect(surface, theme.TEXT_DIM, (track.left, knob_y, 4, knob_h), border_radius=2)
    return grid.scroll


def draw_move_line(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[str], note: str) -> int:
    """The move list in one line (a phone whose board takes the room): its title, the latest move, and
    `note` at the right where they leave room for it."""
    y = rect.centery
    title = theme.text(surface, f"Moves ({len(items)})", theme.MIN_TEXT, theme.TEXT_DIM, midleft=(rect.left + 8, y))
    right = rect.right - 8
    if note and theme.font(theme.MIN_TEXT).size(note)[0] <= right - title.right - 24:
        right = theme.text(surface, note, theme.MIN_TEXT, theme.TEXT_DIM, midright=(right, y)).left - 12
    latest = items[-1] if items else "none yet"
    room = right - title.right - 12
    if theme.font(theme.MIN_TEXT).size(latest)[0] <= room:
        theme.text(surface, latest, theme.MIN_TEXT, theme.ACCENT if items else theme.TEXT_DIM,
                   midleft=(title.right + 12, y))
    return 0


def draw_marks(surface: pygame.Surface, strokes: Sequence[Sequence[Point]], radius: float, colour: Colour,
               alpha: int = 255, label: str = "") -> None:
    """A move drawn over a board: each stroke a ring at its last point and, from its first point, a line
    with an arrowhead (a stroke of one point is a ring alone); `label` in a pill by the first ring."""
    every = [(float(x), float(y)) for stroke in strokes for x, y in stroke]
    if not every or alpha <= 0:
        return
    # the layer covers the strokes only (three or four players mark several moves every frame)
    margin = radius + max(8.0, radius * 0.7) + 4
    left, top = min(x for x, _ in every) - margin, min(y for _, y in every) - margin
    area = pygame.Rect(int(left), int(top), int(max(x for x, _ in every) + margin - left) + 1,
                       int(max(y for _, y in every) + margin - top) + 1).clip(surface.get_rect())
    if not area.width or not area.height:
        return
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    ink = (*colour, alpha)
    width = max(3, round(radius * 0.22))
    for stroke in strokes:
        points = [(float(x) - area.left, float(y) - area.top) for x, y in stroke]
        if not points:
            continue
        if len(points) > 1:
            pygame.draw.lines(layer, ink, False, points, width)
            (x0, y0), (x1, y1) = points[-2], points[-1]
            angle = math.atan2(y1 - y0, x1 - x0)
            tip = (x1 - math.cos(angle) * radius, y1 - math.sin(angle) * radius)
            size = max(8.0, radius * 0.7)
            wings = [(tip[0] - math.cos(angle + s) * size, tip[1] - math.sin(angle + s) * size) for s in (0.5, -0.5)]
            pygame.draw.polygon(layer, ink, [tip, *wings])
        pygame.draw.circle(layer, ink, points[-1], radius, width)
    surface.blit(layer, area.topleft)
    if label:
        draw_mark_label(surface, strokes, radius, colour, label)


def draw_mark_label(surface: pygame.Surface, strokes: Sequence[Sequence[Point]], radius: float, colour: Colour,
                    label: str) -> None:
    """`label` in a pill of `colour` above the ring at the end of the first of `strokes` (`draw_marks`'s)."""
    first = next((stroke for stroke in strokes if stroke), None)
    if first is None:
        return
    x, y = first[-1]
    pill = theme.font(theme.MIN_TEXT).size(label)
    rect = pygame.Rect(0, 0, pill[0] + 14, pill[1] + 4)
    rect.midbottom = (round(x), round(y - radius - 4))
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    theme.text(surface, label, theme.MIN_TEXT, theme.TEXT_DARK, center=rect.center)


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, fraction: float) -> None:
    """A thin bar along the bottom of `rect`, filled to `fraction`."""
    track = pygame.Rect(rect.left, rect.bottom - 4, rect.width, 4)
    pygame.draw.rect(surface, theme.BG_CARD, track, border_radius=2)
    filled = pygame.Rect(track.left, track.top, round(track.width * max(0.0, min(1.0, fraction))), track.height)
    if filled.width:
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=2)


def layout_button_rows(buttons: Mapping[str, Button], rows: Sequence[Sequence[tuple[str, int]]],
                       area: pygame.Rect, gap: int, height: int) -> int:
    """Place rows of buttons across `area` from its top; each (name, share) takes `share` units of the
    width left between the gaps, so a row fills the area exactly. Returns the y below the last row."""
    y = area.top
    for row in rows:
        unit = (area.width - gap * (len(row) - 1)) / sum(share for _, share in row)
        x = float(area.left)
        for name, share in row:
            width = unit * share
            buttons[name].rect = pygame.Rect(round(x), y, round(width), height)
            x += width + gap
        y += height + gap
    return y


# ----------------------------------------------------------------------------- the scene base
#: intents that leave a move's slide to go on (the pointer passing, a drag or pinch under way, a release)
PASSING_INTENTS = frozenset({"hover", "drag", "pinch", "release"})
MOVES_LINE_H = 30     # px: a phone's move list at its least: one line, its title and the latest move
MESSAGE_MOST_LINES = 5  # a message may take this many lines (over the move list) before it is cut


@dataclass(frozen=True)
class TurnRow:
    """A row of the move list: the moves `first`..`last` (indices into the game's moves) as one turn."""

    first: int
    last: int
    text: str


@dataclass
class Press:
    """A press on a game scene, from the `point` that began it to its `release`: where it began (on the
    board, on the move list) and whether a button took it (then its tap is no tap on what lies under)."""

    pos: tuple[int, int]
    on: str = ""          # "board", "moves", "lens" or ""
    taken: bool = False   # a button was pressed
    quiet: bool = False   # it closed the lens: its tap acts on nothing (but may be a double tap's second)


class PanelScene(GameScene):
    """A GameScene with the shared panels.

    `layout` sets `portrait`, `board_rect`, `cards` (one rect per player),
    `status_rect`, the rows of buttons in `self.b` (see `button_rows`),
    `entry_rect`, `message_rect`, `moves_rect` and `text_size`. On a phone:
    a top bar with Menu and Rules, the two cards side by side, the board across
    the full width and as tall as it can use (`phone_board_height`), then the
    status line, the button rows, the typed-move entry, the message line (two
    lines, more over the move list when it needs them) and the move list in
    what is left (one line at least). On a desktop: the board on the left and
    all the rest in a panel on the right. The class attributes below size the
    parts that differ between games.
    """

    max_entry = theme.MAX_LINE      # the longest typed move (far longer than any move: only a guard)
    move_col_w = 96
    panel_width = (320, 480, 0.36)  # desktop: the panel's least and largest width, and its share of the window
    cards_stacked = False           # desktop: the cards one above the other (else side by side)
    board_min_h = 160               # phone: the board is never shorter than this ...
    board_square = True             # ... nor taller than the screen is wide
    button_h = (theme.MIN_TOUCH, 50)  # a row of buttons: phone (the board wants the room), desktop
    message_h = (42, 86)            # the message line: phone (two lines; more over the move list), desktop
    #: buttons that only change what is shown (pressable while the computer has the turn)
    view_buttons: frozenset[str] = frozenset()
    #: buttons every game scene has that never play for the computer
    FREE_BUTTONS = frozenset({"menu", "rules", "undo", "redo", "hint", "pause", "more", "zoom-out", "again", "send"})

    def __init__(self, app: Host, game: Game, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), **kwargs: Any) -> None:
        super().__init__(app, game, options, seats, **kwargs)  # seed, start, rng: see GameScene
        self.entry = ""
        self.move_scroll = 0  # rows scrolled back from the latest move
        self.cards: list[pygame.Rect] = []
        self.compact_cards = False  # narrow cards in one row (three or four seats on a phone)
        self.status_rect = self.entry_rect = self.message_rect = self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.computer_slot = pygame.Rect(0, 0, 0, 0)  # the Hint (or Pause) button's place, beside the entry
        self.rows_area = pygame.Rect(0, 0, 0, 0)  # where the button rows start (its height is not used)
        self.row_gap, self.row_h = 6, 48
        self.text_size = 20
        self.portrait = False
        self.layout_board: Any = None  # the game's board geometry, built for the camera (`make_board_layout`)
        self.board_zoom = BoardZoom(self.relayout_board, self.board_target_now)
        self.touch_mark = TouchMark()  # where a finger is (or just was) on the board
        self.lens: Lens | None = None  # the question a tap between two targets asks
        self.entry_selected = False    # after a refused move: the next key replaces the text
        self.entry_keyboard = False    # the on-screen keyboard was asked for by a tap on the entry
        self.moves_expanded = False    # the move list is drawn over the board, as tall as it can be
        self.press: Press | None = None
        self._moves_drag = 0.0         # px dragged on the move list not yet turned into rows
        self._columns: tuple[Any, int] = (None, self.move_col_w)  # (the moves measured, width) of its columns
        # the scene's buttons by name (the scene adds its own); Menu and Rules go in the top bar
        self.b: dict[str, Button] = {"menu": Button("Menu", self.to_menu, name="menu"),
                                     "rules": Button("Rules", self.open_rules, name="rules"),
                                     # Hint where a person plays, else Pause (see sync_computer_buttons)
                                     "computer": Button("Hint", self.computer_button, name="hint"),
                                     "zoom-out": self.board_zoom.button,
                                     # the game's sheet (share, export, resign): top bar (desktop), entry row (phone)
                                     "more": Button("More", self.open_more, name="more"),
                                     # once the game is over, in place of the entry: the seats turned round
                                     "again": Button("Play again", self.play_again, name="again", primary=True),
                                     # a game by link whose move is made here: the link, at hand
                                     "send": Button("Share the link", self.open_share, name="send", primary=True)}
        self.review_b = self.review_buttons()  # shown only while reviewing, over the game's buttons
        self.review_bar = pygame.Rect(0, 0, 0, 0)
        self.review_label = self.review_hint = pygame.Rect(0, 0, 0, 0)
        self._rows: tuple[Any, list[TurnRow]] | None = None  # the move list's rows, for the game as it stands

    def to_menu(self) -> None:
        self.leave()
        self.app.pop_to_root()

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.game, self.rules_page))

    def play_again(self) -> None:
        """The same game again, the seats turned round (as the game-over screen's Play again)."""
        if self.live_history.outcome() is not None:
            self.leave()
            self.app.replace(self.restart())

    def open_share(self) -> None:
        """The game's link, to send (a game by link whose move is made here)."""
        self.app.push(ShareScene(self.app, self))

    def open_more(self) -> None:
        """The game's sheet: share a link, export or copy the record, resign (a link game whose move is
        made opens the link at once)."""
        if self.share_due:
            self.app.push(ShareScene(self.app, self))
        else:
            self.app.push(GameActionsScene(self.app, self))

    def open_analysis(self) -> None:
        """The Analyse screen over the game, at the position shown (the review, the game-over screen's and the
        More sheet's Analyse)."""
        if not self.live_history.moves:
            self.say("Nothing to analyse yet: no move has been played.", error=True)
        elif not self.reviewing and self.busy():
            self.say("A moment: the dice are still rolling.", error=True)
        else:
            self.stop_thinking()
            self.clear_selection()
            open_analysis(self.app, self)

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.portrait = h > w
        if self.portrait:
            self._layout_phone(w, h)
        else:
            self._layout_desktop(w, h)
        self.board_zoom.camera.set_viewport(self.board_rect)
        self.relayout_board()

    def _layout_phone(self, w: int, h: int) -> None:
        pad, gap, bar, card_h = 8, 6, theme.MIN_TOUCH, 72
        self.text_size = 19
        self.b["menu"].rect = pygame.Rect(pad, pad, 92, bar)
        self.b["rules"].rect = pygame.Rect(w - pad - 92, pad, 92, bar)
        y = pad + bar + gap
        count = len(self.seat_names)
        self.compact_cards = count > 2  # three or four seats: one row of narrow cards
        if self.compact_cards:
            narrow = (w - 2 * pad - gap * (count - 1)) // count
            height = compact_card_height([self.card_name(seat) for seat in range(count)], narrow)
            self.cards = card_grid(count, self.card_order(), pad, y, w - 2 * pad, gap, height, count)
        else:
            self.cards = card_grid(count, self.card_order(), pad, y, w - 2 * pad, gap, card_h)
        y = max(card.bottom for card in self.cards) + gap
        # the panels under the board, laid out once from y = 0 to measure them (placed for real below); the
        # board takes all the room it can use, the move list what is left (a line at least: a tap opens it)
        below = self._stack_panels(pad, 0, w - 2 * pad, gap) + MOVES_LINE_H + pad
        board_h = self.phone_board_height(h - y - below, w)
        self.board_rect = pygame.Rect(0, y, w, board_h)
        y = self._stack_panels(pad, y + board_h + 2, w - 2 * pad, gap)
        self.moves_rect = pygame.Rect(pad, y, w - 2 * pad, max(MOVES_LINE_H, h - y - pad))

    def _layout_desktop(self, w: int, h: int) -> None:
        pad, gap = 16, 8
        self.compact_cards = False
        self.text_size = 20
        least, most, share = self.panel_width
        pw = max(least, min(most, int(w * share)))
        px = w - pw - pad
        self.board_rect = pygame.Rect(pad, pad, w - pw - 3 * pad, h - 2 * pad)
        half = (pw - gap) // 2
        self.b["menu"].rect = pygame.Rect(px, pad, half, 44)
        self.b["rules"].rect = pygame.Rect(px + half + gap, pad, half, 44)
        self.place_more_in_top_bar()
        y = pad + 44 + gap + 4
        card_h = 74
        count = len(self.seat_names)
        if count > 2:  # more seats: two to a row, a little lower
            card_h = 66
        self.cards = card_grid(count, self.card_order(), px, y, pw, gap, card_h,
                               columns=1 if self.cards_stacked else 2)
        y = max(card.bottom for card in self.cards) + gap
        y = self._stack_panels(px, y, pw, gap)
        self.moves_rect = pygame.Rect(px, y, pw, max(40, h - y - pad))

    def _stack_panels(self, x: int, y: int, width: int, gap: int) -> int:
        """Status line, button rows, entry and message line from `y` down; returns the move list's top."""
        phone = self.portrait
        y = self.place_status(x, y, width)
        self.rows_area = pygame.Rect(x, y, width, 0)
        self.row_gap, self.row_h = gap, self.button_h[0 if phone else 1]
        y = self.place_buttons()
        slot = 88 if phone else 120  # the computer's button (Hint, or Pause) at the end of the entry row
        more = self.place_more_button(x + width, y)
        self.entry_rect = pygame.Rect(x, y, width - slot - more - gap, 44)
        self.computer_slot = pygame.Rect(x + width - more - slot, y, slot, 44)
        self.place_computer_button()
        y += 44 + gap
        message_h = self.message_h[0 if phone else 1]
        self.message_rect = pygame.Rect(x, y, width, message_h)
        return y + message_h + (2 if phone else 4)

    def place_more_button(self, right: int, y: int) -> int:
        """On a phone, the More button at the right end of the entry row (the top bar holds the title);
        returns the width it takes there, with its gap (0 on a desktop: see `place_more_in_top_bar`)."""
        if not self.portrait:
            return 0
        width = 66
        self.b["more"].rect = pygame.Rect(right - width, y, width, 44)
        return width + self.row_gap

    def place_more_in_top_bar(self) -> None:
        """On a desktop, More between Menu and Rules (the three share the top bar)."""
        menu, rules = self.b["menu"].rect, self.b["rules"].rect
        left, right, gap = menu.left, rules.right, rules.left - menu.right
        third = (right - left - 2 * gap) // 3
        self.b["menu"].rect = pygame.Rect(left, menu.top, third, menu.height)
        self.b["more"].rect = pygame.Rect(left + third + gap, menu.top, third, menu.height)
        self.b["rules"].rect = pygame.Rect(left + 2 * (third + gap), menu.top, right - left - 2 * (third + gap),
                                           menu.height)

    def phone_board_height(self, room: int, width: int) -> int:
        """The board's height on a phone, given the `room` the panels leave and the screen width."""
        return max(self.board_min_h, min(width, room) if self.board_square else room)

    def place_status(self, x: int, y: int, width: int) -> int:
        """Place the status line (a scene may add lines of its own under it); returns the y below."""
        if self.portrait:
            self.status_rect = pygame.Rect(x, y, width, 24)
            return y + 24
        self.status_rect = pygame.Rect(x, y, width, 26)
        return y + 30

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        """The rows of buttons under the status line: (name in `self.b`, share of the row's width)."""
        return ()

    def place_buttons(self) -> int:
        """Lay `button_rows` out from the top of `rows_area`; returns the y below the last row. A scene
        calls it again when its rows change without a new layout."""
        return layout_button_rows(self.b, self.button_rows(), self.rows_area, self.row_gap, self.row_h)

    # -- hooks --------------------------------------------------------------------------
    def move_marks(self, move: Any) -> tuple[list[list[Point]], float]:
        """Where `move` shows on the board: strokes of screen points (a ring at each stroke's end, an
        arrow along it) and the rings' radius. Each game fills it from its board's geometry."""
        return [], 0.0

    def card_icon(self, colour: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
        return lambda surface, center, r: theme.stone(surface, colour, center, r)

    def seat_ink(self, colour: int) -> Colour:
        """The side's colour as a line or text on the dark background (the analysis graph's lines): each
        game gives its pieces' (by default, a dark and a light stone's)."""
        return SEAT_INKS[colour % len(SEAT_INKS)]

    def card_name(self, colour: int) -> str:
        """The seat's name alone, for a narrow card (its title without the player's number)."""
        return self.seat_names[colour]

    def card_order(self) -> Sequence[int]:
        """The seats in the order their cards are laid out (two to a row): seat order, unless a game keeps
        partners side by side."""
        return range(len(self.seat_names))

    def card_partners(self) -> Sequence[tuple[tuple[int, ...], Colour]]:
        """Seats that play together (know's four-player Conjunctions) and the colour of their link: their
        cards are joined on the screen. None by default."""
        return ()

    def card_title(self, colour: int) -> str:
        """Who plays `colour`: ``You``, ``Computer``, ``Player 2`` (its side's name and the computer's level
        are the first tags)."""
        return self.person_short(self.person_of(colour))

    def card_tags(self, colour: int, moving: bool) -> list[str]:
        return [*self.seat_tags(colour), *(["to move"] if moving else [])]

    def seat_tags(self, colour: int) -> list[str]:
        """The first tags of a card: the side's name and, for the computer, its level."""
        level = self.level_of(colour)
        return [self.seat_names[colour], *([f"level {level}"] if level is not None else [])]

    def card_score(self, colour: int, scores: Sequence[int]) -> str:
        return str(scores[colour])

    def card_leads(self, colour: int, leader: int | None) -> bool:
        return leader == colour

    def card_moving(self, colour: int) -> bool:
        return self.game.to_move(self.state) == colour

    def status_line(self) -> tuple[str, Colour]:
        """Who is to do what; once the game is over, its result."""
        outcome = self.outcome()
        if outcome is not None and any(self.is_you(c) for c in range(len(self.seat_names))):
            said = headline(self, outcome)  # (as the game-over screen says it: "You win", "The computer wins")
            said = said[:1].lower() + said[1:] if said.startswith(("You ", "The ")) else said
            return f"Game over: {said}", theme.ACCENT
        if outcome is not None:
            if len(outcome.winning_seats) > 1:  # partners win together
                who = " and ".join(self.winner_name(seat) for seat in outcome.winning_seats) + " win"
            else:
                who = "a draw" if outcome.winner is None else wins(self.winner_name(outcome.winner))
            return f"Game over: {who}", theme.ACCENT
        if self.reviewing:
            return self.play_status()  # the position looked at, not what the computer is doing
        if self.paused:
            return "Paused: press Resume to go on", theme.ACCENT
        if self.remote_to_act():
            return "Your move is made: now send the link", theme.ACCENT
        if self.computer_moves():
            mover = self.game.to_move(self.state)
            progress = self.thinking.progress() if self.thinking is not None else 0.0
            return (f"{self.player_name(mover)} is thinking… {round(100 * progress)}%"
                    if mover is not None else "Computer is thinking…"), theme.ACCENT
        return self.play_status()

    def winner_name(self, colour: int) -> str:
        return self.seat_names[colour]

    def play_status(self) -> tuple[str, Colour]:
        """The status line while the game is on."""
        mover = self.game.to_move(self.state)
        return (f"{self.seat_names[mover]} to move" if mover is not None else ""), theme.TEXT

    def entry_hint(self) -> str:
        return "Type a move + Enter"

    def idle_message(self) -> tuple[str, Colour]:
        """What the message line shows when there is no message."""
        return "", theme.TEXT_DIM

    def move_item(self, number: int, before: Any, move: Any) -> str:
        mover = self.game.to_move(before)
        who = self.seat_names[mover] if mover is not None else ""
        return f"{number}. {who} {move}".replace("  ", " ")

    # -- shared input -------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """Every input of a game scene comes through here: presses, typing, scrolling, undo and redo are
        shared; a tap on the board (`board_tap`), keys and Enter go on to the game's hooks (`tap_targets`,
        `take_target`, `point_board`, `handle_game`). A press acts on a button at once; on the board it acts
        when it ends as a tap (at once: no tap waits for a double tap), so that a drag (which pans a zoomed
        board) or a pinch (which zooms it) never plays a move; a finger's touch on the board is marked in the
        frame it arrives. A press or a key while a move slides finishes the slide first, then acts as it
        would have."""
        if intent.kind not in PASSING_INTENTS:
            self.finish_motion()
        self._refresh()
        self.sync_computer_buttons()
        if self.reviewing and not self.on_move_list(intent) and self.handle_review(intent):
            return
        kind = intent.kind
        waiting = self.others_to_act()  # the computer (or a player at a distance) has the turn: nothing plays for it
        if kind == "point":
            quiet = self.lens is not None  # a press that closes the question acts on nothing on the board
            if self.lens is not None and self.lens.inside(intent.pos):
                self.press = Press(intent.pos, "lens")
                return
            self.close_lens()
            self.before_press()
            under = self.pressable(intent.pos)
            free = self.free_buttons()
            if press_buttons([b for b in under if not waiting or b.name in free], intent.pos) or (
                    waiting and any(b.hit(intent.pos) for b in under)):  # (a button that waits for its turn)
                self.press = Press(intent.pos, taken=True)
                return
            self.press = Press(intent.pos, self.area_at(intent.pos), quiet=quiet)
            self._moves_drag = 0.0
            if intent.touch and self.press.on == "board":
                self.touch_mark.touch(intent.pos)
        elif kind in ("tap", "drag", "pinch", "release", "zoom") or (
                kind == "scroll" and self.board_rect.collidepoint(intent.pos)):
            self.handle_pointer(intent)
        elif kind == "hover":
            self.hover = intent.pos
            self.hover_board(intent.pos)
        elif self.handle_panels(intent):
            pass
        elif kind == "back":  # Esc peels off one thing at a time: typed text, the selection, the game
            if self.lens is not None:
                self.close_lens()
            elif self.moves_expanded:
                self.moves_expanded = False
            elif self.entry:
                self.entry = ""
            elif not self.drop_selection():
                self.to_menu()
        elif kind == "confirm" and waiting:  # a typed move waits for the computer's turn to end
            if self.remote_to_act():  # (it will not end here: the other side's move comes by link)
                self.say(self.waiting_words())
                self.entry_selected = bool(self.entry)
        else:
            self.handle_game(intent)

    def area_at(self, pos: tuple[int, int]) -> str:
        if self.moves_expanded and self.moves_area().collidepoint(pos):
            return "moves"
        if self.board_rect.collidepoint(pos):
            return "board"
        return "moves" if self.moves_rect.collidepoint(pos) else ""

    def pressable(self, pos: tuple[int, int]) -> list[Button]:
        """The buttons a press at `pos` may press (none under the opened move list)."""
        if self.moves_expanded and self.moves_area().collidepoint(pos):
            return []
        return self.buttons

    def handle_pointer(self, intent: Intent) -> None:
        """Taps, drags, pinches, the wheel and the zoom keys: the board camera and the move list."""
        kind, press, zoom = intent.kind, self.press, self.board_zoom
        if kind == "tap":
            if press is not None and press.on == "lens":
                self.lens_tap(intent.pos)
            elif press is not None and not press.taken:
                self.tap_at(intent.pos, intent.touch, press.quiet)
        elif kind == "drag":
            if press is not None and press.on == "board" and zoom.drag(intent.rel):
                self.hover_cell_clear()
                self.touch_mark.clear()  # a drag is no touch of what lies under the finger
            elif press is not None and press.on == "moves":
                self.drag_moves(intent.rel[1])
        elif kind == "pinch":
            if press is not None and press.on == "board":
                zoom.pinch(intent)
                self.touch_mark.clear()
        elif kind == "release":
            zoom.lift()
            self.touch_mark.lift()
            self.press = None
        elif kind == "zoom":
            zoom.key(intent.text)
        elif kind == "scroll":
            zoom.wheel(intent.pos, intent.rel[1])

    def tap_at(self, pos: tuple[int, int], touch: bool, quiet: bool = False) -> None:
        """A press that ended where it began, on no button. On the move list: a move shows the position
        after it (review); elsewhere on the list, it opens over the board, or closes. On the board: the
        second tap of a double tap zooms (a board that zooms), any other tap acts at once (`board_tap`).
        A `quiet` tap (it closed the lens) does nothing more, but may be the first of a double tap."""
        if quiet:
            if touch and self.board_rect.collidepoint(pos):
                self.board_zoom.second_tap(pos)
            return
        if self.moves_expanded or self.moves_rect.collidepoint(pos):
            index = self.move_index_at(pos)
            if index is None:
                self.toggle_moves()
            else:
                self.moves_expanded = False
                self.review(index + 1)
            return
        if self.entry_rect.collidepoint(pos):
            self.open_keyboard()
            return
        self.close_keyboard()
        if touch and self.board_rect.collidepoint(pos) and self.board_zoom.second_tap(pos):
            return  # the second tap of a double tap zoomed the board; the first has acted already
        self.board_tap(pos, touch)

    def board_tap(self, pos: tuple[int, int], touch: bool) -> None:
        """A tap that is the game's (on its board, or off it on no button), unless the computer has the
        turn: the candidate it clearly means (`take_target`), a question between two it might mean (the
        lens), or, when it reaches none, `point_board` (which says why it does nothing)."""
        if self.remote_to_act():
            self.say(self.waiting_words())
            return
        if self.computer_to_act():
            self.say("The computer has the turn. Undo takes back your last move." if self.has_human
                     else "The computer plays both sides: Pause stops it.")
            return
        decision = decide(self.shown_targets(), pos, touch)
        if decision.chosen is not None:
            self.take_target(decision.chosen)
        elif decision.between:
            self.ask_between(decision.between, pos)
        else:
            self.point_board(pos, touch)

    def shown_targets(self) -> list[Target]:
        """The game's tap candidates now (`tap_targets`) that lie on the board as it shows."""
        view = self.board_rect
        return [t for t in self.tap_targets() if view.collidepoint(t.at)]

    # -- the question a tap between two targets asks ----------------------------------------------
    def ask_between(self, between: Sequence[Target], pos: tuple[int, int]) -> None:
        """Open the lens: the board round `between` magnified beside the finger, to tap the one meant."""
        self.lens = Lens(between, pos, pygame.Rect((0, 0), self.size))
        self.say(f"{'Two' if len(between) == 2 else len(between)} places are under your finger: tap the one you "
                 "mean in the magnified view (elsewhere to cancel).")

    def lens_tap(self, pos: tuple[int, int]) -> None:
        """A tap in the lens: the choice it is on is taken (if it still is a candidate); between them,
        the question stays."""
        if self.lens is None:
            return
        key = self.lens.choose(pos)
        if key is None:
            return
        self.close_lens()
        if any(t.key == key for t in self.shown_targets()):
            self.take_target(key)

    def close_lens(self) -> None:
        if self.lens is not None:
            self.lens = None
            self.say("")

    def draw_lens(self, surface: pygame.Surface) -> None:
        """The question, over everything, while its choices still stand where they were; then the mark of
        the finger on the board."""
        if self.lens is not None and (self.moves_expanded or self.reviewing
                                      or not self.lens.still_shows(self.shown_targets())):
            self.lens = None  # the board changed or moved under it
        if self.lens is not None:
            self.lens.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.board_rect.clip(clip))
        self.touch_mark.draw(surface)
        surface.set_clip(clip)

    def hover_cell_clear(self) -> None:
        """The board moved under the pointer: what it pointed at is no longer under it."""
        self.hover_board((-1, -1))

    # -- the board camera: every game's board zooms and pans the same way -------------------------
    def make_board_layout(self, rect: pygame.Rect) -> Any:
        """The game's board geometry fitted into `rect` (the camera's world: the board at its zoom)."""
        return None

    def board_target_px(self, layout: Any) -> float:
        """The width in pixels of the smallest thing a finger must hit on the board laid out as `layout`
        (a cell, a space, a junction): the zoom a double tap goes to makes it TAP_GOAL wide."""
        return 0.0

    def relayout_board(self) -> None:
        """Build the board's layout for the camera as it is now (after a zoom, a pan or a new layout)."""
        self.layout_board = self.make_board_layout(self.board_zoom.camera.world)
        self.board_zoom.laid_out()

    def board_target_now(self) -> float:
        """The smallest target a finger must hit now, in pixels of the unzoomed board."""
        if self.layout_board is None:
            return 0.0
        return self.board_target_px(self.layout_board) / self.board_zoom.camera.zoom

    def draw_board(self, surface: pygame.Surface, paint: Callable[[], None]) -> None:
        """Draw the board with `paint` (which draws it at `layout_board`), as the camera shows it."""
        self.board_zoom.draw(surface, paint)

    def draw_position(self, surface: pygame.Surface, position: Any,
                      draw: Callable[[pygame.Surface, Any], None]) -> None:
        """Draw the board as the camera shows it: `draw(surface, shown)` of `position`, or while a move
        slides, of the slide's `base` (the board without the moving pieces), then those pieces on their way."""
        frame = self.motion_frame()
        shown = frame.base if frame is not None else position

        def paint() -> None:
            draw(surface, shown)
            if frame is not None:
                frame.draw(surface)

        self.draw_board(surface, paint)

    def advance(self, dt: float) -> None:
        """Each game's `advance` begins here (nothing is shared yet)."""

    def animate(self, dt: float) -> None:
        """The frame's time for what moves by itself: the slide, the double tap's window, the finger's mark."""
        super().animate(dt)
        self.board_zoom.tick(dt)
        self.touch_mark.tick(dt)

    # -- names on the board (a game with a Names switch: `show_names`, `names_zoom`) --------------------
    def toggle_names(self) -> None:
        """Names: shown where they can be read; where the board is too small for them, it zooms in until
        they can (about `focus`); pressed while they show, they go."""
        if self.names_shown():
            self.show_names = False
            return
        self.show_names = True
        camera = self.board_zoom.camera
        zoom = camera.zoom * self.names_zoom()
        if zoom > camera.zoom * 1.01:
            at = self.focus()
            self.board_zoom.zoom_to(zoom, (round(at[0]), round(at[1])))

    def names_shown(self) -> bool:
        """The board's names are on it now (on, and large enough to read)."""
        return bool(getattr(self, "show_names", False)) and self.names_zoom() <= 1.0

    def names_zoom(self) -> float:
        """How much larger the board must be drawn for its names to be read (1: they can, or it has none)."""
        return 1.0

    def focus(self) -> tuple[float, float]:
        """The middle of what the player looks at on the board (a zoom for a closer look centres there)."""
        return self.board_rect.center

    def zoom_hint(self) -> str:
        """What the message line adds about zooming, on a phone, while the board is zoomed in (unzoomed, a
        tap takes the nearest target, so the board needs no zoom to be played)."""
        if not self.portrait or not self.board_zoom.camera.zoomed:
            return ""
        return "Drag to look around; double-tap for the whole board."

    # -- the move list ----------------------------------------------------------------------------
    def moves_area(self) -> pygame.Rect:
        """Where the move list is drawn: its place (less what a long message takes of its top), or, opened,
        over the board and panels under the cards."""
        if not self.moves_expanded:
            borrow = self.message_borrow()
            rect = self.moves_rect
            return pygame.Rect(rect.left, rect.top + borrow, rect.width, rect.height - borrow)
        top = self.board_rect.top if self.portrait else self.status_rect.top
        return pygame.Rect(self.moves_rect.left, top, self.moves_rect.width, self.moves_rect.bottom - top)

    def toggle_moves(self) -> None:
        """A tap on the move list opens it over the board (many more moves); a tap on it closes it."""
        self.moves_expanded = not self.moves_expanded

    def drag_moves(self, dy: int) -> None:
        """A finger (or mouse) dragging the move list down shows earlier moves, up later ones."""
        self._moves_drag += dy
        rows = int(self._moves_drag / MOVE_ROW)
        if rows:
            self._moves_drag -= rows * MOVE_ROW
            self.move_scroll = max(0, self.move_scroll + rows)

    # -- the typed move ---------------------------------------------------------------------------
    def open_keyboard(self) -> None:
        """A tap on the entry: ask for the on-screen keyboard (a phone, the browser's hidden input)."""
        self.entry_keyboard = True
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.entry_rect)

    def close_keyboard(self) -> None:
        """Put the on-screen keyboard away (in the browser, where it was asked for; on the desktop the
        keys type at any time, so text input stays on)."""
        if self.entry_keyboard and self.app.browser:
            pygame.key.stop_text_input()
        self.entry_keyboard = False
    def free_buttons(self) -> frozenset[str]:
        """The buttons that can be pressed while the computer has the turn."""
        return self.FREE_BUTTONS | self.view_buttons

    # -- the computer's button --------------------------------------------------------------
    def place_computer_button(self) -> None:
        self.b["computer"].rect = pygame.Rect(self.computer_slot)

    def computer_button(self) -> None:
        """The button beside the entry: Hint where a person plays, Pause/Resume where none does."""
        if self.has_human:
            self.request_hint()
        else:
            self.toggle_pause()

    def sync_computer_buttons(self) -> None:
        button = self.b["computer"]
        button.hint, button.selected, button.primary = "", False, False
        if not self.has_human:
            button.name, button.label = "pause", "Resume" if self.paused else "Pause"
            button.primary = self.paused
            button.enabled = self.outcome() is None
        elif self.hint is not None:
            button.name, button.label = "hint", f"Hint {round(100 * self.hint.progress())}%"
            button.hint, button.selected, button.enabled = "tap to stop", True, True
        else:
            button.name, button.label = "hint", "Hint"
            button.enabled = self.hint_available()
        self.sync_more_button()
        self.sync_entry_row()

    def sync_entry_row(self) -> None:
        """The entry row as the game stands: the typed-move box and the computer's button; once the game is
        over, Play again in their place (in the review of a resigned game, under the review bar); in a game
        by link whose move is made here, Share the link."""
        again, computer, send = self.b["again"], self.b["computer"], self.b["send"]
        over = self.live_history.outcome() is not None
        send.rect = pygame.Rect(0, 0, 0, 0)
        if not over and not self.reviewing and self.remote_to_act():  # the link to send, in the entry's place
            send.rect = self.entry_rect.union(self.computer_slot)
            computer.rect = pygame.Rect(0, 0, 0, 0)
            again.rect = pygame.Rect(0, 0, 0, 0)
        elif over and self.reviewing:
            self.place_review_bar()
            again.rect = pygame.Rect(self.review_hint)
            computer.rect = pygame.Rect(self.computer_slot)
        elif over:
            again.rect = self.entry_rect.union(self.computer_slot)
            computer.rect = pygame.Rect(0, 0, 0, 0)
        else:
            again.rect = pygame.Rect(0, 0, 0, 0)
            computer.rect = pygame.Rect(self.computer_slot)

    def sync_more_button(self) -> None:
        """More, or Share (highlighted) once a move is made in a game that came by link."""
        more = self.b["more"]
        more.label, more.primary = ("Share", True) if self.share_due else ("More", False)

    # -- what each game fills in for `handle` ---------------------------------------------
    def before_press(self) -> None:
        """Put buttons whose place depends on the state where they are now, before a press is tested."""

    def tap_targets(self) -> list[Target]:
        """What a tap on the board may act on now, and where each is on the screen (`targets.Target`, keyed
        in the game's terms): the pieces that can be chosen, the legal targets of the one chosen. A tap
        takes the one it clearly means (`take_target`), or asks between two close ones."""
        return []

    def take_target(self, key: Any) -> None:
        """Act on the candidate `key` of `tap_targets` that a tap (or the lens) chose."""

    def point_board(self, pos: tuple[int, int], touch: bool) -> None:
        """A tap on the board (not on a button) that reaches no candidate; `touch` when it came from a
        finger: say why it does nothing (or drop the selection)."""

    def hover_board(self, pos: tuple[int, int]) -> None:
        """The mouse moved over `pos` without a press."""

    def drop_selection(self) -> bool:
        """Esc: forget the half-made move, True if there was one."""
        return False

    def handle_game(self, intent: Intent) -> None:
        """Keys and Enter, which each game uses its own way."""

    def handle_panels(self, intent: Intent) -> bool:
        """Typing, backspace, move-list scrolling, undo and redo; True when the intent was used."""
        kind = intent.kind
        if kind == "text":
            typed = self.entry + intent.text if not self.entry_selected else intent.text
            self.entry, self.entry_selected = typed[:self.max_entry], False
        elif kind == "key" and intent.text == "backspace":
            self.entry = self.entry[:-1] if not self.entry_selected else ""
            self.entry_selected = False
        elif kind == "key" and intent.text in ("left", "right") and self.entry_selected:
            self.entry_selected = False
        elif kind == "key" and intent.text in ("up", "pageup"):
            self.move_scroll += 1
        elif kind == "key" and intent.text in ("down", "pagedown"):
            self.move_scroll = max(0, self.move_scroll - 1)
        elif kind == "scroll":
            self.move_scroll = max(0, self.move_scroll + intent.rel[1])
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "key" and intent.text == "left" and self.history.moves:
            self.review_step(-1)  # a look back, one move at a time
        elif kind == "copy" or kind == "paste":
            pass  # nothing to copy or paste in a game (the More sheet shares it)
        else:
            return False
        return True

    def submit_entry(self) -> bool:
        """Play the typed move, if any (on a refusal the text stays so it can be corrected)."""
        text = self.entry.strip()
        if not text:
            return False
        played = not self.typed_roll_refused(text) and self.play(text)
        if played:
            self.close_keyboard()
        else:
            self.entry_selected = bool(self.entry)  # the next key replaces the refused text
        return True

    # -- review: the move list's taps, and the bar that replaces the game's buttons -----------
    def review_buttons(self) -> dict[str, Button]:
        return {"review_back": Button("< Back", lambda: self.review_step(-1), name="review_back"),
                "review_forward": Button("Forward >", lambda: self.review_step(+1), name="review_forward"),
                "review_live": Button("Live", self.end_review, name="review_live", primary=True),
                "review_analyse": Button("Analyse", self.open_analysis, name="review_analyse")}

    def button(self, name: str) -> Button:
        """The button called `name`, the review bar's included (for keyboard shortcuts and tests)."""
        for button in self.review_b.values():
            if button.name == name:
                self.place_review_bar()
                return button
        return super().button(name)

    def move_index_at(self, pos: tuple[int, int]) -> int | None:
        """The move (index from 0) that ends the turn the move list shows at `pos`, or None."""
        rows = self.turn_rows()
        grid = move_grid(self.moves_area(), len(rows), self.move_scroll, self.move_column_width(), self.reviewed_item())
        k = move_at(grid, len(rows), pos)
        return None if k is None else rows[k].last

    def reviewed_item(self) -> int | None:
        """The move list row of the position reviewed (None at the start, or when not reviewing)."""
        if not self.review_at:
            return None
        shown = self.review_at - 1  # the last move played in the position reviewed
        return next((k for k, row in enumerate(self.turn_rows()) if row.first <= shown <= row.last), None)

    def on_move_list(self, intent: Intent) -> bool:
        """A press, drag, tap or release that is the move list's (a review goes on from the list too)."""
        if intent.kind == "point":
            return self.area_at(intent.pos) == "moves"
        return intent.kind in ("tap", "drag", "release") and self.press is not None and self.press.on == "moves"

    def handle_review(self, intent: Intent) -> bool:
        """While reviewing: the review bar, Menu, Rules and More take presses; Left/Right step, Esc returns
        to the game; nothing else reaches the game (nothing is played while looking back)."""
        kind = intent.kind
        self.place_review_bar()
        if kind == "point":
            self.sync_entry_row()
            allowed = [self.b["menu"], self.b["rules"], self.b["more"], self.b["again"], *self.review_b.values()]
            if not press_buttons(allowed, intent.pos) and not self.review_bar.collidepoint(intent.pos):
                self.say(self.review_refusal())
        elif kind == "hover":
            self.hover = intent.pos
        elif kind == "key" and intent.text in ("left", "right"):
            self.review_step(-1 if intent.text == "left" else +1)
        elif kind == "key" and intent.text in ("up", "pageup", "down", "pagedown") or kind == "scroll":
            self.handle_panels(intent)
        elif kind == "back":
            self.end_review()
        elif kind in ("undo", "redo", "text", "confirm"):
            self.say(self.review_refusal(), error=True)
        return True

    def place_review_bar(self) -> None:
        """While reviewing, the bar covers the button rows and the entry (the More button stays): Back,
        Forward and Live in a row, what is shown under it, and Analyse at the end of the entry row (in the
        row of buttons where the bar has no second row). Otherwise its buttons are nowhere."""
        names = ("review_back", "review_forward", "review_live")
        bar = self.review_b
        if not self.reviewing:
            for button in bar.values():
                button.rect = pygame.Rect(0, 0, 0, 0)
            self.review_bar = self.review_label = self.review_hint = pygame.Rect(0, 0, 0, 0)
            return
        area, entry, more = self.rows_area, self.entry_rect, self.b["more"].rect
        self.review_bar = pygame.Rect(area.left, area.top, area.width, max(entry.bottom, area.top + self.row_h) - area.top)
        row_h = self.row_h if self.review_bar.height >= self.row_h + self.row_gap + 24 else self.review_bar.height
        top = self.review_bar.top + row_h + self.row_gap
        more_here = more.top == entry.top  # a phone's More stays in the entry row, over the bar
        entry_row = pygame.Rect(area.left, entry.top, (more.left - self.row_gap if more_here else area.right) - area.left,
                                entry.height)
        above = pygame.Rect(area.left, top, area.width, entry.top - self.row_gap - top)
        two_rows = above.height >= 22
        row = [(name, 1) for name in names] + ([] if two_rows else [("review_analyse", 1)])
        layout_button_rows(bar, [row], self.review_bar, self.row_gap, row_h)
        self.review_label = above if two_rows else entry_row
        self.review_hint = entry_row if two_rows else pygame.Rect(0, 0, 0, 0)
        if two_rows:  # Analyse at the entry row's end; the hint (or Play again) in the rest
            hint = self.review_hint
            width = min(150, hint.width // 2)
            bar["review_analyse"].rect = pygame.Rect(hint.right - width, hint.top, width, hint.height)
            self.review_hint = pygame.Rect(hint.left, hint.top, hint.width - width - self.row_gap, hint.height)
        live = bar["review_live"]
        at, total = self.review_at or 0, len(self.live_history.moves)
        bar["review_back"].enabled = at > 0
        bar["review_forward"].enabled = at < total
        bar["review_analyse"].enabled = total > 0
        over = self.live_history.ended_early
        live.label, live.enabled = ("Last", at < total) if over else ("Live", True)

    def review_caption(self) -> str:
        """The bar's line: which position is shown."""
        at, total = self.review_at or 0, len(self.live_history.moves)
        if at == 0:
            return f"Reviewing: the start (0 of {total})"
        live = self.live_history
        return f"Reviewing: {self.move_item(at, live.states[at - 1], live.moves[at - 1])}  ({at} of {total})"

    def draw_review_bar(self, surface: pygame.Surface) -> None:
        self.place_review_bar()
        bar = self.review_bar
        theme.panel(surface, bar.inflate(6, 6), theme.BG, 10)
        theme.panel(surface, bar.inflate(2, 2), theme.BG_PANEL, 10, border=theme.ACCENT_DIM)
        for button in (*self.review_b.values(), self.b["more"]):
            button.draw(surface, self.hover)
        label, hint = self.review_label, self.review_hint
        if self.live_history.outcome() is not None and hint.height:  # (a resigned game: Play again is there)
            self.sync_entry_row()
            self.b["again"].draw(surface, self.hover)
            hint = pygame.Rect(0, 0, 0, 0)
        if label.height >= 18:
            theme.text(surface, self.review_caption(), min(self.text_size + 1, label.height - 4), theme.ACCENT,
                       midleft=(label.left + 8, label.centery), max_width=label.width - 12)
        if hint.height >= 18:
            words = next((words for words in ("Tap a move in the list to see it", "Tap a move to see it")
                          if theme.font(max(theme.MIN_TEXT, self.text_size - 2)).size(words)[0] <= hint.width - 12), "")
            if words:
                theme.text(surface, words, self.text_size - 2, theme.TEXT_DIM, midleft=(hint.left + 8, hint.centery))

    # -- the move list: a row a turn --------------------------------------------------------
    #: in this game the dice come before the move they lead to (a roll joins the move after it); where
    #: chance follows a choice (Truchet's tiles drawn after "random"), it joins the move before it
    chance_leads = True

    def turn_rows(self) -> list["TurnRow"]:
        """The move list's rows (of the game itself, also while reviewing): a turn each, its roll and the move
        it led to together (``R 4-5: a4-e4,g4-h4``), numbered. Kept until the game changes."""
        live = self.live_history
        key = (id(live), len(live.moves), live.moves[-1] if live.moves else None)
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1]
        game, states, moves = self.game, live.states, live.moves
        groups: list[list[int]] = []
        pending: list[int] = []  # chance moves waiting for the move they lead to
        for k, state in enumerate(states[:len(moves)]):
            if not game.is_chance(state):
                groups.append(pending + [k])
                pending = []
            elif self.chance_leads or not groups:
                pending.append(k)
            else:
                groups[-1].append(k)
        if pending:
            groups.append(pending)
        rows = [TurnRow(group[0], group[-1], self.turn_text(number, [(states[k], moves[k]) for k in group]))
                for number, group in enumerate(groups, 1)]
        self._rows = (key, rows)
        return rows

    def turn_text(self, number: int, turn: Sequence[tuple[Any, Any]]) -> str:
        """A row of the move list: ``12. R 4-5: a4-e4,g4-h4`` (who, then each part of the turn: the roll, the
        move); a roll not yet followed by its move stands alone."""
        game = self.game
        movers = [game.to_move(before) for before, _ in turn if not game.is_chance(before)]
        if not movers:  # a roll whose move is still to come: the roller's, where one side rolls
            rollers = list(self.rollers(game, turn[0][0]))
            movers = rollers if len(rollers) == 1 else []
        who = self.seat_names[movers[0]] if movers and movers[0] is not None else ""
        text, last_roll = "", None
        for before, move in turn:
            roll = game.is_chance(before)
            part = self.roll_text(before, move) if roll else self.move_text(before, move)
            text += ("" if last_roll is None else ", " if roll and last_roll else ": ") + part
            last_roll = roll
        return f"{number}. {who} {text}".replace("  ", " ")

    def roll_text(self, before: Any, move: Any) -> str:
        """A roll in the move list: its dice (``4-5``)."""
        return str(move).removeprefix("roll:").replace(",", "-")

    def chance_words(self, before: Any, move: Any) -> str:
        """A chance move in words, for the Analyse screen: ``the dice: 4-5`` (a game whose chance is no dice
        says what it is)."""
        return f"the dice: {self.roll_text(before, move)}"

    def move_text(self, before: Any, move: Any) -> str:
        """A move in the move list (its notation; a game may shorten it)."""
        return str(move)

    def move_lines(self) -> list[str]:
        """The move list's rows as drawn."""
        return [row.text for row in self.turn_rows()]

    def draw_buttons(self, surface: pygame.Surface, skip: Sequence[str] = ()) -> None:
        """The scene's buttons (but `skip`); those that would play for the computer are drawn greyed while
        it has the turn."""
        self.sync_computer_buttons()
        waiting = self.others_to_act()
        free = self.free_buttons()
        for button in self.buttons:
            if button.name in skip:
                continue
            if waiting and button.enabled and button.name not in free:
                button.enabled = False
                button.draw(surface, self.hover)
                button.enabled = True
            else:
                button.draw(surface, self.hover)

    def draw_board_marks(self, surface: pygame.Surface) -> None:
        """Over the board (clipped to it, which may be zoomed): the hint, and the computer's last move for a
        moment after it is played (not while fingers pinch: the board's picture is then scaled)."""
        if self.board_zoom.pinching:
            return
        clip = surface.get_clip()
        surface.set_clip(self.board_rect.clip(clip))
        self._draw_board_marks(surface)
        surface.set_clip(clip)

    def _draw_board_marks(self, surface: pygame.Surface) -> None:
        note = self.board_note
        if note is not None and self.reviewing and self.review_at == note.ply:  # the Analyse screen's moves
            marks = [(self.move_marks(move), ink, label) for move, ink, label in note.marks]
            placed = []
            for k, ((strokes, radius), ink, label) in enumerate(marks):
                # its label goes by a part that ends where no other move's part does (else by one of its own)
                ends = [stroke[-1] for j, ((found, _), _, _) in enumerate(marks) if j != k for stroke in found if stroke]

                def shared_end(stroke: Sequence[Point]) -> bool:
                    return bool(stroke) and any(math.dist(stroke[-1], end) < radius for end in ends)

                first = sorted(strokes, key=shared_end)
                placed.append((first, radius, ink, label))
                draw_marks(surface, strokes, radius, ink)
            for strokes, radius, ink, label in placed:  # the labels over every move's strokes
                draw_mark_label(surface, strokes, radius, ink, label)
            return
        hint = self.shown_hint()
        if hint is not None:
            strokes, radius = self.move_marks(hint)
            draw_marks(surface, strokes, radius, HINT_INK, label="Hint")
        if not self.reviewing and self.motion is None:  # three or four: each move since your turn, named
            for colour, move in self.moves_since_turn():
                strokes, radius = self.move_marks(move)
                draw_marks(surface, strokes, radius, theme.ACCENT, 215, label=self.seat_names[colour])
        if len(self.seat_names) <= 2 and self.flash_move is not None and self.flash_left > 0 and self.history.moves \
                and self.history.moves[-1] == self.flash_move and self.motion is None:  # (marked once arrived)
            strokes, radius = self.move_marks(self.flash_move)
            draw_marks(surface, strokes, radius, theme.ACCENT, round(255 * min(1.0, self.flash_left / 0.4)))

    def draw_panels(self, surface: pygame.Surface) -> None:
        self.draw_board_marks(surface)
        self.draw_cards(surface)
        self.draw_status_line(surface)
        busy = self.thinking if self.thinking is not None else self.hint
        if busy is not None and not self.reviewing:
            draw_progress(surface, self.status_rect, busy.progress())
        if self.live_history.outcome() is None and not self.b["send"].rect.width:  # (else a button in its place)
            draw_entry(surface, self.entry_rect, self.entry, self.entry_hint(), self.text_size, self.entry_selected)
        self.draw_message(surface)
        self.draw_moves(surface)
        if self.reviewing:
            self.draw_review_bar(surface)
        self.draw_lens(surface)

    def draw_moves(self, surface: pygame.Surface) -> None:
        """The move list in its place, or opened over the board (drawn last, over everything under it)."""
        area = self.moves_area()
        if area.height < MOVES_LINE_H:
            return  # (a long message has it for the while)
        if self.moves_expanded:
            pygame.draw.rect(surface, theme.BG, area.inflate(8, 8))
        act = "tap" if self.portrait else "click"
        note = f"{act} here to close" if self.moves_expanded else (
            f"{act} for all" if self.moves_hidden() else "")
        self.move_scroll = draw_move_list(surface, area, self.move_lines(), self.move_scroll, self.move_column_width(),
                                          note, self.reviewed_item())

    def move_column_width(self) -> int:
        """The move list's column width: the game's (`move_col_w`), or wider, so that its longest item shows
        whole (measured again only when the list changes)."""
        moves = self.live_history.moves
        key = (len(moves), str(moves[-1]) if moves else "")
        if self._columns[0] != key:
            widest = max((theme.font(theme.MIN_TEXT).size(item)[0] for item in self.move_lines()), default=0)
            self._columns = (key, max(self.move_col_w, widest + 12))
        return self._columns[1]

    def moves_hidden(self) -> bool:
        """Some moves are out of sight in the move list as it is placed."""
        grid = move_grid(self.moves_area(), len(self.turn_rows()), 0, self.move_column_width())
        return grid.total_rows > grid.rows_fit

    def draw_status_line(self, surface: pygame.Surface) -> None:
        words, colour = self.status_line()
        draw_status(surface, self.status_rect, words, colour, self.text_size + 1)

    def draw_cards(self, surface: pygame.Surface) -> None:
        state = self.state
        scores = self.game.scores(state)
        leader = self.game.leader(state)
        for colour, rect in enumerate(self.cards):
            moving = self.card_moving(colour)
            if self.compact_cards:
                draw_compact_card(surface, rect, icon=self.card_icon(colour), name=self.card_name(colour),
                                  seat=self.compact_seat(colour),
                                  moving=moving, leads=self.card_leads(colour, leader),
                                  score=self.card_score(colour, scores), caption=self.score_caption())
                continue
            title = self.card_title(colour)
            draw_player_card(surface, rect, icon=self.card_icon(colour), title=title,
                             tags=self.card_tags(colour, moving), moving=moving,
                             leads=self.card_leads(colour, leader), score=self.card_score(colour, scores),
                             caption=self.score_caption())
        for seats, colour in self.card_partners():
            rects = [self.cards[seat] for seat in seats]
            for a, b in zip(rects, rects[1:]):
                if a.top == b.top:  # side by side in a row
                    draw_partner_link(surface, a, b, colour)

    def compact_seat(self, colour: int) -> str:
        """Who plays `colour` on a narrow card: ``You``, ``Comp 3``, ``P2``."""
        person = self.person_of(colour)
        level = self.level_of(colour)
        if level is not None:
            return f"Comp {level}"
        words = self.person_words(person)
        return words if words == "You" else f"P{person + 1}"

    def score_caption(self) -> str:
        """What the cards' scores count ("points", "pips to go", ...): each game says."""
        return ""

    def score_text(self, colour: int) -> tuple[str, str]:
        """The score of `colour` as its card shows it, and what it counts (the game-over screen shows the
        same)."""
        return self.card_score(colour, self.game.scores(self.state)), self.score_caption()

    def message_words(self) -> tuple[str, Colour]:
        """What the message line says: the last message; else what a game by link waits for, or (three or
        four players) every move since your turn; else the game's own hint."""
        if self.message:
            return self.message, theme.BAD if self.message_is_error else theme.GOOD
        if not self.reviewing and self.remote_to_act():
            return self.waiting_words(), theme.ACCENT
        since = "" if self.reviewing else self.since_words()
        if since:
            return since, theme.GOOD
        words, colour = self.idle_message()
        return f"{self.zoom_hint()} {words}".strip(), colour  # on a phone the zoom comes first

    def message_borrow(self) -> int:
        """How far the message grows over the top of the move list (px): as far as its words need, up to
        MESSAGE_MOST_LINES lines, leaving the list a line where it can (else hiding it for the while)."""
        rect = self.message_rect
        if self.moves_expanded or rect.height <= 0:
            return 0
        words, _ = self.message_words()
        lines, size = message_lines(words, self.text_size, rect.width, rect.height)
        need = min(len(lines), MESSAGE_MOST_LINES) * (size + 1) - rect.height
        if need <= 0:
            return 0
        room = self.moves_rect.height
        return min(need, room - MOVES_LINE_H if need <= room - MOVES_LINE_H else room)

    def message_area(self) -> pygame.Rect:
        """Where the message is drawn: its line, grown over the move list when its words need it."""
        rect = self.message_rect
        return pygame.Rect(rect.left, rect.top, rect.width, rect.height + self.message_borrow())

    def draw_message(self, surface: pygame.Surface) -> None:
        words, colour = self.message_words()
        draw_message(surface, self.message_area(), words, colour, self.text_size)
