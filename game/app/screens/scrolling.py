"""Pages taller than the screen: the menu, the new-game options and the rules.

Drag, wheel and the arrow/page keys scroll; because a finger that drags must
not press what it started on, a press acts on release, and only when the
pointer did not travel further than `DRAG_SLOP` pixels.
"""

from __future__ import annotations

import pygame

from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host, Scene

DRAG_SLOP = 12


class ScrollingScene(Scene):
    #: pixels a line (arrow key) and a wheel notch scroll
    line_step = 80
    wheel_step = 60

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.pressed_at: tuple[int, int] | None = None
        self.dragged = 0

    # -- to fill in --------------------------------------------------------------------
    def max_scroll(self) -> int:
        return 0

    def page_step(self) -> int:
        return self.line_step

    def on_scroll(self) -> None:
        """Called after the scroll changed (pages whose layout depends on it re-lay out)."""

    def tap(self, pos: tuple[int, int]) -> None:
        """A press that was not a drag, at `pos`."""

    # -- shared behaviour ----------------------------------------------------------------
    def scroll_by(self, dy: int) -> None:
        new = max(0, min(self.scroll + dy, self.max_scroll()))
        if new != self.scroll:
            self.scroll = new
            self.on_scroll()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "drag":
            self.dragged += abs(intent.rel[0]) + abs(intent.rel[1])
            self.scroll_by(-intent.rel[1])
        elif intent.kind == "scroll":
            self.scroll_by(-intent.rel[1] * self.wheel_step)
        elif intent.kind == "key" and intent.text in ("up", "down", "pageup", "pagedown"):
            step = self.line_step if intent.text in ("up", "down") else self.page_step()
            self.scroll_by(step if intent.text in ("down", "pagedown") else -step)
        elif intent.kind == "point":
            self.pressed_at, self.dragged = intent.pos, 0
        elif intent.kind == "release":
            pos, self.pressed_at = self.pressed_at, None
            if pos is not None and self.dragged <= DRAG_SLOP:
                self.tap(pos)
        else:
            super().handle(intent)

    def draw_scroll_bar(self, surface: pygame.Surface, track: pygame.Rect, content_height: int) -> None:
        """A thin bar at the right of `track` when the page scrolls."""
        most = self.max_scroll()
        if most <= 0:
            return
        bar = pygame.Rect(track.right - 6, track.top, 4, track.height)
        knob_h = max(30, track.height * track.height // max(content_height, 1))
        knob = pygame.Rect(bar.left, bar.top + (bar.height - knob_h) * self.scroll // most, 4, knob_h)
        pygame.draw.rect(surface, theme.BG_CARD, bar, border_radius=2)
        pygame.draw.rect(surface, theme.TEXT_DIM, knob, border_radius=2)
