"""Playing Star through the real event handling: mouse, touch and typed moves."""

from __future__ import annotations

from app_helpers import DESKTOP, PHONE, answer_lens, click, hover, key, new_app, press, pump, tap, top, type_text

import pygame
import pytest

from game.app.games.star.scene import StarScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.rules.star import STAR, board


def start_star(size_px=DESKTOP, board_size=6, maxi=False, touch=False):
    """From the menu: Play Star, set the options with the steppers, Start."""
    app = new_app(size_px)
    press(app, "play-star", touch=touch)
    scene = top(app)
    press(app, "seat1-human", touch=touch)  # two people on this device
    press(app, "options", touch=touch)
    delta = board_size - 6
    for _ in range(abs(delta)):
        press(app, "size-plus" if delta > 0 else "size-minus", touch=touch)
    if maxi:
        press(app, "maxi-on", touch=touch)
    press(app, "start", touch=touch)
    star = top(app)
    assert isinstance(star, StarScene), scene
    assert star.state.size == board_size and star.state.maxi == maxi
    return app, star


def cell_pos(scene: StarScene, name: str):
    return scene.layout_board.centers[scene.state.board.index[name]]


def test_whole_game_by_mouse_reaches_game_over_and_play_again():
    app, star = start_star(board_size=3)
    names = board(3).names
    for number, name in enumerate(names, 1):
        click(app, cell_pos(star, name))
        assert len(star.history.moves) == number, star.message
        assert star.history.moves[-1].cell == name
    state = star.state
    assert all(c != 0 for c in state.cells)
    # live scores match the rules and a full size-3 board totals (external cells - 2) = 13
    assert sum(STAR.scores(state)) == 13
    press(app, "pass")
    assert top(app) is star and star.state.passes == 1
    press(app, "pass")
    over = top(app)
    assert isinstance(over, GameOverScene)
    lines = star.breakdown_lines()
    assert any(line.startswith("X (Player 1):") for line in lines)
    assert any(line.startswith("O (Player 2):") for line in lines)
    winner = STAR.outcome(star.state).winner
    assert winner is not None  # a full board is never drawn
    press(app, "again")
    fresh = top(app)
    assert isinstance(fresh, StarScene) and fresh is not star
    assert fresh.state.size == 3 and fresh.history.moves == []
    assert len(app.stack) == 2 and isinstance(app.stack[0], MenuScene)


def test_whole_game_by_touch_on_a_phone_with_touch_mouse_copies():
    app, star = start_star(PHONE, board_size=3, touch=True)
    assert star.portrait
    assert star.layout_board.cell_width >= 40  # size 3 on a phone: one tap places
    for number, name in enumerate(board(3).names, 1):
        tap(app, cell_pos(star, name), with_mouse_copy=True)
        assert len(star.history.moves) == number, star.message
    press(app, "pass", touch=True)
    press(app, "pass", touch=True)
    assert isinstance(top(app), GameOverScene)
    press(app, "menu", touch=True)
    assert isinstance(top(app), MenuScene) and len(app.stack) == 1


def test_one_tap_sent_as_finger_and_touch_mouse_counts_once():
    app, star = start_star(DESKTOP, board_size=3)
    tap(app, cell_pos(star, "C2"), with_mouse_copy=True)
    assert star.history.notation() == ["C2"]
    # the copies alone (touch=True mouse events) do nothing
    pos = tuple(int(v) for v in cell_pos(star, "D2"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    pump(app)
    assert star.history.notation() == ["C2"]
    # a button tapped that way acts once too: one pass, not two (which would end the game)
    tap(app, star.button("pass").rect.center, with_mouse_copy=True)
    assert star.history.notation() == ["C2", "pass"] and top(app) is star


def test_small_cells_take_one_tap_and_a_tap_between_two_asks():
    app, star = start_star(PHONE, board_size=6, touch=True)
    assert star.layout_board.cell_width < 40
    tap(app, cell_pos(star, "F6"), with_mouse_copy=True)
    assert star.history.notation() == ["F6"]  # one tap, at once: no second tap to confirm
    # a tap on the line between two empty cells is no guess: the lens asks which
    a, b = cell_pos(star, "G6"), cell_pos(star, "G7")
    tap(app, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    assert star.history.notation() == ["F6"] and star.lens is not None
    assert set(star.lens.keys) == {star.state.board.index["G6"], star.state.board.index["G7"]}
    answer_lens(app, star.state.board.index["G7"])
    assert star.history.notation() == ["F6", "G7"] and star.lens is None
    # a tap on a taken cell is refused by the rules, with their reason
    tap(app, cell_pos(star, "F6"))
    assert star.history.notation() == ["F6", "G7"] and star.message_is_error and "taken" in star.message

def test_typed_moves_and_errors_keep_the_game():
    app, star = start_star(board_size=6)
    type_text(app, "f6")
    type_text(app, "G6")
    assert star.history.notation() == ["F6", "G6"]
    before = star.state
    for bad, words in (("Z9", "no cell Z9"), ("zz", "not a Star move"), ("F6", "already taken"),
                       ("swap", "swap is not allowed")):
        type_text(app, bad)
        assert star.state is before, bad
        assert star.message_is_error and words in star.message, (bad, star.message)
        assert star.entry == bad.replace(" ", "")  # kept for correction
        key(app, pygame.K_ESCAPE)  # clears the entry, keeps the game
        assert star.entry == "" and top(app) is star
    type_text(app, "H6x", enter=False)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert star.history.notation() == ["F6", "G6", "H6"] and not star.message_is_error
    type_text(app, "pass")
    assert star.history.notation()[-1] == "pass"
    assert star.move_lines()[-1] == "4. O pass"


def test_undo_redo_buttons_and_keys():
    app, star = start_star(board_size=5)
    assert not star.button("undo").enabled and not star.button("redo").enabled
    click(app, cell_pos(star, "E5"))
    click(app, cell_pos(star, "D5"))
    press(app, "undo")
    assert star.history.notation() == ["E5"]
    assert star.button("redo").enabled
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert star.history.notation() == []
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    press(app, "redo")
    assert star.history.notation() == ["E5", "D5"]
    assert not star.button("redo").enabled
    # a new move after an undo drops the redo line
    press(app, "undo")
    click(app, cell_pos(star, "C5"))
    assert star.history.notation() == ["E5", "C5"] and not star.history.can_redo()


def test_undo_from_the_finished_board_resumes_the_game():
    app, star = start_star(board_size=3)
    press(app, "pass")
    press(app, "pass")
    assert isinstance(top(app), GameOverScene)
    press(app, "review")
    assert top(app) is star and STAR.outcome(star.state) is not None
    press(app, "undo")
    assert STAR.outcome(star.state) is None and star.button("pass").enabled
    press(app, "redo")
    assert isinstance(top(app), GameOverScene)


def test_swap_changes_who_plays_which_colour():
    app, star = start_star(board_size=4)
    assert not star.button("swap").enabled
    click(app, cell_pos(star, "D4"))
    assert star.button("swap").enabled
    assert star.person_name(0) == "Player 1" and star.person_name(1) == "Player 2"
    press(app, "swap")
    assert star.history.notation() == ["D4", "swap"]
    assert star.state.swapped
    assert star.person_name(0) == "Player 2" and star.person_name(1) == "Player 1"
    assert "Player 2 takes the opening stone and now plays X" in star.message
    assert "Player 1 now plays O" in star.message
    assert STAR.to_move(star.state) == 1
    assert not star.button("swap").enabled
    click(app, cell_pos(star, "C4"))
    assert star.state.stone("C4") == 2  # O's stone, placed by Player 1
    assert star.move_lines() == ["1. X D4", "2. O swap", "3. O C4"]


def test_pass_and_swap_buttons_follow_legal_moves():
    app, star = start_star(board_size=3)
    pump(app)
    legal = STAR.legal_moves(star.state)
    assert star.button("pass").enabled == any(m.kind == "pass" for m in legal)
    assert star.button("swap").enabled == any(m.kind == "swap" for m in legal)
    click(app, cell_pos(star, "C2"))
    click(app, cell_pos(star, "D2"))
    assert not star.button("swap").enabled  # only the second move may be a swap


def test_hover_highlights_only_where_a_stone_may_go():
    app, star = start_star(board_size=5)
    click(app, cell_pos(star, "E5"))
    hover(app, cell_pos(star, "D5"))
    assert star.view().hover == star.state.board.index["D5"]
    hover(app, cell_pos(star, "E5"))  # taken: no highlight
    assert star.view().hover is None
    hover(app, (2, 2))
    assert star.view().hover is None
    assert star.view().last == star.state.board.index["E5"]


def test_toggles_chains_and_coordinates():
    app, star = start_star(board_size=4)
    press(app, "chains")
    press(app, "coords")
    assert star.show_chains and star.show_coords
    assert star.view().show_chains and star.view().show_coords
    type_text(app, "D1")
    assert star.chain_summary() == "Scoring chains: X +1 | O none"
    key(app, pygame.K_F2)
    assert not star.show_chains


@pytest.mark.parametrize("start,then", [(DESKTOP, PHONE), (PHONE, DESKTOP)])
def test_resize_relays_out_and_keeps_playing(start, then):
    app, star = start_star(start, board_size=6)
    click(app, cell_pos(star, "F6"))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=then[0], h=then[1], size=then))
    pump(app)
    assert app.size == then and star.size == then
    assert star.portrait == (then[1] > then[0])
    assert app.surface.get_rect().contains(star.layout_board.bounds)
    for button in star.buttons:
        assert app.surface.get_rect().contains(button.rect), button.name
    click(app, cell_pos(star, "G6"))
    assert star.history.notation() == ["F6", "G6"]


def test_phone_layout_has_finger_sized_buttons_and_readable_boards():
    for size in (3, 6, 14):
        app, star = start_star(PHONE, board_size=size)
        for button in star.buttons:
            if button.rect.width:  # (the Zoom out button shows only when zoomed)
                assert button.rect.height >= 44 and button.rect.width >= 44, button.name
        rects = [b.rect for b in star.buttons] + [star.entry_rect, star.message_rect, star.moves_rect]
        for k, a in enumerate(rects):
            for b in rects[k + 1:]:
                assert not a.colliderect(b), (a, b)
        assert star.layout_board.bounds.bottom <= star.status_rect.top
        assert star.layout_board.cell_width >= 13  # size 14 on a 390 px wide phone


def test_maxi_game_breakdown_names_best_chain():
    app, star = start_star(board_size=3, maxi=True)
    for name in ("C1", "A4", "D1"):
        type_text(app, name)
    press(app, "pass")
    press(app, "pass")
    assert isinstance(top(app), GameOverScene)
    assert any("best chain" in line for line in star.breakdown_lines())
