"""Every target a finger must hit is at least 44 px on a phone (360x640 and 390x844): every button of every
game scene at once, and every cell, space, junction and tile of every board at the zoom a double tap
gives. A target passes when a tap anywhere within 22 px of its middle (a 44 px fingertip) still hits it,
asked of the board's own hit test. (`build/touch_targets.py` prints the figures per game.)"""

from __future__ import annotations

import math

import pytest

from app_helpers import double_tap, open_game, press, top
from game.app.games.know.scene import KnowScene
from game.app.ui.theme import MIN_TOUCH

PHONES = [(360, 640), (390, 844)]
REACH = MIN_TOUCH / 2
BOARDS = [("star", {"size": 3}), ("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None),
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
    if name == "savoy":
        from game.rules.savoy_board import CELLS
        return geo.cell_at, [(c, geo.centre(c)) for c in CELLS]
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


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_know_offer_is_finger_sized_at_the_double_tap_zoom(size, seed):
    """know's spaces are far thinner than a finger, so a tap takes the nearest offer (a piece that can act,
    a space the chosen piece can reach): each offer, with each piece chosen in turn, is hit from 22 px."""
    app, scene = open_game(size, "know", None, 10 + 7 * seed, seed)
    assert isinstance(scene, KnowScene)
    checked = 0
    for piece in sorted(scene.choosable_spaces()) or [None]:
        scene.board_zoom.zoom_out()
        scene.selected = piece
        geo = scene.layout_board
        offers = [(i, geo.centroids[i]) for i in scene.offered_spaces()]
        if misses(scene.space_under, offers):
            double_tap(app, geo.centroids[piece] if piece is not None else scene.board_rect.center)
            scene.selected = piece  # (the double tap chose nothing)
            geo = scene.layout_board
            offers = [(i, geo.centroids[i]) for i in scene.offered_spaces()]
        assert misses(scene.space_under, offers) == [], (piece, scene.board_zoom.camera.zoom)
        checked += len(offers)
    assert checked or not scene.offered_spaces()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["star", "savoy", "know", "truchet"])
def test_every_button_of_a_game_scene_is_finger_sized(size, name):
    app, scene = open_game(size, name, None, 12)
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
    for game in ("star", "savoy", "know", "truchet"):
        press(app, f"play-{game}", touch=True)
        pages.append(top(app))
        app.pop()
    for page in pages:
        for button in page.buttons:
            if button.rect.width:
                assert button.rect.width >= MIN_TOUCH and button.rect.height >= MIN_TOUCH, (type(page).__name__,
                                                                                            button.name)
