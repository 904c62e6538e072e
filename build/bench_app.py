"""Time to draw one frame of the Star scene (mid-game), median of many frames.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/bench_app.py [--frames N]

Prints one line per (board size, window size): the median, and the fastest and
slowest frame, with and without the chains view.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app.games.star.scene import StarScene  # noqa: E402
from game.app.main import make_app  # noqa: E402
from game.rules.star import STAR  # noqa: E402


def mid_game(scene: StarScene, seed: int) -> None:
    """Fill about half the board with a seeded random game."""
    rng = random.Random(seed)
    cells = len(scene.state.cells)
    for _ in range(cells // 2):
        places = [m for m in STAR.legal_moves(scene.state) if m.kind == "place"]
        scene.history.play(rng.choice(places))


def time_frames(app, scene: StarScene, frames: int) -> list[float]:
    times = []
    empty = scene.state.cells.index(0)
    pos = tuple(int(v) for v in scene.layout_board.centers[empty])
    for k in range(frames):
        # move the pointer a little so hover work is included, as in real use
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + k % 3, pos[1]), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        start = time.perf_counter()
        app.step()
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120, help="frames timed per case (default 120)")
    args = parser.parse_args(argv)
    if args.frames < 5:
        parser.error("--frames must be at least 5")
    print(f"Star scene, one frame (event handling + update + draw + flip), median of {args.frames} frames")
    print(f"{'board':>6} {'window':>10} {'view':>7} {'median ms':>10} {'min ms':>8} {'max ms':>8}")
    for window in ((390, 844), (1280, 720)):
        for size in (6, 14):
            app = make_app(window, browser=False)
            scene = StarScene(app, STAR, {"size": size})
            app.push(scene)
            mid_game(scene, seed=size)
            app.step()  # the first frame builds the cached board background
            for chains in (False, True):
                scene.show_chains = chains
                times = time_frames(app, scene, args.frames)
                view = "chains" if chains else "plain"
                print(f"{size:>6} {window[0]:>4}x{window[1]:<5} {view:>7} {statistics.median(times) * 1000:>10.2f} "
                      f"{min(times) * 1000:>8.2f} {max(times) * 1000:>8.2f}")
            pygame.quit()
    print_archive_size()
    return 0


def print_archive_size() -> None:
    """The web build's archive and zip sizes (from the last `python build/build_web.py`)."""
    root = Path(__file__).resolve().parent.parent
    for path in (root / "build" / "web" / "pbmgames.apk", root / "build" / "web.zip"):
        if path.exists():
            print(f"{path.relative_to(root)}: {path.stat().st_size / 1024:.1f} KiB")
        else:
            print(f"{path.relative_to(root)}: not built (run python build/build_web.py)")


if __name__ == "__main__":
    sys.exit(main())
