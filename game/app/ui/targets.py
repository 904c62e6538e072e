"""Which target a tap means: the nearest thing the tap can act on now, or a question between two.

Every game scene decides its board taps here. It lists its candidates, the things a tap may act on now
and only those (a piece that can move, the legal targets of the chosen piece, a tile that may flip: each a
`Target`, a key in the game's own terms and where it is on the screen), and `decide` says what a tap at
a point means:

- `chosen`: the one candidate the tap is clearly nearest, within a finger's reach of it;
- `between`: two (or a few) candidates the tap is about as near to: the scene asks which (a magnified
  choice, `lens.Lens`), and never guesses;
- nothing: no candidate within reach (the scene says why the tap did nothing).

Candidates come in ranks: with a piece chosen, its legal targets (rank 0) come before the other pieces
(rank 1), so a tap goes to the nearest legal target within reach; only a tap nearer another piece than
any target weighs that piece too (all ranks together then), so a tap right on another piece is never
taken for a target beside it.

A finger reaches `FINGER_REACH` px from its middle (a 44 px fingertip's half-width, plus the `FINGER_SLOP`
px a fingertip may land off where it was aimed), or, on a target larger than that, anywhere in the target's
own area (`Target.size`). A tap is "clearly nearer" one target than another when it lies at least
`FINGER_SLOP` px from the line halfway between them, on its side: two targets closer than twice the slop
(16 px) are asked about even when the tap lands right on one of them. A mouse is precise: a click takes the
nearest candidate whose own area it lies in, and never asks.

Distances are screen pixels at the app's scale (the canvas the app draws; on a phone's browser the page
scales it to the screen, about one canvas pixel to one CSS pixel). Nothing here knows pygame or a game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

FINGER = 44          # px: a fingertip's width (the least size of anything a finger must hit)
FINGER_SLOP = 8      # px: how far off where it was aimed a fingertip may land
FINGER_REACH = FINGER / 2 + FINGER_SLOP  # px: a tap reaches a target whose middle is this near
ASK_MOST = 4         # the most candidates one question offers

Point = tuple[float, float]


@dataclass(frozen=True)
class Target:
    """A candidate of a tap: `key` in the game's terms (a cell, a space, ("tile", 3)), its middle on the
    screen `at`, `size`, the radius of its own area (a tap inside it reaches it, whatever the finger), and
    its `rank` (0: a legal target of the chosen piece; 1: another piece that may be chosen instead). An
    `exact` candidate is reached only in its own area (the chosen piece itself: a tap right on it is
    never taken for a target beside it, and a tap beside it is not taken for it)."""

    key: Hashable
    at: Point
    size: float = 0.0
    rank: int = 0
    exact: bool = False


@dataclass(frozen=True)
class Decision:
    """What a tap means: `chosen` (a candidate's key), or `between` (the candidates to ask about), or neither."""

    chosen: Hashable | None = None
    between: tuple[Target, ...] = ()

    @property
    def kind(self) -> str:
        if self.chosen is not None:
            return "chosen"
        return "ask" if self.between else "nothing"


NOTHING = Decision()


def reach(target: Target, touch: bool) -> float:
    """How far from its middle a tap still reaches `target`."""
    return max(FINGER_REACH, target.size) if touch and not target.exact else target.size


def margin(pos: Point, near: Target, far: Target) -> float:
    """How far `pos` lies from the line halfway between `near` and `far`, on the side of `near` (negative:
    on the side of `far`); 0 when the two stand on one point."""
    gap = math.dist(near.at, far.at)
    if gap < 1e-6:
        return 0.0
    return (math.dist(pos, far.at) ** 2 - math.dist(pos, near.at) ** 2) / (2 * gap)


def decide(targets: Iterable[Target], pos: Point, touch: bool = True) -> Decision:
    """What a tap (or, with `touch` False, a click) at `pos` means among `targets` (the first of two
    candidates with the same key counts)."""
    seen: set[Hashable] = set()
    within: list[tuple[float, int, Target]] = []
    for k, target in enumerate(targets):
        if target.key in seen:
            continue
        seen.add(target.key)
        d = math.dist(pos, target.at)
        if d <= reach(target, touch):
            within.append((d, k, target))
    if not within:
        return NOTHING
    within.sort(key=lambda item: (item[0], item[1]))
    first = min(t.rank for _, _, t in within)
    if touch and within[0][2].rank == first:  # nearest a candidate of the first rank: that rank alone
        within = [item for item in within if item[2].rank == first]
    best = within[0][2]
    rivals = [t for _, _, t in within[1:] if margin(pos, best, t) < FINGER_SLOP] if touch else []
    if not rivals:
        return Decision(chosen=best.key)
    return Decision(between=(best, *rivals[:ASK_MOST - 1]))


# ----------------------------------------------------------------------------- measures
def directions(count: int = 16) -> list[Point]:
    return [(math.cos(2 * math.pi * k / count), math.sin(2 * math.pi * k / count)) for k in range(count)]


def effective_reach(targets: Sequence[Target], key: Hashable, touch: bool = True, count: int = 16) -> float:
    """The largest distance from `key`'s middle at which a tap in every one of `count` directions still
    chooses it without asking (px; twice this is the width of its effective target)."""
    target = next(t for t in targets if t.key == key)
    low, high = 0.0, reach(target, touch) + 1
    ways = directions(count)
    for _ in range(12):
        mid = (low + high) / 2
        ok = all(decide(targets, (target.at[0] + mid * dx, target.at[1] + mid * dy), touch).chosen == key
                 for dx, dy in ways)
        low, high = (mid, high) if ok else (low, mid)
    return low


def guarded(targets: Sequence[Target], key: Hashable, radius: float = FINGER / 2, count: int = 16) -> bool:
    """True when, within a fingertip (`radius`) of `key`'s middle, wherever a tap stops choosing it the app
    asks: going out from its middle in each of `count` directions, the first tap that does not choose it
    is a question with it among the choices (never another target, never nothing)."""
    target = next(t for t in targets if t.key == key)
    step = 0.5
    for dx, dy in directions(count):
        r = 0.0
        while r <= radius:
            d = decide(targets, (target.at[0] + r * dx, target.at[1] + r * dy))
            if d.chosen != key:
                if key not in (t.key for t in d.between):
                    return False
                break
            r += step
    return True


def closest_pair(targets: Sequence[Target]) -> float:
    """The least distance between the middles of two targets (inf with fewer than two)."""
    points = [t.at for t in targets]
    return min((math.dist(a, b) for k, a in enumerate(points) for b in points[k + 1:]), default=math.inf)
