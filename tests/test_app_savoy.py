"""Playing Savoy through the real event handling: clicks, taps, keys, seeded and injected dice."""

from __future__ import annotations


from app_helpers import DESKTOP, Dice, PHONE, click, hover, key, new_app, point, press, pump, shot, tap, top, type_text

import pygame
import pytest

from game.app.games.savoy.rules_page import SAVOY_RULES
from game.app.games.savoy.scene import SavoyScene
from game.app.play.panels import PanelScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesScene
from game.rules.history import dice_generator
from game.rules.record import read_record, write_record
from game.rules.savoy import PASS, SAVOY

SIZES = ((DESKTOP, "desktop"), (PHONE, "phone"))


def open_scene(size=DESKTOP, start=None, options=None, dice=(), seed=None):
    app = new_app(size)
    scene = SavoyScene(app, SAVOY, options, start=start, rng=Dice(dice) if seed is None else None, seed=seed)
    scene.roller.seconds = 0
    app.push(scene)
    pump(app)
    return app, scene


def at(scene, name):
    return scene.layout_board.centre(name)


def play_turn_by_ui(app, scene, touch=False, pick=0, confirm_with_enter=False):
    """Build a whole turn the way a player would: ringed piece, green cell (route button if asked), Play."""
    before = len(scene.history.moves)
    state = scene.state
    legal = set(SAVOY.legal_moves(state))
    for _ in range(8):
        if scene.done is not None and not scene.conts:
            break
        sources = sorted(scene.sources())
        assert sources, scene.message
        src = sources[pick % len(sources)]
        point(app, at(scene, src), touch)
        assert scene.selected == src, scene.message
        targets = sorted(scene.targets(src))
        assert targets and targets == sorted({p.dst for p in SAVOY.continuations(state, scene.parts) if p.src == src})
        point(app, at(scene, targets[-1]), touch)
        if scene.route_choices:
            press(app, "route0", touch=touch)
    move = scene.done
    assert move in legal
    if confirm_with_enter:
        key(app, pygame.K_RETURN)
    else:
        press(app, "play", touch=touch)
    assert len(scene.history.moves) == before + 1 and scene.history.moves[-1] == move
    return move


# ------------------------------------------------------------------------------ whole games
def test_menu_opens_savoy_with_its_options():
    app = new_app(PHONE)
    press(app, "play-savoy", touch=True)
    press(app, "seat1-human", touch=True)
    key(app, pygame.K_RETURN)  # Enter starts the game as well
    scene = top(app)
    assert isinstance(scene, SavoyScene) and scene.state.opening
    assert scene.button("roll").label == "Opening roll" and scene.button("roll").enabled
    assert not scene.button("play").enabled and not scene.button("pass").enabled
    assert "Opening roll" in scene.message
    shot(app, "savoy_start_phone")


@pytest.mark.parametrize("size,tag,touch", [(DESKTOP, "desktop", False), (PHONE, "phone", True)])
def test_whole_game_to_the_turn_limit_by_clicks_or_taps(size, tag, touch):
    """Ten turns built piece by piece with seeded dice; the house-rule turn limit ends the game."""
    app, scene = open_scene(size, options={"maxturns": 10}, seed=7)
    shot(app, f"savoy_opening_{tag}")
    turns = 0
    while not isinstance(top(app), GameOverScene):
        assert len(scene.history.moves) < 80
        if scene.button("roll").enabled:
            if turns % 2:
                key(app, pygame.K_RETURN)  # Enter rolls too
            else:
                press(app, "roll", touch=touch)
            continue
        if scene.button("pass").enabled:
            assert scene.must_pass() and "pass" in scene.message
            press(app, "pass", touch=touch)
        else:
            play_turn_by_ui(app, scene, touch, pick=turns, confirm_with_enter=turns == 3)
        turns += 1
        if turns == 4:
            shot(app, f"savoy_midgame_{tag}")
    outcome = SAVOY.outcome(scene.state)
    assert outcome is not None and outcome.winner is None and "turn limit" in outcome.reason
    lines = scene.breakdown_lines()
    assert lines[0].startswith("R (Player 1):") and lines[1].startswith("L (Player 2):")
    assert "House rules" in lines[2]
    shot(app, f"savoy_gameover_draw_{tag}")
    again = read_record(write_record(scene.history))
    assert again.state == scene.state
    assert scene.move_lines()[0].startswith("1. ") and " opening " in scene.move_lines()[0]  # roll and move
    press(app, "again", touch=touch)
    fresh = top(app)
    assert isinstance(fresh, SavoyScene) and fresh is not scene and fresh.history.moves == []
    assert fresh.state.rules.max_turns == 10


def test_last_piece_home_wins_at_once():
    start = SAVOY.position("m7=RR n7=RR o7=R l7=R a4=L e4=L", "R")
    for size, tag in SIZES:
        app, scene = open_scene(size, start=start, dice=[2, 1])
        press(app, "roll")
        assert scene.state.dice == (1, 2)
        click(app, at(scene, "l7"))
        assert {"m7", "n7", "o7"} <= scene.targets("l7")
        click(app, at(scene, "m7"))
        assert scene.done is not None and str(scene.done) == "l7-m7"
        assert "Turn: l7-m7 (1)" in scene.turn_line() and "dice left: 2" in scene.turn_line()
        press(app, "play")
        assert isinstance(top(app), GameOverScene)
        outcome = SAVOY.outcome(scene.state)
        assert outcome.winner == 0 and "all 6 pieces home" in outcome.reason
        assert scene.breakdown_lines()[0].startswith("R (Player 1): 6 of 6 pieces home")
        assert scene.breakdown_lines()[1].startswith("L (Player 2): 1 of 2 pieces home")
        assert not scene.button("play").enabled and not scene.button("roll").enabled
        shot(app, f"savoy_gameover_win_{tag}")


# ------------------------------------------------------------------------------ the exceptional moments
def test_opening_roll_tie_is_rolled_again_and_the_higher_die_moves_alone():
    for size, tag in SIZES:
        app, scene = open_scene(size, dice=[4, 4, 3, 5])
        press(app, "roll")
        assert scene.history.notation() == ["roll:4,4"] and scene.state.opening
        assert "Tie" in scene.message and scene.button("roll").enabled
        assert scene.tray()[2] == "Tie 4-4: roll again"
        shot(app, f"savoy_opening_tie_{tag}")
        press(app, "roll")
        assert scene.history.notation() == ["roll:4,4", "roll:3,5"]
        assert scene.state.to_move == 1 and scene.state.dice == (5,)
        assert "Player 2 (L) starts and moves 5 alone" in scene.message
        assert scene.tray()[2] == "Opening: R 3, L 5"
        assert scene.move_lines() == ["1. opening 4-4, opening 3-5"]  # (the move they lead to still to come)
        click(app, at(scene, "o7"))
        assert scene.targets("o7") == {"j7"}
        shot(app, f"savoy_opening_move_{tag}")
        click(app, at(scene, "j7"))
        press(app, "play")
        assert scene.history.notation()[-1] == "o7-j7"
        assert scene.move_lines() == ["1. L opening 4-4, opening 3-5: o7-j7"]  # the rolls and the move: one turn


def test_two_routes_to_one_cell_are_both_shown_and_picked():
    start = SAVOY.position("h4=R a4=R o7=LL", "R", (2, 4))
    for size, tag in SIZES:
        app, scene = open_scene(size, start=start)
        click(app, at(scene, "h4"))
        click(app, at(scene, "d4"))
        routes = [(p.via, p.steps) for p in scene.route_choices]
        assert sorted(routes) == [("g4", 4), ("h3", 6)]
        assert scene.button("route0").rect.width >= 44 and scene.button("route1").rect.height >= 44
        assert "two ways" in scene.message and not scene.parts
        assert len(scene.view().choices) == 2
        shot(app, f"savoy_route_choice_{tag}")
        # a tap on a cell only one route passes (f1 is on the loop through h3) picks that route
        click(app, at(scene, "f1"))
        assert [(p.via, p.steps) for p in scene.parts] == [("h3", 6)] and not scene.route_choices
        assert scene.part_dice == [(2, 4)] and scene.dice_left == ()
        assert "uses 2+4" in scene.message and "complete" in scene.message
        shot(app, f"savoy_turn_complete_{tag}")
        press(app, "undo")
        assert not scene.parts and scene.button("undo").label == "Undo"
        click(app, at(scene, "h4"))
        click(app, at(scene, "d4"))
        index = [p.via for p in scene.route_choices].index("g4")
        press(app, f"route{index}")
        assert [(p.via, p.steps) for p in scene.parts] == [("g4", 4)]
        assert scene.dice_left == (2,) and "dice left: 2" in scene.turn_line()
        part_targets = scene.targets(sorted(scene.sources())[0])
        assert part_targets  # the 2 is still to be played
        click(app, at(scene, "a4"))
        click(app, at(scene, "c4"))
        assert scene.done is not None
        press(app, "play")
        assert scene.history.notation() == [str(scene.history.moves[-1])]
        assert "h4-d4/4" in scene.history.notation()[0]


def test_forced_pass_is_shown_and_played_by_the_player():
    start = SAVOY.position("a4=R b4=LL c4=LL d4=LL e4=LL f4=LL g4=LL", "R", (1, 2))
    for size, tag in SIZES:
        app, scene = open_scene(size, start=start)
        assert scene.must_pass() and scene.button("pass").enabled and scene.button("pass").primary
        assert "must pass" in scene.idle_message()[0]
        assert "(R) cannot move with 1 and 2" in scene.status_line()[0]
        assert scene.tray()[2] == "R must pass"
        click(app, at(scene, "a4"))
        assert scene.message_is_error and "must pass" in scene.message
        shot(app, f"savoy_forced_pass_{tag}")
        press(app, "pass")
        assert scene.history.moves == [PASS] and "(R) passed" in scene.message
        assert scene.move_lines() == ["1. R pass"]


def test_when_the_dice_cannot_all_be_used_the_scene_says_why():
    start = SAVOY.position("a4=R c4=LL d4=LL e4=LL g4=LL h4=LL", "R", (1, 5))
    for size, tag in SIZES:
        app, scene = open_scene(size, start=start)
        note = scene.idle_message()[0]
        assert note == SAVOY.roll_note(scene.state) and "must play the larger (5)" in note
        click(app, at(scene, "a4"))
        assert scene.targets("a4") == {"f4"}
        click(app, at(scene, "f4"))
        assert scene.done is not None and not scene.conts
        assert [used for _, used in scene.tray()[0]] == [False, True]  # the 5 is struck, the 1 lapses
        shot(app, f"savoy_one_die_{tag}")
        press(app, "play")
        assert scene.history.notation() == ["a4-f4"]


def test_pinned_piece_is_drawn_pinned_and_explained():
    start = SAVOY.position("d4=RL a4=RR o7=LLLL h7=RR", "R", (3, 5))
    for size, tag in SIZES:
        app, scene = open_scene(size, start=start)
        assert "d4" not in scene.sources()
        click(app, at(scene, "d4"))
        assert scene.message_is_error and "pinned by L" in scene.message
        click(app, at(scene, "o7"))
        assert "That is L's stack" in scene.message
        shot(app, f"savoy_pinned_{tag}")


# ------------------------------------------------------------------------------ typing, undo, dice
def test_typed_moves_and_refusals_keep_the_game():
    app, scene = open_scene(seed=2)
    typed = "roll:5,3" if str(scene.history.next_roll()) != "roll:5,3" else "roll:3,5"
    type_text(app, typed)  # the dice are the game's own: a roll cannot be typed in
    assert scene.message_is_error and "thrown, not typed" in scene.message and not scene.history.moves
    key(app, pygame.K_ESCAPE)
    scene.rng = Dice([5, 3])  # loaded dice
    press(app, "roll")
    pump(app, 40)
    assert scene.history.notation() == ["roll:5,3"] and scene.state.dice == (5,)
    for bad, words in (("a4-z9", "no cell z9"), ("o7-j7", "no R piece on o7"), ("pass", "no voluntary passing"),
                       ("hello", "not a Savoy move"), ("roll:3,4", "already rolled"), ("a4-c4", "steps")):
        type_text(app, bad)
        assert scene.message_is_error and words in scene.message, (bad, scene.message)
        assert scene.entry == bad and scene.history.notation() == ["roll:5,3"]
        key(app, pygame.K_ESCAPE)
        assert scene.entry == ""
    type_text(app, "A4-F4", enter=False)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "4")
    assert scene.history.notation() == ["roll:5,3", "a4-f4"]
    # a from-to with two routes asks which; the route qualifier settles it
    app, scene = open_scene(start=SAVOY.position("h4=R a4=R o7=LL", "R", (3, 4)))
    type_text(app, "h4-k9")
    assert scene.message_is_error and "fits 2 legal moves" in scene.message and not scene.history.moves
    key(app, pygame.K_ESCAPE)
    type_text(app, "h4-k9/i4")
    assert scene.history.notation() == ["h4-k9/i4"]


def test_undo_inside_the_turn_then_undo_and_redo_moves():
    app, scene = open_scene(seed=3)
    app.settings.set_manual_rolls(True)  # (a roll thrown by itself would go back with the move before it)
    press(app, "roll")
    while scene.state.opening:
        press(app, "roll")
    press(app, "undo")
    assert scene.history.moves == [] or scene.state.opening
    press(app, "redo")
    assert scene.state.dice and not scene.state.opening
    src = sorted(scene.sources())[0]
    click(app, at(scene, src))
    click(app, at(scene, sorted(scene.targets(src))[0]))
    assert scene.parts and scene.button("undo").label == "Undo part" and not scene.button("redo").enabled
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # Ctrl+Z takes back the part first
    assert not scene.parts and scene.state.dice
    moves = len(scene.history.moves)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert len(scene.history.moves) == moves - 1
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert len(scene.history.moves) == moves


def test_roll_animation_then_the_seeded_roll_is_played():
    app, scene = open_scene(seed=11)
    expected = SAVOY.random_chance(scene.state, dice_generator(11, 0))  # the game's first roll
    scene.roller.seconds = 0.3
    press(app, "roll")
    assert scene.roller.rolling and scene.history.moves == []
    assert not scene.button("roll").enabled and not scene.button("undo").enabled
    dice, owners, caption = scene.tray()
    assert len(dice) == 2 and owners == [0, 1] and caption == "R and L roll"
    assert scene.status_line()[0].startswith("Rolling")
    shot(app, "savoy_rolling_desktop")
    pump(app, 30)
    assert not scene.roller.rolling and scene.history.moves == [expected]


def test_one_tap_with_its_touch_mouse_copy_counts_once():
    app, scene = open_scene(PHONE, start=SAVOY.position("a4=RRR o7=LLL", "R", (2, 3)))
    tap(app, at(scene, "a4"), with_mouse_copy=True)
    assert scene.selected == "a4"  # not selected and then unselected again
    tap(app, at(scene, "c4"), with_mouse_copy=True)
    assert len(scene.parts) == 1
    shot(app, "savoy_part_phone")


def test_hover_names_the_cell_and_shows_the_route():
    app, scene = open_scene(start=SAVOY.position("h4=R a4=R o7=LL", "R", (2, 4)))
    click(app, at(scene, "h4"))
    hover(app, at(scene, "h7"))
    assert "h7 crossing" in scene.status_line()[0]
    view = scene.view()
    assert view.targets == scene.targets("h4")
    if "h7" in view.targets:
        assert all(p[0] == "h4" for p in view.previews)
    press(app, "names")
    assert not scene.show_names
    key(app, pygame.K_F3)
    assert scene.show_names
    shot(app, "savoy_selected_desktop")


# ------------------------------------------------------------------------------ layout
@pytest.mark.parametrize("size", [PHONE, DESKTOP, (1024, 600), (480, 900)])
def test_layout_fits_with_finger_sized_buttons(size):
    app, scene = open_scene(size, start=SAVOY.position("h4=R a4=R o7=LL", "R", (2, 4)))
    for routes in (False, True):
        if routes:
            click(app, at(scene, "h4"))
            click(app, at(scene, "d4"))
            assert scene.route_choices
        screen = app.surface.get_rect()
        assert screen.contains(scene.layout_board.bounds)
        shown = [b for b in scene.buttons if b.rect.width > 0]
        for b in shown:
            assert b.rect.height >= 44 and b.rect.width >= 44, b.name
            assert screen.contains(b.rect), b.name
        rects = [b.rect for b in shown]
        rects += [scene.entry_rect, scene.message_rect, scene.moves_rect, scene.status_rect, scene.turn_rect,
                  *scene.cards, scene.layout_board.bounds]
        for k, a in enumerate(rects):
            for b in rects[k + 1:]:
                assert not a.colliderect(b), (a, b)
        assert scene.layout_board.spacing >= 24  # cells a finger can tell apart


def test_resize_keeps_playing():
    app, scene = open_scene(DESKTOP, dice=[2, 6])
    press(app, "roll")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=PHONE[0], h=PHONE[1], size=PHONE))
    pump(app)
    assert scene.portrait and scene.size == PHONE
    src = sorted(scene.sources())[0]
    tap(app, at(scene, src))
    assert scene.selected == src


def test_rules_page_credits_cameron_browne_with_a_diagram():
    assert "Cameron Browne" in SAVOY_RULES.credit
    assert SAVOY_RULES.diagram is not None and "pinned" in SAVOY_RULES.caption
    assert any("House rules" in heading for heading, _ in SAVOY_RULES.sections)
    for size, tag in SIZES:
        app, scene = open_scene(size)
        press(app, "rules")
        rules = top(app)
        assert isinstance(rules, RulesScene) and rules.page is SAVOY_RULES
        shot(app, f"savoy_rules_{tag}")


def test_savoy_scene_uses_the_shared_panels():
    assert issubclass(SavoyScene, PanelScene)


# two-player Savoya, Silver to play a double 2 with its pieces spread out: 67,579 legal turns (build/bench_savoya.py)
SPREAD = ("d6=B g6=R l8=B l9=B l13=R h11=T h10=LB h8=B d3=L d8=T e10=R j3=T j4=T j7=R j11=LL i12=T d12=B c12=L "
          "b9=L c8=R f8=T f15=R")


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_a_game_opened_with_its_dice_rolled_lists_its_turns_a_slice_a_frame(size):
    """A position met with its dice already rolled (a game resumed or opened by a link) used to list its
    turns, and everything a turn built by taps needs, inside one frame: seconds on a spread-out double. Now
    the screen opens at once, says what it is doing, and the board takes taps a few dozen frames later, each
    answered in a frame."""
    from game.app.games.registry import GAME_SCENES
    from game.rules.savoya import SavoyaGame

    app = new_app(size)
    game = SavoyaGame()  # (its caches empty)
    start = game.position(SPREAD, "Silver", (2, 2), {"players": 2})
    scene = GAME_SCENES["savoya"](app, game, {"players": 2}, ("Computer 1", "Human"), seed=1, start=start)
    app.push(scene)
    assert not game.is_prepared(scene.state) and not scene.sources()
    pump(app)
    assert "finding the legal turns" in scene.play_status()[0]
    if size == PHONE:
        shot(app, "savoya_listing_390x844")
    frames = 1
    while not game.is_prepared(scene.state):
        pump(app)
        frames += 1
        assert frames < 5000
    assert frames > 10  # a slice a frame
    pump(app)
    assert scene.sources() and "finding" not in scene.play_status()[0]
    # the turn built by taps: each tap's answer (the parts it allows next) from the index
    src = sorted(scene.sources())[0]
    tap(app, scene.layout_board.centre(src))
    dst = sorted(scene.targets(src))[0]
    tap(app, scene.layout_board.centre(dst))
    assert [f"{p.src}-{p.dst}" for p in scene.parts] == [f"{src}-{dst}"]
    assert scene.history.moves == []  # (the human's turn: the computer did not move meanwhile)


def test_undo_against_the_computer_lists_no_more_than_the_last_positions():
    """Undo looks for the person's last decision from the end of the game, and a position's forced move is
    remembered once found: it used to list the moves of every past position of the game (over half a
    second in a long game of two-player Savoya, in one frame)."""
    import random

    from game.app.games.registry import GAME_SCENES
    from game.rules.savoya import SavoyaGame

    app = new_app(DESKTOP)
    game = SavoyaGame()
    scene = GAME_SCENES["savoya"](app, game, {"players": 2}, ("Human", "Computer 1"), seed=3)
    app.push(scene)
    pump(app)
    history, rng = scene.history, random.Random(5)
    while len(history.moves) < 120 or game.is_chance(history.state) or not scene.human_decides(history.state):
        if game.is_chance(history.state):
            history.roll()
        else:
            history.play(rng.choice(game.legal_moves(history.state)))
    scene._refresh()
    pump(app)
    listed = []
    real = game.legal_moves
    game.legal_moves = lambda state: listed.append(state) or real(state)
    try:
        before = len(history.moves)
        press(app, "undo")
    finally:
        del game.legal_moves
    assert len(history.moves) < before
    assert scene.human_decides(history.state) and not game.is_chance(history.state)
    assert len(listed) <= 4, len(listed)
    # back and forth: the positions met are remembered
    listed.clear()
    game.legal_moves = lambda state: listed.append(state) or real(state)
    try:
        press(app, "redo")
        press(app, "undo")
    finally:
        del game.legal_moves
    assert len(listed) <= 4, len(listed)
