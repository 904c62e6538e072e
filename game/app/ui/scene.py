"""The scene lifecycle: the base of every screen.

A scene has four methods: `layout(size)` (place widgets for a surface size;
called on push and on every resize), `handle(intent)`, `update(dt)` and
`draw(surface)`. An `overlay` scene is drawn over the scene beneath it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import theme
from .input import Intent
from .widgets import Button, press_buttons

if TYPE_CHECKING:
    from game.app.main import App


class Scene:
    overlay = False

    def __init__(self, app: "App") -> None:
        self.app = app
        self.size = app.size
        self.buttons: list[Button] = []
        self.hover: tuple[int, int] | None = None

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size

    def handle(self, intent: Intent) -> None:
        if intent.kind == "point":
            press_buttons(self.buttons, intent.pos)
        elif intent.kind == "hover":
            self.hover = intent.pos
        elif intent.kind == "back":
            self.app.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def button(self, name: str) -> Button:
        """The button called `name` (for keyboard shortcuts and tests)."""
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(f"{type(self).__name__} has no button {name!r}")
