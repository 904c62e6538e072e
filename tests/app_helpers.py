"""Helpers for the app tests: a headless app, real pygame events posted to its queue, injected dice."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

# saved games go to a throw-away folder, never to the real home (removed when the run ends)
os.environ["PBMGAMES_HOME"] = tempfile.mkdtemp(prefix="pbmgames-test-")
atexit.register(shutil.rmtree, os.environ["PBMGAMES_HOME"], True)

import math  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.app.main import App, make_app  # noqa: E402
from game.app.saves.storage import Storage  # noqa: E402
from game.app.ui.device import Device, DesktopDevice  # noqa: E402
from game.app.ui.gestures import DOUBLE_TAP_SECONDS  # noqa: E402
from game.app.ui.scene import Scene  # noqa: E402

#: the most frames a computer's search or a small game may take: a safety net for loops that stop when
#: done (the search thinks ~8 ms of wall time a frame, so a busy machine needs more frames, never fewer)
MAX_FRAMES = 5000

SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = (390, 844)
DESKTOP = (1280, 720)


def new_app(size: tuple[int, int] = DESKTOP, storage: Storage | None = None, device: Device | None = None,
            browser: bool = False) -> App:
    """A headless app; each gets an empty storage folder unless one is given (to test resuming), and a
    desktop device exporting to a throw-away folder unless one is given."""
    if device is None and not browser:
        device = DesktopDevice(Path(tempfile.mkdtemp(prefix="pbmgames-exports-")))
    app = make_app(size, browser=browser, storage=storage or Storage(Path(tempfile.mkdtemp(prefix="pbmgames-"))),
                   device=device)
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


def finger(app: App, kind: int, pos: tuple[float, float], finger_id: int = 0) -> None:
    """Post one finger event (FINGERDOWN, FINGERMOTION or FINGERUP) at pixel `pos`."""
    w, h = app.size
    x, y = (pos[0] + 0.5) / w, (pos[1] + 0.5) / h
    pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger_id,
                                         pressure=1.0))


def tap(app: App, pos: tuple[float, float], with_mouse_copy: bool = False, finger_id: int = 0) -> None:
    """A finger tap: FINGERDOWN/UP with normalised x, y; optionally the synthesized touch-mouse copies SDL adds;
    then the frame it acts in (at once: no tap waits for a double tap), and a frame as long as the double tap's
    window (a person's next tap comes later: two taps in a row at one place are no double tap)."""
    quick_tap(app, pos, with_mouse_copy, finger_id)
    app.step(DOUBLE_TAP_SECONDS + 0.01)


def quick_tap(app: App, pos: tuple[float, float], with_mouse_copy: bool = False, finger_id: int = 0) -> None:
    """A finger tap and the one frame it acts in."""
    ipos = (int(pos[0]), int(pos[1]))
    finger(app, pygame.FINGERDOWN, pos, finger_id)
    if with_mouse_copy:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ipos, button=1, touch=True))
    finger(app, pygame.FINGERUP, pos, finger_id)
    if with_mouse_copy:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ipos, button=1, touch=True))
    app.step()


def answer_lens(app: App, key) -> None:
    """Tap the choice `key` in the question (the lens) the top scene asks."""
    lens = app.top.lens
    assert lens is not None, "no question is asked"
    spot = next(t for t in lens.spots() if t.key == key)
    tap(app, spot.at)


def double_tap(app: App, pos: tuple[float, float]) -> None:
    """Two finger taps at `pos`, one frame apart (a double tap: the first acts as a tap, the second zooms)."""
    quick_tap(app, pos)
    tap(app, pos)


def drag(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 6, touch: bool = True) -> None:
    """A one-finger drag (or, with touch False, a mouse drag with the button held) from `start` to `end`."""
    points = [(start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
              for k in range(steps + 1)]
    if touch:
        finger(app, pygame.FINGERDOWN, points[0])
        for p in points[1:]:
            finger(app, pygame.FINGERMOTION, p)
        finger(app, pygame.FINGERUP, points[-1])
    else:
        ipos = [(int(x), int(y)) for x, y in points]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ipos[0], button=1))
        for a, b in zip(ipos, ipos[1:]):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]),
                                                 buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ipos[-1], button=1))
    app.step()


def pinch(app: App, centre: tuple[float, float], spread: tuple[float, float], steps: int = 6) -> None:
    """Two fingers either side of `centre`, from `spread[0]` px apart to `spread[1]` px apart, then lifted."""
    cx, cy = centre
    a0, a1 = spread
    finger(app, pygame.FINGERDOWN, (cx - a0 / 2, cy), 0)
    finger(app, pygame.FINGERDOWN, (cx + a0 / 2, cy), 1)
    app.step()
    for k in range(1, steps + 1):
        half = (a0 + (a1 - a0) * k / steps) / 2
        finger(app, pygame.FINGERMOTION, (cx - half, cy), 0)
        finger(app, pygame.FINGERMOTION, (cx + half, cy), 1)
        app.step()
    finger(app, pygame.FINGERUP, (cx - a1 / 2, cy), 0)
    finger(app, pygame.FINGERUP, (cx + a1 / 2, cy), 1)
    app.step()


def finger_drag(app: App, start: tuple[float, float], dy: float, steps: int = 4) -> None:
    """A finger pressed at `start`, moved `dy` pixels down (up if negative) in `steps`, then lifted."""
    w, h = app.size
    common = dict(dx=0.0, dy=0.0, touch_id=1, finger_id=0, pressure=1.0)
    x, y = start
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=(x + 0.5) / w, y=(y + 0.5) / h, **common))
    for _ in range(steps):
        y += dy / steps
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=(x + 0.5) / w, y=(y + 0.5) / h, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=(x + 0.5) / w, y=(y + 0.5) / h, **common))
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
    """A tap or a click at `pos`, aimed at the middle of what it means: where the tap asks which of two close
    targets it meant (the lens), the answer is the one whose middle is at `pos`."""
    (tap if touch else click)(app, pos)
    lens = getattr(app.top, "lens", None)
    if touch and lens is not None:
        answer_lens(app, min(lens.choices, key=lambda t: math.dist(t.at, pos)).key)


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


# ------------------------------------------------------------------------------ any game, mid-game
def open_game(size: tuple[int, int], name: str, options: dict | None = None, moves: int = 0, seed: int = 1):
    """A game scene of `name` pushed on a headless app, after `moves` random legal moves (seeded), with its
    animations turned off."""
    from game.app.games.registry import GAME_SCENES
    from game.rules import GAMES

    app = new_app(size)
    scene = GAME_SCENES[name](app, GAMES[name], options)
    for attr in ("roll_seconds", "draw_seconds", "capture_seconds"):
        if hasattr(scene, attr):
            setattr(scene, attr, 0)
    if hasattr(scene, "roller"):
        scene.roller.seconds = 0
    app.push(scene)
    play_random(scene, moves, seed)
    pump(app)
    return app, scene


def play_random(scene, moves: int, seed: int) -> None:
    """Play `moves` random legal moves (rolls from a seeded generator), passing and claiming draws only when
    nothing else is legal, straight into the scene's history."""
    rng = random.Random(seed)
    game = scene.game
    for _ in range(moves):
        state = scene.state
        if game.outcome(state) is not None:
            break
        if game.is_chance(state):
            scene.history.play(game.random_chance(state, rng))
            continue
        legal = game.legal_moves(state)
        if not legal:
            break
        scene.history.play(rng.choice([m for m in legal if str(m) not in ("pass", "draw")] or legal))
    scene._refresh()
    if moves:
        scene.say("")  # (the opening's message no longer applies)
