"""Figures for touch and reading on phones: how big each game's targets are to a finger, and its smallest text.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/touch_targets.py [--sizes 360x640,390x844]

A tap on a board takes the nearest thing it can act on (game/app/ui/targets.py): with a piece chosen,
its legal targets first. So what a finger must hit is not a cell but an *effective target*: the area
round a legal target where a tap chooses it without asking. For each game and window size, unzoomed, over
a few positions and with each piece that can move chosen in turn, it prints:

- target: the smallest effective target (px: twice the largest distance from its middle at which a tap
  in every direction still chooses it);
- apart: the smallest distance between two legal targets that a tap on the middle of either tells
  apart without asking (px); closest: the smallest distance between two legal targets at all (px);
- ask: "yes" when every legal target is guarded: within a fingertip (22 px) of its middle, wherever a
  tap stops choosing it the app asks (a magnified choice), never taking another target or nothing;
- zoom: the zoom a double tap gives (1.00: the board does not zoom); text: the smallest text drawn (px).

tests/test_touch_targets.py checks the limits (every effective target 44 px wide or guarded by a
question), tests/test_text_sizes.py the 12 px text.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402

from app_helpers import open_game  # noqa: E402
from tap_situations import situations  # noqa: E402
from game.app.ui import theme  # noqa: E402
from game.app.ui.targets import Target, decide, effective_reach, guarded  # noqa: E402

GAMES = [("Star 3", "star", {"size": 3}), ("Star 6", "star", {"size": 6}), ("Star 14", "star", {"size": 14}),
         ("Savoy", "savoy", None), ("Savoya 2", "savoya", {"players": 2}), ("Savoya 4", "savoya", {"players": 4}),
         ("know", "know", None), ("know 3", "know", {"players": 3}), ("know 4", "know", {"players": 4}),
         ("Truchet 7", "truchet", None),
         ("Truchet 25", "truchet", {"size": 25}), ("Hex Truchet 2", "truchet", {"hex": True, "size": 2}),
         ("Hex Truchet 4", "truchet", {"hex": True}), ("Hex Truchet 6", "truchet", {"hex": True, "size": 6})]
def measure(targets: list[Target]) -> tuple[float, float, float, bool]:
    """(smallest effective target, smallest distance told apart, closest pair, every target guarded) of the
    legal targets (the first rank) among `targets`."""
    if not targets:
        return math.inf, math.inf, math.inf, True
    first = min(t.rank for t in targets)
    legal = [t for t in targets if t.rank == first]
    smallest = min(2 * effective_reach(targets, t.key) for t in legal)
    safe = all(guarded(targets, t.key) for t in legal)
    apart = closest = math.inf
    for k, a in enumerate(legal):
        for b in legal[k + 1:]:
            gap = math.dist(a.at, b.at)
            closest = min(closest, gap)
            if decide(targets, a.at).chosen == a.key and decide(targets, b.at).chosen == b.key:
                apart = min(apart, gap)
    return smallest, apart, closest, safe


def game_figures(size: tuple[int, int], name: str, options: dict | None) -> tuple[float, float, float, bool, float]:
    smallest = apart = closest = math.inf
    safe = True
    zoom = 1.0
    for app, scene in situations(size, name, options):
        zoom = max(zoom, scene.board_zoom.tap_zoom if scene.board_zoom.needs_zoom else 1.0)
        a, b, c, d = measure(scene.shown_targets())
        smallest, apart, closest, safe = min(smallest, a), min(apart, b), min(closest, c), safe and d
    return smallest, apart, closest, safe, zoom


def smallest_text(size: tuple[int, int], name: str, options: dict | None) -> int:
    drawn: list[int] = []

    class Font(pygame.font.Font):
        def render(self, text, *args, **kwargs):  # type: ignore[override]
            if str(text).strip():
                drawn.append(self.get_point_size())
            return super().render(text, *args, **kwargs)

    real = pygame.font.Font
    pygame.font.Font = Font  # type: ignore[misc]
    theme.font.cache_clear()
    try:
        for moves in (0, 30):
            app, scene = open_game(size, name, options, moves=moves, seed=5)
            app.draw()
    finally:
        pygame.font.Font = real  # type: ignore[misc]
        theme.font.cache_clear()
    return min(drawn)


def shown(px: float) -> str:
    return "-" if px == math.inf else f"{px:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="360x640")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    print(f"{'game':<14} {'window':<9} {'target':>7} {'apart':>6} {'closest':>8} {'ask':>4} {'zoom':>6} {'text':>5}")
    for title, name, options in GAMES:
        for size in sizes:
            smallest, apart, closest, safe, zoom = game_figures(size, name, options)
            text = smallest_text(size, name, options)
            print(f"{title:<14} {size[0]}x{size[1]:<5} {shown(smallest):>7} {shown(apart):>6} {shown(closest):>8} "
                  f"{'yes' if safe else 'NO':>4} {zoom:>6.2f} {text:>5}")


if __name__ == "__main__":
    main()
