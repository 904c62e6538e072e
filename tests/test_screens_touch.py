"""Each game at 360x640, 390x844, 800x600 and 1280x720: at its start, in mid-game unzoomed and zoomed in (a
double tap, a piece chosen where the game has one), with the move list opened, written to
tests/screenshots/ to be looked at after a change of layout."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import SCREENSHOTS, key, open_game, pinch, press, shot, tap

SIZES = [(360, 640), (390, 844), (800, 600), (1280, 720)]
GAMES = [("star6", "star", {"size": 6}), ("star14", "star", {"size": 14}), ("savoy", "savoy", None),
         ("savoya4", "savoya", {"players": 4}), ("know", "know", None), ("know4", "know", {"players": 4}),
         ("know3", "know", {"players": 3}), ("truchet7", "truchet", None), ("truchet25", "truchet", {"size": 25}),
         ("truchethex4", "truchet", {"hex": True}), ("truchethex6", "truchet", {"hex": True, "size": 6})]


def choose_a_piece(app, scene) -> None:
    """Roll if a roll is due, and tap a piece that can move (Savoy, know), so that the zoomed screen shows a
    selection."""
    if scene.game.name in ("savoy", "savoya", "know") and scene.roll_due():
        press(app, "roll", touch=True)
    geo = scene.layout_board
    if scene.game.name in ("savoy", "savoya") and scene.sources():
        tap(app, geo.centre(sorted(scene.sources())[0]))
    elif scene.game.name == "know" and scene.choosable_spaces():
        tap(app, geo.centroids[sorted(scene.choosable_spaces())[0]])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("tag,name,options", GAMES, ids=lambda v: str(v))
def test_screens_of_every_game(size, tag, name, options):
    where = f"{size[0]}x{size[1]}"
    paths = []
    app, scene = open_game(size, name, options)
    paths.append(shot(app, f"{tag}_start_{where}"))
    app, scene = open_game(size, name, options, moves={"star14": 120, "truchet25": 40}.get(tag, 30), seed=7)
    choose_a_piece(app, scene)
    paths.append(shot(app, f"{tag}_mid_{where}"))
    selected = getattr(scene, "selected", None)
    if scene.board_zoom.needs_zoom:  # two fingers (a double tap's first tap would act: drop the choice)
        pinch(app, scene.board_rect.center, (40, 40 * scene.board_zoom.tap_zoom))
    else:  # big enough for fingers as it is (a double tap is two taps): zoom as the keys do
        key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
    assert scene.board_zoom.camera.zoomed and scene.board_target_px(scene.layout_board) >= 44
    assert getattr(scene, "selected", None) == selected  # the selection survives the zoom
    paths.append(shot(app, f"{tag}_mid_zoomed_{where}"))
    scene.board_zoom.zoom_out()
    scene.toggle_moves()
    paths.append(shot(app, f"{tag}_moves_{where}"))
    for path in paths:
        assert path.exists() and pygame.image.load(str(path)).get_size() == size
    assert SCREENSHOTS.is_dir()
