"""The main menu: every game in `game.rules.GAMES` with its one-line summary.

The games it can start are handed to it (`scenes`: game name -> scene class, which the shell takes
from `game.app.games.registry`), so the menu imports no game.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from game.app.play.game_scene import GameScene
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules import GAMES
from game.rules.base import Game
from .new_game import NewGameScene
from .rules import RulesScene
from .scrolling import ScrollingScene


class MenuScene(ScrollingScene):
    def __init__(self, app: Host, scenes: Mapping[str, type[GameScene]]) -> None:
        super().__init__(app)
        self.scenes = scenes
        self.games: list[Game] = list(GAMES.values())
        self.playable = {name for name in scenes}
        self.cards: list[tuple[Game, pygame.Rect, Button, Button]] = []
        self.quit = Button("Quit", self._quit, name="quit")
        for game in self.games:
            play = Button("Play", (lambda g=game: self.open_new_game(g)), name=f"play-{game.name}", primary=True,
                          enabled=game.name in self.playable)
            rules = Button("Rules", (lambda g=game: self.open_rules(g)), name=f"rules-{game.name}")
            self.cards.append((game, pygame.Rect(0, 0, 0, 0), play, rules))
        self.resume_button = Button("Resume", self.resume_game, name="resume", primary=True)
        self.resume_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = [self.resume_button, *(b for _, _, play, rules in self.cards for b in (play, rules))]
        if not app.browser:
            self.buttons.append(self.quit)

    def resume_game(self) -> None:
        """Continue the game in progress played last (left with Menu, or kept from an earlier session)."""
        saved = self.app.saved
        if saved is None:
            return
        scene_class = self.scenes[saved.history.game.name]
        scene = scene_class(self.app, saved.history.game, saved.history.options, saved.seats)
        self.app.push(scene)
        scene.resume(saved)
        scene.layout(self.app.size)

    def _quit(self) -> None:
        self.app.running = False

    def open_new_game(self, game: Game) -> None:
        self.app.push(NewGameScene(self.app, game, self.scenes.get(game.name)))

    def open_rules(self, game: Game) -> None:
        scene_class = self.scenes.get(game.name)
        self.app.push(RulesScene(self.app, game, scene_class.rules_page if scene_class else None))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        narrow = w < 600
        pad = 12 if narrow else 32
        width = min(w - 2 * pad, 820)
        left = (w - width) // 2
        self.summary_size = 24 if narrow else 26
        if narrow and len(self.cards) > 2:
            self.summary_size = 21
        y = pad + 96 - self.scroll
        self.title_y = pad + 34 - self.scroll
        self.resume_button.enabled = self.app.saved is not None
        if self.app.saved is not None:  # the game in progress comes first
            self.resume_rect = pygame.Rect(left, y, width, 76)
            self.resume_button.rect = pygame.Rect(self.resume_rect.right - 146, y + 14, 130, 48)
            y += 76 + 14
        else:
            self.resume_rect = self.resume_button.rect = pygame.Rect(0, 0, 0, 0)
        self.notice_y = y
        if self.app.saved_notice:
            y += 14 + theme.wrapped_height(self.app.saved_notice, 18, width)
        for k, (game, _, play, rules) in enumerate(self.cards):
            text_w = width - 32 if narrow else width - 32 - 150
            lines = len(theme.wrap(game.summary, self.summary_size, text_w))
            height = 52 + lines * (self.summary_size + 2) + (66 if narrow else 12)
            height = max(height, 130 if not narrow else 0)
            rect = pygame.Rect(left, y, width, height)
            self.cards[k] = (game, rect, play, rules)
            if narrow:
                play.rect = pygame.Rect(rect.left + 16, rect.bottom - 60, (width - 44) // 2, 48)
                rules.rect = pygame.Rect(play.rect.right + 12, rect.bottom - 60, (width - 44) // 2, 48)
            else:
                play.rect = pygame.Rect(rect.right - 146, rect.top + 16, 130, 50)
                rules.rect = pygame.Rect(rect.right - 146, rect.top + 74, 130, 44)
            y += height + 14
        self.quit.rect = pygame.Rect(left + width - 110, max(y, h - pad - 48 - self.scroll), 110, 48)
        self.content_height = self.quit.rect.bottom + pad + self.scroll
        if self.scroll > self.max_scroll():  # after a resize
            self.scroll = self.max_scroll()
            self.layout(size)

    def max_scroll(self) -> int:
        return max(0, self.content_height - self.size[1])

    def on_scroll(self) -> None:
        self.layout(self.size)

    def tap(self, pos: tuple[int, int]) -> None:
        for game, rect, play, rules in self.cards:
            if play.hit(pos) or rules.hit(pos):
                break
            if rect.collidepoint(pos) and game.name in self.playable:
                self.open_new_game(game)
                return
        press_buttons(self.buttons, pos)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            return  # the menu is the bottom of the stack
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = self.size
        theme.text(surface, "Board Games", 56 if w >= 600 else 46, theme.TEXT, center=(w // 2, self.title_y))
        theme.text(surface, "Choose a game", 24, theme.TEXT_DIM, center=(w // 2, self.title_y + 40))
        if self.app.saved is not None:
            rect = self.resume_rect
            theme.panel(surface, rect, theme.BG_CARD_HI, 14, border=theme.ACCENT)
            others = len(self.app.saved_games) - 1
            label = "Game in progress" + (f"  ·  {others} other game{'s' * (others > 1)} kept" if others > 0 else "")
            theme.text(surface, label, 18, theme.ACCENT, topleft=(rect.left + 16, rect.top + 10),
                       max_width=rect.width - 32 - 150)
            theme.text(surface, self.app.saved.title, 26, theme.TEXT, topleft=(rect.left + 16, rect.top + 36),
                       max_width=rect.width - 32 - 150)
            self.resume_button.draw(surface, self.hover)
        if self.app.saved_notice:
            theme.paragraph(surface, self.app.saved_notice, 18, theme.BAD,
                            pygame.Rect(self.resume_rect.left or self.cards[0][1].left, self.notice_y,
                                        self.cards[0][1].width, 10))
        for game, rect, play, rules in self.cards:
            hovered = self.hover is not None and rect.collidepoint(self.hover)
            theme.panel(surface, rect, theme.BG_CARD_HI if hovered else theme.BG_CARD, 14)
            # a small stone pair as the game's badge
            theme.text(surface, game.title, 34, theme.TEXT, topleft=(rect.left + 16, rect.top + 14))
            text_w = rect.width - 32 if w < 600 else rect.width - 32 - 150
            theme.paragraph(surface, game.summary, self.summary_size, theme.TEXT_DIM,
                            pygame.Rect(rect.left + 16, rect.top + 50, text_w, 10), spacing=1.15)
            if game.name not in self.playable:
                play.label = "Soon"
            play.draw(surface, self.hover)
            rules.draw(surface, self.hover)
        if not self.app.browser:
            self.quit.draw(surface, self.hover)
