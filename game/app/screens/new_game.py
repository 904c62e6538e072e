"""The new-game screen: the game's OPTIONS as touch controls, and who plays each side.

Each side is Human or Computer; a computer side also has its level (1 beginner to 4 strongest,
`game.ai.LEVELS`, 3 by default), in a row of buttons under it. Every pairing can be chosen,
computer against computer included.

Start opens `scene_class` (the game's scene, handed over by the menu; None when the app cannot play
the game yet) in place of this screen.
"""

from __future__ import annotations

import pygame

from game.ai import DEFAULT_LEVEL, LEVELS
from game.app.play.game_scene import AVAILABLE_SEATS, GameScene
from game.app.saves.seats import COMPUTER, HUMAN, SEAT_KINDS, computer, level_of, parse_seat
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, OptionControl, press_buttons
from game.rules.base import Game
from game.rules.errors import RulesError
from game.rules.options import OptionValue
from .rules import RulesScene
from .scrolling import ScrollingScene


class NewGameScene(ScrollingScene):
    def __init__(self, app: Host, game: Game, scene_class: type[GameScene] | None,
                 values: dict[str, OptionValue] | None = None, seats: tuple[str, ...] = ("Human", "Human")) -> None:
        super().__init__(app)
        self.game = game
        self.scene_class = scene_class
        self.values: dict[str, OptionValue] = game.check_options(values)
        self.controls = [OptionControl(spec, self.values) for spec in game.OPTIONS]
        self.seats = [parse_seat(seat) for seat in seats]
        # the level each side's computer plays at (kept while the side is switched to Human and back)
        self.levels = [level_of(seat) or DEFAULT_LEVEL for seat in self.seats]
        self.seat_buttons: list[list[Button]] = []
        self.level_buttons: list[list[Button]] = []
        for side in range(len(game.players)):
            row = []
            for kind in SEAT_KINDS:
                row.append(Button(kind, (lambda s=side, k=kind: self.set_seat(s, k)), name=f"seat{side}-{kind.lower()}",
                                  enabled=kind in AVAILABLE_SEATS, hint="" if kind in AVAILABLE_SEATS else "later"))
            self.seat_buttons.append(row)
            self.level_buttons.append([Button(str(level), (lambda s=side, v=level: self.set_level(s, v)),
                                              name=f"seat{side}-level{level}", hint=words)
                                       for level, words in LEVELS.items()])
        self.start = Button("Start", self.start_game, name="start", primary=True)
        self.back = Button("Back", self.app.pop, name="back")
        self.rules = Button("Rules", self.open_rules, name="rules")
        self.error = ""
        # in dice games an opening roll decides who starts
        self.first_is_fixed = not game.is_chance(game.new(self.values))
        # The options can be taller than the screen (Savoy has eight): they scroll.
        self.content_bottom = 0
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self._sync()

    def set_seat(self, side: int, kind: str) -> None:
        if kind in AVAILABLE_SEATS:
            self.seats[side] = computer(self.levels[side]) if kind == COMPUTER else HUMAN
        self._sync()
        self.layout(self.size)  # a computer side shows its levels

    def set_level(self, side: int, level: int) -> None:
        self.levels[side] = level
        if self.seats[side] != HUMAN:
            self.seats[side] = computer(level)
        self._sync()

    def _sync(self) -> None:
        for side, row in enumerate(self.seat_buttons):
            for button in row:
                button.selected = button.label == self.seats[side].split()[0]
            for button in self.level_buttons[side]:
                button.selected = level_of(self.seats[side]) == int(button.label)
        shown_levels = (b for side, row in enumerate(self.level_buttons) if self.seats[side] != HUMAN for b in row)
        self.buttons = [self.back, self.rules, self.start, *(b for row in self.seat_buttons for b in row),
                        *shown_levels, *(b for control in self.controls for b in control.buttons)]

    def open_rules(self) -> None:
        page = self.scene_class.rules_page if self.scene_class else None
        self.app.push(RulesScene(self.app, self.game, page))

    def start_game(self) -> None:
        scene_class = self.scene_class
        if scene_class is None:
            self.error = f"{self.game.title} cannot be played in the app yet."
            return
        try:
            options = self.game.check_options(self.values)
        except RulesError as err:
            self.error = str(err)
            return
        self.app.replace(scene_class(self.app, self.game, options, tuple(self.seats)))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        narrow = w < 600
        pad = 12 if narrow else 32
        width = min(w - 2 * pad, 720)
        left = (w - width) // 2
        self.back.rect = pygame.Rect(pad, pad, 100, 48)
        self.rules.rect = pygame.Rect(w - pad - 100, pad, 100, 48)
        top = pad + 92
        y = top - self.scroll
        control_h = 52
        for control in self.controls:
            block = 24 + (22 if control.spec.help else 0) + 10 + control_h
            control.layout(pygame.Rect(left, y, width, block), control_h)
            y += block + 18
        self.seats_top = y
        y += 34
        self.seat_rows: list[pygame.Rect] = []
        label_w = 0 if narrow else 190
        for side, row in enumerate(self.seat_buttons):
            line = pygame.Rect(left, y + (24 if narrow else 0), width, 52)
            bw = min(170, (width - label_w - 8) // len(row))
            for k, button in enumerate(row):
                button.rect = pygame.Rect(left + label_w + k * (bw + 8), line.top, bw, 52)
            bottom = line.bottom
            levels = self.level_buttons[side]
            if self.seats[side] != HUMAN:  # the computer's levels, under its seat buttons
                top_ = bottom + 8
                lw = min(130, (width - label_w - 8 * (len(levels) - 1)) // len(levels))
                for k, button in enumerate(levels):
                    button.rect = pygame.Rect(left + label_w + k * (lw + 8), top_, lw, 56)
                bottom = top_ + 56
            else:
                for button in levels:
                    button.rect = pygame.Rect(0, 0, 0, 0)
            self.seat_rows.append(pygame.Rect(left, y, width, bottom - y))
            y = bottom + 14
        self.content_bottom = y + self.scroll
        sticky_top = h - pad - 64
        if self.content_bottom + 10 + 64 <= h - pad:  # everything fits: Start follows the players
            self.start.rect = pygame.Rect(left, max(y + 10, min(sticky_top, y + 60)), width, 64)
            self.viewport = pygame.Rect(0, top - 40, w, h - top + 40)
        else:  # Start stays at the bottom and the options scroll above it
            self.start.rect = pygame.Rect(left, sticky_top, width, 64)
            self.viewport = pygame.Rect(0, top - 40, w, sticky_top - 8 - (top - 40))

    def max_scroll(self) -> int:
        return max(0, self.content_bottom - self.viewport.bottom + 8) if self.viewport.height else 0

    def on_scroll(self) -> None:
        self.layout(self.size)

    @property
    def fixed_buttons(self) -> list[Button]:
        """The buttons that stay put while the options scroll."""
        return [self.back, self.rules, self.start]

    def tap(self, pos: tuple[int, int]) -> None:
        fixed = self.fixed_buttons
        self.error = ""  # a new press replaces the last message (Start may set a new one)
        if not press_buttons(fixed, pos) and self.viewport.collidepoint(pos):
            # (a control scrolled out of view under the header or Start is not pressed)
            press_buttons([b for b in self.buttons if b not in fixed], pos)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "confirm":
            self.start_game()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _ = self.size
        theme.text(surface, f"New game: {self.game.title}", 34 if w >= 600 else 28, theme.TEXT,
                   center=(w // 2, self.back.rect.centery), max_width=w - 2 * self.back.rect.right - 16)
        surface.set_clip(self.viewport)
        for control in self.controls:
            control.draw(surface, self.hover)
        if self.controls:
            first = self.controls[0].rect
            theme.text(surface, "Options", 18, theme.TEXT_DIM, topleft=(first.left, first.top - 22))
        left = self.seat_rows[0].left if self.seat_rows else 32
        theme.text(surface, "Players", 26, theme.TEXT, topleft=(left, self.seats_top))
        for side, (row, rect) in enumerate(zip(self.seat_buttons, self.seat_rows)):
            words = f"{self.game.players[side]}" + (" (moves first)" if side == 0 and self.first_is_fixed else "")
            if w < 600:
                theme.text(surface, words, 20, theme.TEXT_DIM, topleft=(rect.left, rect.top))
            else:
                theme.text(surface, words, 22, theme.TEXT_DIM, midleft=(rect.left, row[0].rect.centery))
            for button in row:
                button.draw(surface, self.hover)
            if self.seats[side] != HUMAN:
                levels = self.level_buttons[side]
                if w >= 600:
                    theme.text(surface, "Level", 20, theme.TEXT_DIM, midleft=(rect.left, levels[0].rect.centery))
                for button in levels:
                    button.draw(surface, self.hover)
        surface.set_clip(None)
        self.draw_scroll_bar(surface, self.viewport.inflate(0, -8), self.viewport.height + self.max_scroll())
        for button in (self.back, self.rules, self.start):
            button.draw(surface, self.hover)
        if self.error:
            theme.text(surface, self.error, 20, theme.BAD, center=(w // 2, self.start.rect.top - 16), max_width=w - 24)
