"""Playing Truchet through the real event handling: taps, clicks, keys, seeded random tiles."""

from __future__ import annotations

import random

from app_helpers import DESKTOP, PHONE, click, hover, key, new_app, point, press, pump, shot, tap, top, type_text

import pygame
import pytest

from game.app.games.truchet.rules_page import TRUCHET_RULES
from game.app.games.truchet.scene import TruchetScene
from game.app.play.panels import PanelScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesScene
from game.rules.record import read_record, write_record
from game.rules.truchet import DRAW, TRUCHET, X, O

SIZES = {"desktop": DESKTOP, "phone": PHONE}


def start_truchet(size_px=DESKTOP, board_size=7, touch=False, seed=1, setup=None):
    """From the menu: Play Truchet, set the board size with the stepper, Start."""
    app = new_app(size_px)
    press(app, "play-truchet", touch=touch)
    press(app, "seat1-human", touch=touch)  # two people on this device
    press(app, "options", touch=touch)
    delta = (board_size - 7) // 2
    for _ in range(abs(delta)):
        press(app, "size-plus" if delta > 0 else "size-minus", touch=touch)
    if setup:
        press(app, f"setup-{setup}", touch=touch)
    press(app, "start", touch=touch)
    scene = top(app)
    assert isinstance(scene, TruchetScene)
    assert scene.state.size == board_size
    scene.history.seed = seed  # the game's own dice, fixed
    scene.draw_seconds = 0
    scene.capture_seconds = 0
    return app, scene


def open_scene(size_px=DESKTOP, start=None, options=None, seed=1):
    app = new_app(size_px)
    scene = TruchetScene(app, TRUCHET, options, start=start, seed=seed)
    scene.draw_seconds = 0
    scene.capture_seconds = 0
    app.push(scene)
    pump(app)
    return app, scene


def junction(scene, name):
    return scene.layout_board.points[scene.state.board.index[name]]


def tile(scene, name):
    return scene.layout_board.tile_center(scene.state.board.tile_index[name])


def random_setup(app, scene, touch=False):
    for _ in range(3):
        press(app, "random", touch=touch)
    assert scene.state.playing


def play_by_ui(app, scene, move, touch=False):
    """Make one stack move (or a draw claim) the way a player would, checking the offers on the way."""
    text = str(move)
    before = len(scene.history.moves)
    index = scene.state.board.index
    if move.kind == "draw":
        press(app, "draw", touch=touch)
    else:
        if move.flip:
            point(app, tile(scene, move.flip), touch)
            assert scene.flip == move.flip, (text, scene.message)
        premove = move.premove
        if move.kind == "step":
            point(app, junction(scene, move.origins[0]), touch)
            assert index[move.destinations[0]] in scene.view().steps, (text, scene.message)
            point(app, junction(scene, move.destinations[0]), touch)
            if len(scene.history.moves) == before:  # it could also merge or split from there: a second tap
                assert scene.pending == move, (text, scene.message)
                point(app, junction(scene, move.destinations[0]), touch)
        elif move.kind == "split":
            point(app, junction(scene, move.origins[0]), touch)
            if premove:
                point(app, junction(scene, premove[1]), touch)
                assert scene.via == premove[1], (text, scene.message)
            for name, count in move.targets:
                assert index[name] in scene.view().targets, (text, scene.message)
                for _ in range(count):
                    point(app, junction(scene, name), touch)
            assert scene.pending == move, (text, scene.message, scene.parts)
            if touch:
                point(app, junction(scene, move.origins[0]), touch)  # a tap on the stack confirms
            else:
                press(app, "play")
        else:  # merge: tap the stacks, then the target, then where one first moves (if it does)
            for name in move.origins:
                point(app, junction(scene, name), touch)
            assert set(scene.sources) == set(move.origins), (text, scene.message)
            target = move.destinations[0]
            assert index[target] in scene.view().targets, (text, scene.message)
            point(app, junction(scene, target), touch)
            if scene.pending != move and premove:
                assert index[premove[1]] in scene.view().vias, (text, scene.message)
                point(app, junction(scene, premove[1]), touch)
            if scene.pending != move and premove and scene.ask_mover:  # two stacks could move there
                assert premove[0] in scene.ask_mover, (text, scene.message)
                point(app, junction(scene, premove[0]), touch)
            assert scene.pending == move, (text, scene.message)
            if touch:
                point(app, junction(scene, target), touch)
            else:
                key(app, pygame.K_RETURN)
    assert len(scene.history.moves) == before + 1, (text, scene.message)
    assert scene.history.moves[-1] == move, (text, scene.history.notation()[-2:])


def choose(rng, state):
    """A lively random move: captures first, then merges and splits often, a draw claim when offered."""
    legal = TRUCHET.legal_moves(state)
    if DRAW in legal:
        return DRAW
    captures = [m for m in legal if m.is_stack_move and TRUCHET.captures(state, m)]
    if captures:
        return rng.choice(captures)
    shaped = [m for m in legal if m.kind in ("merge", "split")]
    if shaped and rng.random() < 0.5:
        return rng.choice(shaped)
    return rng.choice(legal)


# ------------------------------------------------------------------------------ set-up
@pytest.mark.parametrize("tag", ["desktop", "phone"])
def test_random_setup_is_animated_recorded_and_replays(tag):
    app, scene = start_truchet(SIZES[tag], touch=tag == "phone", seed=7)
    assert not scene.button("play").rect.width and scene.button("random").enabled
    assert scene.status_line()[0] == "Set-up: O places 24 tiles"
    shot(app, f"truchet_setup_{tag}")
    scene.draw_seconds = 0.5
    press(app, "random", touch=tag == "phone")
    assert scene.drawing is not None and scene.history.notation() == ["random"]
    assert not scene.button("random").enabled and not scene.button("undo").enabled
    pump(app, 12)  # 0.2 s: some tiles have settled, the rest still tumble
    shot(app, f"truchet_drawing_{tag}")
    pump(app, 30)
    assert scene.drawing is None and len(scene.history.moves) == 2
    drawn = scene.history.moves[-1]
    assert drawn.kind == "tiles" and drawn.drawn and len(drawn.letters) == 24
    assert str(drawn).startswith("roll:")
    scene.draw_seconds = 0
    press(app, "random", touch=tag == "phone")
    press(app, "random", touch=tag == "phone")
    state = scene.state
    assert state.playing and state.to_move == X and "." not in state.tiles
    assert TRUCHET.scores(state) == (12, 12)
    # the play buttons replace the set-up ones
    assert scene.button("play").rect.width and not scene.button("random").rect.width
    assert scene.move_lines()[0] == "1. O random: " + drawn.letters[:5] + "…"  # the tiles drawn, with the random
    shot(app, f"truchet_start_{tag}")
    again = read_record(write_record(scene.history))
    assert again.state == state and again.notation() == scene.history.notation()


def test_tiles_tapped_into_place_and_typed_letters():
    app, scene = start_truchet(DESKTOP, board_size=3)
    order = scene.state.placement_tiles()  # O's four tiles of the 3x3 board
    names = [scene.state.board.tile_names[t] for t in order]
    assert scene.view().choosable == frozenset(order)
    click(app, tile(scene, names[1]))
    click(app, tile(scene, names[3]))
    click(app, tile(scene, names[3]))
    click(app, tile(scene, names[2]))
    assert "turned" in scene.message
    shot(app, "truchet_setup_tapped_desktop")
    # a tile that is not O's to place is refused with the reason
    other = scene.state.board.tile_names[scene.state.board.placement_orders[1][0]]
    click(app, tile(scene, other))
    assert scene.message_is_error and "not yours to place" in scene.message
    press(app, "place")
    assert scene.history.notation() == ["lrrl"]
    assert [scene.state.tiles[t] for t in order] == list("lrrl")
    # X types its letters; a wrong count is refused with the rules' reason and kept for correction
    type_text(app, "rrl")
    assert scene.message_is_error and "needs 4" in scene.message and scene.entry == "rrl"
    assert scene.entry_selected  # the refused text is selected: a key typed now would replace it
    key(app, pygame.K_RIGHT)  # ... unless the cursor goes to its end first
    key(app, pygame.K_BACKSPACE)
    type_text(app, "lr")
    assert scene.history.notation() == ["lrrl", "rrlr"]
    key(app, pygame.K_RETURN)  # Enter places the (untouched) draft: the centre tile
    assert scene.history.notation() == ["lrrl", "rrlr", "l"] and scene.state.playing


def test_single_setup_places_every_tile_at_once():
    app, scene = start_truchet(PHONE, board_size=5, setup="single", touch=True)
    assert len(scene.state.placement_tiles()) == 25
    press(app, "random", touch=True)
    assert scene.state.playing and len(scene.history.moves) == 2


# ------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("tag,touch,board_size,seed", [("desktop", False, 5, 3), ("phone", True, 5, 11)])
def test_whole_game_by_taps_to_game_over(tag, touch, board_size, seed):
    app, scene = start_truchet(SIZES[tag], board_size=board_size, touch=touch, seed=seed)
    random_setup(app, scene, touch)
    rng = random.Random(seed)
    kinds = set()
    shots = set()
    plays = 0
    while not isinstance(top(app), GameOverScene):
        plays += 1
        assert plays < 400
        move = choose(rng, scene.state)
        kinds.add(move.kind if not (move.is_stack_move and TRUCHET.captures(scene.state, move)) else "capture")
        if move.flip:
            kinds.add("flip")
        play_by_ui(app, scene, move, touch)
        if move.kind == "split" and "split" not in shots:
            shots.add("split")
            shot(app, f"truchet_after_split_{tag}")
    assert {"step", "flip", "capture"} <= kinds, kinds
    assert kinds & {"merge", "split"}
    outcome = TRUCHET.outcome(scene.state)
    assert outcome is not None
    over = top(app)
    headline, reason, lines = over._lines()
    assert reason == outcome.reason[:1].upper() + outcome.reason[1:]
    assert lines[0].startswith("X (Player 1):") and "pieces left" in lines[0]
    shot(app, f"truchet_gameover_{tag}")
    again = read_record(write_record(scene.history))
    assert again.state == scene.state
    press(app, "again", touch=touch)
    fresh = top(app)
    assert isinstance(fresh, TruchetScene) and fresh is not scene and fresh.history.moves == []
    assert fresh.state.size == board_size


# ------------------------------------------------------------------------------ offers and refusals
def position(tiles, x, o, to_move=X, quiet=0, options=None):
    return TRUCHET.position(tiles, x=x, o=o, to_move=to_move, quiet=quiet, options=options)


# The seed's first capture picture: an X single above and an X 2-stack left of b3 merge onto it.
CAPTURE_TILES = "rlr" "lrl" "rll"


@pytest.mark.parametrize("tag", ["desktop", "phone"])
def test_selection_shows_region_steps_and_rings_from_the_rules(tag):
    app, scene = open_scene(SIZES[tag], start=position(CAPTURE_TILES, {"a3": 2, "b4": 1, "c1": 1}, {"b3": 1, "d2": 2}))
    touch = tag == "phone"
    state = scene.state
    index = state.board.index
    point(app, junction(scene, "a3"), touch)
    view = scene.view()
    legal = [m for m in TRUCHET.legal_moves(state) if m.flip is None and "a3" in m.origins]
    steps = {index[m.destinations[0]] for m in legal if m.kind == "step"}
    assert view.selected == {index["a3"]} and view.steps == steps
    regions = TRUCHET.regions(state)
    assert view.region == {j for j, r in enumerate(regions) if r == regions[index["a3"]]}
    direct = {index[d] for m in legal if m.kind != "step" and (m.premove is None or m.premove[0] != "a3")
              for d in m.destinations}
    assert view.targets == direct and index["b3"] in view.captures
    shot(app, f"truchet_selected_{tag}")
    # a tap on a2 next to the 2-stack: a split part (the stack is tall); a second ring completes it.
    # (b3 cannot take a part: one piece does not capture a stack on its own colour.)
    point(app, junction(scene, "a2"), touch)
    assert scene.parts == {"a2": 1} and scene.pending is None and "1 piece still to place" in scene.message
    assert index["b3"] not in scene.view().targets  # while splitting, only split parts are offered
    shot(app, f"truchet_split_building_{tag}")
    point(app, junction(scene, "a4"), touch)
    assert scene.pending is not None and str(scene.pending) == "a3-a2,a4"
    assert scene.view().ghosts == {index["a2"]: 1, index["a4"]: 1} and index["a3"] in scene.view().faded
    point(app, junction(scene, "a4"), touch)  # cycling: a4 cannot take a second piece, so it empties
    assert scene.parts == {"a2": 1} and scene.pending is None
    press(app, "clear", touch=touch)
    assert scene.sources == [] and scene.view().region == frozenset()
    # the merge: choose both stacks, then the target; the captured stack is crossed out in the preview
    point(app, junction(scene, "b4"), touch)
    point(app, junction(scene, "a3"), touch)
    assert scene.sources == ["b4", "a3"]
    point(app, junction(scene, "b3"), touch)
    assert str(scene.pending) == "a3,b4-b3" and scene.view().ghosts == {index["b3"]: 3}
    assert scene.button("play").label == "Play a3,b4-b3"
    shot(app, f"truchet_merge_preview_{tag}")
    scene.capture_seconds = 0.6
    press(app, "play", touch=touch)
    assert scene.history.notation() == ["a3,b4-b3"] and state.stack("b3") == -1
    assert scene.state.stack("b3") == 3 and "Captured 1 O piece on b3" in scene.message
    assert scene.effects and scene.view().effects[0][:2] == (index["b3"], -1)
    pump(app, 12)
    shot(app, f"truchet_capture_animation_{tag}")
    pump(app, 40)
    assert not scene.effects


def test_merge_target_first_then_partners_for_single_pieces():
    app, scene = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a3": 1, "b4": 1}, {"b3": 1, "d1": 1}))
    index = scene.state.board.index
    click(app, junction(scene, "b4"))
    click(app, junction(scene, "b3"))  # a single cannot split: b3 is the merge's target
    assert scene.target == "b3" and scene.pending is None
    assert scene.view().partners == {index["a3"]} and "green rings" in scene.message
    click(app, junction(scene, "a3"))
    assert str(scene.pending) == "a3,b4-b3"
    click(app, junction(scene, "b3"))  # a second tap on the target confirms
    assert scene.history.notation() == ["a3,b4-b3"]


def test_flip_preview_refusal_and_cancel():
    start = position(CAPTURE_TILES, {"a1": 1}, {"d4": 1})
    app, scene = open_scene(PHONE, start=start)
    state = scene.state
    # ab12 has a1 as a corner: pinned, and the rules say why
    tap(app, tile(scene, "ab12"))
    assert scene.flip is None and scene.message_is_error and "pinned by the stack on a1" in scene.message
    tap(app, tile(scene, "bc23"))
    assert scene.flip == "bc23"
    preview = scene.view().tiles
    assert preview != state.tiles and preview[state.board.tile_index["bc23"]] != state.tile("bc23")
    tap(app, junction(scene, "a1"))
    regions = TRUCHET.regions(state, "bc23")
    index = state.board.index
    assert scene.view().region == {j for j, r in enumerate(regions) if r == regions[index["a1"]]}
    assert scene.view().steps == {index[m.destinations[0]] for m in TRUCHET.legal_moves(state)
                                  if m.flip == "bc23" and m.kind == "step" and m.origins == ("a1",)}
    shot(app, "truchet_flip_preview_phone")
    tap(app, tile(scene, "bc23"))  # a second tap keeps the tile as it is
    assert scene.flip is None and scene.view().tiles == state.tiles and scene.sources == ["a1"]
    tap(app, tile(scene, "bc23"))
    step = next(m for m in TRUCHET.legal_moves(state) if m.flip == "bc23" and m.kind == "step")
    tap(app, junction(scene, step.destinations[0]))
    assert scene.history.moves == [step] and str(step).startswith("bc23:a1-")
    assert scene.view().last_flip == state.board.tile_index["bc23"]


def test_typed_moves_and_refusals_keep_the_game():
    app, scene = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a3": 2, "b4": 1}, {"b3": 1, "d2": 2}))
    before = scene.state
    for bad, words in (("zz", "not a Truchet move"), ("ab12:a3-a1", "not in the region of a3"),
                       ("ab34:a3-a2,a4", "pinned by the stacks on a3, b3, b4"), ("de45:a3-a2,a4", "no tile de45"), ("a1-b2", "no stack on a1"),
                       ("b3-b2", "O's"), ("z9-a1", "no junction z9"), ("a3-a2,b3,a4", "add up to 3")):
        type_text(app, bad)
        assert scene.state is before, bad
        assert scene.message_is_error and words in scene.message, (bad, scene.message)
        assert scene.entry == bad
        key(app, pygame.K_ESCAPE)
        assert scene.entry == "" and top(app) is scene
    type_text(app, "A3-B3")  # a split to one junction is a step, and a step never captures
    assert scene.message_is_error and "occupied" in scene.message
    key(app, pygame.K_ESCAPE)
    type_text(app, "A3-A2,A4")
    assert scene.history.notation() == ["a3-a2,a4"] and scene.state.stack("a4") == 1
    assert scene.move_lines() == ["1. X a3-a2,a4"] and scene.entry == ""


def test_wrong_taps_are_explained():
    app, scene = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a3": 1, "c1": 1}, {"b3": 1, "d2": 2}))
    click(app, junction(scene, "b3"))
    assert scene.message_is_error and "O's stack" in scene.message
    click(app, junction(scene, "c2"))
    assert scene.message_is_error and "Tap one of your stacks" in scene.message
    click(app, junction(scene, "a3"))
    click(app, junction(scene, "d4"))  # not in a3's region
    assert scene.message_is_error and scene.sources == ["a3"] and scene.history.moves == []
    key(app, pygame.K_ESCAPE)
    assert scene.sources == [] and top(app) is scene


def test_claim_draw_and_the_game_over_reason():
    start = position(CAPTURE_TILES, {"a1": 1, "c1": 1}, {"d4": 1, "b4": 1}, quiet=50)
    app, scene = open_scene(PHONE, start=start)
    assert scene.button("draw").enabled and "claim a draw" in scene.idle_message()[0]
    shot(app, "truchet_draw_offer_phone")
    press(app, "draw", touch=True)
    over = top(app)
    assert isinstance(over, GameOverScene)
    headline, reason, lines = over._lines()
    assert headline == "A draw" and "Draw claimed after 50 turns" in reason
    shot(app, "truchet_draw_claimed_phone")
    app2, scene2 = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a1": 1}, {"d4": 1}, quiet=3))
    assert not scene2.button("draw").enabled


def test_last_capture_ends_the_game_after_its_animation():
    app, scene = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a3": 2, "b4": 1}, {"b3": 1}))
    scene.capture_seconds = 0.5
    type_text(app, "a3,b4-b3")
    assert top(app) is scene and scene.effects  # the capture shows before the game-over card
    pump(app, 40)
    over = top(app)
    assert isinstance(over, GameOverScene)
    assert over._lines()[1] == "O has no pieces left"
    assert any(line.startswith("O (Player 2): 0 of 2 pieces left") for line in scene.breakdown_lines())
    shot(app, "truchet_gameover_desktop_capture")


def test_undo_and_redo_take_a_random_draw_back_whole():
    app, scene = start_truchet(DESKTOP, board_size=5, seed=2)
    press(app, "random")
    drawn = scene.history.notation()
    assert drawn[0] == "random" and drawn[1].startswith("roll:")
    press(app, "undo")
    assert scene.history.moves == [] and not TRUCHET.is_chance(scene.state)
    press(app, "redo")
    assert scene.history.notation() == drawn
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert scene.history.notation() == drawn
    press(app, "random")
    press(app, "random")
    step = next(m for m in TRUCHET.legal_moves(scene.state) if m.flip is None and m.kind == "step")
    play_by_ui(app, scene, step)
    origin = step.origins[0]
    assert scene.state.stack(origin) == 0
    press(app, "undo")
    assert scene.state.stack(origin) == 1 and scene.sources == [] and len(scene.history.moves) == 6


def test_parity_toggle_and_hover():
    app, scene = open_scene(DESKTOP, start=position(CAPTURE_TILES, {"a1": 1}, {"d4": 1}))
    press(app, "parity")
    assert scene.view().show_parity
    hover(app, tile(scene, "bc23"))
    assert scene.view().hover == scene.state.board.tile_index["bc23"]
    hover(app, tile(scene, "ab12"))  # pinned: no flip offered
    assert scene.view().hover is None
    shot(app, "truchet_parity_desktop")
    key(app, pygame.K_F2)
    assert not scene.view().show_parity


# ------------------------------------------------------------------------------ layout and pages
@pytest.mark.parametrize("start,then", [(DESKTOP, PHONE), (PHONE, DESKTOP)])
def test_resize_relays_out_and_keeps_playing(start, then):
    app, scene = start_truchet(start, board_size=7)
    random_setup(app, scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=then[0], h=then[1], size=then))
    pump(app)
    assert app.size == then and scene.portrait == (then[1] > then[0])
    assert app.surface.get_rect().contains(scene.layout_board.outer)
    for button in scene.buttons:
        assert app.surface.get_rect().contains(button.rect) or not button.rect.width, button.name
    step = next(m for m in TRUCHET.legal_moves(scene.state) if m.kind == "step" and m.flip is None)
    play_by_ui(app, scene, step)


def test_phone_layout_has_finger_sized_buttons_and_no_overlaps():
    app, scene = start_truchet(PHONE)
    for phase in ("setup", "play"):
        shown = [b for b in scene.buttons if b.rect.width]
        for button in shown:
            assert button.rect.height >= 44 and button.rect.width >= 44, (phase, button.name)
        rects = [b.rect for b in shown] + [scene.entry_rect, scene.message_rect, scene.moves_rect, *scene.cards]
        for k, a in enumerate(rects):
            for b in rects[k + 1:]:
                assert not a.colliderect(b), (phase, a, b)
        assert scene.layout_board.outer.bottom <= scene.status_rect.top
        assert scene.layout_board.tile >= 40  # junctions a fingertip apart on the 7x7 board
        if phase == "setup":
            random_setup(app, scene)


@pytest.mark.parametrize("tag", ["desktop", "phone"])
def test_rules_page_credits_the_designer_with_a_diagram(tag):
    app, scene = start_truchet(SIZES[tag])
    press(app, "rules")
    page = top(app)
    assert isinstance(page, RulesScene) and page.page is TRUCHET_RULES
    assert "Cameron Browne" in TRUCHET_RULES.credit and TRUCHET_RULES.diagram is not None
    assert "a3,b4-b3" in TRUCHET_RULES.caption
    shot(app, f"truchet_rules_{tag}")
    press(app, "back")
    assert top(app) is scene


def test_scene_uses_the_shared_panels():
    app, scene = start_truchet(DESKTOP, board_size=3)
    assert isinstance(scene, PanelScene)
    random_setup(app, scene)
    assert scene.card_score(X, TRUCHET.scores(scene.state)) == "2"
    assert scene.card_tags(X, True)[-1] == "to move" and scene.card_tags(O, False) == ["O"]
