"""Review: tapping a move in the move list shows the position after it; Back, Forward and Live; the game
itself never changes (moves, what Undo and Redo would do, its save), and the computer waits.

One mechanism serves every game (`GameScene.review`, `PanelScene.tap_at`), so every test
that is about the mechanism runs for all four games.
"""

from __future__ import annotations

import random

import pygame
import pytest

from app_helpers import DESKTOP, PHONE, click, finger_drag, key, press, pump, shot, tap, top, type_text
from test_app_ai import frames_until, open_game

from game.app.games.registry import GAME_SCENES
from game.app.play.panels import PanelScene, move_grid
from game.app.saves.saved_game import SUFFIX

SIZES = {"360x640": (360, 640), "390x844": PHONE, "800x600": (800, 600), "1280x720": DESKTOP}


def play_moves(scene: PanelScene, count: int, seed: int = 5) -> None:
    """`count` moves through the scene (rolls as the seed gives them, other moves at random)."""
    rng = random.Random(seed)
    for _ in range(count):
        history = scene.history
        if scene.outcome() is not None:
            break
        if history.roll_due():
            assert scene.play(history.next_roll())
        else:
            assert scene.play(rng.choice(scene.game.legal_moves(history.state))), scene.message
    scene._refresh()


def item_center(app, scene: PanelScene, index: int) -> tuple[int, int]:
    """Where the move list shows row `index` (from 0: a turn, a roll and its move together) now; where a
    phone's list is too short to show it, the list is opened first (a tap on its title line), as a player
    would."""
    count = len(scene.turn_rows())
    grid = move_grid(scene.moves_area(), count, scene.move_scroll, scene.move_column_width(), scene.reviewed_item())
    if not grid.shown(index) and not scene.moves_expanded:
        click(app, (scene.moves_rect.left + 12, scene.moves_rect.top + 10))
        assert scene.moves_expanded, "a tap on the move list's title opens it"
        grid = move_grid(scene.moves_area(), count, scene.move_scroll, scene.move_column_width(), scene.reviewed_item())
    assert grid.shown(index), f"move {index + 1} is scrolled out of the list"
    return grid.item_rect(index).center


def save_text(app, scene) -> str:
    return (app.storage.folder / (scene.save_id + SUFFIX)).read_text(encoding="utf-8")


def game_with_moves(name: str, size=DESKTOP, moves: int = 8, seats=("Human", "Human")):
    """A game of `name` with its default options (none ends in a few moves) and `moves` moves played."""
    app, scene = open_game(name, seats, options={}, size=size)
    pump(app)
    play_moves(scene, moves)
    pump(app)
    assert scene.outcome() is None and top(app) is scene
    return app, scene


# ----------------------------------------------------------------------------- the mechanism, every game
@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_a_tapped_move_shows_the_position_after_it_and_the_game_never_changes(name):
    app, scene = game_with_moves(name)
    live = scene.history
    scene.undo()  # something to redo: reviewing must leave it so
    pump(app)
    moves, states, saved = live.notation(), list(live.states), save_text(app, scene)
    assert live.can_redo()

    rows = scene.turn_rows()
    k = next(k for k in (2, 1, 0) if rows[k].last + 2 < len(live.moves))  # a turn with two moves after it
    at = rows[k].last + 1  # the position after that turn (its roll and its move)
    click(app, item_center(app, scene, k))
    assert scene.reviewing and scene.review_at == at and scene.reviewed_item() == k
    assert scene.state is live.states[at] and scene.history is not live
    assert scene.live_history is live
    press(app, "review_back")
    assert scene.state is live.states[at - 1]
    press(app, "review_forward")
    press(app, "review_forward")
    assert scene.state is live.states[at + 1] and scene.review_at == at + 1

    # nothing reaches the game while looking back: undo, redo, typed moves, the board, the keys
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    type_text(app, live.notation()[-1])
    click(app, scene.board_rect.center)
    pump(app, 30)
    assert scene.reviewing and scene.state is live.states[at + 1]
    assert live.notation() == moves and live.states == states and live.can_redo()
    assert save_text(app, scene) == saved

    press(app, "review_live")
    assert not scene.reviewing and scene.history is live and scene.state is live.state
    assert scene.move_lines()[-1].startswith(f"{len(rows)}.")
    scene.redo()  # Redo does what it would have done before the look back (up to the player's next decision)
    assert live.notation()[:len(moves)] == moves and len(live.moves) > len(moves)


@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_back_forward_keys_and_esc(name):
    app, scene = game_with_moves(name, moves=4)
    live = scene.history
    total = len(live.moves)
    key(app, pygame.K_LEFT)  # from the game: one move back
    assert scene.reviewing and scene.state is live.states[total - 1]
    for _ in range(total + 2):
        key(app, pygame.K_LEFT)
    assert scene.review_at == 0 and scene.state is live.states[0]
    assert not scene.button("review_back").enabled and scene.button("review_forward").enabled
    for _ in range(total + 2):
        key(app, pygame.K_RIGHT)
    assert scene.review_at == total and not scene.button("review_forward").enabled
    key(app, pygame.K_ESCAPE)  # Esc: back to the game (not to the menu)
    assert not scene.reviewing and top(app) is scene and scene.history is live


def test_a_drag_on_the_move_list_never_reviews_but_a_tap_does():
    app, scene = game_with_moves("star", size=PHONE, moves=6)
    start = item_center(app, scene, 1)
    finger_drag(app, start, -40)
    assert not scene.reviewing
    finger_drag(app, start, 4)  # a finger that wobbles a little still taps
    assert scene.reviewing and scene.review_at == 2
    press(app, "review_live", touch=True)
    tap(app, item_center(app, scene, 4))
    assert scene.review_at == 5


def test_a_tap_on_the_move_list_never_reaches_the_board():
    app, scene = game_with_moves("star", size=PHONE, moves=2)
    scene.selected = next(iter(scene.legal_cells))  # a chosen cell waiting for Place
    tap(app, (scene.moves_rect.right - 10, scene.moves_rect.bottom - 10))  # on the list, on no move
    assert scene.selected is not None and not scene.reviewing


def test_the_computer_does_not_think_while_you_review():
    app, scene = open_game("star", ("Human", "Computer 1"), options={"size": 4})
    scene.computer_pause = 0.2
    pump(app)
    scene.play("C3")
    pump(app, 2)  # the computer has started
    assert scene.thinking is not None and scene.computer_moves()
    click(app, item_center(app, scene, 0))
    thinking = scene.thinking
    progress = thinking.progress()
    press(app, "review_back")
    pump(app, 120)
    assert scene.reviewing and scene.thinking is thinking and thinking.progress() == progress
    assert len(scene.live_history.moves) == 1 and not scene.decisions
    assert scene.status_line()[0].startswith("Your move: X (dark)")  # the position shown, not the computer
    press(app, "review_live")
    frames_until(app, scene, lambda: len(scene.history.moves) == 2)
    assert scene.decisions  # it went on and played


def test_a_game_over_position_can_be_reviewed_from_see_board():
    app, scene = open_game("star", ("Human", "Human"), options={"size": 3})
    pump(app)
    for move in ("C3", "pass", "pass"):
        scene.play(move)
    pump(app)
    press(app, "review")  # the game-over screen's See board
    assert top(app) is scene
    click(app, item_center(app, scene, 0))
    assert scene.reviewing and scene.state.cells.count(0) == len(scene.state.cells) - 1
    press(app, "review_live")
    assert scene.outcome() is not None and not scene.reviewing


# ----------------------------------------------------------------------------- layout and screenshots
@pytest.mark.parametrize("tag", sorted(SIZES))
@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_review_screens(name, tag):
    """The review bar covers the game's buttons only: on screen, clear of the board and the move list,
    finger-sized buttons. Written to tests/screenshots/review_<game>_<size>.png."""
    size = SIZES[tag]
    app, scene = game_with_moves(name, size=size, moves=14)
    click(app, item_center(app, scene, len(scene.turn_rows()) - 2))
    assert scene.reviewing
    pump(app)
    bar = scene.review_bar
    screen = app.surface.get_rect()
    assert screen.contains(bar) and not bar.colliderect(scene.board_rect) and not bar.colliderect(scene.moves_rect)
    for button in (*scene.review_b.values(), scene.b["more"]):
        assert screen.contains(button.rect) and button.rect.height >= 44 and button.rect.width >= 44, button.name
    shot(app, f"review_{name}_{tag}")
