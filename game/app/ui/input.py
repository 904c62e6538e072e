"""One input layer: mouse, touch and keyboard become `Intent`s.

Scenes never see pygame events, only intents, so a click on the desktop and a
tap on a phone take the same code path.

A touch arrives twice from SDL: as FINGERDOWN/FINGERUP (x, y normalised to
0..1) and as synthesized mouse events whose ``touch`` attribute is True. We
take the FINGER events and drop the synthesized mouse ones, so one physical
tap is one ``point`` intent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

IntentKind = Literal[
    "point",    # press at pos (mouse button 1 or a finger)
    "release",  # the press ended at pos
    "hover",    # pointer moved without a press (mouse only)
    "drag",     # pointer moved with a press held; rel = movement
    "scroll",   # wheel; rel[1] > 0 scrolls the content towards its start
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

    def __repr__(self) -> str:
        extra = f" {self.text!r}" if self.text else ""
        return f"<Intent {self.kind} {self.pos}{extra}{' touch' if self.touch else ''}>"


_NAMED_KEYS = {
    pygame.K_BACKSPACE: "backspace", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_TAB: "tab",
    pygame.K_PAGEUP: "pageup", pygame.K_PAGEDOWN: "pagedown", pygame.K_DELETE: "delete",
    pygame.K_F1: "f1", pygame.K_F2: "f2", pygame.K_F3: "f3",
}


class InputMapper:
    """Turns pygame events into intents; `size` is the surface size (for finger x, y)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self._fingers: dict[tuple[int, int], tuple[int, int]] = {}
        self._mouse_down = False

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
                return [Intent("scroll", rel=(int(getattr(ev, "x", 0)), int(getattr(ev, "y", 0))))]
            pos = tuple(int(v) for v in getattr(ev, "pos", (0, 0)))
            if t == pygame.MOUSEBUTTONDOWN:
                button = getattr(ev, "button", 1)
                if button == 1:
                    self._mouse_down = True
                    return [Intent("point", pos)]  # type: ignore[arg-type]
                if button in (4, 5):  # old-style wheel buttons
                    return [Intent("scroll", rel=(0, 1 if button == 4 else -1))]
                return []
            if t == pygame.MOUSEBUTTONUP:
                if getattr(ev, "button", 1) != 1:
                    return []
                self._mouse_down = False
                return [Intent("release", pos)]  # type: ignore[arg-type]
            rel = tuple(int(v) for v in getattr(ev, "rel", (0, 0)))
            buttons = getattr(ev, "buttons", (0, 0, 0))
            if self._mouse_down and buttons and buttons[0]:
                return [Intent("drag", pos, rel)]  # type: ignore[arg-type]
            return [Intent("hover", pos)]  # type: ignore[arg-type]
        # ---- touch
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            key = (int(getattr(ev, "touch_id", 0)), int(getattr(ev, "finger_id", 0)))
            pos = self._finger_pos(ev)
            if t == pygame.FINGERDOWN:
                if self._fingers:  # a second finger: ignore (no multi-touch gestures)
                    self._fingers[key] = pos
                    return []
                self._fingers[key] = pos
                return [Intent("point", pos, touch=True)]
            if t == pygame.FINGERUP:
                first = next(iter(self._fingers), None)
                self._fingers.pop(key, None)
                return [Intent("release", pos, touch=True)] if first == key else []
            last = self._fingers.get(key)
            if last is None or next(iter(self._fingers)) != key:
                return []
            self._fingers[key] = pos
            return [Intent("drag", pos, (pos[0] - last[0], pos[1] - last[1]), touch=True)]
        # ---- keyboard
        if t == pygame.TEXTINPUT:
            words = str(getattr(ev, "text", ""))
            return [Intent("text", text=words)] if words.isprintable() and words else []
        if t == pygame.KEYDOWN:
            return self._key(ev)
        return []

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
        name = _NAMED_KEYS.get(key)
        return [Intent("key", text=name)] if name else []
