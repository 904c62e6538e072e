"""Playing know through the real event handling: clicks, taps, keys, seeded and injected dice."""

from __future__ import annotations

from pathlib import Path

from app_helpers import (DESKTOP, Dice, PHONE, click, hover, key, new_app, point, press, pump, scroll_into_view, shot,
                         tap, top, type_text)

import pygame
import pytest

from game.app.games.know.rules_page import KNOW_RULES
from game.app.games.know.scene import KnowScene
from game.app.play.panels import PanelScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesScene
from game.rules.history import dice_generator
from game.rules.know import KNOW, KnowMove, board
from game.rules.record import read_record, write_record

DATA = Path(__file__).parent / "data"


def start_know(size=DESKTOP, symmetric=False, limit=0, touch=False, seed=1):
    """From the menu: Play know, choose the version and a turn limit with the controls (a limit is typed
    into the stepper's number: its steps are 50, 100, 200...), Start."""
    app = new_app(size)
    press(app, "play-know", touch=touch)
    press(app, "seat1-human", touch=touch)  # two people on this device
    press(app, "options", touch=touch)
    if symmetric:
        press(app, "version-symmetric", touch=touch)
    if limit:
        scroll_into_view(app, "limit-plus")
        point(app, next(c for c in top(app).controls if c.key == "limit").value_box.center, touch)
        type_text(app, str(limit))
    press(app, "start", touch=touch)
    scene = top(app)
    assert isinstance(scene, KnowScene)
    assert scene.state.opts.symmetric == symmetric and scene.state.opts.limit == limit
    scene.history.seed = seed  # the game's own dice, fixed
    scene.roll_seconds = 0
    return app, scene


def open_scene(size=DESKTOP, start=None, options=None, dice=(), seed=None):
    """A know scene with loaded dice (`dice`), or with the game's own dice from `seed`."""
    app = new_app(size)
    scene = KnowScene(app, KNOW, options, start=start, rng=Dice(dice) if seed is None else None, seed=seed)
    scene.roll_seconds = 0
    app.push(scene)
    pump(app)
    return app, scene


def space(scene, name):
    return scene.layout_board.centroids[board().index[name]]


def play_by_ui(app, scene, move, touch=False):
    """Play one record move the way a player would: buttons, taps on pieces and spaces, die choice."""
    text = str(move)
    before = len(scene.history.moves)
    if move.kind == "roll":
        scene.rng = Dice(move.values)
        press(app, "roll", touch=touch)
    elif move.kind == "nopath":
        return  # the Roll button declines the Path and rolls: the next record move is that roll
    elif move.kind == "pass":
        press(app, "pass", touch=touch)
    elif move.kind == "path":
        point(app, space(scene, move.src), touch)
        assert board().index[move.dst] in scene.view().path_targets, (text, scene.message)
        point(app, space(scene, move.dst), touch)
    elif move.kind == "errand":
        point(app, space(scene, move.src), touch)
        press(app, "errand", touch=touch)
        if scene.pending:
            press(app, "die%d" % scene.state.dice.index(move.die), touch=touch)
    else:
        point(app, space(scene, move.src), touch)
        assert scene.selected == board().index[move.src], (text, scene.message)
        assert board().index[move.dst] in scene.view().targets, (text, scene.message)
        point(app, space(scene, move.dst), touch)
        if scene.pending:
            press(app, "die%d" % scene.state.dice.index(move.die), touch=touch)
    assert len(scene.history.moves) > before, (text, scene.message)
    assert str(scene.history.moves[-1]) == text, (text, scene.history.notation()[-3:])


def replay_record(app, scene, record, touch=False, shots=None):
    """Replay a record move by move through the UI; `shots` maps a phase to a screenshot name."""
    taken = set()
    for move in record.moves:
        phase = scene.state.phase
        if shots and phase in shots and phase not in taken:
            shot(app, shots[phase])
            taken.add(phase)
        play_by_ui(app, scene, move, touch)
    assert scene.history.notation() == record.notation()
    assert scene.state == record.state


# ------------------------------------------------------------------------------ whole games
def test_whole_game_through_the_menu_to_game_over():
    app, scene = start_know(limit=6, seed=5)
    shot(app, "know_start_desktop")
    plays = 0
    while not isinstance(top(app), GameOverScene):
        plays += 1
        assert plays < 200
        if scene.button("roll").enabled:
            if plays % 2:
                press(app, "roll")
            else:
                key(app, pygame.K_RETURN)  # Enter rolls too
            continue
        movable = sorted(scene.movable_spaces())
        if movable:
            click(app, scene.layout_board.centroids[movable[0]])
            assert scene.selected == movable[0]
            targets = sorted(scene.view().targets)
            assert targets and targets == sorted(board().index[m.dst] for m in KNOW.legal_moves(scene.state)
                                                 if m.kind == "move" and board().index[m.src] == movable[0])
            if plays == 3:
                shot(app, "know_selected_desktop")
            click(app, scene.layout_board.centroids[targets[-1]])
        elif scene.button("errand").enabled:
            press(app, "errand")
        else:
            press(app, "pass")
    outcome = KNOW.outcome(scene.state)
    assert outcome is not None and "turn limit" in outcome.reason
    lines = scene.breakdown_lines()
    assert lines[0].startswith("Red: connections") and lines[1].startswith("Blue: connections")
    shot(app, "know_gameover_desktop")
    # the record of what was played replays to the same position
    again = read_record(write_record(scene.history))
    assert again.state == scene.state
    press(app, "again")
    fresh = top(app)
    assert isinstance(fresh, KnowScene) and fresh is not scene and fresh.history.moves == []
    assert fresh.state.opts.limit == 6


@pytest.mark.parametrize("name,size,touch", [("standard", DESKTOP, False), ("symmetric", PHONE, True)])
def test_recorded_games_replay_through_taps_and_clicks(name, size, touch):
    """Every move of a recorded game (Paths, an Errand, contests, die choices) made through the UI."""
    record = read_record((DATA / f"know_game_{name}.txt").read_text())
    app, scene = open_scene(size, options=record.options)
    tag = "phone" if size == PHONE else "desktop"
    replay_record(app, scene, record, touch, shots={
        "preroll": f"know_{name}_path_offer_{tag}", "path-move": f"know_{name}_path_won_{tag}",
        "errand-roll": f"know_{name}_errand_roll_{tag}"})
    assert isinstance(top(app), GameOverScene)


def test_errand_is_offered_for_a_locked_out_piece_and_contested():
    record = read_record((DATA / "know_game_standard.txt").read_text())
    at = next(i for i, m in enumerate(record.moves) if m.kind == "errand")
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        app, scene = open_scene(size, start=record.states[at], dice=[record.moves[at + 1].values[0]])
        offer = record.moves[at]
        assert scene.button("errand").enabled
        assert board().index[offer.src] in scene.view().errand
        click(app, space(scene, offer.src))
        assert "locked out" in scene.message or scene.selected == board().index[offer.src]
        shot(app, f"know_errand_offer_{tag}")
        press(app, "errand")
        assert scene.history.notation() == [str(offer)]
        assert "Significant Errand" in scene.banner()
        assert scene.button("roll").label == "Errand roll"
        shot(app, f"know_errand_contest_{tag}")
        press(app, "roll")
        assert scene.history.moves[-1].kind == "roll"
        assert scene.view().corner_dice  # both dice of the contest are shown
        assert scene.message == scene.state.note and "Errand" in scene.message


def test_path_is_offered_before_the_roll_with_its_points_of_contention():
    record = read_record((DATA / "know_game_standard.txt").read_text())
    at = next(i for i, m in enumerate(record.moves) if m.kind == "path")
    app, scene = open_scene(PHONE, start=record.states[at], dice=record.moves[at + 1].values)
    view = scene.view()
    offers = [m for m in KNOW.legal_moves(scene.state) if m.kind == "path"]
    assert view.path_pieces == {board().index[m.src] for m in offers}
    assert scene.button("roll").hint == "or tap a piece for a Path"
    path = record.moves[at]
    tap(app, space(scene, path.src))
    assert scene.view().path_targets == {board().index[m.dst] for m in offers if m.src == path.src}
    shot(app, "know_path_choice_phone")
    tap(app, space(scene, path.dst))
    assert scene.history.notation() == [str(path)]
    assert scene.state.phase == "path-roll" and "Solipsistic Path" in scene.banner()
    press(app, "roll", touch=True)
    assert scene.history.moves[-1].kind == "roll"
    captions = [caption for _, caption in scene.view().corner_dice.values()]
    assert len(captions) == 2 and all("=" in c or "contest" in c for c in captions), captions
    shot(app, "know_path_contest_phone")


def test_resolution_and_the_catch_up_sequence():
    pieces = {"B*": "3.1a", "B": "11.1a", "F*": "15.2a", "F": "7.2a", "H*": "1.0a", "H": "9.1a",
              "b*": "5.2b", "b": "13.2b", "f*": "12.1", "f": "4.0", "h*": "14.1b", "h": "10.2c"}
    start = KNOW.position(pieces, 0, old_pocs=False)
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        app, scene = open_scene(size, start=start, dice=[1, 1, 2])
        press(app, "roll")
        assert scene.history.notation() == ["roll:1"]
        click(app, space(scene, "9.1a"))
        click(app, space(scene, "9.0a"))
        assert scene.state.resolved == 0 and scene.state.phase == "post-roll"
        assert scene.banner() == "Red has Resolved" and "(Blue): a roll to catch up" in scene.status_line()[0]
        assert "Red has Resolved" in scene.message
        assert scene.card_score(0, KNOW.scores(scene.state)) == "3/3"
        assert scene.button("roll").label == "Catch-up roll"
        shot(app, f"know_resolved_{tag}")
        press(app, "roll")
        assert scene.state.phase == "post-move" and scene.button("pass").label == "Stop"
        click(app, space(scene, "4.0"))
        assert scene.view().targets == {board().index["4.1"]}
        shot(app, f"know_catch_up_{tag}")
        click(app, space(scene, "4.1"))
        assert scene.history.notation() == ["roll:1", "9.1a-9.0a", "roll:1", "4.0-4.1"]
        assert scene.state.phase == "post-roll"
        press(app, "roll")
        over = top(app)
        assert isinstance(over, GameOverScene)
        assert KNOW.outcome(scene.state).winner == 0
        assert any("Red: connections Bard" in line and "resolved pattern" in line for line in scene.breakdown_lines())
        shot(app, f"know_resolution_over_{tag}")


# ------------------------------------------------------------------------------ details of play
def test_symmetric_player_picks_the_die_when_both_reach():
    # find an opening where one piece reaches one space with either die
    for a in range(1, 7):
        for b in range(a + 1, 7):
            state = KNOW.position({}, 0, phase="move", dice=(a, b), options={"version": "symmetric"})
            moves = [m for m in KNOW.legal_moves(state) if m.kind == "move"]
            pairs = {}
            for m in moves:
                pairs.setdefault((m.src, m.dst), []).append(m.die)
            both = [pair for pair, dice in pairs.items() if len(dice) == 2]
            if both:
                break
        if both:
            break
    src, dst = both[0]
    app, scene = open_scene(start=state)
    click(app, space(scene, src))
    click(app, space(scene, dst))
    assert scene.pending and not scene.history.moves
    assert "either die" in scene.message
    shot(app, "know_pick_die_desktop")
    press(app, "die1")
    assert scene.history.notation() == [f"{src}-{dst}/{b}"]
    assert scene.state.dice == (a,)
    # picking a die first narrows the highlights to that die
    app, scene = open_scene(start=state)
    press(app, "die0")
    assert scene.die_pick == a
    assert all(m.die == a for m in scene.piece_moves())
    press(app, "die0")
    assert scene.die_pick is None


def test_typed_moves_and_refusals_keep_the_game():
    app, scene = open_scene(seed=5)
    own = scene.history.next_roll()
    typed = "roll:4/2" if str(own) != "roll:4/2" else "roll:2/4"
    type_text(app, typed)  # the dice are the game's own: a roll cannot be typed in
    assert scene.message_is_error and "thrown, not typed" in scene.message and not scene.history.moves
    key(app, pygame.K_ESCAPE)
    scene.rng = Dice([4, 2, 4, 3])  # loaded dice from here on
    press(app, "roll")
    press(app, "roll")  # Red won the opening roll and rolls afresh
    assert scene.history.notation() == ["roll:4/2", "roll:4"]
    for bad, words in (("1.0a-9.3c", "no space 9.3c"), ("6.0-6.1a", "Blue's"), ("hello", "not a know move"),
                       ("roll:3", "no roll is due")):
        type_text(app, bad)
        assert scene.message_is_error and words in scene.message, (bad, scene.message)
        assert scene.entry == bad and scene.history.notation() == ["roll:4/2", "roll:4"]
        key(app, pygame.K_ESCAPE)
        assert scene.entry == ""
    legal = next(m for m in KNOW.legal_moves(scene.state) if m.kind == "move")
    type_text(app, str(legal).upper(), enter=False)
    key(app, pygame.K_BACKSPACE)
    type_text(app, str(legal)[-1])
    assert scene.history.notation() == ["roll:4/2", "roll:4", str(legal)]
    assert scene.move_lines() == [f"1. Red 4/2, 4: {legal}"]  # one turn: the opening roll, Red's roll, the move
    # tapping the opponent's piece explains why nothing happens
    press(app, "roll")
    red = board().names[scene.state.pos[0]]  # Red's striped Bard, during Blue's turn
    click(app, space(scene, red))
    assert scene.message_is_error and "That is Red's Bard" in scene.message and "Blue's turn" in scene.message
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # Blue's roll would be thrown again at once: Red's move goes too
    assert scene.history.notation() == ["roll:4/2", "roll:4"]


def test_roll_animation_then_the_seeded_roll_is_played():
    app, scene = open_scene(seed=11)
    expected = KNOW.random_chance(scene.state, dice_generator(11, 0))  # the game's first roll
    scene.roll_seconds = 0.3
    press(app, "roll")
    assert scene.rolling is not None and scene.history.moves == []
    assert not scene.button("undo").enabled and not scene.button("roll").enabled
    assert scene.view().corner_dice  # tumbling dice in both corners
    shot(app, "know_rolling_desktop")
    pump(app, 30)
    assert scene.rolling is None and scene.history.moves == [expected]


def test_toggles_show_influence_names_threads_and_score():
    record = read_record((DATA / "know_game_standard.txt").read_text())
    at = len(record.moves) // 2
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        app, scene = open_scene(size, start=record.states[at])
        assert scene.card_score(0, (7, 3)) .endswith("/3")
        for name in ("influence", "names", "threads", "score"):
            press(app, name)
            assert getattr(scene, f"show_{name}") and scene.button(name).selected
        view = scene.view()
        assert view.show_influence and view.show_names and view.show_threads
        assert scene.card_score(0, (7, 3)) == "7"
        assert scene.idle_message()[0].startswith("Score")
        shot(app, f"know_views_{tag}")
        key(app, pygame.K_F2)
        assert not scene.show_influence
        hover(app, space(scene, "0.2"))
        assert "0.2 (second)" in scene.status_line()[0]


@pytest.mark.parametrize("size", [PHONE, DESKTOP, (1024, 600), (480, 900)])
def test_layout_fits_with_finger_sized_buttons(size):
    app, scene = open_scene(size, dice=[3, 5])
    press(app, "roll")
    screen = app.surface.get_rect()
    assert screen.contains(scene.layout_board.bounds)
    rects = [b.rect for b in scene.buttons if b.rect.width > 0]
    for b in scene.buttons:
        if b.rect.width > 0:
            assert b.rect.height >= 44 and b.rect.width >= 44, b.name
            assert screen.contains(b.rect), b.name
    rects += [scene.entry_rect, scene.message_rect, scene.moves_rect, scene.status_rect, *scene.cards]
    for k, a in enumerate(rects):
        for b in rects[k + 1:]:
            assert not a.colliderect(b), (a, b)
    if scene.portrait:
        assert scene.layout_board.bounds.bottom <= scene.status_rect.top


def test_resize_keeps_playing():
    app, scene = open_scene(DESKTOP, dice=[4, 2, 4])
    press(app, "roll")
    press(app, "roll")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=PHONE[0], h=PHONE[1], size=PHONE))
    pump(app)
    assert scene.portrait and scene.size == PHONE
    movable = sorted(scene.movable_spaces())
    tap(app, scene.layout_board.centroids[movable[0]])
    assert scene.selected == movable[0]


def test_rules_page_credits_bryan_jurish_with_a_diagram():
    assert "Bryan Jurish" in KNOW_RULES.credit
    assert KNOW_RULES.diagram is not None and "point" in KNOW_RULES.caption
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        app, scene = open_scene(size)
        press(app, "rules")
        rules = top(app)
        assert isinstance(rules, RulesScene) and rules.page is KNOW_RULES
        shot(app, f"know_rules_{tag}")


def test_know_scene_uses_the_shared_panels():
    assert issubclass(KnowScene, PanelScene)
    from game.app.games.star.scene import StarScene

    assert issubclass(StarScene, PanelScene)
    assert KnowMove.parse("errand:1.0b/5").die == 5
