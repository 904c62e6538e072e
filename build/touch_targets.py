"""Figures for touch and reading on phones: the smallest target and the smallest text of each game.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/touch_targets.py [--sizes 360x640,390x844]

For each game and window size it prints the smallest target a finger must hit (px: twice the largest
distance from a target's middle at which a tap still hits it, by the board's own hit test), on the
whole board and at the zoom a double tap gives, and the smallest text drawn (px: the font's em) on the
game's screen at its start, in mid-game and zoomed in. know's targets are its offers (a tap takes the
nearest offered piece or space), measured with each piece chosen in turn over a few positions.
tests/test_touch_targets.py and tests/test_text_sizes.py check the limits (44 px, 12 px).
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

from app_helpers import double_tap, open_game  # noqa: E402
from game.app.ui import theme  # noqa: E402
from test_touch_targets import board_targets  # noqa: E402

GAMES = [("Star 3", "star", {"size": 3}), ("Star 6", "star", {"size": 6}), ("Star 14", "star", {"size": 14}),
         ("Savoy", "savoy", None), ("know", "know", None), ("Truchet 7", "truchet", None),
         ("Truchet 25", "truchet", {"size": 25}), ("Hex Truchet 2", "truchet", {"hex": True, "size": 2}),
         ("Hex Truchet 4", "truchet", {"hex": True}), ("Hex Truchet 6", "truchet", {"hex": True, "size": 6})]


def reach(hit, targets) -> float:
    """The largest distance from every target's middle at which a tap (in 16 directions) still hits it."""
    low, high = 0.0, 80.0
    for _ in range(14):
        mid = (low + high) / 2
        ok = all(hit((cx + mid * math.cos(a), cy + mid * math.sin(a))) == name
                 for name, (cx, cy) in targets for a in (2 * math.pi * k / 16 for k in range(16)))
        low, high = (mid, high) if ok else (low, mid)
    return low


def know_targets(scene):
    geo = scene.layout_board
    return scene.space_under, [(i, geo.centroids[i]) for i in scene.offered_spaces()]


def smallest_target(app, scene, name) -> tuple[float, float, float]:
    """(smallest target unzoomed, the double tap's zoom, smallest target at that zoom), in px."""
    if name != "know":
        before = 2 * reach(*board_targets(scene))
        double_tap(app, scene.board_rect.center)
        zoom = scene.board_zoom.camera.zoom
        after = 2 * reach(*board_targets(scene))
        scene.board_zoom.zoom_out()
        return before, zoom, after
    worst = (math.inf, 1.0, math.inf)
    for seed in range(1, 7):
        app, scene = open_game(app.size, "know", None, 10 + 7 * seed, seed)
        for piece in sorted(scene.choosable_spaces()):
            scene.board_zoom.zoom_out()
            scene.selected = piece
            if len(scene.offered_spaces()) < 2:
                continue
            before = 2 * reach(*know_targets(scene))
            double_tap(app, scene.layout_board.centroids[piece])
            scene.selected = piece
            after = 2 * reach(*know_targets(scene))
            if before < worst[0]:
                worst = (before, scene.board_zoom.camera.zoom, after)
    return worst


def smallest_text(app, scene) -> int:
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
        app.draw()
        double_tap(app, scene.board_rect.center)
        app.draw()
        scene.board_zoom.zoom_out()
    finally:
        pygame.font.Font = real  # type: ignore[misc]
        theme.font.cache_clear()
    return min(drawn)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="360x640,390x844")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    print(f"{'game':<14} {'window':<9} {'target':>7} {'zoom':>6} {'zoomed':>7} {'text':>5}")
    for title, name, options in GAMES:
        for size in sizes:
            app, scene = open_game(size, name, options)
            text = smallest_text(app, scene)
            app, scene = open_game(size, name, options, moves=30, seed=5)
            text = min(text, smallest_text(app, scene))
            before, zoom, after = smallest_target(app, scene, name)
            shown = "any" if before >= 160 else f"{before:.0f}"
            print(f"{title:<14} {size[0]}x{size[1]:<5} {shown:>7} {zoom:>6.2f} {after:>7.0f} {text:>5}")


if __name__ == "__main__":
    main()
