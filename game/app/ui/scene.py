"""The scene lifecycle, the base of every screen, and `Host`, the app a scene lives in.

A scene has four methods: `layout(size)` (place widgets for a surface size;
called on push and on every resize), `handle(intent)`, `update(dt)` and
`draw(surface)` (and `animate(dt)`, its frame while a screen lies over it). An `overlay` scene is drawn over the scene beneath it.

A scene is given its app when it is made, typed by `Host`: what a scene may ask
of the app (the scene stack, the window size, the games in progress). The app
(`game.app.main.App`) imports the scenes; a scene never imports the app's module.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import pygame

from game.app.saves.saved_game import SavedGame
from game.rules.history import GameHistory
from game.app.saves.settings import Settings
from . import theme
from .device import Device
from .input import Intent
from .sound import Sounds
from .widgets import Button, press_buttons


@runtime_checkable
class Host(Protocol):
    """What a scene may use of the app it lives in."""

    size: tuple[int, int]  # the window (canvas) size
    browser: bool          # running in a web page (no Quit, storage in localStorage)
    running: bool          # False ends the frame loop (the menu's Quit)
    saved_games: list[SavedGame]  # the games in progress, the one played last first
    saved_notice: str      # a message about saves that could not be read ("" if none)
    device: Device         # the clipboard, exported records, the page's address and dialogs
    sound: Sounds          # the sounds of moves, captures and a game's end, and the mute switch
    settings: Settings     # kept between sessions: the sound, manual rolls, each board's last new-game choices,
                           # how far each lesson got

    @property
    def top(self) -> Scene | None: ...

    @property
    def saved(self) -> SavedGame | None:
        """The game in progress played last (the menu's Resume), if any."""

    def push(self, scene: Scene) -> Scene: ...

    def pop(self) -> Scene | None:
        """Drop the top scene (the bottom one, the menu, always stays)."""

    def replace(self, scene: Scene) -> Scene: ...

    def pop_to_root(self) -> None:
        """Back to the bottom scene (the menu)."""

    def keep_game(self, game: SavedGame) -> str | None:
        """Save a game in progress (or forget it once over); an error message if it could not be written."""

    def forget_game(self, game_id: str) -> None:
        """Delete the game in progress kept under `game_id` (the menu's Delete)."""

    def kept_game(self, game_id: str) -> tuple[SavedGame | None, bool]:
        """The game kept under `game_id` as stored now, and whether that id is taken at all (see
        `game.app.saves.saved_game.kept_game`)."""

    def kept_analysis(self, history: GameHistory) -> dict[str, Any] | None:
        """The analysis kept of `history`'s game (for some or all of its moves), or None (see
        `game.app.saves.analyses`)."""

    def keep_analysis(self, history: GameHistory, result: dict[str, Any]) -> str | None:
        """Keep the analysis `result` of `history`'s game; an error message if it could not be written."""

    def learn(self, name: str) -> None:
        """Open the lesson `name` (the Learn of the menu and of the rules pages: a lesson's key, or a game's
        name); a game with lessons on several boards (Truchet: square and hexagonal) asks which."""


class Scene:
    overlay = False

    def __init__(self, app: Host) -> None:
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

    def animate(self, dt: float) -> None:
        """What moves by itself in this scene, while another screen lies over it (the app calls `update`
        of the top scene only, and this of the scenes drawn under it)."""

    def working(self) -> bool:
        """Whether the scene has work under way that it spreads over frames (the computer thinking, an
        analysis): the app puts off its full garbage collection until no scene has (`App.settle`)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def button(self, name: str) -> Button:
        """The button called `name` (for keyboard shortcuts and tests)."""
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(f"{type(self).__name__} has no button {name!r}")
