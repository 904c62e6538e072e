"""The new-game screen: who plays first, then the rules options folded under one line, then Start.

Who plays comes first, as on Board Game Arena or lichess: a game opens as you against the computer
(level 3) unless the player chose otherwise here last time (the settings keep each board's last choices,
`game.app.saves.settings`). The number of players (when the game allows a choice,
`Game.player_counts`) is chosen above the seats, which follow it, named as the game names them
(`Game.seat_names`). Each seat is a person or the computer; a computer seat also has its level (1
beginner to 4 strongest, `game.ai.LEVELS`), in a row of buttons under it. Every pairing can be chosen,
computer against computer included; with two seats, Swap sides exchanges them (who starts).

The rules options are folded under one "Rules options" line that says "standard" or what was changed
(`game.app.ui.boards.changes`); a tap opens them. Every option has a plain name and a one-line
explanation (`words`, the game's table in `game/app/games/<game>/options.py`). What the page offers comes
from `OptionChoices`: a value the game would refuse with the other options as they stand (or that the
game's scene cannot show yet, `not_shown`) is offered disabled, with the reason under its control, so
Start is not refused for a combination the page let the player pick.

Start opens `scene_class` (the game's scene, handed over by the menu; None when the app cannot play
the game yet) in place of this screen, and keeps the choices for next time. If it is refused all the
same, the reason is drawn in a band of its own above Start, covering nothing.
"""

from __future__ import annotations

from typing import Callable, Collection, Mapping, Sequence

import pygame

from game.ai import DEFAULT_LEVEL, LEVELS
from game.app.play.game_scene import AVAILABLE_SEATS, GameScene
from game.app.saves.seats import COMPUTER, HUMAN, SEAT_KINDS, computer, level_of, parse_seat
from game.app.ui import theme
from game.app.ui.boards import Board, board_of, changes
from game.app.ui.input import Intent
from game.app.ui.option_words import Words
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules.base import Game
from game.rules.errors import RulesError
from game.rules.options import OptionValue
from .option_choices import OptionChoices, Setting
from .rules import RulesScene
from .scrolling import ScrollingScene

LABEL_SIZE = 26
HELP_SIZE = 20
REASON_SIZE = 19
ERROR_SIZE = 20
CONTROL_H = 52
#: what a control calls to set its setting (the page's `NewGameScene.pick`)
Pick = Callable[[str, OptionValue], None]


def _slug(value: OptionValue) -> str:
    """A value in a button's name: ``on``/``off`` for a switch, else the value."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class OptionControl:
    """One setting on the page: a row of buttons (one per value) or a stepper (- value +), with its
    name, its explanation and, under it, why some values cannot be picked now."""

    def __init__(self, setting: Setting, pick: Pick) -> None:
        self.key = setting.key
        self.shape = self.shape_of(setting)
        self.setting = setting
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row = pygame.Rect(0, 0, 0, 0)
        #: a stepper's number, between - and +: a tap there types a number instead
        self.value_box = pygame.Rect(0, 0, 0, 0)
        #: the number being typed (None: not typing)
        self.typed: str | None = None
        #: why a typed number was not taken
        self.note = ""
        if setting.stepper:
            self.buttons = [Button(label, (lambda d=k: self._step(pick, d)), name=f"{setting.key}-{name}")
                            for k, (label, name) in enumerate((("-", "minus"), ("+", "plus")))]
        else:
            self.buttons = [Button(choice.label, (lambda v=choice.value: pick(self.key, v)),
                                   name=f"{setting.key}-{_slug(choice.value)}")
                            for choice in setting.choices if choice is not None]
        self.update(setting)

    @staticmethod
    def shape_of(setting: Setting) -> tuple[object, ...]:
        """What the control's buttons are made from: a stepper's key, or a row's key and values."""
        if setting.stepper:
            return (setting.key, "stepper")
        return (setting.key, *(choice.value for choice in setting.choices if choice is not None))

    def _step(self, pick: Pick, direction: int) -> None:
        choice = self.setting.choices[direction]
        if choice is not None and choice.refused is None:
            pick(self.key, choice.value)

    def update(self, setting: Setting) -> None:
        self.setting = setting
        for button, choice in zip(self.buttons, setting.choices):
            button.enabled = choice is not None and choice.refused is None
            if not setting.stepper and choice is not None:
                button.selected = choice.value == setting.value and type(choice.value) is type(setting.value)

    def notes(self) -> list[str]:
        """The lines under the row: why some values cannot be picked, and why a typed one was not taken."""
        return [self.note, *self.setting.reasons()] if self.note else self.setting.reasons()

    def height(self, width: int, with_label: bool = True, indent: int = 0) -> int:
        """The height of the whole block at `width` (see `layout`)."""
        s = self.setting
        h = (30 if with_label else 0) + (theme.wrapped_height(s.help, HELP_SIZE, width) if s.help else 0)
        h += 6 + CONTROL_H
        for line in self.notes():
            h += theme.wrapped_height(line, REASON_SIZE, width - indent)
        return h + (4 if self.notes() else 0)

    def layout(self, rect: pygame.Rect, with_label: bool = True, indent: int = 0) -> None:
        """Place the block in `rect`; its row of buttons starts `indent` px in (a label's room)."""
        self.rect = rect
        s = self.setting
        top = rect.top + (30 if with_label else 0)
        top += theme.wrapped_height(s.help, HELP_SIZE, rect.width) if s.help else 0
        self.row = pygame.Rect(rect.left + indent, top + 6, rect.width - indent, CONTROL_H)
        if s.stepper:
            side = CONTROL_H * 3 // 2
            self.buttons[0].rect = pygame.Rect(self.row.left, self.row.top, side, CONTROL_H)
            self.buttons[1].rect = pygame.Rect(self.row.left + side + 150, self.row.top, side, CONTROL_H)
            self.value_box = pygame.Rect(self.row.left + side + 8, self.row.top, 150 - 16, CONTROL_H)
        else:
            n = len(self.buttons)
            width = min(180, (self.row.width - 8 * (n - 1)) // n)
            for i, button in enumerate(self.buttons):
                button.rect = pygame.Rect(self.row.left + i * (width + 8), self.row.top, width, CONTROL_H)

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None, with_label: bool = True) -> None:
        s = self.setting
        top = self.rect.top
        if with_label:
            theme.text(surface, s.label, LABEL_SIZE, theme.TEXT, topleft=(self.rect.left, top), max_width=self.rect.width)
            top += 30
        if s.help:
            theme.paragraph(surface, s.help, HELP_SIZE, theme.TEXT_DIM,
                            pygame.Rect(self.rect.left, top, self.rect.width, 0))
        for button in self.buttons:
            button.draw(surface, hover)
        if s.stepper:
            box = self.value_box
            typing = self.typed is not None
            pygame.draw.rect(surface, theme.ACCENT if typing else theme.BG_CARD_HI, box, width=2 if typing else 1,
                             border_radius=10)
            words = (self.typed or "") + "|" if typing else s.value_text
            theme.text(surface, words, 34, theme.TEXT if typing else theme.ACCENT, center=box.center,
                       max_width=box.width - 8)
        y = self.row.bottom + 4
        for line in self.notes():
            y += theme.paragraph(surface, line, REASON_SIZE, theme.BAD, pygame.Rect(self.row.left, y, self.row.width, 0))


class NewGameScene(ScrollingScene):
    def __init__(self, app: Host, game: Game, scene_class: type[GameScene] | None,
                 values: dict[str, OptionValue] | None = None, seats: tuple[str, ...] | None = None, *,
                 words: Words | None = None, not_shown: Mapping[str, Collection[OptionValue]] | None = None,
                 boards: Sequence[Board] = ()) -> None:
        super().__init__(app)
        self.game = game
        self.scene_class = scene_class
        self.words: Words = words or {}
        self.boards = boards
        self.choices = OptionChoices(game, words, not_shown)
        self.values: dict[str, OptionValue] = game.check_options(values)
        self.controls: list[OptionControl] = []
        self.count_control: OptionControl | None = None
        # you against the computer, unless told otherwise (a seat added later is the computer's too)
        self.seats = [HUMAN if level_of(seat) is None else parse_seat(seat) for seat in seats] if seats is not None \
            else [HUMAN, computer(DEFAULT_LEVEL)]
        # the level each seat's computer plays at (kept while the seat is switched to a person and back)
        self.levels = [level_of(seat) or DEFAULT_LEVEL for seat in self.seats]
        self.seat_names: tuple[str, ...] = ()
        self.seat_buttons: list[list[Button]] = []
        self.level_buttons: list[list[Button]] = []
        self.seat_rows: list[pygame.Rect] = []
        self.start = Button("Start", self.start_game, name="start", primary=True)
        self.back = Button("Back", self.app.pop, name="back")
        self.rules = Button("Rules", self.open_rules, name="rules")
        self.swap = Button("Swap sides", self.swap_sides, name="swap")
        # the rules options, folded under one line until it is tapped
        self.options_open = False
        self.options_row = Button("Rules options", self.toggle_options, name="options")
        self.error = ""
        self.error_rect = pygame.Rect(0, 0, 0, 0)
        self.first_seat: int | None = 0  # the seat that moves first, when no roll decides it
        self.who_top = self.who_h = 0
        self.options_top = 0
        self.content_bottom = 0
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self._sync()

    # -- what is chosen, in words ---------------------------------------------------------------
    @property
    def board(self) -> Board | None:
        """The board these options are played on (Truchet with Hexagonal on is Hexagonal Truchet)."""
        return board_of(self.boards, self.game, self.values)

    @property
    def title(self) -> str:
        board = self.board
        return board.title if board is not None else self.game.title

    def changed(self) -> list[str]:
        """The rules options changed from the board's standard ones, in words."""
        return changes(self.game, self.values, self.board, self.words)

    def options_words(self) -> str:
        changed = self.changed()
        return ", ".join(changed) if changed else "standard"

    def who_words(self) -> str:
        """Who plays, in a sentence: ``You play R against the computer (level 3, strong).``"""
        people = [side for side, seat in enumerate(self.seats) if seat == HUMAN]
        computers = [level_of(seat) for seat in self.seats if seat != HUMAN]
        if len(people) == 1 and computers:
            side = self.seat_names[people[0]] if people[0] < len(self.seat_names) else ""
            against = "the computer" if len(computers) == 1 else f"{len(computers)} computers"
            if len(set(computers)) == 1:
                against += f" (level {computers[0]}, {LEVELS[computers[0]]})"
            return f"You play {side} against {against}."
        if not people:
            return "The computer plays every side: watch, Pause and Resume."
        if not computers:
            return f"{len(people)} people take turns on this device."
        return f"{len(people)} people on this device and the computer."

    # -- choosing ---------------------------------------------------------------------------
    def pick(self, key: str, value: OptionValue) -> None:
        """Set one setting (an option, the variant or the number of players), when it can be picked."""
        if self.choices.refusal(self.values, key, value) is None:
            self.values = self.choices.pick(self.values, key, value)
        self._sync()
        self.layout(self.size)

    def toggle_options(self) -> None:
        """Open the rules options under their line, or fold them again."""
        self.stop_typing(keep=True)
        self.options_open = not self.options_open
        self._sync()
        self.layout(self.size)
        if self.options_open:  # bring the options into view
            self.scroll_by(self.options_row.rect.top - self.viewport.top - 8)

    def swap_sides(self) -> None:
        """Two seats change places (who starts)."""
        if len(self.seats) == 2:
            self.seats.reverse()
            self.levels.reverse()
        self._sync()
        self.layout(self.size)

    # -- typing a number --------------------------------------------------------------------
    @property
    def typing(self) -> OptionControl | None:
        return next((c for c in self.controls if c.typed is not None), None)

    def start_typing(self, control: OptionControl) -> None:
        """A tap on a stepper's number: type one instead (a phone shows its keyboard)."""
        for other in self.controls:
            other.note = ""
        control.typed = ""
        if self.size[0] < 600:  # a phone's keyboard takes the lower half: bring the number up
            self.scroll_by(control.value_box.top - (self.viewport.top + self.viewport.height // 4))
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(control.value_box)
        self.layout(self.size)

    def stop_typing(self, keep: bool) -> None:
        """Take the typed number (`keep`) or drop it; a number the game refuses is not taken, and the
        control says why."""
        control = self.typing
        if control is None:
            return
        typed, control.typed = control.typed or "", None
        if self.app.browser:
            pygame.key.stop_text_input()
        if keep and typed:
            reason = self.choices.refusal(self.values, control.key, int(typed))
            if reason is None:
                self.pick(control.key, int(typed))
            else:
                control.note = reason
        self.layout(self.size)

    def type_key(self, intent: Intent) -> bool:
        """Typing into a stepper's number: digits, backspace, Enter takes it, Esc drops it. True when taken."""
        control = self.typing
        if control is None:
            return False
        if intent.kind == "text":
            most = len(str(getattr(self.choices.spec(self.values, control.key), "high", 0)))
            control.typed = ((control.typed or "") + "".join(ch for ch in intent.text if ch.isdigit()))[:most]
        elif intent.kind == "key" and intent.text in ("backspace", "delete"):
            control.typed = (control.typed or "")[:-1]
        elif intent.kind in ("confirm", "back"):
            self.stop_typing(keep=intent.kind == "confirm")
        else:
            return False
        return True

    def set_seat(self, side: int, kind: str) -> None:
        if kind in AVAILABLE_SEATS:
            self.seats[side] = computer(self.levels[side]) if kind == COMPUTER else HUMAN
        self._sync()
        self.layout(self.size)  # a computer seat shows its levels

    def set_level(self, side: int, level: int) -> None:
        self.levels[side] = level
        if self.seats[side] != HUMAN:
            self.seats[side] = computer(level)
        self._sync()

    def _sync(self) -> None:
        """Bring the controls, the seats and the button list up to date with the values."""
        settings = self.choices.settings(self.values)
        if [c.shape for c in self.controls] != [OptionControl.shape_of(s) for s in settings]:
            self.controls = [OptionControl(s, self.pick) for s in settings]  # another variant's list
        for control, setting in zip(self.controls, settings):
            control.update(setting)
        count = self.choices.players(self.values)
        if count is None:
            self.count_control = None
        elif self.count_control is None:
            self.count_control = OptionControl(count, self.pick)
        else:
            self.count_control.update(count)
        state = self.game.new(self.values)
        # in dice games an opening roll decides who starts
        self.first_seat = None if self.game.is_chance(state) else self.game.to_move(state)
        names = self.game.seat_names(state)
        if names != self.seat_names:
            self.seat_names = names
            self._build_seats(len(names))
        for side, row in enumerate(self.seat_buttons):
            for button in row:
                button.selected = button.name.endswith(self.seats[side].split()[0].lower())
            for button in self.level_buttons[side]:
                button.selected = level_of(self.seats[side]) == int(button.label)
        shown_levels = (b for side, row in enumerate(self.level_buttons) if self.seats[side] != HUMAN for b in row)
        counts = self.count_control.buttons if self.count_control else []
        options = [b for control in self.controls for b in control.buttons] if self.options_open else []
        swap = [self.swap] if len(self.seats) == 2 else []
        self.options_row.label = f"Rules options: {self.options_words()}"
        self.buttons = [self.back, self.rules, self.start, *swap, *counts, *(b for row in self.seat_buttons for b in row),
                        *shown_levels, self.options_row, *options]

    def _build_seats(self, count: int) -> None:
        """One row of seat buttons per player; seats added are the computer's, seats taken away are forgotten."""
        self.seats = (self.seats + [computer(DEFAULT_LEVEL)] * count)[:count]
        self.levels = (self.levels + [DEFAULT_LEVEL] * count)[:count]
        self.seat_buttons, self.level_buttons = [], []
        for side in range(count):
            self.seat_buttons.append([
                Button(SEAT_LABELS[kind], (lambda s=side, k=kind: self.set_seat(s, k)), name=f"seat{side}-{kind.lower()}",
                       enabled=kind in AVAILABLE_SEATS, hint="" if kind in AVAILABLE_SEATS else "later")
                for kind in SEAT_KINDS])
            self.level_buttons.append([Button(str(level), (lambda s=side, v=level: self.set_level(s, v)),
                                              name=f"seat{side}-level{level}", hint=words)
                                       for level, words in LEVELS.items()])

    def open_rules(self) -> None:
        page = self.scene_class.rules_page_for(self.values) if self.scene_class else None
        self.app.push(RulesScene(self.app, self.game, page))

    def start_game(self) -> None:
        scene_class = self.scene_class
        if scene_class is None:
            self.show_error(f"{self.game.title} cannot be played in the app yet.")
            return
        try:
            options = self.game.check_options(self.values)
        except RulesError as err:
            self.show_error(str(err))
            return
        board = self.board
        if board is not None:  # the next game on this board starts as this one did
            self.app.settings.remember(board.key, options, self.seats)
        self.app.replace(scene_class(self.app, self.game, options, tuple(self.seats)))

    def show_error(self, words: str) -> None:
        """Say why Start was refused, in a band above Start that pushes the page up (covering nothing)."""
        bottom = self.viewport.bottom
        self.error = words
        self.layout(self.size)
        # the page moves up with the band, so what was shown above Start stays in view
        self.scroll_by(bottom - self.viewport.bottom)

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        narrow = w < 600
        pad = 12 if narrow else 32
        width = min(w - 2 * pad, 720)
        left = (w - width) // 2
        self.back.rect = pygame.Rect(pad, pad, 100, 48)
        self.rules.rect = pygame.Rect(w - pad - 100, pad, 100, 48)
        top = pad + 72
        y = top - self.scroll
        # who plays: the heading (with Swap sides), the sentence, how many, then a row per seat
        self.who_top = y
        self.swap.rect = pygame.Rect(left + width - 150, y, 150, theme.MIN_TOUCH) if len(self.seats) == 2 \
            else pygame.Rect(0, 0, 0, 0)
        y += 50
        self.who_h = theme.wrapped_height(self.who_words(), WHO_SIZE, width)
        y += self.who_h + 10
        label_w = 0 if narrow else 190
        if self.count_control is not None:  # how many play, its buttons in line with the seats' on a wide page
            block = self.count_control.height(width, with_label=False, indent=label_w)
            self.count_control.layout(pygame.Rect(left, y, width, block), with_label=False, indent=label_w)
            y += block + 16
        self.seat_rows = []
        for side, row in enumerate(self.seat_buttons):
            line = pygame.Rect(left, y + (26 if narrow else 0), width, CONTROL_H)
            bw = min(170, (width - label_w - 8) // len(row))
            for k, button in enumerate(row):
                button.rect = pygame.Rect(left + label_w + k * (bw + 8), line.top, bw, CONTROL_H)
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
        # the rules options: one line saying what is changed; tapped, the options under it
        y += 8
        words_h = theme.wrapped_height(self.options_words(), OPTIONS_WORDS_SIZE, width - 140)
        self.options_row.rect = pygame.Rect(left, y, width, max(CONTROL_H + 8, 36 + words_h))
        y = self.options_row.rect.bottom + 18
        self.options_top = y
        if not self.options_open:
            for control in self.controls:
                control.layout(pygame.Rect(0, -10_000, 0, 0))
                for button in control.buttons:
                    button.rect = pygame.Rect(0, 0, 0, 0)
        elif w >= 1100 and len(self.controls) > 2:  # a wide screen: the options in two columns
            wide = min(w - 2 * pad, 1160)
            y = self._two_columns(pygame.Rect((w - wide) // 2, y, wide, 0))
        else:
            for control in self.controls:
                block = control.height(width)
                control.layout(pygame.Rect(left, y, width, block))
                y += block + 18
        self.content_bottom = y + self.scroll
        error_h = theme.wrapped_height(self.error, ERROR_SIZE, width - 24) + 16 if self.error else 0
        start_h = 64
        sticky_top = h - pad - start_h
        if self.content_bottom + 10 + error_h + start_h <= h - pad:  # everything fits: Start follows the page
            band_top = y + 10
            self.start.rect = pygame.Rect(left, max(band_top + error_h, min(sticky_top, y + 24)), width, start_h)
            self.viewport = pygame.Rect(0, top - 20, w, h - top + 20)
        else:  # Start stays at the bottom and the page scrolls above it (and above a refusal's band)
            self.start.rect = pygame.Rect(left, sticky_top, width, start_h)
            band_top = sticky_top - 8 - error_h
            self.viewport = pygame.Rect(0, top - 20, w, band_top - (top - 20))
        self.error_rect = pygame.Rect(left, self.start.rect.top - 8 - error_h, width, error_h) if self.error \
            else pygame.Rect(0, 0, 0, 0)
        if self.scroll > self.max_scroll():  # (the band took room from the page)
            self.scroll = self.max_scroll()
            self.layout(size)

    def _two_columns(self, area: pygame.Rect, gap: int = 48) -> int:
        """Lay the options out in two columns from `area.top`, in order (the first ones on the left), split
        where the columns come out most even; returns the bottom of the taller."""
        width = (area.width - gap) // 2
        heights = [control.height(width) + 18 for control in self.controls]
        split = min(range(1, len(heights)), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        bottom = area.top
        for column, (controls, blocks) in enumerate(((self.controls[:split], heights[:split]),
                                                     (self.controls[split:], heights[split:]))):
            y = area.top
            for control, block in zip(controls, blocks):
                control.layout(pygame.Rect(area.left + column * (width + gap), y, width, block - 18))
                y += block
            bottom = max(bottom, y)
        return bottom

    def max_scroll(self) -> int:
        return max(0, self.content_bottom - self.viewport.bottom + 8) if self.viewport.height else 0

    def on_scroll(self) -> None:
        self.layout(self.size)

    @property
    def fixed_buttons(self) -> list[Button]:
        """The buttons that stay put while the page scrolls."""
        return [self.back, self.rules, self.start]

    def tap(self, pos: tuple[int, int]) -> None:
        fixed = self.fixed_buttons
        had_error = bool(self.error)
        self.error = ""  # a new press replaces the last message (Start may set a new one)
        for control in self.controls:  # a note on a refused typed number lasts until the next tap
            if control.note:
                control.note = ""
                self.layout(self.size)
        self.stop_typing(keep=True)  # a tap elsewhere takes a typed number (or says why not)
        box = next((c for c in self.controls if self.options_open and c.setting.stepper
                    and c.value_box.collidepoint(pos)), None)
        if box is not None and self.viewport.collidepoint(pos):
            self.start_typing(box)
        elif not press_buttons(fixed, pos) and self.viewport.collidepoint(pos):
            # (a control scrolled out of view under the header or Start is not pressed)
            press_buttons([b for b in self.buttons if b not in fixed], pos)
        if had_error and not self.error and self.app.top is self:
            self.layout(self.size)

    def handle(self, intent: Intent) -> None:
        if self.type_key(intent):
            return
        if intent.kind == "confirm":
            self.start_game()
            return
        super().handle(intent)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _ = self.size
        narrow = w < 600
        theme.text(surface, self.title if narrow else f"New game: {self.title}", 34 if not narrow else 28,
                   theme.TEXT, center=(w // 2, self.back.rect.centery), max_width=w - 2 * self.back.rect.right - 16)
        surface.set_clip(self.viewport)
        left = self.seat_rows[0].left if self.seat_rows else 32
        width = self.seat_rows[0].width if self.seat_rows else w - 64
        theme.text(surface, "Who plays", LABEL_SIZE, theme.TEXT, midleft=(left, self.who_top + theme.MIN_TOUCH // 2))
        if self.swap.rect.width:
            self.swap.draw(surface, self.hover)
        theme.paragraph(surface, self.who_words(), WHO_SIZE, theme.ACCENT, pygame.Rect(left, self.who_top + 50, width, 0))
        if self.count_control is not None:
            self.count_control.draw(surface, self.hover, with_label=False)
            if not narrow:
                theme.text(surface, "How many", 22, theme.TEXT_DIM,
                           midleft=(left, self.count_control.row.centery))
        for side, (row, rect) in enumerate(zip(self.seat_buttons, self.seat_rows)):
            words = f"{self.seat_names[side]}" + (" (moves first)" if side == self.first_seat else "")
            if w < 600:
                theme.text(surface, words, 20, theme.TEXT_DIM, topleft=(rect.left, rect.top), max_width=rect.width)
            else:
                theme.text(surface, words, 22, theme.TEXT_DIM, midleft=(rect.left, row[0].rect.centery),
                           max_width=row[0].rect.left - rect.left - 8)
            for button in row:
                button.draw(surface, self.hover)
            if self.seats[side] != HUMAN:
                levels = self.level_buttons[side]
                if w >= 600:
                    theme.text(surface, "Level", 20, theme.TEXT_DIM, midleft=(rect.left, levels[0].rect.centery))
                for button in levels:
                    button.draw(surface, self.hover)
        self.draw_options_row(surface)
        if self.options_open:
            for control in self.controls:
                control.draw(surface, self.hover)
        surface.set_clip(None)
        self.draw_scroll_bar(surface, self.viewport.inflate(0, -8), self.viewport.height + self.max_scroll())
        for button in (self.back, self.rules, self.start):
            button.draw(surface, self.hover)
        if self.error:
            theme.panel(surface, self.error_rect, theme.BG_PANEL, border=theme.BAD)
            theme.paragraph(surface, self.error, ERROR_SIZE, theme.BAD, self.error_rect.inflate(-24, -16))

    def draw_options_row(self, surface: pygame.Surface) -> None:
        """The folded rules options: their name, what is changed ("standard" when nothing is), and Change
        (or Hide once open)."""
        rect = self.options_row.rect
        hovered = self.hover is not None and rect.collidepoint(self.hover)
        theme.panel(surface, rect, theme.BG_CARD_HI if hovered or self.options_open else theme.BG_CARD, 12,
                    border=theme.ACCENT_DIM if self.options_open else None)
        theme.text(surface, "Rules options", LABEL_SIZE - 2, theme.TEXT, topleft=(rect.left + 14, rect.top + 8),
                   max_width=rect.width - 150)
        theme.paragraph(surface, self.options_words(), OPTIONS_WORDS_SIZE,
                        theme.ACCENT if self.changed() else theme.TEXT_DIM,
                        pygame.Rect(rect.left + 14, rect.top + 36, rect.width - 140, 0))
        action = pygame.Rect(rect.right - 112, rect.centery - 20, 100, 40)
        pygame.draw.rect(surface, theme.BG_PANEL, action, border_radius=10)
        theme.text(surface, "Hide" if self.options_open else "Change", 22, theme.ACCENT, center=action.center)


#: the seat buttons' words (a seat is kept as Human or Computer N)
SEAT_LABELS = {HUMAN: "Person", COMPUTER: "Computer"}
WHO_SIZE = 20
OPTIONS_WORDS_SIZE = 19
