"""The app shell: entry points, input layer, generic screens and screenshots."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

from app_helpers import DESKTOP, PHONE, SCREENSHOTS, click, hover, new_app, press, pump, shot, tap, top

import pygame
import pytest

from game.app import main as app_main
from game.app.games import registry
from game.app.games.star.scene import StarScene
from game.app.games.truchet.rules_page import HEX_TRUCHET_RULES
from game.app.play.game_scene import GameScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.app.screens.new_game import NewGameScene
from game.app.screens.rules import RulesScene
from game.app.ui.input import InputMapper
from game.rules import GAMES
from game.rules.base import Game, Outcome
from game.rules.errors import IllegalMoveError, NotationError
from game.rules.options import ChoiceOption, FlagOption, IntOption


# ------------------------------------------------------------------------------ entry points
def test_amain_runs_frames_and_returns():
    asyncio.run(app_main.amain(size=(390, 844), max_frames=4))
    assert not pygame.get_init()  # the desktop loop cleans up after itself


def test_amain_handles_posted_clicks(monkeypatch):
    """Drive the real loop: a click on the menu's Play button opens the new-game screen."""
    seen = []
    real_make = app_main.make_app

    def spy(size=None, browser=False):
        app = real_make(size, browser)
        seen.append(app)
        pos = app.top.button("play-star").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        return app

    monkeypatch.setattr(app_main, "make_app", spy)
    asyncio.run(app_main.amain(size=DESKTOP, max_frames=3))
    assert isinstance(seen[0].top, NewGameScene) and seen[0].frames == 3
    assert seen[0].settle_frames  # each frame ends freezing what it keeps (tests/test_app_memory.py)


def test_run_refuses_a_bad_size(capsys):
    for bad in ("abc", "100x100", "1280", "12x-3", "99999x720"):
        assert app_main.run(["--size", bad]) == 2
        err = capsys.readouterr().err
        assert "--size" in err and bad in err


def test_run_desktop_for_a_few_frames():
    assert app_main.run(["--size", "640x480", "--frames", "2"]) == 0
    assert app_main.run(["--frames", "0"]) == 2


def test_parse_size_and_browser_canvas():
    assert app_main.parse_size("390x844") == (390, 844)
    assert app_main.parse_size("1280X720") == (1280, 720)
    with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
        app_main.parse_size("big")
    for bad in ("\u0663\u0669\u0660x844", "\u00b2x\u00b2", "-390x844"):  # only ASCII digits are digits
        with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
            app_main.parse_size(bad)
    with pytest.raises(ValueError, match="must each be"):
        app_main.parse_size("9" * 5000 + "x844")
    assert app_main.fit_canvas(390, 844) == (390, 844)  # portrait phone: css pixels, so 44 px are 44 css px
    assert app_main.fit_canvas(360, 640) == (360, 640)
    assert app_main.fit_canvas(768, 1024) == (480, 640)  # a tablet: at most 480 wide
    assert app_main.fit_canvas(1920, 1080) == (1280, 720)  # landscape
    assert app_main.fit_canvas(0, 0) == app_main.DEFAULT_SIZE
    assert app_main.browser_size() == app_main.DEFAULT_SIZE  # no JS window on the desktop


# ------------------------------------------------------------------------------ input layer
def ev(kind, **attrs):
    return pygame.event.Event(kind, **attrs)


def test_input_mapper_handles_each_physical_tap_once():
    m = InputMapper((400, 800))
    down = m.translate(ev(pygame.FINGERDOWN, x=0.5, y=0.25, touch_id=1, finger_id=0, dx=0, dy=0))
    assert [(i.kind, i.pos, i.touch) for i in down] == [("point", (200, 200), True)]
    assert m.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=1, touch=True)) == []
    assert m.translate(ev(pygame.MOUSEMOTION, pos=(200, 200), rel=(0, 0), buttons=(1, 0, 0), touch=True)) == []
    up = m.translate(ev(pygame.FINGERUP, x=0.5, y=0.25, touch_id=1, finger_id=0, dx=0, dy=0))
    assert [(i.kind, i.pos) for i in up] == [("tap", (200, 200)), ("release", (200, 200))]
    assert m.translate(ev(pygame.MOUSEBUTTONUP, pos=(200, 200), button=1, touch=True)) == []
    # a real mouse click is one point and one tap too
    assert [i.kind for i in m.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))] == ["point"]
    assert [i.kind for i in m.translate(ev(pygame.MOUSEMOTION, pos=(9, 6), rel=(4, 0), buttons=(1, 0, 0)))] == ["drag"]
    assert [i.kind for i in m.translate(ev(pygame.MOUSEBUTTONUP, pos=(9, 6), button=1))] == ["tap", "release"]
    # a press that travelled is a drag, not a tap
    m.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    m.translate(ev(pygame.MOUSEMOTION, pos=(45, 6), rel=(40, 0), buttons=(1, 0, 0)))
    assert [i.kind for i in m.translate(ev(pygame.MOUSEBUTTONUP, pos=(45, 6), button=1))] == ["release"]
    assert [i.kind for i in m.translate(ev(pygame.MOUSEMOTION, pos=(9, 9), rel=(0, 3), buttons=(0, 0, 0)))] == ["hover"]


def test_input_mapper_ignores_a_second_finger_and_maps_keys():
    m = InputMapper((100, 100))
    assert len(m.translate(ev(pygame.FINGERDOWN, x=0.1, y=0.1, touch_id=1, finger_id=0))) == 1
    assert m.translate(ev(pygame.FINGERDOWN, x=0.9, y=0.9, touch_id=1, finger_id=1)) == []
    assert m.translate(ev(pygame.FINGERUP, x=0.9, y=0.9, touch_id=1, finger_id=1)) == []
    drag = m.translate(ev(pygame.FINGERMOTION, x=0.2, y=0.3, touch_id=1, finger_id=0))
    assert drag[0].kind == "drag" and drag[0].rel == (10, 20)
    keys = {
        (pygame.K_ESCAPE, 0): "back", (pygame.K_RETURN, 0): "confirm", (pygame.K_z, pygame.KMOD_LCTRL): "undo",
        (pygame.K_y, pygame.KMOD_LCTRL): "redo", (pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT): "redo",
    }
    for (k, mod), kind in keys.items():
        assert [i.kind for i in m.translate(ev(pygame.KEYDOWN, key=k, mod=mod, unicode=""))] == [kind]
    # a letter key is text (from TEXTINPUT), never a second copy from KEYDOWN
    assert m.translate(ev(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f")) == []
    assert [i.text for i in m.translate(ev(pygame.TEXTINPUT, text="f"))] == ["f"]
    assert [i.kind for i in m.translate(ev(pygame.QUIT))] == ["quit"]


# ------------------------------------------------------------------------------ generic screens
def test_menu_shows_every_board_with_its_picture_and_how_many_play():
    app = new_app(PHONE)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    assert {card.board.game for card in menu.cards} == set(GAMES)  # every game has a board on the menu
    keys = [card.board.key for card in menu.cards]
    assert {"truchet", "truchet-hex", "savoy", "savoya"} <= set(keys)  # boards of their own
    assert keys.index("savoya") == keys.index("savoy") + 1  # Savoya beside Savoy
    pump(app, 2 * len(menu.cards) + 2)  # a position, then its picture, a frame each
    screen = app.surface.get_rect()
    for card in menu.cards:
        assert card.summary and card.rect.height > 0
        assert screen.left <= card.rect.left and card.rect.right <= screen.right  # the list scrolls vertically only
        assert card.actions[0].enabled == (card.board.game in menu.playable)
        picture = menu.picture(card)  # drawn by the game's own view: something besides the background
        assert picture is not None and picture.get_bounding_rect().width > card.picture.width // 2
    assert screen.contains(menu.cards[0].rect)
    press(app, "rules-star")
    assert isinstance(top(app), RulesScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    pump(app)
    assert isinstance(top(app), MenuScene)
    press(app, "rules-truchet-hex")  # each board's own rules
    assert top(app).page is HEX_TRUCHET_RULES
    app.pop()
    menu.scroll_by(-menu.scroll)
    playable = next(card.rect for card in menu.cards if card.board.game in menu.playable)
    assert screen.contains(playable)
    click(app, (playable.left + 20, playable.bottom - 10))  # the card itself opens the game
    assert isinstance(top(app), NewGameScene)


def test_rules_screen_scrolls_and_credits_the_designer():
    app = new_app(PHONE)
    press(app, "rules-star")
    rules = top(app)
    assert "Craige Schensted" in rules.page.credit
    assert rules.max_scroll() > 0
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.7, touch_id=1, finger_id=0))
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=0.5, y=0.5, touch_id=1, finger_id=0))
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, touch_id=1, finger_id=0))
        pump(app)
    assert rules.scroll > 0
    for _ in range(100):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    pump(app)
    assert rules.scroll == rules.max_scroll()


def test_newgame_steppers_respect_the_range():
    app = new_app(DESKTOP)
    press(app, "play-star")
    scene = top(app)
    press(app, "options")  # the rules options, folded under their line
    for _ in range(20):
        if scene.button("size-plus").enabled:
            press(app, "size-plus")
    assert scene.values["size"] == 14 and not scene.button("size-plus").enabled
    for _ in range(20):
        if scene.button("size-minus").enabled:
            press(app, "size-minus")
    assert scene.values["size"] == 3 and not scene.button("size-minus").enabled
    assert scene.button("seat0-computer").enabled  # the computer can take a seat (tests/test_app_ai.py)
    press(app, "maxi-on")
    press(app, "maxi-off")
    press(app, "maxi-on")
    press(app, "start")
    assert isinstance(top(app), StarScene) and top(app).state.maxi and top(app).state.size == 3


# A tiny game that is not Star, to check that the generic screens work for any registered game.
@dataclass(frozen=True)
class CountState:
    total: int
    to_move: int
    target: int
    mode: str


@dataclass(frozen=True)
class Add:
    n: int

    def __str__(self) -> str:
        return str(self.n)


class CountGame(Game):
    name, title, summary = "count", "Count", "Add 1 or 2; whoever reaches the target wins."
    OPTIONS = (IntOption("target", 5, 3, 9, "the total to reach"), FlagOption("fast", "add up to 3"),
               ChoiceOption("mode", "plain", ("plain", "misere"), "who wins"))

    def _initial(self, options):
        return CountState(0, 0, int(options["target"]), str(options["mode"]))

    def options_of(self, state):
        return {"target": state.target, "fast": False, "mode": state.mode}

    def legal_moves(self, state):
        return [] if state.total >= state.target else [Add(1), Add(2)]

    def parse_move(self, text, state):
        if text.strip() not in ("1", "2"):
            raise NotationError(f"{text!r}: add 1 or 2", "notation")
        return Add(int(text))

    def check_legal(self, state, move):
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not allowed", "illegal")

    def _apply(self, state, move):
        return CountState(state.total + move.n, 1 - state.to_move, state.target, state.mode)

    def to_move(self, state):
        return None if state.total >= state.target else state.to_move

    def outcome(self, state):
        if state.total < state.target:
            return None
        last = 1 - state.to_move
        return Outcome(last if state.mode == "plain" else state.to_move, f"the total reached {state.total}")

    def scores(self, state):
        return (state.total, 0)

    def render_text(self, state):
        return str(state.total)

    def details(self, state):
        return {"parts": {"X": [state.total], "O": []}, "standing": "counted"}


class CountScene(GameScene):
    def layout(self, size):
        super().layout(size)
        self.buttons = []


def test_generic_screens_work_for_another_registered_game(monkeypatch):
    count = CountGame()
    monkeypatch.setitem(GAMES, "count", count)
    monkeypatch.setitem(registry.GAME_SCENES, "count", CountScene)
    app = new_app(PHONE)
    menu = top(app)
    assert "count" in [card.board.key for card in menu.cards]  # a game without boards of its own: one board
    press(app, "play-count")
    new = top(app)
    assert isinstance(new, NewGameScene)
    assert new.seats == ["Human", "Computer 3"]  # you against the computer, unless chosen otherwise
    press(app, "seat1-human")
    press(app, "options")
    press(app, "mode-misere")  # ChoiceOption -> segmented buttons
    press(app, "target-plus")
    press(app, "fast-on")
    assert new.values == {"target": 6, "fast": True, "mode": "misere"}
    shot(app, "generic_newgame_phone")
    press(app, "start")
    scene = top(app)
    assert isinstance(scene, CountScene) and scene.state.target == 6
    assert not scene.play("7") and "add 1 or 2" in scene.message
    for _ in range(3):
        assert scene.play("2")
    over = top(app)
    assert isinstance(over, GameOverScene)
    assert scene.breakdown_lines() == ["X parts: 6", "O parts: none", "Standing: counted"]
    shot(app, "generic_gameover_phone")
    press(app, "again")
    assert isinstance(top(app), CountScene) and top(app).state.total == 0


def test_menu_with_many_games_scrolls_on_a_phone_and_a_drag_is_not_a_tap(monkeypatch):
    for name in ("count", "count2", "count3", "count4"):
        extra = CountGame()
        extra.name = name
        monkeypatch.setitem(GAMES, name, extra)
    app = new_app(PHONE)
    menu = top(app)
    assert len(menu.cards) == len(GAMES) + 1 >= 7  # (Hexagonal Truchet is a board of its own)
    assert menu.max_scroll() > 0
    first_top = menu.cards[0].rect.top
    # drag the list up with a finger that starts on a card: it scrolls and opens nothing
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.6, touch_id=1, finger_id=0))
    pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=0.5, y=0.3, touch_id=1, finger_id=0))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.3, touch_id=1, finger_id=0))
    pump(app)
    assert top(app) is menu and menu.scroll > 0 and menu.cards[0].rect.top == first_top - menu.scroll
    for _ in range(50):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    pump(app)
    assert menu.scroll == menu.max_scroll()
    last = menu.cards[-1].rect
    assert app.surface.get_rect().contains(last) and app.surface.get_rect().contains(menu.quit.rect)
    shot(app, "menu_many_games_phone")
    tap(app, menu.button("rules-count4").rect.center)
    assert isinstance(top(app), RulesScene) and top(app).game.name == "count4"


def test_rules_screen_for_a_game_without_a_page(monkeypatch):
    monkeypatch.setitem(GAMES, "count", CountGame())
    app = new_app(DESKTOP)
    press(app, "rules-count")
    rules = top(app)
    assert "Add 1 or 2" in rules.page.sections[0][1]
    pump(app)


def test_every_game_scene_frame_goes_through_game_scene_update(monkeypatch):
    """One place drives each frame of every game (where a computer seat will be driven from): no game
    overrides GameScene.update, the app calls it once a frame for the scene on top, and drawing never."""
    assert registry.GAME_SCENES and all(cls.update is GameScene.update for cls in registry.GAME_SCENES.values())
    frames: list[str] = []
    real = GameScene.update
    monkeypatch.setattr(GameScene, "update", lambda self, dt: (frames.append(type(self).__name__), real(self, dt)))
    app = new_app(PHONE)
    press(app, "play-star")
    press(app, "start")
    assert isinstance(top(app), StarScene)
    frames.clear()
    pump(app, 3)
    assert frames == ["StarScene"] * 3
    app.draw()
    assert frames == ["StarScene"] * 3
    press(app, "rules")  # a screen over the game: the game's frame no longer runs
    frames.clear()
    pump(app, 2)
    assert frames == []


# ------------------------------------------------------------------------------ screenshots
def random_position(scene: StarScene, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        places = [m for m in scene.game.legal_moves(scene.state) if m.kind == "place"]
        scene.history.play(rng.choice(places))
    scene.history.play("pass")  # the last move shows in the list (and does not end the game)


@pytest.mark.parametrize("size,tag", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_screenshots(size, tag):
    """Screens saved to tests/screenshots/ for review (look at them after a layout change)."""
    app = new_app(size)
    paths = [shot(app, f"menu_{tag}")]
    press(app, "play-star")
    paths.append(shot(app, f"newgame_{tag}"))
    press(app, "rules")
    paths.append(shot(app, f"rules_{tag}"))
    app.pop()
    press(app, "start")
    star = top(app)
    random_position(star, 30, seed=6)
    press(app, "chains")
    empty = star.state.cells.index(0)
    hover(app, star.layout_board.centers[empty])
    paths.append(shot(app, f"star6_chains_{tag}"))
    press(app, "chains")
    press(app, "coords")
    paths.append(shot(app, f"star6_coords_{tag}"))
    press(app, "menu")
    press(app, "play-star")
    press(app, "options")
    for _ in range(8):
        press(app, "size-plus")
    press(app, "start")
    star = top(app)
    random_position(star, 160, seed=14)
    press(app, "chains")
    paths.append(shot(app, f"star14_chains_{tag}"))
    press(app, "coords")
    paths.append(shot(app, f"star14_chains_coords_{tag}"))
    if tag == "phone":
        tap(app, star.layout_board.centers[star.state.cells.index(0)])  # a chosen cell waiting for Place
        paths.append(shot(app, f"star14_selected_{tag}"))
    star.history.play("pass")
    star.check_over()
    pump(app)
    assert isinstance(top(app), GameOverScene)
    paths.append(shot(app, f"gameover_{tag}"))
    for path in paths:
        assert path.exists() and path.stat().st_size > 5000, path
        image = pygame.image.load(str(path))
        assert image.get_size() == size
    assert SCREENSHOTS.is_dir()


@pytest.mark.parametrize("size, tag", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_long_option_pages_scroll_and_keep_start_on_screen(size, tag):
    """Savoy has eight options: the page scrolls under a fixed Start button; a drag never presses."""
    app = new_app(size)
    press(app, "play-savoy")
    page = top(app)
    assert isinstance(page, NewGameScene)
    screen = app.surface.get_rect()
    assert screen.contains(page.start.rect)
    assert screen.contains(page.seat_rows[-1]) and screen.contains(page.options_row.rect)  # who plays first
    press(app, "options")  # the eight options, unfolded
    last = page.controls[-1].buttons[-1]
    assert not page.viewport.contains(last.rect)  # the last option starts out of view
    shot(app, f"newgame_savoy_{tag}")
    values = dict(page.values)
    before = page.scroll  # (opening the options brought them up)
    # drag the page up by finger, starting on a control: it scrolls, nothing is pressed
    w, h = app.size
    first = next(b.rect.center for c in reversed(page.controls) for b in c.buttons
                 if page.viewport.contains(b.rect))  # the lowest control in view
    common = dict(dx=0.0, dy=0.0, touch_id=1, finger_id=0, pressure=1.0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=first[0] / w, y=first[1] / h, **common))
    y = first[1]
    while y > 20:
        y -= 20
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=first[0] / w, y=y / h, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=first[0] / w, y=y / h, **common))
    pump(app)
    assert page.scroll > before and page.values == values
    assert page.scroll == min(page.max_scroll(), before + first[1] - y)  # the page followed the finger
    while not page.viewport.contains(page.controls[-1].rect):  # the wheel brings the last option into view
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, touch=False))
        pump(app)
    shot(app, f"newgame_savoy_scrolled_{tag}")
    # a control scrolled under the header cannot be pressed through it
    click(app, page.back.rect.move(page.back.rect.width + 40, 0).center)
    assert page.values == values and top(app) is page
    press(app, "start")
    assert top(app) is not page
