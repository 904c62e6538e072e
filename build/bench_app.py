"""Time to draw one frame of the Star scene (mid-game), median of many frames; and the computer
thinking in the app, game by game.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/bench_app.py [--frames N] [--decisions N] [--budget S]

Prints one line per (board size, window size): the median, and the fastest and
slowest frame, with and without the chains view. Then, for each game (default
options, computer against computer at `--level`, phone-sized window, whatever
engine `game.ai.engine_for` gives), the decisions of the first moves: the time
from the position to the chosen move (median and slowest: thinking a slice per
frame with the page drawn in between), the search's own seconds, the frames it
took, the longest whole frame while thinking (events, search slice, drawing),
the longest slice in the search and the search's longest unit of work. A
decision still unfinished when the game's `--budget` runs out is reported as
such.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/bench_app.py --analyse [--plies N]

instead analyses a game of every case (the computer at level 1 against itself, seeded, its first `--plies`
moves or to its end) on the Analyse screen, frame by frame as the app runs it (at 390x844, each frame ended
as the app's loop ends it, `App.settle`): the positions, the frames, the
time to the end (wall and processor), the longest whole frame (events, the analysis's slice, the drawing;
wall and processor time), and the largest slice a frame asked for with the engine's longest unit.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ai import engine_for  # noqa: E402
from game.app.games.registry import GAME_SCENES  # noqa: E402
from game.app.games.star.scene import StarScene  # noqa: E402
from game.app.main import make_app  # noqa: E402
from game.app.saves.saved_game import SavedGame  # noqa: E402
from game.app.saves.storage import Storage  # noqa: E402
from game.rules import GAMES  # noqa: E402
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


def think_in_the_app(name: str, level: int, decisions: int, budget: float) -> dict[str, object]:
    """Computer against computer in `name`'s scene, frame by frame as the app runs it, until `decisions`
    decisions are made or `budget` seconds pass; the figures of the decisions."""
    import gc

    app = make_app((390, 844), browser=False, storage=Storage(Path(tempfile.mkdtemp(prefix="bench-app-"))))
    app.settle_frames = True  # each frame ends as in the app's own loop (`App.settle`)
    seat = f"Computer {level}"
    scene = GAME_SCENES[name](app, GAMES[name], {}, (seat, seat), seed=1)
    app.push(scene)
    scene.computer_pause = 0  # the decision time alone (the app waits 0.4 s more before each move)
    frame_longest = 0.0
    start = time.perf_counter()
    while len(scene.decisions) < decisions and time.perf_counter() - start < budget:
        if app.top is not scene:  # the game ended
            break
        thinking = scene.thinking is not None
        t = time.perf_counter()
        app.step(1 / 60)
        if thinking:
            frame_longest = max(frame_longest, time.perf_counter() - t)
    unfinished = scene.thinking.stats() if scene.thinking is not None else None
    gc.unfreeze()
    pygame.quit()
    return {"decisions": scene.decisions, "frame_longest": frame_longest, "unfinished": unfinished}


def print_thinking(level: int, decisions: int, budget: float) -> None:
    print(f"\nThe computer in the app (level {level}, default options, 390x844, first {decisions} decisions, "
          f"at most {budget:g} s a game; times in seconds, frames in ms)")
    print(f"{'game':>8} {'done':>5} {'median':>7} {'slowest':>8} {'search':>7} {'frames':>7} {'frame max':>10} "
          f"{'slice max':>10} {'unit max':>9}  engine")
    for name in GAME_SCENES:
        result = think_in_the_app(name, level, decisions, budget)
        done = result["decisions"]
        unfinished = result["unfinished"]
        rows = list(done) + ([unfinished] if unfinished else [])
        walls = [d["wall"] for d in done]
        engine = engine_for(GAMES[name]).__module__.rpartition(".")[2]
        line = (f"{name:>8} {len(done):>5} "
                + (f"{statistics.median(walls):>7.2f} {max(walls):>8.2f} " if walls else f"{'-':>7} {'-':>8} ")
                + f"{sum(d['seconds'] for d in rows):>7.2f} {sum(d['frames'] for d in rows):>7} "
                + f"{result['frame_longest'] * 1000:>10.1f} "
                + f"{max((d['longest_frame'] for d in rows), default=0) * 1000:>10.1f} "
                + f"{max((d['longest_step'] for d in rows), default=0) * 1000:>9.1f}  {engine}")
        if unfinished:
            line += (f"  (then one unfinished after {unfinished['wall']:.1f} s: {unfinished['iterations']} units, "
                     f"{round(100 * unfinished['progress'])}%)")
        print(line)


#: the cases `--analyse` times: (name, options)
ANALYSED = [("savoy", {}), ("savoya", {"players": 2}), ("savoya", {"players": 3}), ("savoya", {"players": 4}),
            ("star", {}), ("know", {}), ("know", {"players": 3}), ("know", {"players": 4}), ("truchet", {}),
            ("truchet", {"hex": True})]


def analyse_in_the_app(name: str, options: dict[str, object], plies: int) -> dict[str, float]:
    """A level-1 self-play game of `name` analysed on the Analyse screen, frame by frame; its figures."""
    import gc

    from game.ai import best_move
    from game.rules.history import GameHistory

    game = GAMES[name]
    history = GameHistory(game, options, seed=1)
    while game.outcome(history.state) is None and len(history.moves) < plies:
        if history.roll_due():
            history.play(history.next_roll())
        else:
            history.play(best_move(game, history.state, 1, seed=len(history.moves)))
    app = make_app((390, 844), browser=False, storage=Storage(Path(tempfile.mkdtemp(prefix="bench-app-"))))
    scene = GAME_SCENES[name](app, game, dict(history.options), ("Human",) * len(game.seat_names(history.start)),
                              seed=history.seed)
    app.push(scene)
    scene.resume(SavedGame(history, scene.seats, scene.save_id))
    app.step(1 / 60)  # (the game's screen as it was before Analyse: its board drawn once, its pictures made)
    scene.open_analysis()
    screen = app.top
    gc.collect()
    app.settle_frames = True  # each frame ends as in the app's own loop (`App.settle`)
    wall_longest = cpu_longest = 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    while not screen.run.done and not screen.run.failed:
        t, c = time.perf_counter(), time.process_time()
        app.step(1 / 60)
        wall_longest = max(wall_longest, time.perf_counter() - t)
        cpu_longest = max(cpu_longest, time.process_time() - c)
    figures = {"positions": len(history.states), "frames": screen.run.frames, "wall": time.perf_counter() - start,
               "cpu": time.process_time() - cpu_start, "frame_wall": wall_longest, "frame_cpu": cpu_longest,
               "asked": screen.run.stats()["largest_slice"] + screen.run.stats()["cpu_longest_unit"]}
    gc.unfreeze()
    pygame.quit()
    return figures


def print_analysis(plies: int) -> None:
    print(f"The Analyse screen (390x844; a level-1 self-play game of each case, its first {plies} moves at most; "
          f"times in seconds, frames in ms)")
    print(f"{'case':>16} {'positions':>9} {'frames':>7} {'wall':>7} {'cpu':>7} {'frame max':>10} {'(cpu)':>7} "
          f"{'asked':>7}")
    for name, options in ANALYSED:
        case = name + "".join(f" {k}={v}" for k, v in options.items())
        f = analyse_in_the_app(name, options, plies)
        print(f"{case:>16} {f['positions']:>9} {f['frames']:>7} {f['wall']:>7.1f} {f['cpu']:>7.1f} "
              f"{f['frame_wall'] * 1000:>10.1f} {f['frame_cpu'] * 1000:>7.1f} {f['asked'] * 1000:>7.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120, help="frames timed per case (default 120)")
    parser.add_argument("--level", type=int, default=3, choices=(1, 2, 3, 4), help="the computer's level (default 3)")
    parser.add_argument("--decisions", type=int, default=6, help="computer decisions timed per game (default 6)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds at most per game (default 60)")
    parser.add_argument("--no-draw", action="store_true", help="skip the Star drawing figures")
    parser.add_argument("--analyse", action="store_true", help="time the Analyse screen instead, game by game")
    parser.add_argument("--plies", type=int, default=120, help="--analyse: moves of each game at most (default 120)")
    args = parser.parse_args(argv)
    if args.frames < 5:
        parser.error("--frames must be at least 5")
    if args.analyse:
        print_analysis(args.plies)
        return 0
    if not args.no_draw:
        print_frames(args.frames)
    print_thinking(args.level, args.decisions, args.budget)
    print_archive_size()
    return 0


def print_frames(frames: int) -> None:
    print(f"Star scene, one frame (event handling + update + draw + flip), median of {frames} frames")
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
                times = time_frames(app, scene, frames)
                view = "chains" if chains else "plain"
                print(f"{size:>6} {window[0]:>4}x{window[1]:<5} {view:>7} {statistics.median(times) * 1000:>10.2f} "
                      f"{min(times) * 1000:>8.2f} {max(times) * 1000:>8.2f}")
            pygame.quit()


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
