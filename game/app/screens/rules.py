"""The rules screen: a game's rules in our own words, with a small diagram, scrollable.

Each game's page is a `RulesPage` in ``game/app/games/<game>/rules_page.py``; whoever opens the screen
hands it the page (a game without one gets a page made from its summary).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.app.ui import theme
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules.base import Game
from .scrolling import ScrollingScene



@dataclass(frozen=True)
class RulesPage:
    credit: str
    sections: tuple[tuple[str, str], ...]  # (heading, text)
    diagram: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    caption: str = ""
    title: str = ""  # the game's name over the page, when not its title (a variant's page)
    lesson: str = ""  # the lesson that teaches it by play (`Host.learn`), if any


class RulesScene(ScrollingScene):
    def __init__(self, app: Host, game: Game, page: RulesPage | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.page = page or RulesPage(
            credit=f"Designed by {game.designer}." if game.designer else "",
            sections=(("In short", game.summary), ("Rules", "A full rules page for this game is still to come.")),
        )
        self.content_height = 0
        self.back = Button("Back", self.app.pop, name="back")
        self.buttons = [self.back]
        self.learn: Button | None = None
        if self.page.lesson:  # a bar at the foot of the page: the lesson
            name = self.page.title or game.title
            self.learn = Button(f"Learn {name} by playing", lambda: self.app.learn(self.page.lesson), name="learn",
                                primary=True)
            self.buttons.append(self.learn)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.portrait = h > w
        pad = 12 if w < 600 else 24
        self.back.rect = pygame.Rect(pad, pad, 110, 48)
        foot = 0
        if self.learn is not None:
            foot = 60
            width = min(w - 2 * pad, 520)
            self.learn.rect = pygame.Rect((w - width) // 2, h - pad - 50, width, 50)
        self.body = pygame.Rect(pad, pad + 60, w - 2 * pad, h - 2 * pad - 60 - foot)
        if self.portrait or self.page.diagram is None:
            self.text_rect = self.body.copy()
            self.diagram_rect = pygame.Rect(self.body.left, self.body.top, self.body.width,
                                            min(self.body.width * 3 // 4, 340) if self.page.diagram else 0)
        else:
            left = self.body.width * 2 // 5
            self.diagram_rect = pygame.Rect(self.body.left, self.body.top, left - pad, min(self.body.height - 90, left))
            self.text_rect = pygame.Rect(self.body.left + left, self.body.top, self.body.width - left, self.body.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def _text_size(self) -> tuple[int, int]:
        return (20, 26) if self.size[0] < 600 else (24, 30)

    def _measure(self) -> int:
        body, head = self._text_size()
        height = 0
        if self.portrait and self.page.diagram is not None:
            height += self.diagram_rect.height + 8
            height += theme.wrapped_height(self.page.caption, 18, self.text_rect.width) + 12
        height += theme.wrapped_height(self.page.credit, body, self.text_rect.width) + 12
        for heading, words in self.page.sections:
            height += head + 6 + theme.wrapped_height(words, body, self.text_rect.width) + 14
        return height

    line_step = 60

    def max_scroll(self) -> int:
        return max(0, self._measure() - self.text_rect.height + 20)

    def page_step(self) -> int:
        return self.text_rect.height - 60

    def tap(self, pos: tuple[int, int]) -> None:
        press_buttons(self.buttons, pos)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _ = self.size
        body, head = self._text_size()
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.text_rect.top - self.scroll
        if self.page.diagram is not None:
            if self.portrait:
                rect = self.diagram_rect.move(0, y - self.diagram_rect.top)
                theme.panel(surface, rect, theme.BG_PANEL)
                self.page.diagram(surface, rect.inflate(-12, -12))
                y = rect.bottom + 8
                y += theme.paragraph(surface, self.page.caption, 18, theme.TEXT_DIM,
                                     pygame.Rect(self.text_rect.left, y, self.text_rect.width, 10)) + 12
            else:
                theme.panel(surface, self.diagram_rect, theme.BG_PANEL)
                self.page.diagram(surface, self.diagram_rect.inflate(-16, -16))
                theme.paragraph(surface, self.page.caption, 18, theme.TEXT_DIM,
                                pygame.Rect(self.diagram_rect.left, self.diagram_rect.bottom + 10,
                                            self.diagram_rect.width, 10))
        y += theme.paragraph(surface, self.page.credit, body, theme.ACCENT,
                             pygame.Rect(self.text_rect.left, y, self.text_rect.width, 10)) + 12
        for heading, words in self.page.sections:
            theme.text(surface, heading, head, theme.TEXT, topleft=(self.text_rect.left, y))
            y += head + 6
            y += theme.paragraph(surface, words, body, theme.TEXT_DIM,
                                 pygame.Rect(self.text_rect.left, y, self.text_rect.width, 10)) + 14
        surface.set_clip(clip)
        name = self.page.title or self.game.title
        theme.text(surface, f"{name}: how to play", 34 if w >= 600 else 28, theme.TEXT,
                   midleft=(self.back.rect.right + 16, self.back.rect.centery), max_width=w - self.back.rect.right - 30)
        self.draw_scroll_bar(surface, pygame.Rect(0, self.body.top, self.size[0], self.body.height),
                             self._measure() + 20)
        self.back.draw(surface, self.hover)
        if self.learn is not None:
            self.learn.draw(surface, self.hover)
