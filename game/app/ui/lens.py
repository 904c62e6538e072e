"""The question a tap asks when it lands between two targets: a magnified look at them, to tap the one meant.

When `targets.decide` cannot tell which of two (or a few) close targets a tap meant, the scene opens a
`Lens` beside the finger (above it, where the finger does not hide it; below when there is no room): the
board around those targets, magnified until they are at least `SPREAD` px apart, with a ring a fingertip
wide round each. A tap on a ring chooses that target; a tap elsewhere outside the lens closes it without
acting. The lens holds only keys and points: what a key means is the scene's.
"""

from __future__ import annotations

import math
from typing import Hashable, Sequence

import pygame

from . import theme
from .targets import FINGER, Target, closest_pair, decide

SPREAD = 72          # px: the least distance between two choices in the lens
MIN_SCALE, MAX_SCALE = 2.0, 8.0
PAD = 16             # board px shown round the choices (at least)
CAPTION = "Which one? Tap it"
CAPTION_H = 28       # px: the caption's strip at the top of the lens
OFFSET = 44          # px between the finger and the lens
MIN_SIZE = (176, 112)

Point = tuple[float, float]


class Lens:
    """A magnified choice between `between` (targets on the screen), opened by a tap at `tap`, placed
    within `area` (the screen)."""

    def __init__(self, between: Sequence[Target], tap: Point, area: pygame.Rect) -> None:
        self.choices = tuple(between)
        self.tap_at = tap
        xs = [t.at[0] for t in self.choices]
        ys = [t.at[1] for t in self.choices]
        self.middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        pad = max(PAD, max(t.size for t in self.choices) + 6)  # (each choice shown whole)
        half_w = (max(xs) - min(xs)) / 2 + pad
        half_h = (max(ys) - min(ys)) / 2 + pad
        gap = max(1.0, closest_pair(self.choices))
        most_w = min(area.width - 16, 340)
        most_h = min(area.height // 2, 260) - CAPTION_H
        scale = min(max(MIN_SCALE, SPREAD / gap), MAX_SCALE)
        self.scale = max(1.0, min(scale, most_w / (2 * half_w), most_h / (2 * half_h)))
        width = max(MIN_SIZE[0], round(2 * half_w * self.scale))
        height = max(MIN_SIZE[1], round(2 * half_h * self.scale))
        self.frame = pygame.Rect(0, 0, width, height + CAPTION_H)
        self.frame.midbottom = (round(tap[0]), round(tap[1] - OFFSET))
        if self.frame.top < area.top + 4:  # no room above the finger: below it
            self.frame.midtop = (round(tap[0]), round(tap[1] + OFFSET))
        self.frame.clamp_ip(area.inflate(-8, -8))
        self.view = pygame.Rect(self.frame.left, self.frame.top + CAPTION_H, width, height)
        # the part of the screen magnified into `view`
        self.source = pygame.Rect(0, 0, math.ceil(width / self.scale), math.ceil(height / self.scale))
        self.source.center = (round(self.middle[0]), round(self.middle[1]))

    @property
    def keys(self) -> tuple[Hashable, ...]:
        return tuple(t.key for t in self.choices)

    def to_lens(self, point: Point) -> Point:
        """A screen point of the board where it shows in the lens."""
        return (self.view.centerx + (point[0] - self.source.centerx) * self.scale,
                self.view.centery + (point[1] - self.source.centery) * self.scale)

    def spots(self) -> list[Target]:
        """The choices where they show in the lens, each a ring a fingertip wide."""
        return [Target(t.key, self.to_lens(t.at), max(FINGER / 2, t.size * self.scale)) for t in self.choices]

    def inside(self, pos: Point) -> bool:
        return self.frame.collidepoint(pos)

    def choose(self, pos: Point) -> Hashable | None:
        """The choice a tap in the lens takes (None: it is not clearly on one)."""
        return decide(self.spots(), pos).chosen

    def still_shows(self, targets: Sequence[Target]) -> bool:
        """True while every choice is still a candidate where it was (the board neither changed nor moved)."""
        now = {t.key: t.at for t in targets}
        return all(t.key in now and math.dist(now[t.key], t.at) < 1.5 for t in self.choices)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Magnify what is on `surface` under the choices (the board as just drawn) into the lens, over it."""
        bounds = surface.get_rect()
        seen = self.source.clip(bounds)
        picture = pygame.Surface(self.source.size)
        picture.fill(theme.BG)
        if seen.width > 0 and seen.height > 0:
            picture.blit(surface.subsurface(seen), (seen.left - self.source.left, seen.top - self.source.top))
        for t in self.choices:  # where the choices are on the board itself
            pygame.draw.circle(surface, theme.ACCENT, (round(t.at[0]), round(t.at[1])), 6, 2)
        shadow = self.frame.inflate(10, 10)
        theme.panel(surface, shadow, theme.BG, 14)
        theme.panel(surface, self.frame, theme.BG_PANEL, 12, border=theme.ACCENT)
        big = pygame.transform.smoothscale(picture, (round(self.source.width * self.scale),
                                                     round(self.source.height * self.scale)))
        clip = surface.get_clip()
        inner = self.view.inflate(-4, -4)
        surface.set_clip(inner.clip(clip) if clip else inner)
        surface.blit(big, big.get_rect(center=self.view.center))
        for spot in self.spots():
            at = (round(spot.at[0]), round(spot.at[1]))
            r = round(spot.size)
            pygame.draw.circle(surface, (20, 24, 30), at, r + 2, 6)
            pygame.draw.circle(surface, theme.ACCENT, at, r, 3)
        surface.set_clip(clip)
        theme.text(surface, CAPTION, theme.MIN_TEXT, theme.ACCENT,
                   center=(self.frame.centerx, self.frame.top + CAPTION_H // 2 + 1), max_width=self.frame.width - 16)
