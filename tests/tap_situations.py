"""The situations a tap on a board meets, for measuring and testing taps: a few positions of a game, each
with nothing chosen and then with each piece that can move chosen in turn (build/touch_targets.py and
tests/test_touch_targets.py walk them the same way)."""

from __future__ import annotations

import random
from typing import Any, Iterator

from app_helpers import open_game

POSITIONS = ((8, 3), (20, 5), (40, 7))  # (random moves, seed) of the positions measured


def ready(scene: Any, seed: int) -> None:
    """Roll (or draw tiles) where that is due, so that a piece can move."""
    rng = random.Random(seed)
    for _ in range(4):
        if scene.game.outcome(scene.state) is not None or not scene.game.is_chance(scene.state):
            break
        scene.history.play(scene.game.random_chance(scene.state, rng))
    scene._refresh()


def choices(scene: Any) -> Iterator[None]:
    """Each situation a tap meets in the scene's position: nothing chosen, then each piece that can move
    chosen in turn (the scene is left with nothing chosen)."""
    name = scene.game.name
    yield None
    if name in ("savoy", "savoya"):
        for src in sorted(scene.sources()):
            scene.selected = src
            yield None
        scene.selected = None
    elif name == "know":
        for space in sorted(scene.choosable_spaces()):
            scene.selected = space
            yield None
        scene.selected = None
    elif name == "truchet" and scene.state.playing:
        index = scene.state.board.index
        for origin in sorted({o for m in scene.moves_now() for o in m.origins}, key=index.get):
            scene._reset_build()
            scene.sources = [origin]
            yield None
        scene._reset_build()


def situations(size: tuple[int, int], name: str, options: dict | None) -> Iterator[tuple[Any, Any]]:
    """(app, scene) in every situation of a few positions of the game, unzoomed."""
    for moves, seed in POSITIONS:
        app, scene = open_game(size, name, options, moves=moves, seed=seed)
        ready(scene, seed)
        scene.board_zoom.zoom_out()
        for _ in choices(scene):
            yield app, scene
