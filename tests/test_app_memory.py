"""The app's frames and Python's garbage collector (game.ai.frames, `App.settle`; issue 24).

While the computer decides two-player Savoya's hardest positions it keeps 100,000 objects and more alive,
and every full collection walked them all: 40-100 ms in whatever frame one fell. Now each frame of the
app's loop ends by freezing what it keeps, so a collection walks only what one frame made, and the frame
after a screen is closed collects everything once, so nothing the closed screen made lives on.

What is checked is what the collector has to walk (`gc.get_objects()`: every tracked object not frozen)
and what lives on, never a time.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from app_helpers import MAX_FRAMES, PHONE, new_app
from game.app.games.registry import GAME_SCENES
from game.app.main import QUIET_FRAMES
from game.app.play.computer import Thinking
from game.app.play.game_scene import GameScene
from game.app.screens.menu import MenuScene
from game.rules.savoya import SavoyaGame

#: build/bench_savoya.py's first position: two-player Savoya, Silver to play a double 2 with its pieces
#: spread out (67,579 legal turns)
SPREAD = ("d6=B g6=R l8=B l9=B l13=R h11=T h10=LB h8=B d3=L d8=T e10=R j3=T j4=T j7=R j11=LL i12=T d12=B c12=L "
          "b9=L c8=R f8=T f15=R")


@pytest.fixture
def collector():
    """Whatever a test freezes is put back and collected after it."""
    gc.collect()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.collect()


def spread_out_game(app, seats=("Computer 3", "Computer 3")):
    """The game screen at `SPREAD`, both seats the computer at level 3 unless `seats` say otherwise, with no
    pause before its moves; with its own game object, whose caches (of the turns listed) go with the screen."""
    game = SavoyaGame()
    start = game.position(SPREAD, "Silver", (2, 2), {"players": 2})
    scene = GAME_SCENES["savoya"](app, game, {"players": 2}, seats, seed=1, start=start)
    scene.computer_pause = 0
    app.push(scene)
    return scene


def test_while_the_computer_thinks_a_collection_walks_only_what_a_frame_made(collector):
    app = new_app(PHONE)
    app.settle_frames = True  # as the app's own loop (`amain`) sets it
    app.step()
    frozen_at_menu = gc.get_freeze_count()
    scene = spread_out_game(app)  # (the screen lists the 67,579 turns a slice a frame, then the computer thinks)
    walked, kept = [], []
    for _ in range(MAX_FRAMES):
        if scene.history.moves:
            break
        app.step()
        walked.append(len(gc.get_objects()))
        kept.append(gc.get_freeze_count() - frozen_at_menu)
    assert scene.history.moves, "the computer did not move"
    assert str(scene.history.moves[0]).count("-") >= 2  # a turn of the double, chosen by the search
    assert len(walked) > 20  # a search of many frames
    # the table of turns and the boards the search judged, alive: set aside from the collector
    assert max(kept) > 100_000
    # so a full collection would have walked only what one frame made (without `App.settle`, all of the
    # above as well: over 100,000)
    assert max(walked) < 30_000, max(walked)


def test_a_closed_screen_leaves_nothing_behind_though_its_frames_were_frozen(collector):
    """A game played by the computer for a few turns, then left for the menu: in the next frame the game
    screen and whatever reference cycles it made are gone, though every frame froze what it kept."""
    app = new_app(PHONE)
    app.settle_frames = True
    app.step()
    frozen_at_menu = gc.get_freeze_count()
    scene = spread_out_game(app)
    for _ in range(MAX_FRAMES):
        if len(scene.history.moves) >= 4:  # two decisions of the computer, and a roll between
            break
        app.step()
    assert len(scene.history.moves) >= 4
    assert gc.get_freeze_count() - frozen_at_menu > 50_000  # (the screen's objects and the turns listed)
    gone = weakref.ref(scene)
    del scene
    app.pop()  # back to the menu (which keeps the game in progress: its history, not its screen)
    assert isinstance(app.top, MenuScene)
    for _ in range(QUIET_FRAMES):  # (the full collection waits for a quiet moment: see the next test)
        app.step()
    assert gone() is None  # the screen refers to itself (its buttons' actions): freed by the full collection
    # nothing unreachable was kept frozen: with everything put back, a full collection finds (almost) nothing,
    # and nothing of the game's screen or its computer lives on
    gc.unfreeze()
    assert gc.collect() < 100
    assert not [o for o in gc.get_objects() if isinstance(o, (GameScene, Thinking))]


def test_a_screen_closed_while_the_computer_thinks_is_collected_once_all_is_quiet(collector):
    """The full collection a closed screen asks for walks everything that lives: with two-player Savoya's
    table of 67,579 turns and the boards judged, over 100 ms here in one frame (measured: the Rules page
    closed while the computer thinks). It waits until no screen is working and nothing was pressed for
    `QUIET_FRAMES` frames: here, until the computer has moved."""
    from game.app.screens.rules import RulesScene

    app = new_app(PHONE)
    app.settle_frames = True
    app.step()
    scene = spread_out_game(app, ("Human", "Computer 3"))
    for _ in range(MAX_FRAMES):
        if scene.thinking is not None and scene.thinking.progress() >= 0.3:
            break
        app.step()
    assert scene.thinking is not None and not scene.history.moves
    full = []

    def count(phase, info):
        if phase == "start" and info["generation"] == 2:
            full.append((len(scene.history.moves), scene.working()))

    rules = app.push(RulesScene(app, scene.game, scene.rules_page))
    app.step()
    gone = weakref.ref(rules)
    app.pop()  # (no press: the quiet frames count on)
    del rules
    gc.callbacks.append(count)
    try:
        frames = 0
        while gone() is not None:
            app.step()
            frames += 1
            assert frames < MAX_FRAMES, "the closed screen was never collected"
    finally:
        gc.callbacks.remove(count)
    # one full collection, after the computer's move, with no screen working
    assert full == [(full[0][0], False)] and full[0][0] >= 1
