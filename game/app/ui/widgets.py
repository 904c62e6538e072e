"""Buttons and the option controls built from a game's option specs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.rules.options import ChoiceOption, FlagOption, IntOption, Option, OptionValue
from . import theme


@dataclass
class Button:
    """A rounded button; `action` runs on a press inside it while enabled."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    hint: str = ""  # a second, smaller line
    name: str = ""  # stable id for tests

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def press(self, pos: tuple[int, int]) -> bool:
        """Run the action when `pos` is inside; returns True when the press was taken."""
        if not self.hit(pos):
            return False
        if self.enabled:
            self.action()
        return True

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None = None) -> None:
        r = self.rect
        if r.width <= 0:
            return
        if not self.enabled:
            fill, ink = (44, 54, 66), (104, 114, 126)
        elif self.selected:
            fill, ink = theme.ACCENT, theme.TEXT_DARK
        elif self.primary:
            fill, ink = theme.GOOD, theme.TEXT_DARK
        else:
            fill, ink = theme.BG_CARD, theme.TEXT
        if self.enabled and hover is not None and r.collidepoint(hover) and not self.selected:
            fill = tuple(min(255, c + 18) for c in fill)  # type: ignore[assignment]
        pygame.draw.rect(surface, fill, r, border_radius=min(12, r.height // 3))
        if self.enabled and not self.selected and not self.primary:
            pygame.draw.rect(surface, theme.BG_CARD_HI, r, width=1, border_radius=min(12, r.height // 3))
        size = max(14, min(30, int(r.height * 0.45)))
        if self.label in ("-", "+"):
            size = int(r.height * 0.8)
        if self.hint:
            theme.text(surface, self.label, size, ink, center=(r.centerx, r.centery - size * 0.35),
                       max_width=r.width - 10)
            theme.text(surface, self.hint, max(12, size * 2 // 3), ink, center=(r.centerx, r.centery + size * 0.5),
                       max_width=r.width - 10)
        else:
            theme.text(surface, self.label, size, ink, center=r.center, max_width=r.width - 10)


def press_buttons(buttons: list[Button], pos: tuple[int, int]) -> bool:
    for button in buttons:
        if button.press(pos):
            return True
    return False


class OptionControl:
    """The touch control for one option spec: a stepper, a toggle or segmented buttons."""

    def __init__(self, spec: Option, values: dict[str, OptionValue]) -> None:
        self.spec = spec
        self.values = values
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        name = spec.name
        if isinstance(spec, IntOption):
            self.buttons = [Button("-", lambda: self._step(-1), name=f"{name}-minus"),
                            Button("+", lambda: self._step(+1), name=f"{name}-plus")]
        elif isinstance(spec, FlagOption):
            self.buttons = [Button("Off", lambda: self._set(False), name=f"{name}-off"),
                            Button("On", lambda: self._set(True), name=f"{name}-on")]
        elif isinstance(spec, ChoiceOption):
            self.buttons = [Button(choice, (lambda c=choice: self._set(c)), name=f"{name}-{choice}")
                            for choice in spec.choices]
        self._refresh()

    @property
    def value(self) -> OptionValue:
        return self.values[self.spec.name]

    def _step(self, delta: int) -> None:
        spec = self.spec
        assert isinstance(spec, IntOption)
        value = int(self.value) + delta
        if spec.odd_only and value % 2 == 0:
            value += delta
        if spec.low <= value <= spec.high:
            self.values[spec.name] = value
        self._refresh()

    def _set(self, value: OptionValue) -> None:
        self.values[self.spec.name] = self.spec.check(value)
        self._refresh()

    def _refresh(self) -> None:
        spec = self.spec
        if isinstance(spec, IntOption):
            value = int(self.value)
            self.buttons[0].enabled = value - (2 if spec.odd_only else 1) >= spec.low
            self.buttons[1].enabled = value + (2 if spec.odd_only else 1) <= spec.high
        elif isinstance(spec, FlagOption):
            self.buttons[0].selected = not self.value
            self.buttons[1].selected = bool(self.value)
        else:
            for button, choice in zip(self.buttons, spec.choices):
                button.selected = self.value == choice

    def label(self) -> str:
        return self.spec.name.capitalize()

    def layout(self, rect: pygame.Rect, control_height: int) -> None:
        """`rect` holds the label line above a control row of `control_height`."""
        self.rect = rect
        row = pygame.Rect(rect.left, rect.bottom - control_height, rect.width, control_height)
        if isinstance(self.spec, IntOption):
            side = control_height
            self.buttons[0].rect = pygame.Rect(row.left, row.top, side * 3 // 2, side)
            self.buttons[1].rect = pygame.Rect(row.left + side * 3 // 2 + 110, row.top, side * 3 // 2, side)
        else:
            n = len(self.buttons)
            width = min(180, (row.width - 8 * (n - 1)) // n)
            for i, button in enumerate(self.buttons):
                button.rect = pygame.Rect(row.left + i * (width + 8), row.top, width, control_height)

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None) -> None:
        spec = self.spec
        top = self.rect.top
        theme.text(surface, self.label(), 26, theme.TEXT, topleft=(self.rect.left, top))
        if spec.help:
            theme.text(surface, spec.help, 19, theme.TEXT_DIM, topleft=(self.rect.left, top + 24),
                       max_width=self.rect.width)
        for button in self.buttons:
            button.draw(surface, hover)
        if isinstance(spec, IntOption):
            minus, plus = self.buttons
            mid = ((minus.rect.right + plus.rect.left) // 2, minus.rect.centery)
            theme.text(surface, str(self.value), 36, theme.ACCENT, center=(mid[0], mid[1] - 6))
            theme.text(surface, f"range {spec.describe_range()}", 17, theme.TEXT_DIM, center=(mid[0], mid[1] + 18))

    def press(self, pos: tuple[int, int]) -> bool:
        return press_buttons(self.buttons, pos)
