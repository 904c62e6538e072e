"""Fingers become gestures (a tap, a drag, a pinch), a double tap is told from two taps, and the camera
maps a zoomed and panned board to the screen and back."""

from __future__ import annotations

import math

import pygame
import pytest

import app_helpers  # noqa: F401  (headless SDL)
from game.app.ui.camera import Camera, fit_zoom
from game.app.ui.gestures import DOUBLE_TAP_SECONDS, TAP_SLOP, DoubleTap, FingerTracker
from game.app.ui.input import InputMapper


def kinds(gestures):
    return [g.kind for g in gestures]


# ------------------------------------------------------------------------------ fingers
def test_a_still_finger_is_one_tap_at_its_start():
    f = FingerTracker()
    assert kinds(f.down(1, (100, 100))) == ["point"]
    assert kinds(f.move(1, (103, 102))) == ["drag"]  # a tremble is still a tap
    up = f.up(1, (103, 102))
    assert kinds(up) == ["tap", "release"] and up[0].pos == (100, 100)


def test_a_finger_that_travels_is_a_drag_and_no_tap():
    f = FingerTracker()
    f.down(1, (100, 100))
    drags = f.move(1, (100 + TAP_SLOP + 1, 100))
    assert drags[0].kind == "drag" and drags[0].rel == (TAP_SLOP + 1, 0)
    assert kinds(f.up(1, (113, 100))) == ["release"]


def test_two_fingers_pinch_about_their_middle_and_never_tap():
    f = FingerTracker()
    f.down("a", (100, 200))
    assert f.down("b", (200, 200)) == []  # the second finger starts a pinch, no second point
    g = f.move("b", (300, 200))           # spread 100 -> 200, middle 150 -> 200
    assert kinds(g) == ["pinch"] and g[0].pos == (200, 200) and g[0].rel == (50, 0)
    assert g[0].scale == pytest.approx(2.0)
    g = f.move("a", (100, 240))            # both fingers slide: the middle moves, the spread barely
    assert g[0].rel == (0, 20) and g[0].scale == pytest.approx(math.dist((100, 240), (300, 200)) / 200)
    assert f.up("a", (100, 240)) == []     # one finger still down: nothing ends yet
    assert kinds(f.move("b", (310, 200))) == ["drag"]  # the finger left pans on
    assert kinds(f.up("b", (310, 200))) == ["release"]  # and the press was no tap


def test_a_double_tap_is_told_by_its_second_tap_and_no_tap_is_held():
    t = DoubleTap()
    assert t.tap((50, 50)) is False                   # a first tap: it acts at once, as a tap
    t.tick(DOUBLE_TAP_SECONDS / 2)
    assert t.tap((55, 52)) is True                    # close in time and place: the second of a double tap
    assert t.tap((55, 52)) is False                   # a third starts afresh
    t.tick(DOUBLE_TAP_SECONDS + 0.01)
    assert t.tap((55, 52)) is False                   # too late: a first again
    assert t.tap((150, 50)) is False                  # too far: a first again
    t.forget()                                        # (a drag or a pinch came between)
    assert t.tap((150, 50)) is False


def test_the_input_layer_turns_two_fingers_into_a_pinch():
    m = InputMapper((400, 800))

    def ev(kind, x, y, finger):
        return pygame.event.Event(kind, x=x / 400, y=y / 800, touch_id=1, finger_id=finger, dx=0, dy=0)

    assert kinds(m.translate(ev(pygame.FINGERDOWN, 100, 400, 0))) == ["point"]
    assert m.translate(ev(pygame.FINGERDOWN, 200, 400, 1)) == []
    pinch = m.translate(ev(pygame.FINGERMOTION, 300, 400, 1))
    assert [(i.kind, i.touch) for i in pinch] == [("pinch", True)] and pinch[0].scale == pytest.approx(2.0, rel=0.02)
    assert m.translate(ev(pygame.FINGERUP, 100, 400, 0)) == []
    assert kinds(m.translate(ev(pygame.FINGERUP, 300, 400, 1))) == ["release"]
    # Ctrl + / - / 0 zoom; the wheel says where the pointer is
    for key, what in ((pygame.K_EQUALS, "in"), (pygame.K_MINUS, "out"), (pygame.K_0, "fit")):
        got = m.translate(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode=""))
        assert [(i.kind, i.text) for i in got] == [("zoom", what)]
    m.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(33, 44), rel=(0, 0), buttons=(0, 0, 0)))
    wheel = m.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert [(i.kind, i.pos, i.rel) for i in wheel] == [("scroll", (33, 44), (0, 1))]


# ------------------------------------------------------------------------------ the camera
def test_zoom_about_a_point_keeps_it_in_place_and_the_board_covers_the_viewport():
    cam = Camera(max_zoom=5)
    cam.set_viewport(pygame.Rect(0, 100, 400, 300))
    assert cam.world == pygame.Rect(0, 100, 400, 300) and not cam.zoomed
    anchor = (120, 180)
    under = cam.to_board(anchor)
    cam.zoom_about(anchor, 2.5)
    assert cam.zoom == 2.5 and cam.world.size == (1000, 750)
    assert cam.to_screen(under) == pytest.approx(anchor)
    assert cam.to_board(cam.to_screen((200.0, 250.0))) == pytest.approx((200.0, 250.0))
    cam.pan(10_000, -10_000)  # no pan past the board's edges
    assert cam.world.left == 0 and cam.world.bottom == 400
    cam.zoom_about(anchor, 100)
    assert cam.zoom == 5  # the most it may
    cam.zoom_about(anchor, 0.01)
    assert cam.zoom == 1 and cam.world == cam.viewport
    cam.zoom_about(anchor, 3)
    cam.set_viewport(pygame.Rect(0, 0, 500, 300))  # a new size (a resize) starts unzoomed
    assert not cam.zoomed


def test_fit_zoom_makes_the_smallest_target_the_goal():
    assert fit_zoom(12, 48) == 4 and fit_zoom(60, 48) == 1 and fit_zoom(0, 48) == 1
