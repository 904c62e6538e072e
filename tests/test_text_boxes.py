"""No text is cut or hidden under another part of the screen, in every game scene at 360x640, 390x844,
800x600 and 1280x800: at its start, in mid-game, with a piece chosen, and zoomed in; and on the Analyse
screen of every game and player count, at the same sizes (while it computes, at a mistake, at the end).
Every line of text drawn is recorded with the rectangle it lands in (tests/text_boxes.py) and must lie
whole in the box it belongs to (a card, a button, the status line, the message, the move list, the
board...; the Analyse screen's legend, graph, caption...), over no other box, over no other line of its
panel, and never end cut with an ellipsis."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame
import pytest

from app_helpers import click, new_app, open_game, press, pump, tap, top
from test_app_analysis import analysed_in_frames, random_history, scene_of
from text_boxes import TextRecorder, analysis_text_faults, scene_boxes, text_faults

from game.app.saves.storage import Storage
from game.app.screens.game_over import GameOverScene
from game.app.ui.chance_graph import plot_area, x_of

SIZES = [(360, 640), (390, 844), (800, 600), (1280, 800)]
GAMES = [("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None), ("savoya", {"players": 2}),
         ("savoya", {"players": 3}), ("savoya", {"players": 4}), ("know", None), ("know", {"players": 3}),
         ("know", {"players": 4}), ("truchet", None), ("truchet", {"hex": True})]


def faults_now(rec: TextRecorder, app, scene, when: str) -> list[str]:
    rec.draw(app)
    return [f"{when}: {fault}" for fault in text_faults(rec, scene_boxes(scene), app.surface.get_rect())]


def choose_a_piece(app, scene) -> bool:
    """Roll if due, and tap a piece that can move (Savoy, Savoya, know); True when one is chosen."""
    name = scene.game.name
    if name not in ("savoy", "savoya", "know"):
        return False
    if scene.roll_due():
        press(app, "roll", touch=True)
    pieces = sorted(scene.sources()) if name != "know" else sorted(scene.choosable_spaces())
    if not pieces:
        return False
    scene.selected = pieces[0]
    app.step()
    return True


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,options", GAMES, ids=lambda v: str(v))
def test_no_text_is_cut_or_hidden(size, name, options, monkeypatch):
    rec = TextRecorder().install(monkeypatch)
    faults: list[str] = []
    app, scene = open_game(size, name, options)
    faults += faults_now(rec, app, scene, "start")
    app, scene = open_game(size, name, options, moves=30, seed=5)
    faults += faults_now(rec, app, scene, "mid-game")
    if choose_a_piece(app, scene):
        faults += faults_now(rec, app, scene, "a piece chosen")
    scene.say("")
    scene.toggle_moves()
    draw_moves = scene.draw_moves

    def moves_alone(surface):  # the move list opened over the board: its own lines (drawn over the rest)
        rec.lines.clear()
        draw_moves(surface)

    monkeypatch.setattr(scene, "draw_moves", moves_alone)
    rec.draw(app)
    faults += [f"move list opened: {fault}" for fault in text_faults(rec, {"moves": scene.moves_area()},
                                                                     app.surface.get_rect())]
    assert faults == []


#: each game and player count's few moves analysed (know's are the slowest to analyse: fewer)
ANALYSED = [
    ("savoy", {}, 10), ("savoya", {"players": 2}, 10), ("savoya", {"players": 3}, 10), ("savoya", {"players": 4}, 10),
    ("star", {"size": 4}, 10), ("star", {"size": 6, "maxi": True}, 6), ("know", {}, 6), ("know", {"players": 3}, 6),
    ("know", {"players": 4}, 6), ("truchet", {"size": 5}, 10), ("truchet", {"hex": True, "size": 3}, 10),
]


@pytest.mark.parametrize("name,options,plies", ANALYSED, ids=lambda v: str(v))
def test_no_text_is_cut_or_hidden_on_the_analysis_screen(name, options, plies, monkeypatch):
    """The Analyse screen of a few moves of every game and player count, at every size (the first computes
    the analysis through the app's frames, the others find it kept): whole texts while it computes, at a
    mistake or a position of the middle, and at the end; a tap (or click) on the graph shows that position."""
    history = random_history(name, options, plies)
    storage = Storage(Path(tempfile.mkdtemp(prefix="pbmgames-analysis-")))
    faults: list[str] = []
    for size in SIZES:
        app = new_app(size, storage=storage)
        scene = scene_of(app, history)
        if isinstance(top(app), GameOverScene):
            app.pop()
        scene.open_analysis()
        screen = top(app)
        seats = len(scene.seat_names)
        pump(app)
        faults += [f"{size} computing: {f}" for f in analysis_text_faults(app, screen, monkeypatch)]
        screen, _, _ = analysed_in_frames(app)
        assert screen.run.reused in (0.0, 1.0) and all(len(e["chances"]) == seats
                                                        for e in screen.run.result()["positions"])
        plot = plot_area(screen.graph)
        touch = size[0] < size[1]
        (tap if touch else click)(app, (round(x_of(plot, screen.count(), 2)), plot.bottom - 2))
        assert scene.review_at == 2
        screen.next_mistake()
        pump(app)
        faults += [f"{size} at {scene.review_at}: {f}" for f in analysis_text_faults(app, screen, monkeypatch)]
        screen.go(screen.count() - 1)
        pump(app)
        faults += [f"{size} at the end: {f}" for f in analysis_text_faults(app, screen, monkeypatch)]
    assert faults == []


def test_the_recorder_finds_a_cut_line_and_a_line_out_of_its_box(monkeypatch):
    """The measure itself: a line drawn past its box and one cut short are found."""
    rec = TextRecorder().install(monkeypatch)
    app, scene = open_game((360, 640), "star", {"size": 6})
    from game.app.ui import theme
    rec.lines.clear()
    card = scene.cards[0]
    theme.text(app.surface, "a line far too long for a card " * 3, 20, theme.TEXT, topleft=card.topleft)
    theme.text(app.surface, "cut " * 40, 20, theme.TEXT, topleft=card.topleft, max_width=card.width)
    found = text_faults(rec, scene_boxes(scene), app.surface.get_rect())
    assert any(f.startswith("cut:") for f in found)
    assert any("out of its box" in f or "off the screen" in f or "under" in f for f in found)
    assert tap  # (the helpers the games' tests use)
    assert pygame
