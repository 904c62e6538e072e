"""Ctrl-C in the terminal running the desktop game quits cleanly (no traceback, status 130) and keeps the
game in progress, even one with a move not yet saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame

from app_helpers import DESKTOP, new_app
from game.app import main as app_main
from game.app.saves.saved_game import load_all
from game.app.saves.storage import Storage

ROOT = Path(__file__).resolve().parent.parent


def test_ctrl_c_in_the_terminal_quits_without_a_traceback(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PBMGAMES_HOME=str(tmp_path))
    # A shell without job control starts a background job with Ctrl-C ignored, and the game would inherit
    # that (the whole suite run as `... &` from a script): the game starts as a terminal would start it.
    game = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(5)  # started and drawing frames (a stop while it loads is quiet too)
    assert game.poll() is None
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=60)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert game.returncode == app_main.INTERRUPTED, err


def test_ctrl_c_keeps_the_game_shown_as_it_stands(tmp_path, monkeypatch):
    storage = Storage(tmp_path)
    app = new_app(DESKTOP, storage=storage)
    from game.app.screens.menu import MenuScene
    menu = app.stack[0]
    assert isinstance(menu, MenuScene)
    menu.open_text('[Game "star"]\n[Options "-size=5"]\n\n1. C3\n', "test")
    scene = app.top
    scene.review(len(scene.live_history.moves))
    live = scene.live_history
    live.play(live.game.legal_moves(live.state)[0])  # a move made while nothing has saved it yet
    for path in tmp_path.iterdir():
        path.unlink()
    frames = []

    def step(dt=1 / 60):
        frames.append(dt)
        raise KeyboardInterrupt

    monkeypatch.setattr(app_main, "make_app", lambda size: app)
    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert app_main.run([]) == app_main.INTERRUPTED
    games, _ = load_all(storage)
    assert [g.history.notation() for g in games] == [live.notation()]
