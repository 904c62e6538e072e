"""Dialogs drawn over the screen beneath: a card with a title, a few lines, perhaps a text shown as
selected (a link to copy), a message line and a column of buttons.

`DialogScene` is the base; `ConfirmScene` asks before something that cannot be taken back (deleting a
saved game, resigning); `NoticeScene` says something and waits for OK. Esc (or Android's back) closes
a dialog; Enter presses its main button; Ctrl+C copies its selected text.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host, Scene
from game.app.ui.widgets import Button, press_buttons

BOX_FILL = (24, 31, 40)
SELECTION = (58, 84, 118)  # behind text shown selected
NOTE_SIZE, MESSAGE_SIZE = 19, 21


def wrap_anywhere(words: str, size: int, width: int) -> list[str]:
    """Lines of `words` no wider than `width`, broken between any characters (a link has no spaces)."""
    font = theme.font(size)
    lines: list[str] = []
    line = ""
    for char in words:
        if line and font.size(line + char)[0] > width:
            lines.append(line)
            line = ""
        line += char
    if line or not lines:
        lines.append(line)
    return lines


def wrap_lines(words: str, size: int, width: int) -> list[str]:
    """`theme.wrap`, with a word too long for a line (a path, a link) broken where it must be."""
    lines: list[str] = []
    for line in theme.wrap(words, size, width):
        lines.extend(wrap_anywhere(line, size, width) if theme.font(size).size(line)[0] > width else [line])
    return lines


def line_step(size: int) -> int:
    return round(theme.font(size).get_linesize() * 1.25 / 1.1)


def text_height(words: str, size: int, width: int) -> int:
    return line_step(size) * len(wrap_lines(words, size, width))


def draw_paragraph(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
                   rect: pygame.Rect) -> int:
    """Wrapped text from rect.topleft (long words broken); returns the height used."""
    y = rect.top
    for line in wrap_lines(words, size, rect.width):
        theme.text(surface, line, size, colour, topleft=(rect.left, y))
        y += line_step(size)
    return y - rect.top


class DialogScene(Scene):
    overlay = True
    title_size = 30

    def __init__(self, app: Host, title: str, body: str = "", *, buttons: Sequence[Button] = (),
                 boxed: str = "", note: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.boxed = boxed          # a text shown selected in a box (what Copy copies)
        self.note = note            # a dim line under the box
        self.message = ""
        self.message_error = False
        self.buttons = list(buttons)
        self.danger: set[str] = set()  # buttons outlined as not to be pressed lightly
        self.card = pygame.Rect(0, 0, 0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.box_lines: list[str] = []

    # -- what a dialog says ----------------------------------------------------------------
    def say(self, words: str, error: bool = False) -> None:
        self.message, self.message_error = words, error
        self.layout(self.size)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def main_button(self) -> Button | None:
        """The button Enter presses: the first primary one that is enabled."""
        return next((b for b in self.buttons if b.primary and b.enabled), None)

    # -- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        narrow = w < 600
        width = min(w - 24, 600)
        pad = 18 if narrow else 24
        self.text_w = width - 2 * pad
        self.body_size = 22
        self.box_size = 20
        button_h, gap = 48, 8
        self.box_lines = []
        height = pad + 38
        if self.body:
            height += text_height(self.body, self.body_size, self.text_w) + 8
        fixed = height + (len(self.buttons) * (button_h + gap)) + pad + 10
        fixed += (text_height(self.note, NOTE_SIZE, self.text_w) + 6) if self.note else 0
        fixed += (text_height(self.message, MESSAGE_SIZE, self.text_w) + 8) if self.message else 0
        if self.boxed:
            lines = wrap_anywhere(self.boxed, self.box_size, self.text_w - 20)
            room = max(1, (h - 24 - fixed - 28) // (self.box_size + 3))
            most = min(room, 7 if narrow else 5)
            if len(lines) > most:
                lines = lines[:most]
                lines[-1] = lines[-1][:-3] + "..."
            self.box_lines = lines
            fixed += len(lines) * (self.box_size + 3) + 22 + 10
        self.card = pygame.Rect((w - width) // 2, max(12, (h - fixed) // 2), width, min(fixed, h - 24))
        y = self.card.bottom - pad - len(self.buttons) * (button_h + gap) + gap
        for button in self.buttons:
            button.rect = pygame.Rect(self.card.left + pad, y, self.text_w, button_h)
            y += button_h + gap
        self.pad = pad

    # -- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if intent.kind == "point":
            press_buttons(self.buttons, intent.pos)
        elif intent.kind == "hover":
            self.hover = intent.pos
        elif intent.kind == "back":
            self.close()
        elif intent.kind == "confirm":
            main = self.main_button()
            if main is not None:
                main.action()
        elif intent.kind == "copy" and self.boxed:
            self.copy_boxed()

    def copy_boxed(self) -> None:
        """Ctrl+C: the selected text to the clipboard."""

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((12, 16, 22, 170))
        surface.blit(shade, (0, 0))
        card, pad = self.card, self.pad
        theme.panel(surface, card, theme.BG_PANEL, 16, border=theme.ACCENT_DIM)
        x, y = card.left + pad, card.top + pad
        theme.text(surface, self.title, self.title_size, theme.ACCENT, topleft=(x, y), max_width=self.text_w)
        y += 38
        if self.body:
            y += draw_paragraph(surface, self.body, self.body_size, theme.TEXT, pygame.Rect(x, y, self.text_w, 10)) + 8
        if self.box_lines:
            step = self.box_size + 3
            self.box = pygame.Rect(x, y, self.text_w, len(self.box_lines) * step + 22)
            pygame.draw.rect(surface, BOX_FILL, self.box, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT_DIM, self.box, 2, border_radius=8)
            ty = self.box.top + 11
            for line in self.box_lines:
                width = theme.font(self.box_size).size(line)[0]
                pygame.draw.rect(surface, SELECTION, (x + 10, ty - 1, width, step))
                theme.text(surface, line, self.box_size, theme.TEXT, topleft=(x + 10, ty))
                ty += step
            y = self.box.bottom + 10
        if self.note:
            y += draw_paragraph(surface, self.note, NOTE_SIZE, theme.TEXT_DIM, pygame.Rect(x, y, self.text_w, 10)) + 6
        if self.message:
            colour = theme.BAD if self.message_error else theme.GOOD
            draw_paragraph(surface, self.message, MESSAGE_SIZE, colour, pygame.Rect(x, y, self.text_w, 10))
        for button in self.buttons:
            button.draw(surface, self.hover)
            if button.name in self.danger and button.enabled:
                pygame.draw.rect(surface, theme.BAD, button.rect, 3, border_radius=min(12, button.rect.height // 3))


class ConfirmScene(DialogScene):
    """Ask before something that cannot be taken back: `confirm` runs after this dialog has closed. More
    than one way to go on can be offered (`choices`: label and action; their buttons are "confirm",
    "confirm-2", ...)."""

    def __init__(self, app: Host, title: str, body: str, confirm_label: str = "", confirm: Callable[[], None] | None = None,
                 cancel_label: str = "Cancel", choices: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        options = list(choices) or [(confirm_label, confirm or (lambda: None))]
        buttons = [Button(label, (lambda act=act: self.confirmed(act)), name="confirm" + (f"-{k + 1}" if k else ""))
                   for k, (label, act) in enumerate(options)]
        no = Button(cancel_label, self.close, name="cancel", primary=True)  # Enter keeps what there is
        super().__init__(app, title, body, buttons=[*buttons, no])
        self.danger = {b.name for b in buttons}

    def confirmed(self, action: Callable[[], None]) -> None:
        self.close()
        action()


class NoticeScene(DialogScene):
    """Say something (a link that cannot be opened, a file that cannot be read) and wait for OK."""

    def __init__(self, app: Host, title: str, body: str, error: bool = True) -> None:
        super().__init__(app, title, buttons=[Button("OK", self.close, name="ok", primary=True)])
        self.message, self.message_error = body, error
