"""One input layer: mouse, touch and keyboard become `Intent`s.

Scenes never see pygame events, only intents, so a click on the desktop and a
tap on a phone take the same code path.

A touch arrives twice from SDL: as FINGERDOWN/FINGERUP (x, y normalised to
0..1) and as synthesized mouse events whose ``touch`` attribute is True. We
take the FINGER events and drop the synthesized mouse ones, so one physical
tap is one ``point`` intent (and one ``tap`` when it ends). What the fingers
mean (a tap, a drag, a two-finger pinch) is worked out in `gestures`.

A press gives ``point`` when it starts and ``release`` when it ends; a press
that did not travel also gives ``tap`` at its end, just before its release (a
drag or a pinch never does), for what must not act on a drag (a board's cells).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import pygame

from .gestures import TAP_SLOP, FingerTracker, Gesture

IntentKind = Literal[
    "point",    # press at pos (mouse button 1 or a finger)
    "release",  # the press ended at pos
    "hover",    # pointer moved without a press (mouse only)
    "drag",     # pointer moved with a press held; rel = movement
    "tap",      # a press ended where it started (no drag, no pinch): pos = where it started
    "pinch",    # two fingers: pos = their middle, rel = how far it moved, scale = their spread's change
    "zoom",     # a zoom key: text = "in", "out" or "fit"
    "scroll",   # wheel at pos (the pointer); rel[1] > 0 scrolls the content towards its start
    "text",     # typed characters
    "key",      # a named key: backspace, up, down, left, right, tab
    "back", "undo", "redo", "confirm", "quit",
]


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    pos: tuple[int, int] = (0, 0)
    rel: tuple[int, int] = (0, 0)
    text: str = ""
    touch: bool = False
    scale: float = 1.0

    def __repr__(self) -> str:
        extra = f" {self.text!r}" if self.text else ""
        return f"<Intent {self.kind} {self.pos}{extra}{' touch' if self.touch else ''}>"


_NAMED_KEYS = {
    pygame.K_BACKSPACE: "backspace", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_TAB: "tab",
    pygame.K_PAGEUP: "pageup", pygame.K_PAGEDOWN: "pagedown", pygame.K_DELETE: "delete",
    pygame.K_F1: "f1", pygame.K_F2: "f2", pygame.K_F3: "f3",
}


# Ctrl with these keys zooms a board (as in a browser): in, out, back to the whole board
_ZOOM_KEYS = {
    pygame.K_EQUALS: "in", pygame.K_PLUS: "in", pygame.K_KP_PLUS: "in",
    pygame.K_MINUS: "out", pygame.K_KP_MINUS: "out", pygame.K_0: "fit", pygame.K_KP_0: "fit",
}


def _touch_intent(g: Gesture) -> Intent:
    return Intent(g.kind, g.pos, g.rel, touch=True, scale=g.scale)  # type: ignore[arg-type]


class InputMapper:
    """Turns pygame events into intents; `size` is the surface size (for finger x, y)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.fingers = FingerTracker()
        self._mouse_down: tuple[int, int] | None = None  # where the mouse button went down
        self._mouse_travel = 0
        self._pointer = (0, 0)  # where the mouse is (the wheel acts there)

    def _finger_pos(self, ev: pygame.event.Event) -> tuple[int, int]:
        w, h = self.size
        x = min(max(float(getattr(ev, "x", 0.0)), 0.0), 1.0)
        y = min(max(float(getattr(ev, "y", 0.0)), 0.0), 1.0)
        return (min(w - 1, int(x * w)), min(h - 1, int(y * h)))

    def translate(self, ev: pygame.event.Event) -> list[Intent]:
        t = ev.type
        if t == pygame.QUIT:
            return [Intent("quit")]
        # ---- mouse (synthesized touch copies are dropped: the FINGER events carry the tap)
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            if getattr(ev, "touch", False):
                return []
            if t == pygame.MOUSEWHEEL:
                return [Intent("scroll", self._pointer, rel=(int(getattr(ev, "x", 0)), int(getattr(ev, "y", 0))))]
            return self._mouse(ev)
        # ---- touch: what the fingers mean comes from the gesture tracker
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            key = (int(getattr(ev, "touch_id", 0)), int(getattr(ev, "finger_id", 0)))
            pos = self._finger_pos(ev)
            if t == pygame.FINGERDOWN:
                gestures = self.fingers.down(key, pos)
            elif t == pygame.FINGERUP:
                gestures = self.fingers.up(key, pos)
            else:
                gestures = self.fingers.move(key, pos)
            return [_touch_intent(g) for g in gestures]
        # ---- keyboard
        if t == pygame.TEXTINPUT:
            words = str(getattr(ev, "text", ""))
            return [Intent("text", text=words)] if words.isprintable() and words else []
        if t == pygame.KEYDOWN:
            return self._key(ev)
        return []

    def _mouse(self, ev: pygame.event.Event) -> list[Intent]:
        t = ev.type
        pos: tuple[int, int] = tuple(int(v) for v in getattr(ev, "pos", (0, 0)))  # type: ignore[assignment]
        self._pointer = pos
        if t == pygame.MOUSEBUTTONDOWN:
            button = getattr(ev, "button", 1)
            if button == 1:
                self._mouse_down, self._mouse_travel = pos, 0
                return [Intent("point", pos)]
            if button in (4, 5):  # old-style wheel buttons
                return [Intent("scroll", pos, rel=(0, 1 if button == 4 else -1))]
            return []
        if t == pygame.MOUSEBUTTONUP:
            if getattr(ev, "button", 1) != 1:
                return []
            start, self._mouse_down = self._mouse_down, None
            out = []
            if start is not None and max(self._mouse_travel, math.dist(start, pos)) <= TAP_SLOP:
                out.append(Intent("tap", start))
            return out + [Intent("release", pos)]
        rel: tuple[int, int] = tuple(int(v) for v in getattr(ev, "rel", (0, 0)))  # type: ignore[assignment]
        buttons = getattr(ev, "buttons", (0, 0, 0))
        if self._mouse_down is not None and buttons and buttons[0]:
            self._mouse_travel += abs(rel[0]) + abs(rel[1])
            return [Intent("drag", pos, rel)]
        return [Intent("hover", pos)]

    def _key(self, ev: pygame.event.Event) -> list[Intent]:
        key = getattr(ev, "key", 0)
        mod = getattr(ev, "mod", 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            return [Intent("back")]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return [Intent("confirm")]
        if ctrl and key == pygame.K_z:
            return [Intent("redo" if mod & pygame.KMOD_SHIFT else "undo")]
        if ctrl and key == pygame.K_y:
            return [Intent("redo")]
        if ctrl and key == pygame.K_q:
            return [Intent("quit")]
        if ctrl and key in _ZOOM_KEYS:
            return [Intent("zoom", text=_ZOOM_KEYS[key])]
        name = _NAMED_KEYS.get(key)
        return [Intent("key", text=name)] if name else []
