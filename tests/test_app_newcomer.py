"""The first minutes of a newcomer (issue 21): the computer two taps from the menu, a game that says
where you stand, dice and forced moves that play themselves, turns in the move list, the end said to you,
and games by link where you play only your side.

Every test runs the app headless with real pygame events (tests/app_helpers.py). The screens of the
menu, each board's new-game page, a game against the computer in each game (start, middle, end), a
three-player Savoya turn and a link game on both sides go to tests/screenshots/ (issue21_*) at 360x640,
390x844 and 1280x800, to be looked at.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest

from app_helpers import MAX_FRAMES, click, key, new_app, press, pump, shot, tap, top, type_text
from game.ai.baselines import greedy_move
from game.app.games.savoy.scene import SavoyScene
from game.app.play.panels import PanelScene
from game.app.saves.seats import REMOTE
from game.app.saves.storage import Storage
from game.app.screens.game_actions import GameActionsScene, ShareScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.app.screens.new_game import NewGameScene
from game.app.ui import theme
from game.rules.know import MOVE, START
from game.rules.savoy import PASS, SAVOY

SIZES = [(360, 640), (390, 844), (1280, 800)]
BOARDS = ["savoy", "savoya", "star", "know", "truchet", "truchet-hex"]


def tag(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def phone(app) -> bool:
    return app.size[0] < app.size[1]


def start(app, board: str, *, people: bool = False, level: int | None = None, presses=()) -> PanelScene:
    """From the menu: Play on `board`, the new-game page as it opens (you against the computer), perhaps two
    people instead or the computer's level, perhaps some rules options; Start."""
    touch = phone(app)
    app.pop_to_root()
    press(app, f"play-{board}", touch=touch)
    page = top(app)
    assert isinstance(page, NewGameScene)
    if people:
        for side in range(1, len(page.seats)):
            press(app, f"seat{side}-human", touch=touch)
    if level is not None:
        for side in range(1, len(page.seats)):
            press(app, f"seat{side}-level{level}", touch=touch)
    if presses:
        press(app, "options", touch=touch)
        for name in presses:
            if page.button(name).enabled:  # (a stepper pressed to its end stays there)
                press(app, name, touch=touch)
    press(app, "start", touch=touch)
    scene = top(app)
    assert isinstance(scene, PanelScene)
    quick(scene)
    return scene


def quick(scene: PanelScene) -> PanelScene:
    """No tumbling dice or slides (their frames are not what is tested); the computer waits no pause."""
    for attr in ("roll_seconds", "draw_seconds", "capture_seconds", "motion_seconds", "computer_pause"):
        if hasattr(scene, attr):
            setattr(scene, attr, 0)
    if hasattr(scene, "roller"):
        scene.roller.seconds = 0
    return scene


def until(app, done, frames: int = MAX_FRAMES) -> None:
    for _ in range(frames):
        if done():
            return
        pump(app)
    raise AssertionError("never happened")


def random_moves(scene: PanelScene, count: int, seed: int, stop=None, greedy: bool = False) -> None:
    """`count` random legal moves straight into the history (rolls from the game's seed), no pass or draw
    claim while there is another move (or, `greedy`, the move that gains most by the game's scores, so that
    a race is won); then until `stop(scene)` holds (or the game ends)."""
    rng = random.Random(seed)
    game, history = scene.game, scene.history
    played = 0
    while history.outcome() is None and (played < count or (stop is not None and not stop(scene))):
        if history.roll_due():
            history.roll()
        elif greedy:
            history.play(greedy_move(game, history.state, rng))
        else:
            legal = game.legal_moves(history.state)
            history.play(rng.choice([m for m in legal if str(m) not in ("pass", "draw")] or legal))
        played += 1
        assert played < 5000
    scene._refresh()
    scene.say("")


# ----------------------------------------------------------------------------- starting a game
@pytest.mark.parametrize("size", SIZES, ids=tag)
def test_a_fresh_app_reaches_a_game_against_the_computer_in_two_taps(size):
    app = new_app(size)
    touch = phone(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    taps = 0
    card = next(c for c in menu.cards if c.board.key == "star")
    assert app.surface.get_rect().contains(card.rect) or menu.max_scroll()
    (tap if touch else click)(app, card.actions[0].rect.center)  # 1: the board's Play
    taps += 1
    page = top(app)
    assert isinstance(page, NewGameScene)
    assert app.surface.get_rect().contains(page.start.rect)  # Start in view, no scrolling
    (tap if touch else click)(app, page.start.rect.center)  # 2: Start
    taps += 1
    scene = top(app)
    assert isinstance(scene, PanelScene) and taps == 2
    assert scene.seats[0] == "Human" and scene.level_of(1) == 3  # you against the computer, level 3
    assert scene.has_computer and scene.has_human


def test_the_last_choices_are_remembered_between_sessions(tmp_path):
    app = new_app((390, 844), Storage(tmp_path))
    press(app, "play-savoya", touch=True)
    page = top(app)
    assert page.seats == ["Human", "Computer 3"] and page.options_words() == "standard"
    press(app, "players-3", touch=True)
    press(app, "seat2-level1", touch=True)
    press(app, "options", touch=True)
    press(app, "stack-minus", touch=True)
    assert page.changed() and page.options_words() != "standard"  # the line names what was changed
    press(app, "start", touch=True)
    started = top(app)
    assert started.seats == ("Human", "Computer 3", "Computer 1") and len(started.seat_names) == 3
    # another session, same storage: the page opens as it was left
    later = new_app((1280, 800), Storage(tmp_path))
    press(later, "play-savoya")
    again = top(later)
    assert again.seats == ["Human", "Computer 3", "Computer 1"] and again.values == page.values
    assert not again.options_open and again.changed() == page.changed()
    press(later, "back")
    press(later, "play-savoy")  # each board keeps its own
    assert top(later).seats == ["Human", "Computer 3"] and top(later).changed() == []


def test_last_choices_that_no_longer_hold_are_forgotten(tmp_path):
    storage = Storage(tmp_path)
    storage.save("settings.json", json.dumps({"sound": True, "new_game": {
        "star": {"options": {"size": 99}, "seats": ["Human", "Computer 3"]},
        "know": {"options": {}, "seats": ["Human", "Robot"]},
        "savoy": "nonsense"}}))
    app = new_app((390, 844), storage)
    for board in ("star", "know", "savoy"):
        app.pop_to_root()
        press(app, f"play-{board}", touch=True)
        page = top(app)
        assert page.seats == ["Human", "Computer 3"] and page.options_words() == "standard", board


def test_swap_sides_changes_who_starts():
    app = new_app((390, 844))
    press(app, "play-star", touch=True)
    page = top(app)
    first = page.first_seat
    press(app, "swap", touch=True)
    assert page.seats == ["Computer 3", "Human"] and page.first_seat == first
    press(app, "start", touch=True)
    scene = quick(top(app))
    until(app, lambda: len(scene.history.moves) == 1)  # the computer, now X, opens
    assert scene.is_you(1) and not scene.is_you(0)


def test_games_in_progress_are_described_in_words_with_whose_turn(tmp_path):
    app = new_app((390, 844), Storage(tmp_path))
    hexa = start(app, "truchet-hex", people=True)
    random_moves(hexa, 3, seed=2)
    hexa.autosave()
    app.pop_to_root()
    press(app, "play-savoya", touch=True)
    press(app, "players-3", touch=True)
    press(app, "start", touch=True)
    savoya = quick(top(app))
    savoya.history.roll()  # the opening roll is in: someone is to move (or roll again)
    savoya.autosave()
    app.pop_to_root()
    menu = top(app)
    words = {menu.heading(game): (menu.progress(game), menu.players_line(game)) for game in app.saved_games}
    assert "Truchet, hexagonal board" in words and "Savoya for 3" in words  # never flags
    for heading, (progress, players) in words.items():
        assert "-" not in heading.split(" · ")[0]
        assert " to " in progress or "your " in progress, progress  # whose turn, a roll included
    progress, players = words["Savoya for 3"]
    assert "You" in players and "Computer (level 3)" in players
    menu.scroll_by(-menu.scroll)
    pump(app, 14)
    shot(app, "issue21_menu_in_progress_390x844")


# ----------------------------------------------------------------------------- during a game
def test_you_and_the_computer_are_named_and_nothing_reads_as_an_error():
    app = new_app((390, 844))
    savoy = start(app, "savoy", level=1)
    assert [savoy.card_title(c) for c in range(2)] == ["You", "Computer"] and "level 1" in savoy.card_tags(1, False)
    seen = set()
    for _ in range(MAX_FRAMES):  # the opening roll, the turns that follow: no status in an error's red
        pump(app)
        words, colour = savoy.status_line()
        assert colour in (theme.TEXT, theme.ACCENT) and colour not in savoy.look.ink, (words, colour)
        seen.add(words.split(" ")[0])
        if savoy.human_decides(savoy.state) and len(savoy.history.moves) > 3:
            break
    assert savoy.status_line()[0].startswith("Your move") and "Computer" in seen


def test_after_a_swap_your_card_says_which_colour_is_yours():
    app = new_app((390, 844))
    star = start(app, "star", level=1)
    type_text(app, "F6")
    star.history.play("swap")  # the computer takes the opening stone
    star.after_move(star.history.moves[-1])
    pump(app)
    assert star.is_you(1) and not star.is_you(0)  # you now play O
    assert "now yours" in star.card_tags(1, True) and "now yours" not in star.card_tags(0, False)
    assert star.card_title(1) == "You" and star.card_title(0) == "Computer"
    shot(app, "issue21_star_after_swap_390x844")


def test_dice_roll_themselves_unless_manual_rolls_are_chosen(tmp_path):
    app = new_app((390, 844), Storage(tmp_path))
    know = start(app, "know", people=True)
    until(app, lambda: know.state.phase not in (START,) and not know.game.is_chance(know.state))
    kinds = [m.kind for m in know.history.moves]  # no tap: the start's roll-off (again after a tie), then a turn
    assert know.state.phase == MOVE and len(kinds) >= 2 and set(kinds) == {"roll"}
    # manual rolls, from the game's More sheet (kept in the settings)
    press(app, "more", touch=True)
    assert isinstance(top(app), GameActionsScene)
    press(app, "rolls", touch=True)
    press(app, "close", touch=True)
    assert app.settings.manual_rolls
    again = start(new_app((390, 844), Storage(tmp_path)), "know", people=True)
    pump(again.app, 30)
    assert not again.history.moves and again.history.roll_due()  # the dice wait for Roll
    press(again.app, "roll", touch=True)
    pump(again.app, 2)
    assert len(again.history.moves) == 1


def test_a_star_game_to_a_full_board_ends_without_a_manual_pass():
    app = new_app((390, 844))
    star = start(app, "star", level=1, presses=("size-minus", "size-minus", "size-minus"))
    assert star.state.size == 3
    rng = random.Random(4)
    typed = []
    for _ in range(MAX_FRAMES):
        pump(app)
        if isinstance(top(app), GameOverScene):
            break
        if star.human_decides(star.state) and star.forced_move() is None:
            move = str(rng.choice([m for m in star.game.legal_moves(star.state) if m.kind == "place"]))
            typed.append(move)
            type_text(app, move)
        if 0 not in star.state.cells and star.message:
            words = star.message
    else:
        raise AssertionError("the game never ended")
    assert "pass" not in typed and 0 not in star.state.cells
    assert [str(m) for m in star.history.moves[-2:]] == ["pass", "pass"]  # both played for the players
    assert "full" in words  # and said why
    assert top(app).game_scene is star


def test_a_savoy_player_who_cannot_move_passes_after_a_pause_saying_why():
    # R, shut in behind six stacks of two, rolls 1 and 2: nothing but a pass
    start = SAVOY.position("a4=R b4=LL c4=LL d4=LL e4=LL f4=LL g4=LL", "R", (1, 2))
    app = new_app((1280, 800))
    scene = quick(app.push(SavoyScene(app, SAVOY, seats=("Human", "Computer 1"), start=start)))
    history = scene.history
    pump(app, 3)
    assert not history.moves and "must pass" in scene.message and not scene.message_is_error  # said first ...
    until(app, lambda: len(history.moves) > 0)
    assert history.moves[0] == PASS and "passed" in scene.message  # ... then played for you, saying why
    until(app, lambda: len(history.moves) > 2)  # the computer's roll and turn follow
    press(app, "undo")  # the pass would be played again at once: nothing of yours to take back
    assert history.moves[0] == PASS and scene.message_is_error


def test_the_move_list_shows_a_roll_and_its_move_as_one_turn():
    app = new_app((1280, 800))
    scene = start(app, "savoy", people=True)
    random_moves(scene, 6, seed=3)
    rows = scene.turn_rows()
    history = scene.history
    assert len(rows) < len(history.moves)  # fewer rows than moves: rolls share a row
    for row in rows:
        kinds = [scene.game.is_chance(history.states[k]) for k in range(row.first, row.last + 1)]
        assert kinds.count(False) <= 1  # one decision a row, the rolls before it
    # a tap on a row shows the position after the whole turn
    row = rows[1]
    grid_row = scene.move_lines().index(row.text)
    from game.app.play.panels import move_grid
    grid = move_grid(scene.moves_area(), len(rows), scene.move_scroll, scene.move_col_w)
    click(app, grid.item_rect(grid_row).center)
    assert scene.reviewing and scene.review_at == row.last + 1 and scene.reviewed_item() == 1


def test_truchets_hint_is_also_in_words():
    app = new_app((1280, 800))
    scene = start(app, "truchet", people=True, presses=("setup-single",))
    random_moves(scene, 2, seed=2)
    assert scene.state.playing
    press(app, "hint")
    until(app, lambda: scene.shown_hint() is not None)
    hint = scene.shown_hint()
    words = scene.move_words(hint)
    assert words and str(hint) in scene.message and words in scene.message
    for name in (*hint.origins, *hint.destinations):
        assert name in words


def test_with_three_players_every_move_since_your_turn_is_marked_and_named():
    app = new_app((390, 844))
    app.pop_to_root()
    press(app, "play-savoya", touch=True)
    press(app, "players-3", touch=True)
    press(app, "seat1-level1", touch=True)
    press(app, "seat2-level1", touch=True)
    press(app, "start", touch=True)
    scene = quick(top(app))
    mine = 0
    for _ in range(MAX_FRAMES):
        pump(app)
        if scene.human_decides(scene.state) and scene.forced_move() is None:
            if len(scene.moves_since_turn()) == 2:
                break
            legal = scene.game.legal_moves(scene.state)
            scene.play(legal[0])
            mine += 1
    else:
        raise AssertionError("the two computers never both moved before your turn")
    since = scene.moves_since_turn()
    assert [colour for colour, _ in since] == [1, 2]  # B and L, in order
    for colour, move in since:
        words = scene.message_words()[0]
        assert scene.seat_names[colour] in words and str(move) in words  # named
        assert scene.move_marks(move)[0]  # and marked on the board
    shot(app, "issue21_savoya3_your_turn_390x844")


# ----------------------------------------------------------------------------- the end
def test_the_end_says_who_won_to_you_and_play_again_swaps_the_seats():
    app = new_app((390, 844))
    star = start(app, "star", level=2)
    random_moves(star, 200, seed=1)
    star.check_over()
    over = top(app)
    assert isinstance(over, GameOverScene)
    headline = over._lines()[0]
    winner = star.outcome().winner
    assert headline == ("You win" if star.is_you(winner) else "The computer wins")
    press(app, "review", touch=True)  # See board: Play again is on the board too
    assert top(app) is star and star.button("again").rect.width
    press(app, "again", touch=True)
    fresh = top(app)
    assert fresh is not star and fresh.seats == ("Computer 2", "Human")  # the seats turned round


# ----------------------------------------------------------------------------- games by link
def test_a_link_opener_plays_only_the_side_to_move_and_undoes_only_their_own_unshared_move(tmp_path):
    ann = new_app((1280, 800), Storage(tmp_path / "ann"))
    sent = start(ann, "star", people=True)
    type_text(ann, "F6")
    press(ann, "more")
    press(ann, "share")
    share = top(ann)
    assert isinstance(share, ShareScene) and "other player" in share.body
    shot(ann, "issue21_link_sender_share_1280x800")
    link = share.link
    bob = new_app((390, 844), Storage(tmp_path / "bob"))
    menu = top(bob)
    assert menu.open_text(link) is None
    opened = quick(top(bob))
    assert opened.from_link and opened.seats == (REMOTE, "Human")  # Bob plays O, the side to move
    shot(bob, "issue21_link_opened_390x844")
    pump(bob)
    assert not opened.button("undo").enabled  # the sender's move cannot be taken back ...
    key(bob, pygame.K_z, mod=pygame.KMOD_CTRL)  # (... not even with Ctrl+Z, which says why)
    assert opened.history.notation() == ["F6"] and opened.message_is_error
    type_text(bob, "E3")
    assert opened.history.notation() == ["F6", "E3"]
    assert opened.remote_to_act() and opened.share_due
    assert opened.button("send").rect.width and opened.status_line()[0].startswith("Your move is made")
    shot(bob, "issue21_link_move_made_390x844")
    type_text(bob, "G3")  # the sender's side: refused, by typing or by tapping
    tap(bob, opened.layout_board.centers[opened.state.cells.index(0)])
    assert opened.history.notation() == ["F6", "E3"]
    press(bob, "undo", touch=True)  # Bob's own move, not yet sent: taken back
    assert opened.history.notation() == ["F6"] and not opened.remote_to_act()
    type_text(bob, "F3")
    press(bob, "send", touch=True)
    share = top(bob)
    assert isinstance(share, ShareScene)
    shot(bob, "issue21_link_share_390x844")
    press(bob, "close", touch=True)
    assert not opened.button("undo").enabled  # sent: no longer taken back
    key(bob, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert opened.history.notation() == ["F6", "F3"] and opened.message_is_error
    # back to Ann (a later session: one window at a time), her game continues from Bob's link, and now she
    # plays X only
    ann = new_app((1280, 800), Storage(tmp_path / "ann"))
    assert top(ann).open_text(share.link) is None
    back = quick(top(ann))
    assert back.save_id == sent.save_id and back.seats == ("Human", REMOTE)
    assert back.history.notation() == ["F6", "F3"]
    shot(ann, "issue21_link_back_to_sender_1280x800")


def test_share_in_a_game_against_the_computer_does_not_speak_of_the_other_player():
    app = new_app((390, 844))
    start(app, "star", level=1)
    type_text(app, "F6")
    press(app, "more", touch=True)
    press(app, "share", touch=True)
    share = top(app)
    assert isinstance(share, ShareScene) and "other player" not in share.body


# ----------------------------------------------------------------------------- the screens, to look at
@pytest.mark.parametrize("size", SIZES, ids=tag)
def test_screens_of_the_menu_and_every_new_game_page(size):
    app = new_app(size)
    pump(app, 14)  # (the boards' positions and pictures, one a frame)
    shot(app, f"issue21_menu_{tag(size)}")
    menu = top(app)
    for card in menu.cards:
        assert menu.picture(card) is not None or not app.surface.get_rect().colliderect(card.rect)
    for board in BOARDS:
        app.pop_to_root()
        press(app, f"play-{board}", touch=phone(app))
        shot(app, f"issue21_newgame_{board}_{tag(size)}")
    press(app, "options", touch=phone(app))
    shot(app, f"issue21_newgame_truchet-hex_options_{tag(size)}")


SHORT = {"savoy": ("stack-minus",) * 3, "savoya": ("stack-minus",) * 3, "know": ("limit-plus",), "star": (),
         "truchet": ("setup-single",), "truchet-hex": ("setup-single",)}


def shots(app, name: str) -> None:
    """The screen as it is, at each of the three sizes (the window resized: one game, three screens)."""
    for size in SIZES:
        app.resize(size)
        pump(app, 2)
        shot(app, f"{name}_{tag(size)}")
    app.resize(SIZES[0])


@pytest.mark.parametrize("board", BOARDS)
def test_screens_of_a_game_against_the_computer(board):
    """Start, middle and end of a game against the computer (level 1), as the player sees them."""
    app = new_app(SIZES[0])
    scene = start(app, board, level=1, presses=SHORT[board])
    shots(app, f"issue21_{board}_start")
    random_moves(scene, 12, seed=5, stop=lambda s: s.human_decides(s.state))
    shots(app, f"issue21_{board}_middle")
    random_moves(scene, 4000, seed=6, greedy=board in ("savoy", "savoya", "truchet", "truchet-hex"))
    assert scene.outcome() is not None
    scene.check_over()
    pump(app)
    assert isinstance(top(app), GameOverScene)
    shots(app, f"issue21_{board}_over")


@pytest.mark.parametrize("size", SIZES, ids=tag)
def test_screens_of_a_three_player_savoya_turn_and_a_link_game(size, tmp_path):
    app = new_app(size)
    app.pop_to_root()
    press(app, "play-savoya", touch=phone(app))
    press(app, "players-3", touch=phone(app))
    press(app, "start", touch=phone(app))
    scene = quick(top(app))
    random_moves(scene, 10, seed=8, stop=lambda s: s.human_decides(s.state) and len(s.moves_since_turn()) == 2)
    scene.say(scene.since_words())
    pump(app)
    shot(app, f"issue21_savoya3_turn_{tag(size)}")
    sender = new_app(size, Storage(tmp_path / "a"))
    game = start(sender, "savoy", people=True)
    until(sender, lambda: game.human_decides(game.state))
    game.play(game.game.legal_moves(game.state)[0])
    press(sender, "more", touch=phone(sender))
    press(sender, "share", touch=phone(sender))
    shot(sender, f"issue21_link_sender_{tag(size)}")
    link = top(sender).link
    opener = new_app(size, Storage(tmp_path / "b"))
    assert top(opener).open_text(link) is None
    opened = quick(top(opener))
    until(opener, lambda: opened.human_decides(opened.state))
    shot(opener, f"issue21_link_opener_{tag(size)}")
    opened.play(opened.game.legal_moves(opened.state)[0])
    pump(opener, 3)
    assert opened.remote_to_act()
    shot(opener, f"issue21_link_opener_moved_{tag(size)}")
