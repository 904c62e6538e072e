"""One board's zoom and the presses on it: the board camera as every game scene uses it.

`BoardZoom` owns a `Camera` and turns the pointer intents that fall on a board into what they mean
there: two fingers pinch (zoom about their middle, pan as they move), a double tap zooms to where the
board's smallest target is a finger's width (`TAP_GOAL`) and back out, one finger (or the mouse)
drags a zoomed board, the wheel zooms about the pointer, Ctrl + / - / 0 zoom from the keyboard. No tap
waits to see whether another follows: the first tap of a double tap acts at once as a tap (it may choose
a piece), and the second only zooms (`second_tap`); a drag or a pinch never acts as a tap.

While zoomed, a small map in the corner shows the whole board and the part of it in view. While
fingers pinch, the board is not redrawn at every step: the picture from before the pinch is
scaled and moved with the fingers, and the board is drawn afresh at the new zoom when they lift (a
large board zoomed far costs a moment to draw).
"""

from __future__ import annotations

from typing import Callable

import pygame

from . import theme
from .camera import Camera, fit_zoom
from .gestures import DoubleTap
from .input import Intent
from .widgets import Button

TAP_GOAL = 48        # px: a double tap zooms until the smallest target is this wide (Android's 48 dp)
WHEEL_STEP = 1.25    # zoom per wheel notch or key press
MAX_WORLD = 4096     # px: pinching stops before the board grows wider than this (unless a double tap needs more)
MIN_MAX_ZOOM = 3.0   # every board can be pinched this far in, to look closer
OVERVIEW = 64        # px: the longer side of the small map of the whole board shown while zoomed
Point = tuple[int, int]


class BoardZoom:
    """The camera of one board, the double tap that zooms it, and the zoom-out button."""

    def __init__(self, relayout: Callable[[], None], measure: Callable[[], float]) -> None:
        self.camera = Camera()
        self.camera.overscroll_top = theme.MIN_TOUCH + 12  # the Zoom out button's height, and its margins
        self.relayout = relayout       # the scene builds its board layout for `camera.world` again
        self.measure = measure         # the smallest target a finger must hit now, in px at zoom 1
        self.taps = DoubleTap()
        self.pinching = False
        self._snapshot: tuple[pygame.Surface, pygame.Rect] | None = None  # the board before the pinch
        self._laid_world = pygame.Rect(0, 0, 0, 0)  # the world the scene's board layout was built for
        self.button = Button("Zoom out", self.zoom_out, name="zoom-out")

    # -- what the scene asks ----------------------------------------------------------------
    @property
    def viewport(self) -> pygame.Rect:
        return self.camera.viewport

    @property
    def target_px(self) -> float:
        """The smallest target a finger must hit now, in pixels at zoom 1 (0: the board has none)."""
        return self.measure()

    @property
    def tap_zoom(self) -> float:
        """The zoom a double tap goes to: the smallest target TAP_GOAL wide."""
        return fit_zoom(self.target_px, TAP_GOAL)

    @property
    def needs_zoom(self) -> bool:
        """True when a finger cannot hit every target of the whole board (smaller than MIN_TOUCH)."""
        return 0 < self.target_px < theme.MIN_TOUCH

    @property
    def zooms(self) -> bool:
        """A double tap zooms this board (in, where its targets are smaller than a finger; back out, when zoomed)."""
        return self.needs_zoom or self.camera.zoomed

    def _limit(self) -> None:
        """How far a pinch or the wheel may zoom: a little past the double tap's zoom (at least 3), and
        no further than a board MAX_WORLD wide unless the double tap needs it."""
        fit = self.tap_zoom
        side = max(1, *self.camera.viewport.size)
        self.camera.max_zoom = max(MIN_MAX_ZOOM, fit, min(1.25 * fit, MAX_WORLD / side))

    def placed(self) -> None:
        """The layout follows the camera: place the zoom-out button over the board's corner."""
        v = self.camera.viewport
        if self.camera.zoomed:
            self.button.rect = pygame.Rect(v.left + 6, v.top + 6, 124, theme.MIN_TOUCH)
        else:
            self.button.rect = pygame.Rect(0, 0, 0, 0)

    # -- changes ----------------------------------------------------------------------------
    def zoom_out(self) -> None:
        self.taps.forget()
        self.camera.reset()
        self.relayout()

    def toggle(self, pos: Point) -> None:
        """A double tap: in to `tap_zoom` about `pos` (where the targets are finger-sized), or, when they
        are already, back out to the whole board."""
        self._limit()
        goal = self.tap_zoom
        if goal > self.camera.zoom * 1.01:
            self.camera.zoom_to(goal, pos)
        else:
            self.camera.reset()
        self.relayout()

    def zoom_to(self, zoom: float, pos: Point) -> None:
        """Zoom to `zoom` about `pos` (a scene showing what needs a closer look, such as names)."""
        self._limit()
        self.camera.max_zoom = max(self.camera.max_zoom, zoom)
        self.camera.zoom_to(zoom, pos)
        self.relayout()

    def wheel(self, pos: Point, notches: int) -> None:
        self._limit()
        self.camera.zoom_about(pos, WHEEL_STEP ** notches)
        self.relayout()

    def key(self, what: str) -> None:
        centre = self.camera.viewport.center
        self._limit()
        if what == "fit":
            self.camera.reset()
        else:
            self.camera.zoom_about(centre, WHEEL_STEP if what == "in" else 1 / WHEEL_STEP)
        self.relayout()

    def drag(self, rel: Point) -> bool:
        """A one-finger (or mouse) drag that began on the board pans it, when zoomed."""
        if not self.camera.zoomed:
            return False
        self.camera.pan(*rel)
        self.relayout()
        return True

    def pinch(self, intent: Intent) -> None:
        if not self.pinching:
            self.pinching = True
            self.taps.forget()  # a tap before the pinch and one after it are no double tap
            self._limit()
        self.camera.zoom_about(intent.pos, intent.scale)
        self.camera.pan(*intent.rel)

    def lift(self) -> None:
        """The fingers left the screen: after a pinch, the board is drawn afresh at its zoom."""
        if self.pinching:
            self.pinching = False
            self._snapshot = None
            self.relayout()

    # -- taps ---------------------------------------------------------------------------------
    def second_tap(self, pos: Point) -> bool:
        """A finger's tap on the board (which has acted already, if it is a first): True when it is the
        second of a double tap on a board that zooms; it has zoomed (in about `pos`, or back out) and
        acts on nothing else."""
        if not self.taps.tap(pos) or not self.zooms:
            return False
        self.toggle(pos)
        return True

    def tick(self, dt: float) -> None:
        self.taps.tick(dt)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, paint: Callable[[], None]) -> None:
        """Draw the board with `paint` (which draws at the scene's layout), clipped to the viewport when
        zoomed; during a pinch, the picture from before it, scaled and moved with the fingers."""
        v = self.camera.viewport
        if not self.camera.zoomed and not self.pinching:
            paint()
            return
        clip = surface.get_clip()
        surface.set_clip(v.clip(surface.get_rect()))
        if self.pinching:
            if self._snapshot is None:  # the layout is still the one from before the pinch
                paint()
                area = v.clip(surface.get_rect())
                self._snapshot = (surface.subsurface(area).copy(), self._laid_world)
            self._draw_scaled(surface)
        else:
            paint()
        self._draw_overview(surface)
        surface.set_clip(clip)

    def _draw_overview(self, surface: pygame.Surface) -> None:
        """A small map in the viewport's corner: the whole board, and the part of it in view."""
        if not self.camera.zoomed:
            return
        v, world = self.camera.viewport, self.camera.world
        scale = OVERVIEW / max(v.width, v.height)
        box = pygame.Rect(0, 0, round(v.width * scale), round(v.height * scale))
        box.bottomright = (v.right - 6, v.bottom - 6)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 26, 34, 170))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, theme.TEXT_DIM, box, 1)
        f = box.width / world.width
        seen = pygame.Rect(round(box.left + (v.left - world.left) * f), round(box.top + (v.top - world.top) * f),
                           max(3, round(v.width * f)), max(3, round(v.height * f)))
        pygame.draw.rect(surface, theme.ACCENT, seen.clip(box.inflate(2, 2)), 2)

    def laid_out(self) -> None:
        """The scene built its board layout for the camera's world now."""
        self._laid_world = self.camera.world
        self.placed()

    def _draw_scaled(self, surface: pygame.Surface) -> None:
        assert self._snapshot is not None
        picture, before = self._snapshot
        v = self.camera.viewport
        now = self.camera.world
        surface.fill(theme.BG, v)
        if before.width <= 0:
            return
        f = now.width / before.width
        area = v.clip(surface.get_rect())
        # where the whole picture lands now, and the part of it that shows in the viewport
        left = now.left + (area.left - before.left) * f
        top = now.top + (area.top - before.top) * f
        landing = pygame.Rect(round(left), round(top), round(picture.get_width() * f),
                              round(picture.get_height() * f))
        shown = landing.clip(area)
        if shown.width <= 0 or shown.height <= 0:
            return
        source = pygame.Rect(round((shown.left - left) / f), round((shown.top - top) / f),
                             max(1, round(shown.width / f)), max(1, round(shown.height / f)))
        source = source.clip(picture.get_rect())
        if source.width <= 0 or source.height <= 0:
            return
        surface.blit(pygame.transform.scale(picture.subsurface(source), shown.size), shown.topleft)
