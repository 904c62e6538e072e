"""Text from outside the app reaches the screen drawable: a NUL, a lone surrogate, a string of only
zero-width characters (pygame's font refuses each) in a record or link, pasted or in the page's address,
and file names that are not UTF-8 in the exports and saves folders, never crash a frame.

Every text the app draws goes through `game.app.ui.theme` (its fonts make any text drawable); the rules'
messages quote what they repeat (`game.rules.reading.quote`).
"""

from __future__ import annotations

import os
import re
import sys
import types
from pathlib import Path

import pygame
import pytest

from app_helpers import DESKTOP, new_app, press, pump, top
from page_standin import PAGE, PageWindow

from game.app.saves.storage import BrowserStorage, Storage
from game.app.screens.dialog import NoticeScene, wrap_lines
from game.app.screens.menu import MenuScene
from game.app.screens.open_game import OpenGameScene
from game.app.ui import theme
from game.app.ui.device import BrowserDevice, DesktopDevice
from game.rules import GAMES
from game.rules.errors import OptionError
from game.rules.link import link_from_record

APP = Path(__file__).resolve().parent.parent / "game" / "app"
#: texts pygame's font refuses to draw or measure, and their like
NASTY = ["-\x00", "a\x00b", "\ud800", "x\udcff.txt", "\u200b", "\u200b\u200b\ufeff", "\u202e", "\U000e0001",
         "\x01\x7f\x9f", "\n\t", "", "\u0301", "e\u0301\u0301\u0301", "\U0001f600" * 3, "\uffff\U0010ffff"]
BAD_OPTIONS_RECORD = '[Game "star"]\n[Options "-\x00"]\n\n1. C3\n'


def test_every_text_of_the_app_is_drawn_through_the_theme():
    """No module but theme.py makes a font or renders with one (pygame.font, freetype, SysFont)."""
    direct = re.compile(r"pygame\.(font|freetype)\b|SysFont|\bfont\(\s*[^)]*\)\s*\.render\(|\bf\.render\(|"
                        r"\.render\(\s*[^,()]+,\s*(True|False)")
    offenders = []
    for path in APP.rglob("*.py"):
        if path.name == "theme.py" and path.parent.name == "ui":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if direct.search(line):
                offenders.append(f"{path.relative_to(APP)}:{number}: {line.strip()}")
    assert not offenders, "text drawn outside game/app/ui/theme.py:\n" + "\n".join(offenders)


@pytest.mark.parametrize("words", NASTY)
def test_the_theme_draws_and_measures_any_text(words):
    pygame.init()
    surface = pygame.Surface((300, 200))
    for size in (theme.MIN_TEXT, 30):
        assert theme.render(words, size, theme.TEXT).get_height() > 0
        theme.font(size).size(words)
        theme.font(size).render(words, True, theme.TEXT)
        theme.text(surface, words * 50, size, theme.TEXT, center=(150, 100), max_width=120)
        theme.paragraph(surface, f"{words} and {words}", size, theme.TEXT, pygame.Rect(0, 0, 100, 100))
        wrap_lines(words * 30, size, 80)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_option_messages_quote_what_they_refuse(name):
    game = GAMES[name]
    for flags in (["-\x00"], ["-\x00=1"], ["-size=\x00"], ["\x00"], ["-" + "\u200b" * 80]):
        with pytest.raises(OptionError) as refused:
            game.options_from_flags(flags)
        message = str(refused.value)
        assert message.isprintable(), message  # the NUL and the zero-width spaces appear as escapes
        assert len(message) < 400
    with pytest.raises(OptionError) as refused:
        game.check_options({"\x00" * 100: 1})
    assert "\\x00" in str(refused.value) and "characters" in str(refused.value)


# ----------------------------------------------------------------------------- the app
@pytest.fixture
def page(monkeypatch):
    window = PageWindow()
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))
    return window


def browser_app(window):
    return new_app((390, 844), BrowserStorage(), device=BrowserDevice(window), browser=True)


def test_a_record_and_a_link_with_a_nul_pasted_into_open_a_game_get_a_message(page):
    app = browser_app(page)
    press(app, "open")
    dialog = top(app)
    assert isinstance(dialog, OpenGameScene)
    for text in (BAD_OPTIONS_RECORD, BAD_OPTIONS_RECORD.replace("-\x00", "\ud800\u200b"),
                 link_from_record(BAD_OPTIONS_RECORD),
                 PAGE + "#" + link_from_record(BAD_OPTIONS_RECORD.replace("-\x00", "\u200b\U000e0001"))):
        press(app, "paste")
        page.answer(text, name="x\udcff\x00.txt")
        pump(app, 3)
        assert top(app) is dialog
        assert "option" in dialog.message and dialog.message.isprintable(), dialog.message


@pytest.mark.parametrize("words", ["-\x00", "\u200b\u200b", "\U000e0001\u202e"])
def test_a_page_opened_with_such_a_link_in_its_address_says_so_on_every_frame(page, words):
    page.go_to(PAGE + "#" + link_from_record(BAD_OPTIONS_RECORD.replace("-\x00", words)))
    app = browser_app(page)
    pump(app, 40)
    notice = top(app)
    assert isinstance(notice, NoticeScene) and "cannot be opened" in notice.message
    press(app, "ok")
    pump(app, 40)
    assert isinstance(top(app), MenuScene)  # the same address is not opened again


def _write(folder: Path, name: bytes, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(os.fsencode(folder) + b"/" + name, "wb") as out:
        out.write(data)


def test_record_files_whose_names_are_not_utf8_are_listed_and_open(tmp_path):
    exports = tmp_path / "exports"
    record = b'[Game "star"]\n[Options "-size=5"]\n\n1. C3\n'
    _write(exports, b"good-\xff\xfe.txt", record)
    _write(exports, b"bad-\x80.txt", b'[Game "star"]\n[Options "-\x00"]\n')
    _write(exports, b"\xe2\x80\x8b.txt", b"\xff\xfe not text")  # a zero-width space, and not UTF-8 inside
    app = new_app(DESKTOP, device=DesktopDevice(exports))
    press(app, "open")
    dialog = top(app)
    assert isinstance(dialog, OpenGameScene) and len(dialog.files) == 3
    pump(app, 2)
    for k, path in enumerate(dialog.files):
        if path.name.startswith("good"):
            continue
        press(app, f"file{k}")
        assert top(app) is dialog and dialog.message, path
    good = next(k for k, path in enumerate(dialog.files) if path.name.startswith("good"))
    press(app, f"file{good}")
    opened = top(app)
    assert opened is not dialog and opened.live_history.notation() == ["C3"]
    pump(app, 3)


def test_saves_whose_names_are_not_utf8_are_set_aside_or_resumed_and_named(tmp_path):
    folder = tmp_path / "saves"
    record = b'[Game "star"]\n[Options "-size=5"]\n[Seats "Human,Human"]\n\n1. C3\n'
    _write(folder, b"game-\xff\x00"[:-1] + b".txt", b'[Game "star"]\n[Options "-\x00"]\n')
    _write(folder, b"game-\xc3.txt", record)
    _write(folder, b"game-\xe2\x80\x8b.txt", b"\xff not text")
    app = new_app(DESKTOP, storage=Storage(folder))
    pump(app, 3)
    assert isinstance(top(app), MenuScene)
    assert app.saved_notice.isprintable() and "\\udcff" in app.saved_notice  # the name, quoted
    assert [g.history.notation() for g in app.saved_games] == [["C3"]]
    press(app, "resume")
    pump(app, 3)
    assert top(app).live_history.notation() == ["C3"]
