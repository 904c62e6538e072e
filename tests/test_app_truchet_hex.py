"""Hexagonal Truchet (``-hex``) in the app: the same scene and view as the square board, drawn and hit
through the board graph (`state.board`).

The drawing is checked against the rules: next to every junction, inside each tile round it, the board
shows the junction's colour (a cap or the band, whichever holds that corner), on the tiling as drawn and
after a flip; every junction and tile is hit by a tap at its drawn centre; whole games are played by
taps, by the computer, reviewed, saved and resumed, and sent by link.
"""

from __future__ import annotations

import math
import random

import pygame
import pytest

from app_helpers import DESKTOP, MAX_FRAMES, PHONE, double_tap, new_app, point, press, pump, shot, top
from test_app_truchet import choose, junction, play_by_ui, tile

from game.app.games.registry import GAME_SCENES
from game.app.games.truchet.rules_page import HEX_PLAYTEST, HEX_TRUCHET_RULES, TRUCHET_RULES
from game.app.games.truchet.scene import TruchetScene
from game.app.games.truchet.view import DOT, REGION, TruchetLayout, tiling_surface
from game.app.play.panels import HINT_INK
from game.app.saves.exchange import link_text, read_shared
from game.app.saves.storage import Storage
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesScene
from game.rules.record import read_record, write_record
from game.rules.truchet import TRUCHET, X, hex_board

SIZES = {"390x844": PHONE, "1280x720": DESKTOP, "360x640": (360, 640)}
SMALL = {"hex": True, "size": 2}


def open_hex(size_px=DESKTOP, options=None, start=None, seed=1, seats=("Human", "Human"), app=None):
    """A hex Truchet scene pushed on a headless app, its animations off."""
    app = app or new_app(size_px)
    scene = TruchetScene(app, TRUCHET, dict(options or {"hex": True}), seats, start=start, seed=seed)
    scene.draw_seconds = 0
    scene.capture_seconds = 0
    scene.computer_pause = 0
    app.push(scene)
    pump(app)
    return app, scene


def set_up(app, scene, touch=False) -> None:
    for _ in range(3):
        press(app, "random", touch=touch)
    assert scene.state.playing and scene.state.hex


# ------------------------------------------------------------------------------ the drawing follows the rules
def colour_near(surface: pygame.Surface, layout: TruchetLayout, j: int, t: int) -> tuple[int, int, int]:
    """The tiling's colour a quarter side from junction `j` towards the centre of tile `t`."""
    (x, y), (cx, cy) = layout.points[j], layout.centres[t]
    f = 0.25 * layout.tile / math.dist((x, y), (cx, cy))
    px, py = x + (cx - x) * f - layout.bounds.left, y + (cy - y) * f - layout.bounds.top
    return tuple(surface.get_at((round(px), round(py))))[:3]


def close(found, a, b=None, slack: float = 24) -> bool:
    """Whether colour `found` is within `slack` of `a`, or of a blend of `a` and `b` (a dot's soft edge)."""
    b = b or a
    d = [q - p for p, q in zip(a, b)]
    length = sum(v * v for v in d) or 1
    f = max(0.0, min(1.0, sum((c - p) * v for c, p, v in zip(found, a, d)) / length))
    return math.dist(found, [p + f * v for p, v in zip(a, d)]) <= slack


@pytest.mark.parametrize("side", [2, 3, 4])
def test_next_to_every_corner_each_tile_shows_the_corners_colour(side):
    """Edge matching, drawn: whichever part of a tile holds a corner (a cap or the band), it has that
    junction's colour (teal for X, with its dots; sand for O); so caps sit at the corners the band leaves
    out, for u and for d tiles, before and after a flip."""
    geo = hex_board(side)
    rng = random.Random(side)
    layout = TruchetLayout(geo, pygame.Rect(0, 0, 900, 900))
    tiles = "".join(rng.choice("ud") for _ in range(geo.tile_count))
    for shown in (tiles, tiles[:3] + ("d" if tiles[3] == "u" else "u") + tiles[4:]):
        surface = tiling_surface(layout, shown)
        for t, corners in enumerate(geo.corners):
            for j in corners:
                found = colour_near(surface, layout, j, t)
                wanted = (REGION[X], DOT[X]) if geo.colour[j] == X else (REGION[1],)
                assert close(found, *wanted), (geo.names[j], geo.tile_names[t], shown[t], found)


def test_both_boards_share_one_layout_and_one_drawing():
    """The square board goes through the same geometry: its layout is the board graph's points."""
    for geo in (hex_board(4), TRUCHET.new({}).board):
        layout = TruchetLayout(geo, pygame.Rect(0, 0, 600, 600))
        assert len(layout.points) == geo.junction_count and len(layout.rings) == geo.tile_count
        assert all(len(ring) == len(geo.corners[t]) for t, ring in enumerate(layout.rings))
        assert layout.outer.width <= 601 and layout.outer.height <= 601


# ------------------------------------------------------------------------------ hit testing
@pytest.mark.parametrize("size,touch", [(DESKTOP, False), (PHONE, True), ((360, 640), True)],
                         ids=["1280x720-click", "390x844-tap", "360x640-tap"])
def test_a_tap_at_the_drawn_centre_of_every_junction_and_tile_hits_it(size, touch, monkeypatch):
    """Every junction and every tile of a side-3 board, tapped (or clicked) where it is drawn, reaches the
    scene as that junction or tile (on a phone after the double tap's zoom, if the board needs it): the
    board's own hit test, which a tap falls back on where it reaches none of the candidates of the moment
    (here none: a tap near a candidate takes the candidate, see test_board_taps.py)."""
    app, scene = open_hex(size, {"hex": True, "size": 3})
    set_up(app, scene, touch)
    monkeypatch.setattr(scene, "tap_targets", lambda: [])
    hits: list[tuple[str, int]] = []
    monkeypatch.setattr(scene, "tap_junction", lambda j: hits.append(("junction", j)))
    monkeypatch.setattr(scene, "tap_tile", lambda t: hits.append(("tile", t)))
    geo = scene.state.board
    if touch and scene.board_zoom.needs_zoom:
        double_tap(app, scene.board_rect.center)
        assert scene.board_zoom.camera.zoomed
    checked = 0
    for kind, count in (("junction", geo.junction_count), ("tile", geo.tile_count)):
        for k in range(count):
            layout = scene.layout_board
            centre = layout.points[k] if kind == "junction" else layout.tile_center(k)
            if scene.board_zoom.camera.zoomed:  # bring it towards the middle, as a finger drags the board
                view = scene.board_zoom.viewport.center
                scene.board_zoom.drag((round(view[0] - centre[0]), round(view[1] - centre[1])))
                layout = scene.layout_board
                centre = layout.points[k] if kind == "junction" else layout.tile_center(k)
                assert not scene.button("zoom-out").rect.collidepoint(centre)  # (clear of the button)
            hits.clear()
            point(app, centre, touch)
            assert hits == [(kind, k)], (kind, geo.names[k] if kind == "junction" else geo.tile_names[k], hits)
            checked += 1
    assert checked == geo.junction_count + geo.tile_count == 54 + 19


# ------------------------------------------------------------------------------ playing by taps
@pytest.mark.parametrize("size,touch,seed", [(DESKTOP, False, 3), (PHONE, True, 5)], ids=["desktop", "phone"])
def test_whole_hex_game_by_taps_to_game_over(size, touch, seed):
    app, scene = open_hex(size, {"hex": True, "size": 3}, seed=seed)
    assert scene.status_line()[0] == "Set-up: O places 9 tiles"
    assert all(letter == "u" for letter in scene.draft.values())
    set_up(app, scene, touch)
    assert TRUCHET.scores(scene.state) == (9, 9)
    rng = random.Random(seed)
    kinds = set()
    for _ in range(400):
        if isinstance(top(app), GameOverScene):
            break
        move = choose(rng, scene.state)
        kinds.add("capture" if move.is_stack_move and TRUCHET.captures(scene.state, move) else move.kind)
        if move.flip:
            kinds.add("flip")
        play_by_ui(app, scene, move, touch)
    assert isinstance(top(app), GameOverScene)
    assert {"step", "flip", "capture"} <= kinds and kinds & {"merge", "split"}, kinds
    assert TRUCHET.outcome(scene.state) is not None
    again = read_record(write_record(scene.history))
    assert again.state == scene.state and again.options["hex"] is True
    press(app, "again", touch=touch)  # Play again: the same variant and size
    fresh = top(app)
    assert isinstance(fresh, TruchetScene) and fresh is not scene and fresh.history.moves == []
    assert fresh.state.hex and fresh.state.size == 3 and fresh.rules_page is HEX_TRUCHET_RULES


def test_tiles_tapped_into_place_turn_between_u_and_d():
    app, scene = open_hex(DESKTOP, SMALL)
    order = scene.state.placement_tiles()
    names = [scene.state.board.tile_names[t] for t in order]
    assert scene.view().choosable == frozenset(order)
    point(app, tile(scene, names[0]), False)
    assert scene.draft[order[0]] == "d" and "turned" in scene.message
    press(app, "place")
    assert scene.history.notation() == ["d" + "u" * (len(order) - 1)]
    assert "u/d letters" in scene.entry_hint()


def test_a_selected_stack_lights_its_region_and_a_flip_previews_the_band_it_changes():
    app, scene = open_hex(PHONE, {"hex": True, "size": 4}, seed=2)
    set_up(app, scene, True)
    state = scene.state
    index = state.board.index
    step = next(m for m in TRUCHET.legal_moves(state) if m.kind == "step" and m.flip is None)
    origin = step.origins[0]
    point(app, junction(scene, origin), True)
    regions = TRUCHET.regions(state)
    view = scene.view()
    assert view.selected == {index[origin]}
    assert view.region == {j for j, r in enumerate(regions) if r == regions[index[origin]]}
    assert index[step.destinations[0]] in view.steps
    press(app, "clear", touch=True)
    flip = next(m.flip for m in TRUCHET.legal_moves(state) if m.flip)
    point(app, tile(scene, flip), True)
    assert scene.flip == flip
    t = state.board.tile_index[flip]
    shown = scene.view().tiles
    assert shown[t] != state.tiles[t] and shown[:t] + shown[t + 1:] == state.tiles[:t] + state.tiles[t + 1:]
    assert scene.view().flip == t
    # with no stack chosen, the region the new band makes is lit: the band's three corners and all joined to them
    after = TRUCHET.regions(state, flip)
    band = state.board.band(t, shown[t])
    assert len(band) == 3 and len({after[j] for j in band}) == 1
    assert scene.view().region == {j for j, r in enumerate(after) if r == after[band[0]]}


# ------------------------------------------------------------------------------ rules page
def test_the_hex_game_opens_its_own_rules_page_with_a_real_diagram():
    app, scene = open_hex(PHONE)
    press(app, "rules", touch=True)
    page = top(app)
    assert isinstance(page, RulesScene) and page.page is HEX_TRUCHET_RULES
    assert TruchetScene.rules_page_for({"hex": True}) is HEX_TRUCHET_RULES
    assert TruchetScene.rules_page_for({"size": 7}) is TRUCHET_RULES
    assert "our own design" in HEX_TRUCHET_RULES.credit and "unfinished" in HEX_TRUCHET_RULES.credit
    what = dict(HEX_TRUCHET_RULES.sections)["What to try"]
    assert len(HEX_PLAYTEST) == 7 and all(question in what for question in HEX_PLAYTEST)
    surface = pygame.Surface((400, 400))
    surface.fill((0, 0, 0))
    HEX_TRUCHET_RULES.diagram(surface, surface.get_rect())  # the merge it shows is checked legal as it draws
    assert surface.get_at((200, 200))[:3] != (0, 0, 0)
    for tag, size in (("390x844", PHONE), ("1280x720", DESKTOP)):
        app2, _ = open_hex(size)
        press(app2, "rules")
        shot(app2, f"truchet_hex_rules_{tag}")


# ------------------------------------------------------------------------------ the computer, review, saves, links
def test_a_computer_seat_plays_hex_truchet_to_the_end():
    app, scene = open_hex(DESKTOP, {"hex": True, "size": 2, "draw": "auto", "quiet": 6},
                          seats=("Computer 1", "Computer 1"), seed=4)
    for _ in range(6000):
        if isinstance(app.top, GameOverScene):
            break
        app.step()
    assert isinstance(app.top, GameOverScene), scene.history.notation()[-4:]
    decisions = [k for k, state in enumerate(scene.history.states[:-1]) if not TRUCHET.is_chance(state)]
    assert len(scene.decisions) == len(decisions) >= 4
    assert [d["move"] for d in scene.decisions] == [str(scene.history.moves[k]) for k in decisions]


def test_the_computer_answers_a_persons_hex_move():
    app, scene = open_hex(DESKTOP, SMALL, seats=("Human", "Computer 1"), seed=6)
    for _ in range(MAX_FRAMES):  # O (the computer) places first, then X (the person), then O's centre tile
        if scene.state.playing:
            break
        if not scene.computer_to_act() and not TRUCHET.is_chance(scene.state) and scene.drawing is None:
            press(app, "random")
        app.step()
    assert scene.state.playing and scene.state.to_move == X
    step = next(m for m in TRUCHET.legal_moves(scene.state) if m.kind == "step" and m.flip is None)
    play_by_ui(app, scene, step)
    mine = len(scene.history.moves)
    for _ in range(MAX_FRAMES):
        if len(scene.history.moves) > mine:
            break
        app.step()
    assert len(scene.history.moves) == mine + 1 and scene.state.to_move == X
    assert scene.history.moves[-1] in TRUCHET.legal_moves(scene.history.states[-2])


def test_a_hint_on_the_hex_board_is_a_legal_move_drawn_and_not_played():
    app, scene = open_hex(DESKTOP, {"hex": True, "size": 3}, seed=3)
    set_up(app, scene)
    before = list(scene.history.moves)
    press(app, "hint")
    for _ in range(3000):
        if scene.hint is None:
            break
        app.step()
    move = scene.shown_hint()
    assert move is not None and move in TRUCHET.legal_moves(scene.state) and scene.history.moves == before
    strokes, radius = scene.move_marks(move)
    app.draw()
    x, y = strokes[-1][-1]  # where the stack lands, ringed in the hint's colour
    ring = [app.surface.get_at((round(x + dx), round(y + dy)))[:3]
            for dx, dy in ((radius, 0), (-radius, 0), (0, radius), (0, -radius))]
    assert HINT_INK in ring


def test_review_save_resume_and_a_link_keep_the_hex_board(tmp_path):
    app = new_app(PHONE, Storage(tmp_path))
    app, scene = open_hex(PHONE, SMALL, seed=9, app=app)
    set_up(app, scene, True)
    rng = random.Random(1)
    for _ in range(4):
        scene.play(choose(rng, scene.state))
    notation = scene.history.notation()
    # review: the position after move 5, drawn on the hex board; the game itself does not change
    assert scene.review(5)
    assert scene.state == scene.live_history.states[5] and scene.state.hex
    shot(app, "truchet_hex_review_390x844")
    scene.end_review()
    assert scene.history.notation() == notation
    # save and resume in a later session
    press(app, "menu", touch=True)
    later = new_app(DESKTOP, Storage(tmp_path))
    assert later.saved is not None and later.saved.history.options["hex"] is True
    press(later, "resume")
    resumed = top(later)
    assert isinstance(resumed, TruchetScene) and resumed.state.hex and resumed.history.notation() == notation
    assert resumed.rules_page is HEX_TRUCHET_RULES
    pump(later)
    # a game link: read back to the same hex game, and opened in the app as one
    link = link_text(resumed.history, resumed.save_id)
    shared = read_shared(link).game.history
    assert shared.notation() == notation and shared.state == resumed.state and shared.options["hex"] is True
    assert GAME_SCENES["truchet"] is TruchetScene
    # ... and pasted into Open a game on another device: the game, on its hex board, to play on
    other = new_app(PHONE, Storage(tmp_path / "other"))
    pygame.scrap.put_text(link)
    press(other, "open", touch=True)
    press(other, "paste", touch=True)
    opened = top(other)
    assert isinstance(opened, TruchetScene) and opened.history.notation() == notation
    assert opened.state.hex and opened.layout_board.geo is hex_board(2) and opened.save_id == resumed.save_id
    step = next(m for m in TRUCHET.legal_moves(opened.state) if m.kind == "step" and m.flip is None)
    play_by_ui(other, opened, step, touch=True)
    assert opened.share_due


# ------------------------------------------------------------------------------ screens
def screen_position(size: tuple[int, int]):
    """A side-4 game after its set-up and a few moves, the same at every size."""
    app, scene = open_hex(size, {"hex": True, "size": 4}, seed=12)
    set_up(app, scene, touch=size[1] > size[0])
    rng = random.Random(4)
    for _ in range(6):
        scene.play(choose(rng, scene.state))
    pump(app)
    return app, scene


@pytest.mark.parametrize("tag", sorted(SIZES))
def test_screens_of_hex_truchet(tag):
    """start, a stack chosen with its region lit, a flip chosen (the new band previewed), game over."""
    size = SIZES[tag]
    touch = size[1] > size[0]
    app, scene = open_hex(size, {"hex": True, "size": 4}, seed=12)
    shot(app, f"truchet_hex_setup_{tag}")
    set_up(app, scene, touch)
    shot(app, f"truchet_hex_start_{tag}")
    app, scene = screen_position(size)
    if touch and scene.board_zoom.needs_zoom:
        double_tap(app, scene.board_rect.center)
    state = scene.state
    mover = next(m for m in TRUCHET.legal_moves(state) if m.flip is None and m.kind == "step"
                 and scene.board_zoom.viewport.inflate(-30, -30).collidepoint(junction(scene, m.origins[0]))
                 and not scene.button("zoom-out").rect.collidepoint(junction(scene, m.origins[0])))
    point(app, junction(scene, mover.origins[0]), touch)
    assert scene.view().region and scene.sources == [mover.origins[0]]
    shot(app, f"truchet_hex_selected_{tag}")
    press(app, "clear", touch=touch)
    seen = scene.board_zoom.viewport.inflate(-30, -30)
    flips = [m for m in TRUCHET.legal_moves(state) if m.flip and m.kind == "step"
             and seen.collidepoint(tile(scene, m.flip)) and seen.collidepoint(junction(scene, m.origins[0]))
             and not scene.button("zoom-out").rect.collidepoint(junction(scene, m.origins[0]))]
    flip = flips[0]
    point(app, tile(scene, flip.flip), touch)
    assert scene.flip == flip.flip and scene.view().region
    shot(app, f"truchet_hex_flip_{tag}")
    point(app, junction(scene, flip.origins[0]), touch)
    assert scene.sources == [flip.origins[0]]
    shot(app, f"truchet_hex_flip_and_stack_{tag}")
    scene.board_zoom.zoom_out()
    # game over: a game played on to its end
    rng = random.Random(8)
    for _ in range(600):
        if TRUCHET.outcome(scene.state) is not None:
            break
        scene.play(choose(rng, scene.state))
    for _ in range(5):
        pump(app)
    assert isinstance(top(app), GameOverScene)
    shot(app, f"truchet_hex_gameover_{tag}")
    press(app, "review", touch=touch)  # See board: the final position
    assert top(app) is scene
    shot(app, f"truchet_hex_end_board_{tag}")
