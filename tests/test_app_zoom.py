"""The board camera in the game scenes: a double tap, two fingers, a drag, the wheel and keys zoom and pan
every game's board the same way; a drag or a pinch never plays a move, the first tap of a double tap acts
as a tap (at once: no tap waits) and the second only zooms."""

from __future__ import annotations

import math

import pygame
import pytest

from app_helpers import (DESKTOP, click, double_tap, drag, finger, hover, key, new_app, open_game, pinch, press, pump,
                         quick_tap, tap)
from game.app.games.know.scene import KnowScene
from game.app.games.savoy.scene import SavoyScene
from game.app.games.star.scene import StarScene
from game.app.play.panels import PanelScene
from game.app.ui.board_zoom import TAP_GOAL
from game.app.ui.targets import FINGER_REACH, decide
from game.app.ui.theme import MIN_TOUCH
from game.app.ui.touch_mark import RING
from game.rules.savoy import SAVOY

SMALL_PHONE = (360, 640)
# (game, options, random moves before the test): boards that are too small for fingers on a small phone
SMALL_BOARDS = [("star", {"size": 6}, 20), ("star", {"size": 14}, 60), ("savoy", None, 12),
                ("truchet", None, 20), ("truchet", {"size": 25}, 10)]


def board_centre(scene: PanelScene) -> tuple[int, int]:
    return scene.board_rect.center


def unchanged(scene: PanelScene, moves: int) -> bool:
    return len(scene.history.moves) == moves


@pytest.mark.parametrize("name,options,moves", SMALL_BOARDS, ids=lambda v: str(v))
def test_a_double_tap_zooms_until_targets_are_finger_sized_and_back(name, options, moves):
    app, scene = open_game(SMALL_PHONE, name, options, moves)
    app.settings.set_manual_rolls(True)  # (only the taps could play here: no roll throws itself)
    played = len(scene.history.moves)
    camera = scene.board_zoom.camera
    before = scene.board_target_px(scene.layout_board)
    assert before < MIN_TOUCH  # this board needs the zoom on a small phone
    quick_tap(app, board_centre(scene))  # the first tap acts at once, as any tap (it may play, choose or ask)
    played = len(scene.history.moves)
    before = scene.board_target_px(scene.layout_board)
    tap(app, board_centre(scene))  # the second zooms, and acts on nothing else
    assert camera.zoom == pytest.approx(TAP_GOAL / before, rel=0.02)
    assert scene.board_target_px(scene.layout_board) >= MIN_TOUCH
    assert scene.button("zoom-out").rect.width >= MIN_TOUCH  # a way back that needs no gesture
    pump(app, 30)
    assert unchanged(scene, played) and scene.lens is None
    quick_tap(app, board_centre(scene))
    played = len(scene.history.moves)
    tap(app, board_centre(scene))
    assert not camera.zoomed and scene.layout_board is not None
    assert scene.button("zoom-out").rect.width == 0
    assert unchanged(scene, played)


def test_a_touch_is_marked_in_its_frame_and_a_tap_acts_in_the_frame_it_ends():
    """No tap waits for a double tap: the finger's mark shows in the frame its touch arrives, and the tap
    plays in the frame it ends (one frame from touch to mark, none from lift to move)."""
    app, scene = open_game(SMALL_PHONE, "star", {"size": 6})
    assert scene.board_zoom.needs_zoom  # a board that zooms on a double tap
    cell = scene.state.board.index["F6"]
    x, y = (round(v) for v in scene.layout_board.centers[cell])
    ring = (x + 21, y)  # on the mark's ring (a fingertip wide)
    pump(app)
    assert app.surface.get_at(ring)[:3] != RING
    finger(app, pygame.FINGERDOWN, (x, y))
    app.step()  # the frame the touch arrives in
    assert app.surface.get_at(ring)[:3] == RING and scene.history.moves == []
    finger(app, pygame.FINGERUP, (x, y))
    app.step()  # the frame the tap ends in
    assert scene.history.notation() == ["F6"]
    pump(app, 30)
    assert app.surface.get_at(ring)[:3] != RING  # the mark fades once the finger is up


@pytest.mark.parametrize("name,options,moves", SMALL_BOARDS[:3] + [("know", None, 6)], ids=lambda v: str(v))
def test_two_fingers_zoom_and_pan_and_never_play(name, options, moves):
    app, scene = open_game(SMALL_PHONE, name, options, moves)
    app.settings.set_manual_rolls(True)  # (only the taps could play here: no roll throws itself)
    played = len(scene.history.moves)
    camera = scene.board_zoom.camera
    centre = board_centre(scene)
    pinch(app, centre, (40, 120))  # fingers spread to three times their distance
    assert camera.zoom == pytest.approx(3.0, rel=0.05)
    assert not scene.board_zoom.pinching and scene.layout_board is not None
    assert unchanged(scene, played)
    pinch(app, centre, (160, 40))
    assert camera.zoom == pytest.approx(1.0)


def test_one_finger_pans_a_zoomed_board_and_a_drag_never_plays():
    app, scene = open_game(SMALL_PHONE, "star", {"size": 6})
    camera = scene.board_zoom.camera
    centre = board_centre(scene)
    drag(app, centre, (centre[0] + 80, centre[1]))  # unzoomed: nothing moves, nothing is played
    assert not camera.zoomed and scene.history.moves == []
    pinch(app, centre, (40, 120))
    under = camera.to_board(centre)
    drag(app, centre, (centre[0] + 60, centre[1] + 30))
    assert camera.to_board((centre[0] + 60, centre[1] + 30)) == pytest.approx(under, abs=1)
    assert scene.history.moves == [] and scene.lens is None
    # the mouse drags a zoomed board too, and a click still plays
    under = camera.to_board(centre)
    drag(app, centre, (centre[0] - 40, centre[1]), touch=False)
    assert camera.to_board((centre[0] - 40, centre[1])) == pytest.approx(under, abs=1)
    assert scene.history.moves == []
    cell = scene.layout_board.cell_at(centre)
    click(app, centre)
    assert scene.history.notation() == [scene.state.board.names[cell]]


def test_the_selection_survives_zooming_and_the_zoomed_board_plays_the_same():
    app = new_app(SMALL_PHONE)
    scene = SavoyScene(app, SAVOY, seed=4)
    scene.roller.seconds = 0
    app.push(scene)
    pump(app)
    for _ in range(40):  # on to a turn with a choice (a forced one is played for the player while zooming)
        if scene.roll_due():
            press(app, "roll", touch=True)
        elif len(scene.game.legal_moves(scene.state)) == 1:
            pump(app, 90)
        else:
            break
    src = sorted(scene.sources())[0]
    tap(app, scene.layout_board.centre(src))
    assert scene.selected == src
    targets = scene.targets(src)
    pinch(app, scene.layout_board.centre(src), (30, 90))
    assert scene.board_zoom.camera.zoomed and scene.selected == src  # still chosen, now finger-sized
    assert scene.layout_board.spacing >= MIN_TOUCH
    dst = sorted(targets)[0]
    at = scene.layout_board.centre(dst)
    if not scene.board_rect.collidepoint(at):  # pan it into view with a finger
        here = scene.board_rect.center
        drag(app, (here[0], here[1]), (here[0] - (at[0] - here[0]), here[1] - (at[1] - here[1])))
        at = scene.layout_board.centre(dst)
    assert scene.board_rect.collidepoint(at) and scene.selected == src
    tap(app, at)
    assert scene.parts and scene.parts[-1].src == src and scene.parts[-1].dst == dst


def test_the_wheel_zooms_about_the_pointer_and_keys_zoom_on_the_desktop():
    app, scene = open_game(DESKTOP, "star", {"size": 10})
    camera = scene.board_zoom.camera
    geo = scene.layout_board
    spot = geo.centers[scene.state.board.index["F6"]]
    hover(app, spot)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    pump(app)
    assert camera.zoom == pytest.approx(1.25 ** 2)
    assert scene.layout_board.cell_at((round(spot[0]), round(spot[1]))) == scene.state.board.index["F6"]
    # the wheel over the move list scrolls the list, not the board
    hover(app, scene.moves_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    pump(app)
    assert camera.zoom == pytest.approx(1.25 ** 2)
    key(app, pygame.K_0, mod=pygame.KMOD_LCTRL)
    assert not camera.zoomed
    key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
    assert camera.zoom == pytest.approx(1.25 ** 2)
    key(app, pygame.K_MINUS, mod=pygame.KMOD_LCTRL)
    assert camera.zoom == pytest.approx(1.25)
    press(app, "zoom-out")
    assert not camera.zoomed and scene.history.moves == []


def test_a_resize_starts_the_board_unzoomed():
    app, scene = open_game(SMALL_PHONE, "savoy", None, 6)
    double_tap(app, board_centre(scene))
    assert scene.board_zoom.camera.zoomed
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=390, h=844, size=(390, 844)))
    pump(app)
    assert not scene.board_zoom.camera.zoomed
    assert scene.board_zoom.camera.viewport == scene.board_rect


def test_know_taps_take_the_nearest_offer_so_its_thin_spaces_need_no_zoom():
    app, scene = open_game(SMALL_PHONE, "know", None, 8, seed=2)
    assert isinstance(scene, KnowScene)
    while not scene.movable_spaces():
        if scene.roll_due():
            press(app, "roll", touch=True)
        else:
            pytest.skip("no piece to move in this position")
    geo = scene.layout_board
    piece = sorted(scene.movable_spaces())[0]
    cx, cy = geo.centroids[piece]
    # a finger landing off the piece's own (thin) space, but clearly nearest it among the offers, takes it
    for angle in range(0, 360, 15):
        spot = (cx + (FINGER_REACH - 4) * math.cos(math.radians(angle)),
                cy + (FINGER_REACH - 4) * math.sin(math.radians(angle)))
        if decide(scene.shown_targets(), spot).chosen == piece and geo.space_at(spot) != piece:
            break
    else:
        pytest.skip("every spot near the piece is in its own space")
    tap(app, spot)
    assert scene.selected == piece, scene.message
