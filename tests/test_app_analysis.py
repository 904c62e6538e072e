"""The Analyse screen: a game's analysis computed through the app's frames, a slice a frame; its mistakes
marked with the computer's better move on the board; the graph taken to a position by a tap or a click;
the analysis kept with the game (a restart reuses it, an interrupted one resumes, a damaged one is
ignored); screens at a phone's size and a desktop's, with no text cut. (Every game and player count at
every size: tests/test_text_boxes.py.)

The frame rule is checked by the work each frame asks of the analysis (its slice) and the processor time
it spent in it (the slice and the one unit of the engine's work it may overrun by), and, generously, by
each frame's processor time (the whole frame: events, the analysis and the drawing).
"""

from __future__ import annotations

import functools
import gc
import json
import random
import tempfile
import time
from pathlib import Path

import pytest

from app_helpers import MAX_FRAMES, PHONE, click, new_app, press, pump, shot, tap, top
from test_ai_analysis import missed_win_game
from test_app_ai import quick
from text_boxes import analysis_text_faults

from game.ai import best_move
from game.ai.analysis import Analysis
from game.app.games.registry import GAME_SCENES
from game.app.play.analysing import FRAME_WORK, MOST_SLICE
from game.app.saves import analyses
from game.app.saves.exchange import record_text
from game.app.saves.saved_game import SavedGame
from game.app.saves.storage import Storage
from game.app.screens.analysis import AnalysisScene
from game.app.screens.game_over import GameOverScene
from game.app.ui.chance_graph import line_y, plot_area, x_of
from game.rules import GAMES
from game.rules.history import GameHistory

DESKTOP = (1280, 800)
SMALL_PHONE = (360, 640)
FRAME = 0.05  # s: no frame may be held longer
#: the generous bound on one whole frame's processor time (a slow machine draws slower too)
GENEROUS = 2 * FRAME


# ----------------------------------------------------------------------------- helpers
def scene_of(app, history: GameHistory, seats=("Human", "Human")):
    """A scene of `history`'s game pushed on `app`, its moves played through it one by one."""
    game = history.game
    scene = quick(GAME_SCENES[game.name](app, game, dict(history.options), seats, seed=history.seed))
    scene.motion_seconds = 0
    app.push(scene)
    pump(app)
    for k, move in enumerate(history.moves):
        if len(scene.history.moves) > k:  # (played by the scene itself: Truchet's tiles drawn after "random")
            assert str(scene.history.moves[k]) == str(move)
            continue
        assert scene.play(move), scene.message
    pump(app)
    assert scene.history.notation() == history.notation()
    return scene


def random_history(name: str, options: dict, plies: int, seed: int = 3) -> GameHistory:
    """`plies` moves of `name`: the game's own rolls, other moves at random (a pass or a draw only when
    nothing else is legal)."""
    game = GAMES[name]
    history = GameHistory(game, options, seed=seed)
    rng = random.Random(seed)
    while len(history.moves) < plies and game.outcome(history.state) is None:
        if history.roll_due():
            history.play(history.next_roll())
            continue
        legal = game.legal_moves(history.state)
        history.play(rng.choice([m for m in legal if str(m) not in ("pass", "draw")] or legal))
    return history


def played_savoy(size, storage=None):
    """A short Savoy game (two pieces a side) played through the app, in which L, able to bring its last
    piece home, plays its worst turn instead; the app, the scene, that ply and the winning turns."""
    history, bad, wins = missed_win_game()
    app = new_app(size, storage=storage)
    return app, scene_of(app, history), bad, wins


def analysed_in_frames(app) -> tuple[AnalysisScene, int, float]:
    """Step the app until the Analyse screen on top has its analysis done: the screen, the frames and the
    longest frame's processor time. Each frame ends by freezing what it keeps out of the garbage collector's
    way (`App.settle`), as in the app's own loop (`game.app.main.amain`)."""
    screen = top(app)
    assert isinstance(screen, AnalysisScene)
    gc.collect()
    app.settle_frames = True
    frames, longest = 0, 0.0
    try:
        while not screen.run.done:
            start = time.process_time()
            app.step()
            longest = max(longest, time.process_time() - start)
            frames += 1
            assert frames < 20 * MAX_FRAMES and not screen.run.failed, screen.run.problem
    finally:
        app.settle_frames = False
        gc.unfreeze()
    return screen, frames, longest


def finish(app) -> AnalysisScene:
    """Work the Analyse screen's analysis to its end a frame's slice at a time, without drawing each frame
    (for tests about what is shown once it is done), then one frame."""
    screen = top(app)
    assert isinstance(screen, AnalysisScene)
    while not screen.run.done:
        assert not screen.run.failed, screen.run.problem
        screen.run.step()
    pump(app)
    return screen


@functools.lru_cache(maxsize=None)
def savoy_analysis() -> str:
    """The analysis of `missed_win_game`'s Savoy game computed at once by the library (as JSON: a fresh copy
    for each test), the reference an analysis computed in the app's frames must equal."""
    return json.dumps(Analysis(missed_win_game()[0]).run())


def graph_point(screen: AnalysisScene, ply: int, side: int) -> tuple[int, int]:
    """Where the graph draws `side`'s line at position `ply` (a mistake's ring, for its mover)."""
    plot = plot_area(screen.graph)
    chances = screen.run.result()["positions"][ply]["chances"]
    shared = len(screen.scene.seat_names) == 2
    return round(x_of(plot, screen.count(), ply)), round(line_y(plot, chances, side, shared))


def kept_files(app) -> list:
    return sorted(app.storage.folder.glob(f"{analyses.PREFIX}*{analyses.SUFFIX}"))


def record_of(scene) -> str:
    return record_text(SavedGame(scene.live_history, scene.seats, scene.save_id))


def reopened(storage, record: str, size=DESKTOP):
    """A new app on `storage` (the app restarted) with the game opened from its record (in review)."""
    app = new_app(size, storage=storage)
    assert top(app).open_text(record) is None
    scene = top(app)
    quick(scene)
    pump(app)
    return app, scene


# ----------------------------------------------------------------------------- the analysis in the app
@pytest.mark.parametrize("size,touch", [(PHONE, True), (DESKTOP, False)], ids=["phone-touch", "desktop-mouse"])
def test_a_thrown_away_win_is_marked_with_the_better_move_and_no_frame_is_held(size, touch):
    app, scene, bad, wins = played_savoy(size)
    assert isinstance(top(app), GameOverScene) and scene.outcome() is not None
    press(app, "analyse", touch=touch)  # the game-over screen's Analyse
    screen, frames, longest = analysed_in_frames(app)
    stats = screen.run.stats()
    # computed a slice a frame: many frames, none asked for more than its share of a frame, and none spent
    # longer in the analysis (its slice and the one unit of the engine's work it may overrun by, in processor
    # time) than a frame may take; each whole frame (events, analysis, drawing), generously
    assert frames > 20 and stats["frames"] >= frames - 1
    assert stats["largest_slice"] <= MOST_SLICE < FRAME_WORK < FRAME
    assert stats["longest_frame"] < FRAME, f"a frame spent {stats['longest_frame']:.3f} s in the analysis"
    assert longest < GENEROUS, f"a frame took {longest:.3f} s of processor time"
    result = screen.run.result()
    assert result == json.loads(savoy_analysis())  # the library's analysis of the game, the same
    assert result["complete"] and len(result["positions"]) == len(scene.live_history.states)
    # the missed win: a mistake of its mover, a winning turn the better move
    mover = scene.game.to_move(scene.live_history.states[bad])
    swing = next(s for s in result["swings"] if s["ply"] == bad)
    assert swing["player"] == mover and swing["best"] in wins and swing["loss"] > 0.3
    # a tap (or click) on its ring goes to that position, and the board shows the move played and the
    # winning turn the computer preferred
    (tap if touch else click)(app, graph_point(screen, bad, mover))
    assert scene.reviewing and scene.review_at == bad and top(app) is screen
    assert scene.state == scene.live_history.states[bad]
    note = scene.board_note
    assert note is not None and note.ply == bad
    marked = [str(move) for move, _, _ in note.marks]
    assert marked == [str(scene.live_history.moves[bad]), swing["best"]]
    assert all(scene.move_marks(move)[0] for move, _, _ in note.marks)  # drawn on the board
    # elsewhere on the graph: the position under the pointer
    plot = plot_area(screen.graph)
    (tap if touch else click)(app, (round(x_of(plot, screen.count(), 5)), plot.centery))
    assert scene.review_at == 5
    # Next mistake goes from one to the next, in the order played
    plies = [s["ply"] for s in result["swings"]]
    press(app, "analysis_next", touch=touch)
    assert scene.review_at == next(p for p in plies if p > 5)
    # Close: back to the game's review where the analysis left it, nothing drawn over the board
    press(app, "analysis_close", touch=touch)
    assert top(app) is scene and scene.reviewing and scene.board_note is None


def test_the_analysis_is_kept_and_reused_after_a_restart():
    app, scene, bad, _ = played_savoy(DESKTOP)
    press(app, "analyse")
    first, _, _ = analysed_in_frames(app)
    done = first.run.result()
    assert len(kept_files(app)) == 1
    # the app restarts; the finished game is opened again from its record: its analysis is there, whole
    app2, scene2 = reopened(app.storage, record_of(scene))
    assert scene2.reviewing
    press(app2, "review_analyse")
    screen = top(app2)
    assert isinstance(screen, AnalysisScene) and screen.run.done and screen.run.reused == 1.0
    pump(app2, 3)
    assert screen.run.stats()["units"] == 0  # nothing computed again
    assert screen.run.result() == done
    assert any(s["ply"] == bad for s in screen.run.result()["swings"])
    assert len(kept_files(app2)) == 1


def test_an_interrupted_analysis_resumes_where_it_stopped():
    app, scene, _, _ = played_savoy(DESKTOP)
    press(app, "analyse")
    screen = top(app)
    assert isinstance(screen, AnalysisScene)
    while screen.run.progress() < 0.3:
        app.step()
    app.keep_shown_games()  # the app is stopped (Ctrl-C): what is shown is kept as it stands
    stopped = screen.run.progress()
    assert 0.3 <= stopped < 1.0
    app2, scene2 = reopened(app.storage, record_of(scene))
    press(app2, "review_analyse")
    resumed = finish(app2)
    assert resumed.run.reused == pytest.approx(stopped)
    assert resumed.run.result() == json.loads(savoy_analysis())  # the same as one computed without a stop


#: kept analyses damaged in different ways: the bytes kept, or how the good analysis's JSON is spoilt
DAMAGE = {
    "not JSON": b"{\"positions\": [",
    "not UTF-8": b"\xff\xfe\x00garbage",
    "a list": b"[1, 2, 3]",
    "chances of another game": lambda entry: entry.update(chances=[0.3, 0.3, 0.4]),
    "a chance out of range": lambda entry: entry.update(chances=[1.5, -0.5]),
    "a seat out of range": lambda entry: entry.update(to_move=7),
    "a move that is no text": lambda entry: entry.update(best=[1]),
}


def test_a_damaged_kept_analysis_is_ignored_and_the_game_is_untouched():
    history, _, _ = missed_win_game()
    good = json.loads(savoy_analysis())
    for kind, damage in DAMAGE.items():
        app = new_app(DESKTOP)
        scene = scene_of(app, history)
        assert analyses.save(app.storage, history, good) is None
        [path] = kept_files(app)
        if callable(damage):
            broken = json.loads(savoy_analysis())
            for entry in broken["positions"]:
                damage(entry)
            damage = json.dumps(broken).encode()
        path.write_bytes(damage)
        app2, scene2 = reopened(app.storage, record_of(scene))
        press(app2, "review_analyse")
        screen = top(app2)
        assert isinstance(screen, AnalysisScene) and screen.run.reused == 0.0, kind  # ignored: computed afresh
        pump(app2, 5)
        assert scene2.live_history.notation() == history.notation(), kind  # the game untouched
        if kind == "a list":  # (once to the end: the same analysis, written over the damaged one, whole)
            finish(app2)
            assert screen.run.result() == good
            assert json.loads(kept_files(app2)[0].read_text(encoding="utf-8")) == good


def test_analyse_from_the_review_bar_and_the_more_sheet_of_a_game_in_progress():
    """A game in progress: the More sheet's Analyse the game, then the game goes on; the review bar's
    Analyse later keeps the positions already valued (the analysis grows with the game)."""
    game = GAMES["star"]
    history = GameHistory(game, {"size": 3}, seed=11)
    for _ in range(6):
        history.play(best_move(game, history.state, 1, seed=len(history.moves)))
    app = new_app(PHONE)
    scene = scene_of(app, history)
    assert scene.outcome() is None
    press(app, "more", touch=True)
    press(app, "analyse", touch=True)
    screen, _, _ = analysed_in_frames(app)
    assert screen.at() == 6 and len(screen.run.result()["positions"]) == 7
    press(app, "analysis_close", touch=True)
    press(app, "review_live", touch=True)
    assert not scene.reviewing
    assert scene.play(best_move(game, scene.state, 1, seed=99))
    pump(app)
    press(app, "more", touch=True)
    press(app, "analyse", touch=True)
    screen = top(app)
    assert screen.run.reused == pytest.approx(7 / 8)
    screen, _, _ = analysed_in_frames(app)
    press(app, "analysis_close", touch=True)
    assert scene.reviewing
    press(app, "review_analyse", touch=True)  # the review bar's Analyse: the same analysis, done
    assert top(app).run is screen.run and screen.run.done


# ----------------------------------------------------------------------------- screens
def star_game() -> GameHistory:
    """Star on a small board, the computer at level 1 for both sides (its slips are the mistakes)."""
    game = GAMES["star"]
    history = GameHistory(game, {"size": 4}, seed=5)
    while game.outcome(history.state) is None and len(history.moves) < 40:
        history.play(best_move(game, history.state, 1, seed=len(history.moves)))
    return history


def three_player_game() -> GameHistory:
    history, _, _ = missed_win_game(GAMES["savoya"], {"players": 3, "stack": 2}, seed=1, players=3)
    return history


SCREENS = {"savoy": lambda: missed_win_game()[0], "star": star_game, "savoya3": three_player_game}


@pytest.mark.parametrize("which", sorted(SCREENS))
def test_analysis_screens(which, monkeypatch):
    """Written to tests/screenshots/analysis_<game>_<size>.png at a phone's sizes and a desktop's: the
    analysis done, at its first mistake (its move and the better one on the board); and, at the first size
    (which computes it; the others find it kept), one while it is computed."""
    history = SCREENS[which]()
    storage = Storage(Path(tempfile.mkdtemp(prefix="pbmgames-screens-")))
    seats = len(GAMES[history.game.name].seat_names(history.start))
    for size in (PHONE, DESKTOP, SMALL_PHONE):
        app = new_app(size, storage=storage)
        scene = scene_of(app, history, seats=("Human",) + ("Computer 2",) * (seats - 1))
        if isinstance(top(app), GameOverScene):
            press(app, "analyse", touch=size != DESKTOP)
        else:
            scene.open_analysis()
        screen = top(app)
        tag = f"{which}_{size[0]}x{size[1]}"
        if not screen.run.done:
            while screen.run.progress() < 0.4:
                app.step()
            assert analysis_text_faults(app, screen, monkeypatch) == []
            shot(app, f"analysis_{tag}_computing")
        finish(app)
        screen.next_mistake()
        pump(app)
        swings = screen.run.result()["swings"]
        assert swings and scene.review_at == swings[0]["ply"] and scene.board_note is not None
        # nothing of the sheet off the screen, finger-sized buttons; the board's top half in sight above it
        area = app.surface.get_rect()
        for button in screen.all_buttons():
            assert area.contains(button.rect) and button.rect.height >= 34 and button.rect.width >= 44, button.name
        assert not screen.sheet.colliderect(scene.board_rect.inflate(0, -scene.board_rect.height // 2))
        assert analysis_text_faults(app, screen, monkeypatch) == []
        shot(app, f"analysis_{tag}")


def test_an_engine_fault_or_a_full_storage_never_stops_the_app(monkeypatch):
    """The engine failing half way stops the analysis with its reason, keeping what was found; storage that
    refuses the analysis leaves it computed and shown, saying it is not kept."""
    app, scene, bad, _ = played_savoy(PHONE)
    monkeypatch.setattr(app.storage, "save", lambda name, text: "could not save the game: No space left on device")
    press(app, "analyse", touch=True)
    screen = finish(app)
    assert screen.run.result() == json.loads(savoy_analysis()) and "No space left" in screen.run.problem
    assert screen.status() == "Not kept"
    press(app, "analysis_close", touch=True)
    monkeypatch.undo()
    app2, scene2 = reopened(app.storage, record_of(scene), PHONE)
    press(app2, "review_analyse", touch=True)
    screen2 = top(app2)
    assert screen2.run.reused == 0.0
    for _ in range(5):
        app2.step()
    calls = []

    def broken(*args):
        calls.append(args)
        raise RuntimeError("a fault in the engine")

    monkeypatch.setattr(screen2.run.analysis, "_unit", broken)
    pump(app2, 3)
    assert calls and screen2.run.failed and "a fault in the engine" in screen2.run.problem
    assert screen2.status() == "Stopped" and top(app2) is screen2
    found = screen2.run.progress()
    press(app2, "analysis_close", touch=True)
    assert top(app2) is scene2 and scene2.live_history.notation() == scene.live_history.notation()
    monkeypatch.undo()
    press(app2, "review_analyse", touch=True)  # again: it goes on from what was found
    again = finish(app2)
    assert again.run.reused == pytest.approx(found) and again.run.result() == json.loads(savoy_analysis())
