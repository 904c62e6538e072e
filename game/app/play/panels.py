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
from typing import Any, Callable, Mapping, Sequence

import pygame

from game.app.play.game_scene import GameScene
from game.app.screens.rules import RulesScene
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules.base import Game
from game.rules.options import OptionValue

Colour = tuple[int, int, int]
Point = tuple[float, float]
ENTRY_FILL = (24, 31, 40)
HINT_INK: Colour = (96, 214, 255)   # a hint on the board


# ----------------------------------------------------------------------------- drawing
def draw_player_card(surface: pygame.Surface, rect: pygame.Rect, *, icon: Callable[[pygame.Surface, tuple[float, float], float], None],
                     title: str, tags: Sequence[str], moving: bool, leads: bool, score: str) -> None:
    """One player's card: an icon, the name line, a tag line (seat, "to move"; as many as fit), "leads" and
    the score."""
    theme.panel(surface, rect, theme.BG_CARD_HI if moving else theme.BG_CARD, 10,
                border=theme.ACCENT if moving else None)
    r = rect.height * 0.26
    icon(surface, (rect.left + 10 + r, rect.top + rect.height * 0.36), r)
    left = rect.left + 18 + 2 * r
    score_w = max(56, theme.font(42).size(score)[0] + 20)
    name_w = rect.width - (left - rect.left) - score_w
    theme.text(surface, title, 22, theme.TEXT, topleft=(left, rect.top + 8), max_width=name_w)
    tags = list(tags)
    while len(tags) > 1 and theme.font(15).size(" · ".join(tags))[0] > name_w:
        tags.pop()  # on a narrow card the first tags stay readable, the last ones go
    theme.text(surface, " · ".join(tags), 18, theme.ACCENT if moving else theme.TEXT_DIM,
               topleft=(left, rect.top + 32), max_width=name_w)
    if leads:
        theme.text(surface, "leads", 17, theme.GOOD, topleft=(rect.left + 8, rect.bottom - 18))
    theme.text(surface, score, 42, theme.TEXT, midright=(rect.right - 12, rect.centery))


def draw_status(surface: pygame.Surface, rect: pygame.Rect, words: str, colour: Colour, size: int) -> None:
    theme.text(surface, words, size, colour, midleft=rect.midleft, max_width=rect.width)


def draw_entry(surface: pygame.Surface, rect: pygame.Rect, entry: str, hint: str, size: int) -> None:
    """The typed-move box: what was typed with a cursor, or a dim hint when empty."""
    pygame.draw.rect(surface, ENTRY_FILL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT_DIM if entry else theme.BG_CARD_HI, rect, 2, border_radius=8)
    if entry:
        theme.text(surface, entry + "_", 26, theme.TEXT, midleft=(rect.left + 12, rect.centery),
                   max_width=rect.width - 120)
        theme.text(surface, "Enter to play", 16, theme.TEXT_DIM, midright=(rect.right - 10, rect.centery))
    else:
        theme.text(surface, hint, size, theme.TEXT_DIM, midleft=(rect.left + 12, rect.centery),
                   max_width=rect.width - 24)


def draw_message(surface: pygame.Surface, rect: pygame.Rect, words: str, colour: Colour, size: int) -> None:
    """Wrapped text in `rect`, shrinking the font (down to 13 px) until it fits."""
    lines = theme.wrap(words, size, rect.width)
    while len(lines) * (size + 1) > rect.height and size > 13:
        size -= 1
        lines = theme.wrap(words, size, rect.width)
    y = rect.top
    for line in lines:
        if y + size > rect.bottom + 4:
            break
        theme.text(surface, line, size, colour, topleft=(rect.left, y))
        y += size + 1


def draw_move_list(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[str], scroll: int,
                   col_w: int = 96) -> int:
    """The move list in columns, latest at the bottom in the accent colour; returns the clamped scroll
    (rows scrolled back from the latest move)."""
    pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=8)
    theme.text(surface, f"Moves ({len(items)})", 18, theme.TEXT_DIM, topleft=(rect.left + 8, rect.top + 6))
    inner = pygame.Rect(rect.left + 8, rect.top + 26, rect.width - 16, rect.height - 30)
    if not items:
        theme.text(surface, "none yet", 18, theme.TEXT_DIM, topleft=inner.topleft)
        return 0
    cols = max(1, inner.width // col_w)
    row_h = 21
    rows_fit = max(1, inner.height // row_h)
    total_rows = (len(items) + cols - 1) // cols
    scroll = max(0, min(scroll, total_rows - rows_fit))
    first_row = max(0, total_rows - rows_fit - scroll)
    for k in range(first_row * cols, min(len(items), (first_row + rows_fit) * cols)):
        row, col = divmod(k, cols)
        latest = k == len(items) - 1
        theme.text(surface, items[k], 18, theme.ACCENT if latest else theme.TEXT,
                   topleft=(inner.left + col * col_w, inner.top + (row - first_row) * row_h), max_width=col_w - 6)
    if first_row > 0:
        theme.text(surface, f"{first_row * cols} earlier, scroll up", 15, theme.TEXT_DIM,
                   topright=(rect.right - 8, rect.top + 7))
    return scroll


def draw_marks(surface: pygame.Surface, strokes: Sequence[Sequence[Point]], radius: float, colour: Colour,
               alpha: int = 255, label: str = "") -> None:
    """A move drawn over a board: each stroke a ring at its last point and, from its first point, a line
    with an arrowhead (a stroke of one point is a ring alone); `label` in a pill by the first ring."""
    if not strokes or alpha <= 0:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    ink = (*colour, alpha)
    width = max(3, round(radius * 0.22))
    for stroke in strokes:
        points = [(float(x), float(y)) for x, y in stroke]
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
    surface.blit(layer, (0, 0))
    if label:
        first = next(stroke for stroke in strokes if stroke)
        x, y = first[-1]
        pill = theme.font(17).size(label)
        rect = pygame.Rect(0, 0, pill[0] + 14, pill[1] + 4)
        rect.midbottom = (round(x), round(y - radius - 4))
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
        theme.text(surface, label, 17, theme.TEXT_DARK, center=rect.center)


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
class PanelScene(GameScene):
    """A GameScene with the shared panels.

    `layout` sets `portrait`, `board_rect`, `cards` (one rect per player),
    `status_rect`, the rows of buttons in `self.b` (see `button_rows`),
    `entry_rect`, `message_rect`, `moves_rect` and `text_size`. On a phone:
    a top bar with Menu and Rules, the two cards side by side, the board across
    the full width, then the status line, the button rows, the typed-move
    entry, the message line and the move list in what is left. On a desktop:
    the board on the left and all the rest in a panel on the right. The class
    attributes below size the parts that differ between games.
    """

    max_entry = 12
    move_col_w = 96
    panel_width = (320, 480, 0.36)  # desktop: the panel's least and largest width, and its share of the window
    cards_stacked = False           # desktop: the cards one above the other (else side by side)
    board_min_h = 160               # phone: the board is never shorter than this ...
    board_square = True             # ... nor taller than the screen is wide
    button_h = (48, 50)             # a row of buttons: phone, desktop
    message_h = (60, 86)            # the message line: phone, desktop
    moves_min_h = 88                # phone: the room the board leaves at least for the move list
    #: buttons that only change what is shown (pressable while the computer has the turn)
    view_buttons: frozenset[str] = frozenset()
    #: buttons every game scene has that never play for the computer
    FREE_BUTTONS = frozenset({"menu", "rules", "undo", "redo", "hint", "pause"})

    def __init__(self, app: Host, game: Game, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), **kwargs: Any) -> None:
        super().__init__(app, game, options, seats, **kwargs)  # seed, start, rng: see GameScene
        self.entry = ""
        self.move_scroll = 0  # rows scrolled back from the latest move
        self.cards: list[pygame.Rect] = []
        self.status_rect = self.entry_rect = self.message_rect = self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.computer_slot = pygame.Rect(0, 0, 0, 0)  # the Hint (or Pause) button's place, beside the entry
        self.rows_area = pygame.Rect(0, 0, 0, 0)  # where the button rows start (its height is not used)
        self.row_gap, self.row_h = 6, 48
        self.text_size = 20
        self.portrait = False
        # the scene's buttons by name (the scene adds its own); Menu and Rules go in the top bar
        self.b: dict[str, Button] = {"menu": Button("Menu", self.to_menu, name="menu"),
                                     "rules": Button("Rules", self.open_rules, name="rules"),
                                     # Hint where a person plays, else Pause (see sync_computer_buttons)
                                     "computer": Button("Hint", self.computer_button, name="hint")}

    def to_menu(self) -> None:
        self.leave()
        self.app.pop_to_root()

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.game, self.rules_page))

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.portrait = h > w
        if self.portrait:
            self._layout_phone(w, h)
        else:
            self._layout_desktop(w, h)

    def _layout_phone(self, w: int, h: int) -> None:
        pad, gap, bar = 8, 6, 48
        self.text_size = 19
        self.b["menu"].rect = pygame.Rect(pad, pad, 92, bar)
        self.b["rules"].rect = pygame.Rect(w - pad - 92, pad, 92, bar)
        y = pad + bar + gap
        card_w = (w - 2 * pad - gap) // 2
        self.cards = [pygame.Rect(pad, y, card_w, 66), pygame.Rect(pad + card_w + gap, y, card_w, 66)]
        y += 66 + gap
        # the panels under the board, laid out once from y = 0 to measure them (placed for real below)
        below = self._stack_panels(pad, 0, w - 2 * pad, gap) + self.moves_min_h + pad
        board_h = self.phone_board_height(h - y - below, w)
        self.board_rect = pygame.Rect(0, y, w, board_h)
        y = self._stack_panels(pad, y + board_h + 2, w - 2 * pad, gap)
        self.moves_rect = pygame.Rect(pad, y, w - 2 * pad, max(40, h - y - pad))

    def _layout_desktop(self, w: int, h: int) -> None:
        pad, gap = 16, 8
        self.text_size = 20
        least, most, share = self.panel_width
        pw = max(least, min(most, int(w * share)))
        px = w - pw - pad
        self.board_rect = pygame.Rect(pad, pad, w - pw - 3 * pad, h - 2 * pad)
        half = (pw - gap) // 2
        self.b["menu"].rect = pygame.Rect(px, pad, half, 44)
        self.b["rules"].rect = pygame.Rect(px + half + gap, pad, half, 44)
        y = pad + 44 + gap + 4
        if self.cards_stacked:
            self.cards = [pygame.Rect(px, y, pw, 70), pygame.Rect(px, y + 70 + gap, pw, 70)]
            y += 2 * (70 + gap)
        else:
            self.cards = [pygame.Rect(px, y, half, 70), pygame.Rect(px + half + gap, y, half, 70)]
            y += 70 + gap
        y = self._stack_panels(px, y, pw, gap)
        self.moves_rect = pygame.Rect(px, y, pw, max(40, h - y - pad))

    def _stack_panels(self, x: int, y: int, width: int, gap: int) -> int:
        """Status line, button rows, entry and message line from `y` down; returns the move list's top."""
        phone = self.portrait
        y = self.place_status(x, y, width)
        self.rows_area = pygame.Rect(x, y, width, 0)
        self.row_gap, self.row_h = gap, self.button_h[0 if phone else 1]
        y = self.place_buttons()
        slot = 104 if phone else 120  # the computer's button (Hint, or Pause) at the end of the entry row
        self.entry_rect = pygame.Rect(x, y, width - slot - gap, 44)
        self.computer_slot = pygame.Rect(x + width - slot, y, slot, 44)
        self.place_computer_button()
        y += 44 + gap
        message_h = self.message_h[0 if phone else 1]
        self.message_rect = pygame.Rect(x, y, width, message_h)
        return y + message_h + (2 if phone else 4)

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

    def card_title(self, colour: int) -> str:
        return f"{self.game.players[colour]}  Player {self.person_of(colour) + 1}"

    def card_tags(self, colour: int, moving: bool) -> list[str]:
        tags = [self.seats[self.person_of(colour)]]
        if moving:
            tags.append("to move")
        return tags

    def card_score(self, colour: int, scores: Sequence[int]) -> str:
        return str(scores[colour])

    def card_leads(self, colour: int, leader: int | None) -> bool:
        return leader == colour

    def card_moving(self, colour: int) -> bool:
        return self.game.to_move(self.state) == colour

    def status_line(self) -> tuple[str, Colour]:
        """Who is to do what; once the game is over, its result."""
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            who = "a draw" if outcome.winner is None else f"{self.winner_name(outcome.winner)} wins"
            return f"Game over: {who}", theme.ACCENT
        if self.paused:
            return "Paused: press Resume to go on", theme.ACCENT
        if self.computer_moves():
            mover = self.game.to_move(self.state)
            progress = self.thinking.progress() if self.thinking is not None else 0.0
            return (f"Computer ({self.game.players[mover]}) is thinking… {round(100 * progress)}%"
                    if mover is not None else "Computer is thinking…"), theme.ACCENT
        return self.play_status()

    def winner_name(self, colour: int) -> str:
        return self.game.players[colour]

    def play_status(self) -> tuple[str, Colour]:
        """The status line while the game is on."""
        mover = self.game.to_move(self.state)
        return (f"{self.game.players[mover]} to move" if mover is not None else ""), theme.TEXT

    def entry_hint(self) -> str:
        return "Type a move + Enter"

    def idle_message(self) -> tuple[str, Colour]:
        """What the message line shows when there is no message."""
        return "", theme.TEXT_DIM

    def move_item(self, number: int, before: Any, move: Any) -> str:
        mover = self.game.to_move(before)
        who = self.game.players[mover] if mover is not None else ""
        return f"{number}. {who} {move}".replace("  ", " ")

    # -- shared input -------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """Every input of a game scene comes through here: presses, typing, scrolling, undo and redo are
        shared; the board, keys and Enter go on to the game's hooks (`point_board`, `handle_game`)."""
        self._refresh()
        self.sync_computer_buttons()
        kind = intent.kind
        waiting = self.computer_to_act()  # the computer has the turn: nothing may play for it
        if kind == "point":
            self.before_press()
            free = self.free_buttons()
            if press_buttons([b for b in self.buttons if not waiting or b.name in free], intent.pos):
                return
            if waiting:
                if not any(b.hit(intent.pos) for b in self.buttons):
                    self.say("The computer has the turn. Undo takes back your last move." if self.has_human
                             else "The computer plays both sides: Pause stops it.")
                return
            self.point_board(intent.pos, intent.touch)
        elif kind == "hover":
            self.hover = intent.pos
            self.hover_board(intent.pos)
        elif self.handle_panels(intent):
            pass
        elif kind == "back":  # Esc peels off one thing at a time: typed text, the selection, the game
            if self.entry:
                self.entry = ""
            elif not self.drop_selection():
                self.to_menu()
        elif kind == "confirm" and waiting:
            pass  # a typed move waits for the computer's turn to end
        else:
            self.handle_game(intent)

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
            button.enabled = self.game.outcome(self.state) is None
        elif self.hint is not None:
            button.name, button.label = "hint", f"Hint {round(100 * self.hint.progress())}%"
            button.hint, button.selected, button.enabled = "tap to stop", True, True
        else:
            button.name, button.label = "hint", "Hint"
            button.enabled = self.hint_available()

    # -- what each game fills in for `handle` ---------------------------------------------
    def before_press(self) -> None:
        """Put buttons whose place depends on the state where they are now, before a press is tested."""

    def point_board(self, pos: tuple[int, int], touch: bool) -> None:
        """A press on the board (not on a button); `touch` when it came from a finger."""

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
            self.entry = (self.entry + intent.text.replace(" ", ""))[:self.max_entry]
        elif kind == "key" and intent.text == "backspace":
            self.entry = self.entry[:-1]
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
        else:
            return False
        return True

    def submit_entry(self) -> bool:
        """Play the typed move, if any (on a refusal the text stays so it can be corrected)."""
        text = self.entry.strip()
        if not text:
            return False
        if not self.typed_roll_refused(text):
            self.play(text)
        return True

    # -- shared drawing -----------------------------------------------------------------
    def move_lines(self) -> list[str]:
        """The move list in notation, one item per move."""
        return [self.move_item(number, state, move)
                for number, (state, move) in enumerate(zip(self.history.states, self.history.moves), 1)]

    def draw_buttons(self, surface: pygame.Surface, skip: Sequence[str] = ()) -> None:
        """The scene's buttons (but `skip`); those that would play for the computer are drawn greyed while
        it has the turn."""
        self.sync_computer_buttons()
        waiting = self.computer_to_act()
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
        """Over the board: the hint, and the computer's last move for a moment after it is played."""
        hint = self.shown_hint()
        if hint is not None:
            strokes, radius = self.move_marks(hint)
            draw_marks(surface, strokes, radius, HINT_INK, label="Hint")
        if self.flash_move is not None and self.flash_left > 0 and self.history.moves \
                and self.history.moves[-1] == self.flash_move:
            strokes, radius = self.move_marks(self.flash_move)
            draw_marks(surface, strokes, radius, theme.ACCENT, round(255 * min(1.0, self.flash_left / 0.4)))

    def draw_panels(self, surface: pygame.Surface) -> None:
        self.draw_board_marks(surface)
        self.draw_cards(surface)
        self.draw_status_line(surface)
        busy = self.thinking if self.thinking is not None else self.hint
        if busy is not None:
            draw_progress(surface, self.status_rect, busy.progress())
        draw_entry(surface, self.entry_rect, self.entry, self.entry_hint(), self.text_size)
        self.draw_message(surface)
        self.move_scroll = draw_move_list(surface, self.moves_rect, self.move_lines(), self.move_scroll,
                                          self.move_col_w)

    def draw_status_line(self, surface: pygame.Surface) -> None:
        words, colour = self.status_line()
        draw_status(surface, self.status_rect, words, colour, self.text_size + 1)

    def draw_cards(self, surface: pygame.Surface) -> None:
        state = self.state
        scores = self.game.scores(state)
        leader = self.game.leader(state)
        for colour, rect in enumerate(self.cards):
            moving = self.card_moving(colour)
            draw_player_card(surface, rect, icon=self.card_icon(colour), title=self.card_title(colour),
                             tags=self.card_tags(colour, moving), moving=moving,
                             leads=self.card_leads(colour, leader), score=self.card_score(colour, scores))

    def draw_message(self, surface: pygame.Surface) -> None:
        words = self.message
        colour = theme.BAD if self.message_is_error else theme.GOOD
        if not words:
            words, colour = self.idle_message()
        draw_message(surface, self.message_rect, words, colour, self.text_size)
