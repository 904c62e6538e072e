"""The app shell: window, scene stack and the one async frame loop.

The shell sits on top: it imports the menu and the games' registry and hands each scene the app
(`App`, which is a `game.app.ui.scene.Host`); no scene imports this module.

Desktop: ``python -m game [--size WxH]`` (a resizable window, default 1280x720).
Browser (pygbag): ``asyncio.run(amain())`` in ``web/main.py``; the canvas gets a
fixed size matching the browser window's shape, and the page scales it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from typing import Any, Sequence

import pygame

from game.ai import frames
from game.app.games.registry import BOARDS, GAME_SCENES, LESSONS, NOT_SHOWN, OPTION_WORDS
from game.app.play.lesson_scene import LessonScene, open_lesson
from game.app.saves import analyses, saved_game
from game.app.saves.settings import Settings
from game.app.saves.storage import Storage, default_storage
from game.app.screens.dialog import DialogScene, NoticeScene
from game.app.screens.menu import MenuScene
from game.app.ui import theme
from game.app.ui.device import Device, default_device
from game.app.ui.input import InputMapper, Intent
from game.app.ui.scene import Scene
from game.app.ui.sound import Sounds
from game.app.ui.widgets import Button
from game.rules import GAMES
from game.rules.history import GameHistory
from game.rules.reading import quote, whole_number

DEFAULT_SIZE = (1280, 720)
#: frames between two looks at the page's address (a link pasted there opens without a reload)
ADDRESS_EVERY = 30
#: frames with no press, tap or key (and no screen working) before the full garbage collection a closed
#: screen asks for (`App.settle`): half a second
QUIET_FRAMES = 30
MIN_SIDE, MAX_SIDE = 240, 8192
IS_BROWSER = sys.platform == "emscripten"


class App:
    """Owns the display surface and the scene stack; `step` runs one frame."""

    def __init__(self, surface: pygame.Surface, browser: bool = IS_BROWSER, storage: Storage | None = None,
                 device: Device | None = None) -> None:
        self.surface = surface
        self.size: tuple[int, int] = surface.get_size()
        self.browser = browser
        self.stack: list[Scene] = []
        self.mapper = InputMapper(self.size)
        self.running = True
        self.frames = 0
        # the games in progress survive leaving them, quitting and (in the browser) reloading
        self.storage = storage if storage is not None else default_storage(browser)
        self.saved_games, self.saved_notice = saved_game.load_all(self.storage)
        self.device = device if device is not None else default_device(browser)
        self.settings = Settings(self.storage)
        # a page may not sound before the player's first touch, click or key (`handle_event` unlocks it)
        self.sound = Sounds(self.settings, wait_for_input=browser)
        # each frame ends with its survivors frozen out of the garbage collector's way (game.ai.frames): set
        # by `amain`, the app's own loop; off for an app a test or a benchmark drives, unless it asks
        self.settle_frames = False
        self._stack_before: tuple[Scene, ...] = ()
        self._thaw_due = False  # a screen was closed since the last full collection
        self._quiet_frames = 0  # frames since the last press, tap or key

    # -- games in progress ---------------------------------------------------------------
    @property
    def saved(self) -> saved_game.SavedGame | None:
        """The game in progress played last (the menu's Resume), if any."""
        return self.saved_games[0] if self.saved_games else None

    def keep_game(self, game: saved_game.SavedGame) -> str | None:
        """Save `game` under its id, first in the list (or forget it once over); an error message if it
        could not be written."""
        self.saved_games = [g for g in self.saved_games if g.id != game.id]
        if not game.finished:
            self.saved_games.insert(0, game)
        return saved_game.save(self.storage, game)

    def kept_game(self, game_id: str) -> tuple[saved_game.SavedGame | None, bool]:
        return saved_game.kept_game(self.storage, self.saved_games, game_id)

    def keep_shown_games(self) -> None:
        """Save every game on the scene stack as it stands (each is saved after every move already; this
        is for a stop that comes between, such as Ctrl-C)."""
        for scene in self.stack:
            autosave = getattr(scene, "autosave", None)
            if callable(autosave):
                autosave()

    def forget_game(self, game_id: str) -> None:
        self.saved_games = [g for g in self.saved_games if g.id != game_id]
        self.storage.delete(saved_game.name_of(game_id))

    # -- analyses of games (the Analyse screen's, kept beside the games) ----------------------
    def kept_analysis(self, history: GameHistory) -> dict[str, Any] | None:
        return analyses.load(self.storage, history)

    def keep_analysis(self, history: GameHistory, result: dict[str, Any]) -> str | None:
        return analyses.save(self.storage, history, result)

    # -- lessons ---------------------------------------------------------------------------
    def learn(self, name: str) -> None:
        """Open the lesson `name` (its key: a game's name, or ``truchet-hex``) where the player left it; a
        game's name with lessons on more than one board (``truchet``) asks which."""
        found = [LESSONS[name]] if name in LESSONS else [
            lesson for key, lesson in LESSONS.items() if key.startswith(name + "-")]
        if len(found) == 1:
            for k, scene in enumerate(self.stack):  # the lesson is open under this screen (its Rules): back to it
                if isinstance(scene, LessonScene) and scene.lesson is found[0]:
                    del self.stack[k + 1:]
                    scene.layout(self.size)
                    return
            open_lesson(self, found[0], GAME_SCENES[found[0].game])
        elif found:
            title = GAMES[name].title if name in GAMES else name
            dialog = DialogScene(self, f"Learn {title}", "Which board would you like to learn?")

            def choose(lesson: object) -> None:
                dialog.close()
                open_lesson(self, lesson, GAME_SCENES[lesson.game])  # type: ignore[attr-defined]

            dialog.buttons = [Button(lesson.title, (lambda lesson=lesson: choose(lesson)), name=f"learn-{lesson.key}",
                                     primary=not k) for k, lesson in enumerate(found)]
            dialog.buttons.append(Button("Cancel", dialog.close, name="cancel"))
            self.push(dialog)

    # -- a game link in the page's address --------------------------------------------------
    def open_address(self) -> None:
        """Open a game link that came into the page's address (at start, or pasted there later) over
        whatever is shown; a damaged one is explained and replaces nothing."""
        link = self.device.new_link()
        menu = self.stack[0] if self.stack else None
        if not link or not isinstance(menu, MenuScene):
            return
        problem = menu.open_text(link, "the page's address")
        if problem is not None:
            self.push(NoticeScene(self, "Nothing opened", problem))

    # -- the stack ---------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        scene.layout(self.size)
        self.stack.append(scene)
        return scene

    def pop(self) -> Scene | None:
        """Drop the top scene; the bottom scene (the menu) always stays."""
        if len(self.stack) <= 1:
            return None
        scene = self.stack.pop()
        top = self.top
        if top is not None and top.size != self.size:
            top.layout(self.size)
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop()
        return self.push(scene)

    def pop_to_root(self) -> None:
        del self.stack[1:]
        if self.stack:
            self.stack[0].layout(self.size)

    # -- events ------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Re-lay-out every scene for a new window size (desktop only: the web canvas is fixed)."""
        size = (max(MIN_SIDE, int(size[0])), max(MIN_SIDE, int(size[1])))
        if not self.browser:
            current = pygame.display.get_surface()
            if current is None or current.get_size() != size:
                current = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.surface = current
        self.size = self.surface.get_size()
        self.mapper.size = self.size
        for scene in self.stack:
            scene.layout(self.size)

    def handle_event(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.VIDEORESIZE:
            self.resize((ev.w, ev.h))
            return
        if ev.type == pygame.WINDOWSIZECHANGED:
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self.size:
                self.surface = surface
                self.resize(surface.get_size())
            return
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN):
            self.sound.unlock()
            self._quiet_frames = 0
        for intent in self.mapper.translate(ev):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            if not self.browser:
                self.running = False
            return
        top = self.top
        if top is not None:
            top.handle(intent)

    def shown(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top one and those its overlays leave in sight."""
        if not self.stack:
            return []
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[first:]

    def draw(self) -> None:
        for scene in self.shown():
            scene.draw(self.surface)

    def step(self, dt: float = 1 / 60) -> None:
        """One frame: handle queued events, update and draw the top scene, flip."""
        for ev in pygame.event.get():
            self.handle_event(ev)
        if self.browser and self.frames % ADDRESS_EVERY == 0:
            self.open_address()
        for scene in self.shown()[:-1]:  # under a dialog or the game-over screen, what moves goes on moving
            scene.animate(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self.settle_frames:
            self.settle()

    def settle(self) -> None:
        """The end of a frame for the garbage collector (see game.ai.frames): what this frame made and
        keeps, the computer's work above all, frozen so that no later collection walks it. After a screen
        was closed, one full collection instead: whatever reference cycle the screen made was frozen with it
        and would otherwise live on. That collection walks all that lives: 12-40 ms here on leaving a game
        for the menu, several times that in the browser, and over 100 ms while two-player Savoya's computer
        thinks about a spread-out double. So it waits for a quiet moment, when nothing moves on the screen:
        no scene working (`Scene.working`) and no press, tap or key for `QUIET_FRAMES` frames."""
        before, self._stack_before = self._stack_before, tuple(self.stack)
        if any(all(scene is not kept for kept in self.stack) for scene in before):
            self._thaw_due = True
        del before
        self._quiet_frames += 1
        if self._thaw_due and self._quiet_frames >= QUIET_FRAMES and not any(s.working() for s in self.stack):
            self._thaw_due = False
            frames.thaw()
        else:
            frames.settle()


def browser_size() -> tuple[int, int]:
    """A fixed canvas size with the browser window's shape (portrait phone or landscape)."""
    try:
        import platform as web  # pygbag's `platform` module exposes the JS window

        w = int(web.window.innerWidth)  # type: ignore[attr-defined]
        h = int(web.window.innerHeight)  # type: ignore[attr-defined]
    except Exception:
        return DEFAULT_SIZE
    return fit_canvas(w, h)


def fit_canvas(w: int, h: int) -> tuple[int, int]:
    """The canvas size for a window of w x h css pixels (kept within sensible bounds)."""
    if w <= 0 or h <= 0:
        return DEFAULT_SIZE
    if h > w:  # portrait phone: one canvas pixel a css pixel (360..480 wide), so that 44 px are 44 css px
        width = max(360, min(480, w))
        return (width, max(640, min(1040, round(width * h / w))))
    return (max(960, min(1600, round(720 * w / h))), 720)


def make_app(size: tuple[int, int] | None = None, browser: bool = IS_BROWSER, storage: Storage | None = None,
             device: Device | None = None) -> App:
    """Open the window and build the app with the main menu on its stack."""
    pygame.init()
    theme.font.cache_clear()  # fonts made before an earlier pygame.quit() are dead
    if size is None:
        size = browser_size() if browser else DEFAULT_SIZE
    flags = 0 if browser else pygame.RESIZABLE
    surface = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("Savoy, Savoya, Star, know and Truchet")
    app = App(surface, browser, storage, device)
    app.push(MenuScene(app, GAME_SCENES, OPTION_WORDS, NOT_SHOWN, BOARDS))
    app.open_address()  # a page opened with a game link shows that game
    return app


async def amain(size: tuple[int, int] | None = None, max_frames: int | None = None) -> None:
    """Run the app until it quits (or for `max_frames` frames), yielding to the event loop every frame."""
    # The modules, classes and functions loaded so far live as long as the app: set them aside from the
    # garbage collector's full collections, which otherwise walk them (~24,000 objects, a few ms) in
    # whatever frame one falls; then the same at the end of every frame (`App.settle`), for the objects
    # the computer's search keeps alive while it thinks (100,000 and more).
    gc.collect()
    gc.freeze()
    app = make_app(size)
    app.settle_frames = True
    clock = pygame.time.Clock()
    try:
        while app.running and (max_frames is None or app.frames < max_frames):
            # In the browser the page paces the frames; on the desktop cap at 60 per second.
            dt = clock.tick() if app.browser else clock.tick(60)
            app.step(min(dt, 100) / 1000)
            await asyncio.sleep(0)
    except KeyboardInterrupt:  # Ctrl-C in the terminal: the games shown are kept as they stand, then quit
        app.keep_shown_games()
        raise
    finally:
        gc.unfreeze()
        if not app.browser:
            theme.font.cache_clear()
            pygame.quit()


def parse_size(text: str) -> tuple[int, int]:
    """Read ``WxH`` (for example ``1280x720``); raises ValueError naming the problem."""
    parts = [whole_number(p, signed=False) for p in text.lower().replace("×", "x").split("x")]
    if len(parts) != 2 or None in parts:
        raise ValueError(f"--size {quote(text)}: write the window size as WIDTHxHEIGHT, for example 1280x720")
    w, h = parts
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise ValueError(f"--size {quote(text)}: width and height must each be {MIN_SIDE}..{MAX_SIDE} pixels")
    return (w, h)


#: the exit status after Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = 130


def run(argv: Sequence[str]) -> int:
    """Desktop entry (``python -m game``); returns the exit status (2 for bad arguments)."""
    parser = argparse.ArgumentParser(prog="python -m game", description="Play Star and the other board games.")
    parser.add_argument("--size", default=None, metavar="WxH",
                        help="window size in pixels (default 1280x720; try 390x844 for a phone shape)")
    parser.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:  # argparse already printed the message
        return int(stop.code or 0)
    size = DEFAULT_SIZE
    if args.size is not None:
        try:
            size = parse_size(args.size)
        except ValueError as err:
            print(f"python -m game: error: {err}", file=sys.stderr)
            return 2
    if args.frames is not None and args.frames < 1:
        print("python -m game: error: --frames must be at least 1", file=sys.stderr)
        return 2
    try:
        asyncio.run(amain(size, args.frames))
    except KeyboardInterrupt:
        print("python -m game: stopped (Ctrl-C); the games in progress are saved", file=sys.stderr)
        return INTERRUPTED
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
