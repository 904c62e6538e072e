"""Games in and out of the app: the saved-games list, export and import of records (the desktop's files
and clipboard, the browser's download, clipboard and paste dialog), game links (the page's address, a
round trip between two players for every game), damaged links and records, and resigning.

The browser's page is a stand-in (tests/page_standin.py) answering as web/template.tmpl's JavaScript
does; that JavaScript itself runs in Chromium in tests/test_web_page.py.
"""

from __future__ import annotations

import random
import sys
import types

import pygame
import pytest

from app_helpers import DESKTOP, PHONE, key, new_app, press, pump, shot, tap, top, type_text
from page_standin import PAGE, PageWindow
from test_app_ai import quick

from game import referee
from game.app.games.registry import GAME_SCENES
from game.app.play.panels import PanelScene
from game.app.saves.exchange import link_text, read_shared, record_text
from game.app.saves.saved_game import SUFFIX, SavedGame
from game.app.saves.storage import BrowserStorage, Storage
from game.app.screens.dialog import ConfirmScene, NoticeScene
from game.app.screens.game_actions import GameActionsScene, ShareScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.app.screens.open_game import OpenGameScene
from game.app.ui.device import BrowserDevice, DesktopDevice
from game.rules import GAMES
from game.rules.errors import RecordError
from game.rules.link import link_from_record
from game.rules.record import read_record, write_record

SIZES = {"360x640": (360, 640), "390x844": PHONE, "800x600": (800, 600), "1280x720": DESKTOP}


# ----------------------------------------------------------------------------- helpers
def clipboard() -> str:
    return pygame.scrap.get_text()


def set_clipboard(text: str) -> None:
    pygame.scrap.put_text(text)


def start_game(app, name: str, seats=("Human", "Human")) -> PanelScene:
    """A new game of `name` from the menu's Play and the new-game page's Start (default options)."""
    app.pop_to_root()
    press(app, f"play-{name}")
    page = top(app)
    for colour, seat in enumerate(seats):
        press(app, f"seat{colour}-{'human' if seat == 'Human' else 'computer'}")
    press(app, "start")
    scene = top(app)
    assert isinstance(scene, PanelScene), type(scene).__name__
    return quick(scene)


def choose(scene: PanelScene, rng: random.Random):
    """A legal move, not a pass or a draw claim where another move is there (so games go on)."""
    moves = scene.game.legal_moves(scene.history.state)
    going_on = [m for m in moves if str(m) not in ("pass", "draw")]
    return rng.choice(going_on or moves)


def take_turn(app, rng: random.Random, most: int = 40) -> None:
    """One player's turn, typed into the entry as a person would (rolls thrown with the game's roll):
    moves until the other player is to decide, or a roll is due after this player moved."""
    scene = top(app)
    assert isinstance(scene, PanelScene) and not scene.reviewing
    history = scene.history
    me, moved = None, False
    for _ in range(most):
        pump(app)
        if scene.outcome() is not None:
            return
        if scene.computer_to_act():
            if moved:
                return
            for _ in range(3000):  # the computer's turn first
                pump(app)
                if not scene.computer_to_act():
                    break
            continue
        if history.roll_due():
            if moved:
                return  # the other player's dice
            scene.start_roll()
            continue
        mover = scene.game.to_move(history.state)
        if me is None:
            me = mover
        elif mover != me:
            return
        move = choose(scene, rng)
        count = len(history.moves)
        type_text(app, str(move))
        assert len(history.moves) > count and history.moves[count] == move, scene.message
        moved = True
        if len(history.moves) > count + 1:
            return  # the computer (or the dice) went on
    raise AssertionError("the turn did not end")


def quick_top(app) -> PanelScene:
    scene = top(app)
    assert isinstance(scene, PanelScene), type(scene).__name__
    return quick(scene)


def saved_files(app) -> list[str]:
    return sorted(p.name for p in app.storage.folder.iterdir() if p.name.endswith(SUFFIX))


# ----------------------------------------------------------------------------- the saved-games list
def test_several_games_in_progress_are_listed_resumed_and_deleted_after_asking(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    rng = random.Random(3)
    played = {}
    for name in ("star", "savoy", "star"):  # two games of Star: both kept
        scene = start_game(app, name, seats=("Human", "Computer") if name == "savoy" else ("Human", "Human"))
        take_turn(app, rng)
        played[scene.save_id] = scene.history.notation()
        press(app, "menu")
    menu = top(app)
    assert isinstance(menu, MenuScene) and len(menu.rows) == 3 == len(saved_files(app))
    ids = [row[0].id for row in menu.rows]
    assert ids == list(played)[::-1]  # the one played last first
    savoy = menu.rows[1][0]
    assert savoy.heading == "Savoy" and savoy.players_text == "R Human vs L Computer 3"
    assert savoy.progress_text.startswith(f"{len(played[savoy.id])} moves") and savoy.played_text() == "just now"

    press(app, "resume-2")  # the second row: Savoy
    scene = top(app)
    assert scene.save_id == savoy.id and scene.history.notation() == played[savoy.id]
    assert scene.seats == ("Human", "Computer 3")
    press(app, "menu")

    press(app, "delete-3")  # the oldest Star game: asked first
    assert isinstance(top(app), ConfirmScene)
    press(app, "cancel")
    assert len(top(app).rows) == 3
    press(app, "delete-3")
    press(app, "confirm")
    menu = top(app)
    assert isinstance(menu, MenuScene) and [row[0].id for row in menu.rows] == ids[:2]
    assert len(saved_files(app)) == 2 and ids[2] + SUFFIX not in saved_files(app)
    later = new_app(DESKTOP, Storage(tmp_path))
    assert [g.id for g in later.saved_games] == ids[:2]


def test_tapping_a_row_resumes_it_and_the_list_follows_the_games(tmp_path):
    app = new_app(PHONE, Storage(tmp_path))
    start_game(app, "star")
    take_turn(app, random.Random(1))
    press(app, "menu", touch=True)
    menu = top(app)
    game, rect, resume, delete = menu.rows[0]
    point = (rect.left + 20, rect.centery)  # on the row, beside its buttons
    assert not resume.rect.collidepoint(point) and not delete.rect.collidepoint(point)
    tap(app, point)
    assert top(app).save_id == game.id


# ----------------------------------------------------------------------------- export and import: the desktop
@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_a_record_exported_to_a_file_opens_again_in_review(name, tmp_path):
    folder = tmp_path / "exports"
    app = new_app(DESKTOP, device=DesktopDevice(folder))
    # (Savoya's computer takes seconds a move at its default six pieces a colour: people play it here)
    scene = start_game(app, name, seats=("Human", "Human") if name == "savoya" else ("Human", "Computer 2"))
    rng = random.Random(4)
    take_turn(app, rng)
    for _ in range(3000):  # the computer answers
        pump(app)
        if not scene.computer_to_act():
            break
    history = scene.history
    press(app, "more")
    assert isinstance(top(app), GameActionsScene)
    press(app, "export")
    files = list(folder.iterdir())
    assert len(files) == 1 and files[0].name.startswith(f"{name}-{len(history.moves)}moves-")
    assert str(files[0].name) in top(app).message
    text = files[0].read_text(encoding="utf-8")
    assert text == record_text(SavedGame(history, scene.seats, scene.save_id))
    assert write_record(read_record(text)) == write_record(history)  # the referee's reader takes it

    other = new_app(PHONE, device=DesktopDevice(folder))  # another session, the same folder
    press(other, "open")
    dialog = top(other)
    assert isinstance(dialog, OpenGameScene) and dialog.files == files
    press(other, "file0")
    opened = quick_top(other)
    assert opened.reviewing and opened.review_at == len(history.moves)
    assert opened.live_history.notation() == history.notation()
    assert opened.live_history.seed == history.seed or not GAMES[name].has_chance  # Star has no dice
    assert opened.live_history.options == history.options and opened.seats == scene.seats
    assert other.saved_games == []  # looking at it keeps nothing
    press(other, "review_live")
    assert not opened.reviewing and opened.save_id != scene.save_id


def test_a_broken_record_file_gets_the_readers_message_with_its_line(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "broken.txt").write_text('[Game "star"]\n[Options "-size=5"]\n\n1. C3\n2. C3\n', encoding="utf-8")
    (folder / "latin1.txt").write_bytes("[Game \"star\"]\n# caf\xe9\n".encode("latin-1"))
    app = new_app(DESKTOP, device=DesktopDevice(folder))
    start_game(app, "star")
    take_turn(app, random.Random(2))
    press(app, "menu")
    kept = [g.id for g in app.saved_games]
    press(app, "open")
    dialog = top(app)
    names = [p.name for p in dialog.files]
    press(app, f"file{names.index('broken.txt')}")
    assert top(app) is dialog and dialog.message_error
    assert "line 5: move 2 'C3': C3 is already taken by X" in dialog.message
    press(app, f"file{names.index('latin1.txt')}")
    assert "not a text file" in dialog.message and top(app) is dialog
    assert [g.id for g in app.saved_games] == kept
    shot(app, "open_error_desktop")


def test_the_record_copied_to_the_clipboard_opens_with_ctrl_v_on_the_menu():
    app = new_app(DESKTOP)
    scene = start_game(app, "truchet")
    take_turn(app, random.Random(8))
    moves = scene.history.notation()
    press(app, "more")
    press(app, "copy_record")
    assert "on the clipboard" in top(app).message
    assert clipboard() == record_text(SavedGame(scene.history, scene.seats, scene.save_id))
    press(app, "close")
    press(app, "menu")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    opened = top(app)
    assert isinstance(opened, PanelScene) and opened.reviewing and opened.live_history.notation() == moves
    set_clipboard("")
    press(app, "menu")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert isinstance(top(app), NoticeScene) and "holds no text" in top(app).message


# ----------------------------------------------------------------------------- the browser's paths
@pytest.fixture
def page(monkeypatch):
    window = PageWindow()
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))
    return window


def browser_app(window: PageWindow, size=PHONE):
    return new_app(size, BrowserStorage(), device=BrowserDevice(window), browser=True)


def test_in_the_browser_share_copies_the_address_and_the_record_downloads(page):
    app = browser_app(page)
    scene = start_game(app, "savoy")
    take_turn(app, random.Random(5))
    assert any(k.startswith("pbmgames:game-") for k in page.localStorage.items)  # saved in the page
    press(app, "more", touch=True)
    press(app, "export", touch=True)
    record = record_text(SavedGame(scene.history, scene.seats, scene.save_id))
    assert page.downloads == [(page.downloads[0][0], record)] and page.downloads[0][0].endswith(".txt")
    assert "Downloaded" in top(app).message
    press(app, "share", touch=True)
    share = top(app)
    assert isinstance(share, ShareScene)
    link = link_text(scene.history, scene.save_id)
    assert page.location.href == PAGE + "#" + link  # the address carries the game
    pump(app)  # the browser finishes copying
    assert page.clipboard == PAGE + "#" + link and "on the clipboard" in share.message
    shot(app, "share_browser_phone")


def test_in_the_browser_a_refused_copy_offers_the_link_as_text(page):
    page.refuse_copy = True
    app = browser_app(page)
    start_game(app, "star")
    take_turn(app, random.Random(1))
    press(app, "more")
    press(app, "share")
    share = top(app)
    assert share.message_error and "Show as text" in share.message
    press(app, "show")
    assert page.dialogs[-1] == ("show", "Share this game", share.url)


def test_in_the_browser_a_pasted_record_or_a_picked_file_opens_in_review(page):
    source = new_app(DESKTOP)
    scene = start_game(source, "know")
    take_turn(source, random.Random(6))
    record = record_text(SavedGame(scene.history, scene.seats, scene.save_id))

    app = browser_app(page)
    press(app, "open")
    press(app, "paste")
    dialog = top(app)
    assert page.dialogs[-1][0] == "ask" and dialog.asking
    pump(app, 3)
    assert top(app) is dialog  # nothing yet: the player is pasting
    page.answer(None)  # closed
    pump(app)
    assert top(app) is dialog and not dialog.asking
    press(app, "choose")
    page.answer(error="huge.txt is far too large for a game record (9999999 bytes)", name="huge.txt")
    pump(app)
    assert "far too large" in dialog.message
    press(app, "paste")
    page.answer(record.replace("1. ", "1. nonsense", 1), name="bad.txt")
    pump(app)
    assert top(app) is dialog and "line" in dialog.message and "move 1" in dialog.message
    press(app, "paste")
    page.answer(record, name="know.txt")
    pump(app)
    opened = top(app)
    assert isinstance(opened, PanelScene) and opened.reviewing
    assert opened.live_history.notation() == scene.history.notation()
    assert "know.txt" in opened.message


def test_a_page_opened_with_a_link_shows_the_game_and_a_damaged_one_replaces_nothing(page):
    source = new_app(DESKTOP)
    scene = start_game(source, "star")
    take_turn(source, random.Random(2))
    link = link_text(scene.history, scene.save_id)

    page.go_to(PAGE + "#" + link)
    app = browser_app(page)
    opened = top(app)
    assert isinstance(opened, PanelScene) and not opened.reviewing and opened.from_link
    assert opened.history.notation() == scene.history.notation() and opened.save_id == scene.save_id
    assert app.saved_games and app.saved_games[0].id == scene.save_id  # kept at once
    take_turn(app, random.Random(3))
    kept = [(g.id, g.history.notation()) for g in app.saved_games]

    for damaged in (link[:-7], link[:12] + "!" + link[13:], "g1.", PAGE + "#g2.abc"):
        page.go_to(PAGE + "#" + damaged.split("#")[-1])
        pump(app, 31)
        notice = top(app)
        assert isinstance(notice, NoticeScene), damaged
        assert "This game link cannot be opened" in notice.message
        assert "damaged" in notice.message or "not a game link" in notice.message
        assert app.stack[-2] is opened  # the game in progress is still there, under the notice
        assert [(g.id, g.history.notation()) for g in app.saved_games] == kept
        if damaged == link[:-7]:
            shot(app, "link_damaged_phone")
        press(app, "ok")

    page.go_to(PAGE + "#debug")  # the address's # for another use: left alone
    pump(app, 31)
    assert top(app) is opened


def test_a_link_pasted_into_the_address_later_opens_over_the_game_shown(page):
    app = browser_app(page)
    mine = start_game(app, "truchet")
    take_turn(app, random.Random(1))
    source = new_app(DESKTOP)
    theirs = start_game(source, "savoy")
    take_turn(source, random.Random(2))
    page.go_to(PAGE + "#" + link_text(theirs.history, theirs.save_id))
    pump(app, 31)
    opened = top(app)
    assert opened is not mine and opened.history.notation() == theirs.history.notation()
    assert {g.id for g in app.saved_games} == {mine.save_id, theirs.save_id}  # both kept


# ----------------------------------------------------------------------------- two players, links back and forth
def share_link(app) -> str:
    """Press More (or Share) and Share a link, then Copy: the link, from the clipboard."""
    scene = top(app)
    due = scene.share_due
    press(app, "more")
    if not due:
        press(app, "share")
    share = top(app)
    assert isinstance(share, ShareScene)
    press(app, "copy")
    assert "on the clipboard" in share.message
    press(app, "close")
    assert top(app) is scene and not scene.share_due
    return clipboard()


def open_from_clipboard(app) -> PanelScene:
    press(app, "open")
    press(app, "paste")
    return quick_top(app)


@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_two_players_play_by_links_back_and_forth(name, tmp_path):
    """Ann starts a game and shares it; Bob opens the link in a fresh app, plays and shares back; Ann's
    app (a later session) continues her game from Bob's link; and so on. Each keeps one game."""
    folders = {"ann": tmp_path / "ann", "bob": tmp_path / "bob"}
    rng = random.Random(11)
    ann = new_app(DESKTOP, Storage(folders["ann"]))
    scene = start_game(ann, name)
    take_turn(ann, rng)
    game_id, seed = scene.save_id, scene.history.seed
    moves = scene.history.notation()
    link = share_link(ann)
    assert link.startswith("g1.")
    player = "bob"
    for turn in range(4):
        app = new_app(PHONE if player == "bob" else DESKTOP, Storage(folders[player]))
        set_clipboard(link)
        scene = open_from_clipboard(app)
        assert not scene.reviewing and scene.from_link
        assert scene.history.notation() == moves and scene.save_id == game_id
        if GAMES[name].has_chance:
            assert scene.history.seed == seed  # the dice cannot be rolled again by a new link
        assert [g.id for g in app.saved_games] == [game_id]  # one game, continued
        if scene.outcome() is not None:
            break
        take_turn(app, rng)
        assert scene.share_due and scene.b["more"].label == "Share"
        assert scene.history.notation()[:len(moves)] == moves and len(scene.history.moves) > len(moves)
        moves = scene.history.notation()
        link = share_link(app)
        assert [g.id for g in app.saved_games] in ([game_id], [])  # [] once the game is over
        player = "ann" if player == "bob" else "bob"
    again = read_shared(link).game.history  # the last link replays to the same game, dice and all
    assert again.notation() == moves


def test_an_older_link_shows_the_game_kept_and_another_branch_is_kept_beside_it(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    scene = start_game(app, "star")
    rng = random.Random(5)
    take_turn(app, rng)
    old = share_link(app)
    take_turn(app, rng)
    take_turn(app, rng)
    moves = scene.history.notation()
    press(app, "menu")
    set_clipboard(old)
    again = open_from_clipboard(app)
    assert again.history.notation() == moves and "as you left it" in again.message
    assert len(app.saved_games) == 1
    # a link of the same game that went another way: opened beside it, both kept
    other = read_shared(old).game.history
    other.play(next(m for m in other.game.legal_moves(other.state) if str(m) != moves[1] and str(m) != "pass"))
    press(app, "menu")
    set_clipboard(link_text(other, scene.save_id))
    branch = open_from_clipboard(app)
    assert branch.save_id != scene.save_id and "both are kept" in branch.message
    assert {g.id for g in app.saved_games} == {scene.save_id, branch.save_id}


@pytest.mark.parametrize(("damage", "words"), [
    (lambda link: link[:-9], "damaged"),
    (lambda link: link.replace("g1.", "g1.*", 1), "damaged"),
    (lambda link: "hello there", "not a game link"),
    (lambda link: link_from_record('[Game "star"]\n[Options "-size=5"]\n\n1. C3\n2. C3\n'), "move 2 'C3': C3 is already taken"),
    (lambda link: link_from_record('[Game "chess"]\n\n1. e4\n'), "chess"),
    (lambda link: '[Game "star"]\n[Options "-size=5"]\n\n1. Z9\n', "line 4: move 1 'Z9'"),
])
def test_damaged_links_and_records_get_a_message_and_replace_nothing(damage, words, tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    scene = start_game(app, "star")
    take_turn(app, random.Random(2))
    link = link_text(scene.history, scene.save_id)
    press(app, "menu")
    kept = [(g.id, g.history.notation()) for g in app.saved_games]
    set_clipboard(damage(link))
    key(app, pygame.K_v, pygame.KMOD_CTRL)  # pasted on the menu
    notice = top(app)
    assert isinstance(notice, NoticeScene) and words in notice.message and "cannot be opened" in notice.message
    press(app, "ok")
    press(app, "open")
    press(app, "paste")
    assert isinstance(top(app), OpenGameScene) and words in top(app).message
    assert [(g.id, g.history.notation()) for g in app.saved_games] == kept
    assert saved_files(app) == [scene.save_id + SUFFIX]


# ----------------------------------------------------------------------------- resigning
@pytest.mark.parametrize("name", sorted(GAME_SCENES))
def test_resign_asks_first_ends_the_game_and_the_record_says_who(name, tmp_path, capsys):
    app = new_app(DESKTOP, Storage(tmp_path / "saves"), device=DesktopDevice(tmp_path / "exports"))
    scene = start_game(app, name)
    take_turn(app, random.Random(7))
    mover = scene.game.to_move(scene.history.state)
    press(app, "more")
    press(app, "resign")
    confirm = top(app)
    assert isinstance(confirm, ConfirmScene)
    press(app, "cancel")  # Play on
    assert top(app) is scene and scene.outcome() is None
    press(app, "more")
    press(app, "resign")
    colours = scene.resigners()
    assert len(colours) == 2 and (mover is None or colours[0] == mover)  # two people: either, the mover first
    press(app, "confirm-2")  # the second offered resigns
    loser = colours[1]
    winner = 1 - loser
    over = top(app)
    assert isinstance(over, GameOverScene)
    headline, reason, _ = over._lines()
    assert headline.startswith(f"{scene.game.players[winner]} wins") and reason == f"{scene.game.players[loser]} resigned"
    assert saved_files(app) == []  # no longer a game in progress
    press(app, "review")  # See board: the last position, in review; nothing can be played
    assert scene.reviewing and scene.review_at == len(scene.live_history.moves)
    assert scene.button("review_live").label == "Last"
    count = len(scene.live_history.moves)
    pump(app, 10)
    type_text(app, "pass")
    assert len(scene.live_history.moves) == count
    press(app, "more")
    assert not top(app).button("resign").enabled
    press(app, "export")
    exported = next((tmp_path / "exports").iterdir())
    text = exported.read_text(encoding="utf-8")
    assert f'[Resigned "{scene.game.players[loser]}"]' in text and f'[Result "{scene.game.players[winner]}"]' in text
    assert referee.main(["--record", str(exported), "--json"]) == 0
    info = __import__("json").loads(capsys.readouterr().out)
    assert info["resigned"] == scene.game.players[loser] and info["winner"] == scene.game.players[winner]


def test_against_the_computer_the_person_resigns():
    app = new_app(DESKTOP)
    scene = start_game(app, "star", seats=("Computer", "Human"))
    scene.computer_pause = 0
    for _ in range(300):
        pump(app)
        if not scene.computer_to_act():
            break
    press(app, "more")
    assert top(app).button("resign").label == "Resign (O)"
    press(app, "resign")
    press(app, "confirm")
    assert scene.outcome() is not None and scene.outcome().winner == 0
    assert scene.thinking is None and "O resigned" in top(app)._lines()[1]


# ----------------------------------------------------------------------------- screenshots
@pytest.mark.parametrize("tag", sorted(SIZES))
def test_screens_of_the_list_and_the_dialogs(tag, tmp_path):
    """Written to tests/screenshots/: the saved-games list, a delete confirmation, the More sheet, the
    Share dialog, the Open dialog, the resign question and the game over after it."""
    size = SIZES[tag]
    folder = tmp_path / "exports"
    app = new_app(size, Storage(tmp_path / "saves"), device=DesktopDevice(folder))
    rng = random.Random(9)
    for name, seats in (("truchet", ("Human", "Human")), ("savoy", ("Human", "Computer")),
                        ("star", ("Human", "Human")), ("know", ("Human", "Human"))):
        scene = start_game(app, name, seats)
        take_turn(app, rng)
        if name == "star":
            press(app, "more")
            press(app, "export")
            press(app, "close")
        press(app, "menu")
    menu = top(app)
    screen = app.surface.get_rect()
    for _, rect, resume, delete in menu.rows[:1]:
        assert screen.contains(resume.rect) and screen.contains(delete.rect)
        assert min(resume.rect.size + delete.rect.size) >= 44
    shot(app, f"saved_games_{tag}")
    press(app, "delete-2")
    shot(app, f"delete_confirm_{tag}")
    press(app, "cancel")
    press(app, "open")
    shot(app, f"open_game_{tag}")
    press(app, "close")
    press(app, "resume-3")  # Savoy, against the computer: the person resigns
    press(app, "more")
    sheet = top(app)
    for button in sheet.buttons:
        assert screen.contains(button.rect) and button.rect.height >= 44, button.name
    shot(app, f"more_sheet_{tag}")
    press(app, "share")
    share = top(app)
    assert screen.contains(share.card)
    shot(app, f"share_{tag}")
    press(app, "close")
    press(app, "more")
    press(app, "resign")
    shot(app, f"resign_confirm_{tag}")
    press(app, "confirm")
    shot(app, f"resigned_gameover_{tag}")


def test_what_is_pasted_is_read_as_a_link_or_a_record():
    history = read_shared('[Game "star"]\n[Options "-size=5"]\n\n1. C3\n').game.history
    link = link_text(history, "game-20250101T000000-abcdef")
    for pasted in (link, "  " + link + "\n", PAGE + "#" + link, "#" + link, link[:40] + "\n" + link[40:]):
        shared = read_shared(pasted)
        assert shared.from_link and shared.shared_id == "game-20250101T000000-abcdef"
        assert shared.game.history.notation() == ["C3"]
    record = read_shared("\ufeff# a comment\n" + write_record(history))
    assert not record.from_link and record.game.history.notation() == ["C3"]
    for nonsense, words in (("", "nothing to open"), ("hello", "not a game link"),
                            ("[Game \"star\"]\n1. Q99\n", "line 2: move 1 'Q99'")):
        with pytest.raises(RecordError, match=words):
            read_shared(nonsense)


def test_a_game_played_by_links_stays_one_when_resumed_later(tmp_path):
    source = new_app(DESKTOP)
    scene = start_game(source, "savoy")
    take_turn(source, random.Random(4))
    set_clipboard(link_text(scene.history, scene.save_id))
    app = new_app(PHONE, Storage(tmp_path))
    open_from_clipboard(app)
    later = new_app(PHONE, Storage(tmp_path))  # another day: from the menu's list, not the link
    menu = top(later)
    assert menu.rows[0][0].by_link and menu.rows[0][0].players_text.endswith("· by link")
    press(later, "resume")
    resumed = quick_top(later)
    assert resumed.from_link and resumed.b["more"].label == "More"
    take_turn(later, random.Random(5))
    assert resumed.share_due and resumed.b["more"].label == "Share"
    press(later, "more")
    assert isinstance(top(later), ShareScene)  # straight to the link
