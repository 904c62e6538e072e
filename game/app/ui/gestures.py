"""Gestures from fingers: what one or two fingers on the screen mean, one gesture at a time.

`FingerTracker` is fed the FINGER events the input layer sees (never SDL's mouse copies of a touch)
and says what they mean: a press, a one-finger drag, a two-finger pinch (its centre, how far the
centre moved and how much the fingers spread), and at the end a release, after a tap when the press
neither travelled (`TAP_SLOP`) nor became a pinch. So a tap counts once, and a drag or a pinch is
never a tap.

`DoubleTap` tells the second tap of a double tap: a tap close to the one before it (`DOUBLE_TAP_REACH`)
within `DOUBLE_TAP_SECONDS`. No tap is ever held back for it: the first tap acts at once, as any tap
does, and only the second is taken for the double tap (a board zooms on it, and it acts on nothing else).

Nothing here knows pygame or the scenes: positions are pixels, time is what `tick` is told.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable

TAP_SLOP = 12             # px a press may travel and still be a tap
DOUBLE_TAP_SECONDS = 0.3  # the most time between the two taps of a double tap
DOUBLE_TAP_REACH = 30     # px: the most distance between them

Point = tuple[int, int]


@dataclass(frozen=True)
class Gesture:
    """What the fingers did: kind is point, drag, pinch, release or tap."""

    kind: str
    pos: Point
    rel: Point = (0, 0)
    scale: float = 1.0  # pinch: the fingers' spread now over their spread before


class FingerTracker:
    """The fingers down now, and what their moves mean."""

    def __init__(self) -> None:
        self.fingers: dict[Hashable, Point] = {}
        self.start: Point | None = None  # where the first finger came down
        self.travel = 0                  # px the press has travelled
        self.multi = False               # a second finger came down during this press: no tap

    def down(self, finger: Hashable, pos: Point) -> list[Gesture]:
        if not self.fingers:
            self.fingers[finger] = pos
            self.start, self.travel, self.multi = pos, 0, False
            return [Gesture("point", pos)]
        self.fingers[finger] = pos
        self.multi = True  # a pinch begins (the moves say how far it goes)
        return []

    def move(self, finger: Hashable, pos: Point) -> list[Gesture]:
        last = self.fingers.get(finger)
        if last is None:
            return []
        if len(self.fingers) >= 2:
            return self._pinch(finger, pos)
        self.fingers[finger] = pos
        rel = (pos[0] - last[0], pos[1] - last[1])
        if rel == (0, 0):
            return []
        self.travel += abs(rel[0]) + abs(rel[1])
        return [Gesture("drag", pos, rel)]

    def _pinch(self, finger: Hashable, pos: Point) -> list[Gesture]:
        a, b = list(self.fingers)[:2]
        if finger not in (a, b):  # a third finger plays no part
            self.fingers[finger] = pos
            return []
        before = (self.fingers[a], self.fingers[b])
        self.fingers[finger] = pos
        after = (self.fingers[a], self.fingers[b])
        centre_before, centre_after = _middle(*before), _middle(*after)
        spread_before = math.dist(*before)
        spread_after = math.dist(*after)
        scale = spread_after / spread_before if spread_before >= 1 and spread_after >= 1 else 1.0
        rel = (centre_after[0] - centre_before[0], centre_after[1] - centre_before[1])
        if rel == (0, 0) and scale == 1.0:
            return []
        return [Gesture("pinch", centre_after, rel, scale)]

    def up(self, finger: Hashable, pos: Point) -> list[Gesture]:
        if finger not in self.fingers:
            return []
        del self.fingers[finger]
        if self.fingers:
            return []  # the press goes on with the fingers left (no tap at its end)
        out = []
        if not self.multi and self.travel <= TAP_SLOP and self.start is not None:
            out.append(Gesture("tap", self.start))
        out.append(Gesture("release", pos))
        self.start = None
        return out

    def cancel(self) -> None:
        """Forget every finger (the window lost them)."""
        self.fingers.clear()
        self.start = None


def _middle(a: Point, b: Point) -> Point:
    return (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))


class DoubleTap:
    """Tells a tap that is the second of a double tap; the first has acted already (none is held back)."""

    def __init__(self, seconds: float = DOUBLE_TAP_SECONDS, reach: float = DOUBLE_TAP_REACH) -> None:
        self.seconds, self.reach = seconds, reach
        self.last: Point | None = None  # the tap before, while a second may still follow it
        self.age = 0.0

    def tap(self, pos: Point) -> bool:
        """A tap at `pos`: True when it is the second of a double tap (then a third starts afresh)."""
        first = self.last
        if first is not None and self.age <= self.seconds and math.dist(first, pos) <= self.reach:
            self.last = None
            return True
        self.last, self.age = pos, 0.0
        return False

    def tick(self, dt: float) -> None:
        """Time passes: past `seconds`, the tap before can no longer be the first of two."""
        if self.last is not None:
            self.age += dt
            if self.age > self.seconds:
                self.last = None

    def forget(self) -> None:
        """Something else happened in between (a drag, a pinch, another press): the next tap is a first."""
        self.last = None
