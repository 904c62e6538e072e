"""Dice for the games that roll them: a die face, and the short tumble before a roll is played."""

from __future__ import annotations

import random
import time
from typing import Any, Iterable, Iterator

import pygame

from game.app.ui import theme

Colour = tuple[int, int, int]
DIE_FACE: Colour = (246, 242, 232)
_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
         5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def draw_die_face(surface: pygame.Surface, rect: pygame.Rect, value: int, *, border: Colour | None = None,
                  used: bool = False, ink: Colour = theme.TEXT_DARK) -> None:
    """A die showing `value` pips; a `used` die is greyed and struck through (it has been played)."""
    face = (120, 128, 138) if used else DIE_FACE
    radius = max(3, rect.width // 6)
    pygame.draw.rect(surface, face, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(2, rect.width // 14), border_radius=radius)
    step = rect.width / 4
    pip = max(2, round(rect.width / 11))
    for gx, gy in _PIPS.get(value, ()):
        pygame.draw.circle(surface, (70, 74, 82) if used else ink,
                           (round(rect.left + step * (gx + 1)), round(rect.top + step * (gy + 1))), pip)
    if used:
        pygame.draw.line(surface, theme.BAD, rect.bottomleft, rect.topright, max(2, rect.width // 12))


def work_slice(work: Iterator[None], seconds: float) -> bool:
    """Do units of `work` for about `seconds` (at least one); True once it is all done."""
    deadline = time.perf_counter() + seconds
    for _ in work:
        if time.perf_counter() >= deadline:
            return False
    return True


class DiceRoller:
    """A roll with a short tumble: `start(move, n)` shows n tumbling dice for `seconds`, then `update`
    hands the roll move back (once) for the scene to play through its history.

    The move itself is the game's own roll (`GameScene.next_roll`), drawn before the tumble starts, so
    the dice are the same however long the animation runs; only the faces shown while tumbling use a
    private generator.

    The tumble also lists the moves the roll allows (`Game.prepare` of the position after it, given to
    `start`), a slice of `work_seconds` per frame, and lasts until they are listed: a roll with tens of
    thousands of turns keeps the dice tumbling a little longer instead of freezing the page.
    """

    def __init__(self, seconds: float = 0.5, work_seconds: float = 0.008) -> None:
        self.seconds = seconds
        self.work_seconds = work_seconds
        self.move: Any = None
        self.left = 0.0
        self.faces: list[int] = []
        self.work: Iterator[None] | None = None
        self._shake = random.Random(6)  # fixed, so screenshots of a tumble repeat

    @property
    def rolling(self) -> bool:
        return self.move is not None

    def start(self, move: Any, count: int, work: Iterable[None] = ()) -> Any:
        """Begin the tumble (doing `work` meanwhile); returns the move at once (to play now, the work left
        undone) when the animation is off."""
        if self.seconds <= 0:
            return move
        self.move, self.left, self.work = move, self.seconds, iter(work)
        self.faces = [self._shake.randint(1, 6) for _ in range(count)]
        return None

    def cancel(self) -> None:
        self.move = self.work = None

    def update(self, dt: float) -> Any:
        """Advance the tumble (and a slice of its work); returns the roll move when both have finished
        (else None)."""
        if self.move is None:
            return None
        if self.work is not None and work_slice(self.work, self.work_seconds):
            self.work = None
        self.left -= dt
        if self.left <= 0 and self.work is None:
            move, self.move = self.move, None
            return move
        if self._shake.random() < 0.5:
            self.faces = [self._shake.randint(1, 6) for _ in self.faces]
        return None
