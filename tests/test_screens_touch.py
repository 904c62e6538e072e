"""Each game at 360x640, 390x844, 800x600 and 1280x800: at its start, in mid-game unzoomed and zoomed in (two
fingers, a piece chosen where the game has one), with the move list opened, and the question a tap between
two close targets asks, written to tests/screenshots/ to be looked at after a change of layout."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import SCREENSHOTS, key, open_game, pinch, press, shot, tap

SIZES = [(360, 640), (390, 844), (800, 600), (1280, 800)]
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


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("tag,name,options", [("star6", "star", {"size": 6}), ("know", "know", None)],
                         ids=lambda v: str(v))
def test_the_question_between_two_close_targets(size, tag, name, options):
    """A tap between two close targets: the magnified choice beside the finger, and the finger's mark."""
    from app_helpers import quick_tap
    from game.app.ui.targets import decide
    app, scene = open_game(size, name, options, moves=12, seed=3)
    choose_a_piece(app, scene)
    targets = scene.shown_targets()
    spots = [((a.at[0] + b.at[0]) / 2, (a.at[1] + b.at[1]) / 2) for k, a in enumerate(targets) for b in targets[k + 1:]]
    spot = next(p for p in spots if decide(targets, p).kind == "ask")
    quick_tap(app, spot)  # (the frame after it: the finger's mark still fading)
    assert scene.lens is not None
    path = shot(app, f"{tag}_question_{size[0]}x{size[1]}")
    assert path.exists()
