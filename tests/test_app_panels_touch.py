"""The shared panels on a phone: cards that say what their scores count (and a game-over screen that
counts the same), a move list a finger scrolls and opens, illegal taps that say why, and a typed-move
entry that brings up the on-screen keyboard, keeps spaces, has no length cut and selects refused text."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import (Dice, click, drag, key, new_app, open_game, press, pump, tap, top, type_text)
from game.app.games.savoy.scene import SavoyScene
from game.app.play import panels
from game.app.play.panels import MOVE_ROW
from game.app.screens.game_over import GameOverScene
from game.rules.know import board as know_board
from game.rules.savoy import SAVOY

SMALL_PHONE = (360, 640)
PHONE = (390, 844)


# ------------------------------------------------------------------------------ scores
@pytest.mark.parametrize("name,caption", [("star", "points"), ("savoy", "pips to go"), ("know", "connections"),
                                          ("truchet", "pieces")])
def test_each_card_says_what_its_score_counts(name, caption, monkeypatch):
    app, scene = open_game(SMALL_PHONE, name, None, 30)
    drawn = []
    real = panels.draw_player_card
    monkeypatch.setattr(panels, "draw_player_card", lambda *a, **k: (drawn.append(k), real(*a, **k)))
    app.draw()
    assert [card["caption"] for card in drawn] == [caption, caption]
    assert [card["score"] for card in drawn] == [scene.score_text(c)[0] for c in (0, 1)]


def test_savoy_cards_and_game_over_count_the_same_pips():
    start = SAVOY.position("m7=RR n7=RR o7=R l7=R a4=L e4=L", "R")
    app = new_app(PHONE)
    scene = SavoyScene(app, SAVOY, start=start, rng=Dice([2, 1]))
    scene.roller.seconds = 0
    app.push(scene)
    pump(app)
    before = SAVOY.pips(scene.state)
    assert scene.score_text(0) == (str(before[0]), "pips to go") and before[0] > 0
    press(app, "roll")
    click(app, scene.layout_board.centre("l7"))
    click(app, scene.layout_board.centre("m7"))
    press(app, "play")
    over = top(app)
    assert isinstance(over, GameOverScene)
    pips = SAVOY.pips(scene.state)
    assert pips[0] == 0  # every R piece home: no pips to go
    for colour in (0, 1):
        assert over._score(colour) == scene.score_text(colour) == (str(pips[colour]), "pips to go")
    assert f"{pips[1]} pips to go" in scene.breakdown_lines()[1]


# ------------------------------------------------------------------------------ the move list
def test_a_finger_drag_scrolls_the_move_list_and_a_tap_on_its_title_opens_it_over_the_board():
    app, scene = open_game(PHONE, "know", None, 40)  # (a square board leaves the list a few rows on a tall phone)
    assert scene.moves_hidden()
    rect = scene.moves_rect
    drag(app, (rect.centerx, rect.top + 4), (rect.centerx, rect.top + 4 + 3 * MOVE_ROW + 4))
    assert scene.move_scroll == 3  # dragged down: earlier moves
    drag(app, (rect.centerx, rect.top + 30), (rect.centerx, rect.top + 30 - MOVE_ROW - 2))
    assert scene.move_scroll == 2
    assert scene.history.moves and len(scene.history.moves) == 40  # no drag played anything
    shown_closed = rows_shown(scene)
    title = (rect.left + 12, rect.top + 10)
    tap(app, title)
    assert scene.moves_expanded
    area = scene.moves_area()
    assert area.top == scene.board_rect.top and area.bottom == rect.bottom
    assert rows_shown(scene) >= 3 * shown_closed and rows_shown(scene) * 2 >= 16  # far more moves
    # under the opened list nothing else takes a press: a tap on its title closes it
    tap(app, (area.left + 12, area.top + 10))
    assert not scene.moves_expanded and len(scene.history.moves) == 40 and not scene.reviewing
    tap(app, title)
    tap(app, scene.board_rect.center)  # a tap on a move of the opened list shows it, and closes the list
    assert scene.reviewing and not scene.moves_expanded and len(scene.live_history.moves) == 40
    key(app, pygame.K_ESCAPE)  # Esc ends the review, and keeps the game
    tap(app, title)
    key(app, pygame.K_ESCAPE)  # Esc closes the list too, and keeps the game
    assert not scene.moves_expanded and top(app) is scene and not scene.reviewing


def rows_shown(scene) -> int:
    return max(1, (scene.moves_area().height - panels.MOVES_HEADER - 4) // MOVE_ROW)


# ------------------------------------------------------------------------------ illegal taps
def test_a_savoy_tap_on_a_cell_the_chosen_piece_cannot_reach_says_why():
    start = SAVOY.position("a4=RR o7=LLLL h7=RR", "R", (3, 5))
    app = new_app(PHONE)
    scene = SavoyScene(app, SAVOY, start=start)
    app.push(scene)
    pump(app)
    tap(app, scene.layout_board.centre("a4"))
    assert scene.selected == "a4" and "b4" not in scene.targets("a4")
    tap(app, scene.layout_board.centre("b4"))  # one step: no die of 1
    assert scene.message_is_error and scene.message.startswith("a4-b4") and "3" in scene.message
    assert "5" in scene.message and not scene.parts
    tap(app, scene.layout_board.centre("j4"))  # an empty cell with no piece chosen
    assert scene.message_is_error and "ringed pieces" in scene.message


def test_a_know_tap_on_a_space_the_chosen_piece_cannot_reach_says_why():
    app, scene = open_game(PHONE, "know", None, 9, seed=3)
    while not scene.movable_spaces():
        press(app, "roll", touch=True)
    piece = sorted(scene.movable_spaces())[0]
    geo = scene.layout_board
    tap(app, geo.centroids[piece])
    assert scene.selected == piece
    offered = scene.offered_spaces()
    taken = set(scene.state.pos)
    far = [i for i in range(len(geo.centroids)) if i not in offered and i not in taken and all(
        ((geo.centroids[i][0] - geo.centroids[o][0]) ** 2 + (geo.centroids[i][1] - geo.centroids[o][1]) ** 2)
        > 40 ** 2 for o in offered)]
    played = len(scene.history.moves)
    tap(app, geo.centroids[far[0]])
    assert scene.message_is_error and scene.selected is None and len(scene.history.moves) == played
    assert board_name(far[0]) in scene.message or "jump" in scene.message or "reach" in scene.message, scene.message


def board_name(space: int) -> str:
    return know_board().names[space]


# ------------------------------------------------------------------------------ typed moves
def test_tapping_the_entry_asks_for_the_on_screen_keyboard(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: calls.append(pygame.Rect(rect)))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    app, scene = open_game(PHONE, "star", {"size": 5})
    app.browser = True  # in a web page, the keyboard is put away once a move is played
    tap(app, scene.entry_rect.center)
    assert calls == ["start", scene.entry_rect] and scene.entry_keyboard
    type_text(app, "C3")
    assert scene.history.notation() == ["C3"] and calls[-1] == "stop" and not scene.entry_keyboard


def test_a_refused_move_is_selected_and_the_next_key_replaces_it():
    app, scene = open_game(PHONE, "star", {"size": 5})
    type_text(app, "Z9")
    assert scene.message_is_error and scene.entry == "Z9" and scene.entry_selected
    type_text(app, "C3", enter=False)
    assert scene.entry == "C3" and not scene.entry_selected
    key(app, pygame.K_RETURN)
    assert scene.history.notation() == ["C3"]
    type_text(app, "zz")
    key(app, pygame.K_BACKSPACE)  # the selection goes whole
    assert scene.entry == ""


def test_typed_moves_keep_spaces_and_have_no_length_cut():
    app, scene = open_game(PHONE, "savoy", None, 0)
    while not scene.conts:
        press(app, "roll") if scene.roll_due() else press(app, "pass")
    move = scene.game.legal_moves(scene.state)[0]
    spaced = ", ".join(str(move).split(","))
    long_text = spaced + " " * 30
    type_text(app, long_text, enter=False)
    assert scene.entry == long_text  # spaces and length kept as typed
    app.draw()  # a long entry shows its end, it does not overflow
    key(app, pygame.K_RETURN)
    assert scene.history.moves[-1] == move
