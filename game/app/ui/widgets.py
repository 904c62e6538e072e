"""Buttons (the new-game page's option controls are `game.app.screens.new_game.OptionControl`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

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
        """The button, its label and, under it where it fits whole, its hint."""
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
        hint_size = max(12, size * 2 // 3)
        if self.hint and theme.font(max(theme.MIN_TEXT, hint_size)).size(self.hint)[0] <= r.width - 10:
            theme.text(surface, self.label, size, ink, center=(r.centerx, r.centery - size * 0.35),
                       max_width=r.width - 10)
            theme.text(surface, self.hint, hint_size, ink, center=(r.centerx, r.centery + size * 0.5),
                       max_width=r.width - 10)
        else:
            theme.text(surface, self.label, size, ink, center=r.center, max_width=r.width - 10)


def press_buttons(buttons: list[Button], pos: tuple[int, int]) -> bool:
    for button in buttons:
        if button.press(pos):
            return True
    return False
