"""Helpers for the app tests: a headless app, real pygame events posted to its queue, injected dice."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import tempfile  # noqa: E402

# saved games go to a throw-away folder, never to the real home
os.environ["PBMGAMES_HOME"] = tempfile.mkdtemp(prefix="pbmgames-test-")

import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.app.main import App, make_app  # noqa: E402
from game.app.saves.storage import Storage  # noqa: E402
from game.app.ui.scene import Scene  # noqa: E402

SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = (390, 844)
DESKTOP = (1280, 720)


def new_app(size: tuple[int, int] = DESKTOP, storage: Storage | None = None) -> App:
    """A headless app; each gets an empty storage folder unless one is given (to test resuming)."""
    app = make_app(size, browser=False, storage=storage or Storage(Path(tempfile.mkdtemp(prefix="pbmgames-"))))
    pygame.event.clear()
    app.step()
    return app


def pump(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step()


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    """A mouse click: MOUSEBUTTONDOWN then MOUSEBUTTONUP at `pos`, then one frame."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def hover(app: App, pos: tuple[float, float]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def tap(app: App, pos: tuple[float, float], with_mouse_copy: bool = False, finger: int = 0) -> None:
    """A finger tap: FINGERDOWN/UP with normalised x, y; optionally the synthesized touch-mouse copies SDL adds."""
    w, h = app.size
    x, y = (pos[0] + 0.5) / w, (pos[1] + 0.5) / h
    ipos = (int(pos[0]), int(pos[1]))
    common = dict(x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger, pressure=1.0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    if with_mouse_copy:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ipos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    if with_mouse_copy:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ipos, button=1, touch=True))
    app.step()


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    app.step()


def type_text(app: App, words: str, enter: bool = True) -> None:
    """Typed characters as TEXTINPUT events (as SDL sends them), then Enter."""
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    if enter:
        key(app, pygame.K_RETURN)


def scroll_into_view(app: App, name: str) -> None:
    """On a scrolling page (new game), turn the mouse wheel until the button is in view."""
    top = app.top
    viewport = getattr(top, "viewport", None)
    if viewport is None or not viewport.height or top.button(name) in getattr(top, "fixed_buttons", ()):
        return
    for _ in range(100):
        rect = top.button(name).rect
        if viewport.contains(rect):
            return
        step = -1 if rect.bottom > viewport.bottom else 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0,
                                              precise_y=float(step), touch=False, which=0))
        app.step()
    raise AssertionError(f"button {name!r} never scrolled into view")


def point(app: App, pos: tuple[float, float], touch: bool) -> None:
    """A tap or a click at `pos`."""
    (tap if touch else click)(app, pos)


def press(app: App, name: str, *, touch: bool = False) -> None:
    """Press the top scene's button called `name` with a real click (or tap), scrolling it into view first."""
    top = app.top
    assert top is not None
    scroll_into_view(app, name)
    button = top.button(name)
    assert button.enabled, f"button {name!r} is disabled"
    (tap if touch else click)(app, button.rect.center)


def top(app: App) -> Scene:
    assert app.top is not None
    return app.top


def shot(app: App, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    app.draw()
    path = SCREENSHOTS / f"{name}.png"
    pygame.image.save(app.surface, str(path))
    return path


class Dice(random.Random):
    """Injected dice: `randrange(1, 7)` returns the given values in order."""

    def __init__(self, values) -> None:
        super().__init__(0)
        self.values = list(values)

    def randrange(self, start, stop=None, step=1):  # noqa: D401 - the rules roll with randrange(1, 7)
        assert self.values, "the test ran out of injected dice"
        value = self.values.pop(0)
        assert start <= value < stop
        return value
