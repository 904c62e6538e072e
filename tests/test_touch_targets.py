"""Every target a finger must hit is at least 44 px on a phone (360x640 and 390x844): every button of every
game scene at once; every legal target of every board unzoomed, as a tap decides it (the nearest legal
target, or a question where two are about as near); and every cell, space, junction and tile of every board
at the zoom a double tap gives, by the board's own hit test. A target passes when a tap anywhere within
22 px of its middle (a 44 px fingertip) still hits it. (`build/touch_targets.py` prints the figures per
game.)"""

from __future__ import annotations

import math

import pytest

from app_helpers import double_tap, open_game, press, top
from game.app.ui.targets import effective_reach, guarded
from game.app.ui.theme import MIN_TOUCH
from tap_situations import situations

PHONES = [(360, 640), (390, 844)]
REACH = MIN_TOUCH / 2
BOARDS = [("star", {"size": 3}), ("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None),
          ("savoya", {"players": 2}), ("savoya", {"players": 4}),
          ("truchet", {"size": 3}), ("truchet", None), ("truchet", {"size": 25}), ("truchet", {"hex": True, "size": 2}),
          ("truchet", {"hex": True}), ("truchet", {"hex": True, "size": 6})]


def around(centre: tuple[float, float], reach: float = REACH, directions: int = 16):
    cx, cy = centre
    for k in range(directions):
        a = 2 * math.pi * k / directions
        yield (cx + reach * math.cos(a), cy + reach * math.sin(a))


def misses(hit, targets) -> list:
    """The targets (name, centre) that a tap within REACH of their middle can miss, by `hit(point)`."""
    return [name for name, centre in targets if any(hit(p) != name for p in around(centre))]


def board_targets(scene) -> tuple:
    """(hit test, [(target, centre)]) of a scene's board as laid out now."""
    geo = scene.layout_board
    name = scene.game.name
    if name == "star":
        return geo.cell_at, list(enumerate(geo.centers))
    if name in ("savoy", "savoya"):
        return geo.cell_at, [(c, geo.centre(c)) for c in geo.board.cells]
    if name == "truchet":
        def hit(p):
            j = geo.junction_at(p)
            return ("junction", j) if j is not None else ("tile", geo.tile_at(p))
        junctions = [(("junction", j), p) for j, p in enumerate(geo.points)]
        tiles = [(("tile", t), geo.tile_center(t)) for t in range(len(geo.centres))]
        return hit, junctions + tiles
    raise AssertionError(name)


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,options", BOARDS, ids=lambda v: str(v))
def test_every_board_target_is_finger_sized_at_the_double_tap_zoom(size, name, options):
    app, scene = open_game(size, name, options)
    hit, targets = board_targets(scene)
    if misses(hit, targets):  # too small as laid out: the board zooms
        double_tap(app, scene.board_rect.center)
        assert scene.board_zoom.camera.zoomed
        hit, targets = board_targets(scene)
    assert misses(hit, targets) == []


TAP_GAMES = [("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None), ("savoya", {"players": 2}),
             ("savoya", {"players": 4}), ("know", None), ("know", {"players": 3}), ("know", {"players": 4}),
             ("truchet", None), ("truchet", {"size": 25}), ("truchet", {"hex": True})]


@pytest.mark.parametrize("name,options", TAP_GAMES, ids=lambda v: str(v))
def test_every_legal_target_unzoomed_is_finger_sized_or_asked_about(name, options):
    """On a small phone, unzoomed, in a few positions and with each piece that can move chosen in turn: a
    tap takes the nearest legal target, so each is as wide as its effective target (the area where a tap
    chooses it); where that is under 44 px, wherever a fingertip aimed at it stops choosing it the app
    asks (never taking another target, nor nothing). And a target alone is a fingertip wide at least."""
    checked = 0
    for app, scene in situations((360, 640), name, options):
        targets = scene.shown_targets()
        if not targets:
            continue
        first = min(t.rank for t in targets)
        for target in (t for t in targets if t.rank == first):
            wide = 2 * effective_reach(targets, target.key)
            assert wide >= MIN_TOUCH or guarded(targets, target.key), (target, wide)
            checked += 1
        lone = next((t for t in targets if not t.exact), None)  # (the chosen piece is reached only by a tap on it)
        assert lone is None or 2 * effective_reach([lone], lone.key) >= MIN_TOUCH
    assert checked > 10


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,options", [("star", None), ("savoy", None), ("savoya", {"players": 4}),
                                          ("savoya", {"players": 3}), ("know", None), ("know", {"players": 3}),
                                          ("know", {"players": 4}), ("truchet", None)], ids=lambda v: str(v))
def test_every_button_of_a_game_scene_is_finger_sized(size, name, options):
    app, scene = open_game(size, name, options, 12)
    for button in scene.buttons:
        if button.rect.width:  # (buttons out of use are given no room)
            assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH, button.name
    double_tap(app, scene.board_rect.center)
    zoom_out = scene.button("zoom-out")
    if scene.board_zoom.camera.zoomed:
        assert zoom_out.rect.width >= MIN_TOUCH and zoom_out.rect.height >= MIN_TOUCH


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_button_of_the_menu_pages_is_finger_sized(size):
    from app_helpers import new_app
    app = new_app(size)
    pages = [top(app)]
    for game in ("star", "savoy", "savoya", "know", "truchet"):
        press(app, f"play-{game}", touch=True)
        pages.append(top(app))
        app.pop()
    for page in pages:
        for button in page.buttons:
            if button.rect.width:
                assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH, (type(page).__name__,
                                                                                            button.name)
