"""Every lesson played through the real scene, by posted pygame events: taps on a phone (390x844), clicks
on a desktop (1280x800). Each step is opened the way a player reaches it (the Learn of the menu's app,
resuming where the progress says), tried twice with a wrong move (the hint, then the answer drawn on
the board), then played with its answer (praised and shown); the screens before, with the answer, and
after land in tests/screenshots/ (lesson-<lesson>-<step>-<size>[-answer|-done].png).
"""

from __future__ import annotations

import pygame
import pytest

import test_app_know
import test_app_truchet
from app_helpers import click, key, new_app, point, press, pump, shot, top, type_text
from game.app.games.registry import BOARDS, GAME_SCENES, LESSONS
from game.app.play.lesson import Progress, is_right, start_state
from game.app.play.lesson_scene import LessonScene
from game.app.saves.settings import Settings
from game.app.saves.storage import Storage
from game.app.screens.rules import RulesScene

PHONE, DESKTOP = (390, 844), (1280, 800)
SIZES = {"phone": (PHONE, True), "desktop": (DESKTOP, False)}
STEPS = [(lesson.key, k) for lesson in LESSONS.values() for k in range(len(lesson.steps))]
IDS = [f"{key}-{k + 1}" for key, k in STEPS]
#: typed moves the rules refuse in each game's lesson positions (a wrong try where every legal move is right)
REFUSED = {"savoy": "pass", "savoya": "pass", "star": "swap", "know": "pass", "truchet": "draw"}


def open_lesson(app, lesson_key: str, at: int) -> LessonScene:
    """The lesson `lesson_key` at step `at`, opened by the app's one Learn function."""
    app.settings.set_lesson(lesson_key, Progress(at=at).to_json())
    app.learn(lesson_key)
    scene = top(app)
    assert isinstance(scene, LessonScene) and scene.lesson.key == lesson_key and scene.run.index == at
    pump(app, 2)
    return scene


def settle(app, frames: int = 90) -> None:
    """Let the dice tumble, the pieces slide and the captures fade."""
    pump(app, frames)


def roll_if_due(app, scene, touch: bool) -> None:
    """Throw the lesson's dice the way a player does (the Roll button) until a decision is due."""
    for _ in range(4):
        if not scene.history.roll_due():
            return
        press(app, "roll", touch=touch)
        settle(app, 45)
    assert not scene.history.roll_due(), scene.message


def make(app, scene, move, touch: bool) -> None:
    """Make `move` on the board (and the game's buttons) as a player would (know's and Truchet's answers
    as those games' own tests make their moves, checking the offers on the way)."""
    game = scene.game.name
    if game == "star":
        if move.kind != "place":
            press(app, move.kind, touch=touch)
            return
        cell = scene.state.board.index[move.cell]
        point(app, scene.layout_board.centers[cell], touch)  # a stone goes down at the first tap
    elif game in ("savoy", "savoya"):
        for part in move.parts:
            for _ in range(part.count):
                point(app, scene.layout_board.centre(part.src), touch)
                assert scene.selected == part.src, scene.message
                point(app, scene.layout_board.centre(part.dst), touch)
                if scene.route_choices:
                    pick = next(k for k, p in enumerate(scene.route_choices) if (p.via, p.steps) == (part.via, part.steps))
                    press(app, f"route{pick}", touch=touch)
        press(app, "play", touch=touch)
    elif game == "know":
        test_app_know.play_by_ui(app, scene, move, touch)
    else:
        test_app_truchet.play_by_ui(app, scene, move, touch)


def make_wrong(app, scene, move, touch: bool) -> None:
    """A wrong move on the board: a piece (stack) tapped, then where it goes (know and Truchet: a plain
    move, as `wrong_move` picks; a Truchet step that could also start a merge takes a second tap)."""
    game = scene.game.name
    if game == "know":
        point(app, test_app_know.space(scene, move.src), touch)
        point(app, test_app_know.space(scene, move.dst), touch)
    elif game == "truchet":
        point(app, test_app_truchet.junction(scene, move.origins[0]), touch)
        point(app, test_app_truchet.junction(scene, move.destinations[0]), touch)
        if scene.pending is not None:
            point(app, test_app_truchet.junction(scene, move.destinations[0]), touch)
    else:
        make(app, scene, move, touch)


def wrong_move(scene):
    """A legal move the step does not want, easy to make on the board (None if every legal move is right)."""
    state, game = scene.state, scene.game
    wrong = [m for m in game.legal_moves(state) if not is_right(scene.lesson, scene.step, state, m)]
    if game.name == "know":
        wrong = [m for m in wrong if m.kind in ("move", "nopath")]
    if game.name == "truchet":
        wrong = [m for m in wrong if m.kind == "step" and not m.flip]
    if game.name in ("savoy", "savoya"):
        wrong = [m for m in wrong if len(m.parts) == 1] or wrong
    return wrong[0] if wrong else None


def try_wrong(app, scene, touch: bool, nth: int) -> None:
    """A wrong try by taps or clicks (a move the rules allow), else typed (one they refuse): the board stays
    as it was and the hint is given; the second try shows the answer on the board."""
    before = scene.state
    moves = len(scene.history.moves)
    wrong = wrong_move(scene)
    if wrong is not None:
        if wrong.kind == "nopath":
            press(app, "roll", touch=touch)  # rolling without declaring the Path
        else:
            make_wrong(app, scene, wrong, touch)
    else:
        type_text(app, REFUSED[scene.game.name])
    assert len(scene.history.moves) == moves and scene.state is before, "a wrong move is not kept"
    assert scene.run.tries == nth
    if nth == 1:
        assert scene.tone == "wrong" and scene.for_device(scene.step.hint) in scene.message
        assert not scene.run.answer_shown
    else:
        assert scene.tone == "answer" and scene.run.answer_shown and scene.answer_move is not None
        assert scene.for_device(scene.step.show) in scene.message
        strokes, _ = scene.move_marks(scene.answer_move)  # drawn on the board, where the move has a place
        assert strokes or scene.answer_move.kind in ("pass", "swap", "errand", "path")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lesson_key,k", STEPS, ids=IDS)
def test_each_step_by_taps_and_clicks(lesson_key, k, size):
    px, touch = SIZES[size]
    app = new_app(px)
    scene = open_lesson(app, lesson_key, k)
    name = f"lesson-{lesson_key}-{k + 1}-{size}"
    shot(app, name)
    roll_if_due(app, scene, touch)
    for nth in (1, 2):
        try_wrong(app, scene, touch, nth)
    settle(app, 10)
    shot(app, name + "-answer")
    answer = scene.answer_move
    make(app, scene, answer, touch)
    assert scene.history.moves[-1] == answer
    assert scene.run.solved and scene.tone == "right" and scene.message == scene.for_device(scene.step.praise)
    assert k in Progress.from_json(app.settings.lesson(lesson_key), len(scene.lesson.steps)).done
    settle(app)
    shot(app, name + "-done")
    press(app, "lesson-next", touch=touch)
    after = top(app)
    assert isinstance(after, LessonScene) and after.run.index == k + 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lesson_key", LESSONS)
def test_the_lesson_ends_with_a_first_game_against_the_computer(lesson_key, size):
    px, touch = SIZES[size]
    app = new_app(px)
    lesson = LESSONS[lesson_key]
    scene = open_lesson(app, lesson_key, len(lesson.steps))
    assert scene.run.finished
    shot(app, f"lesson-{lesson_key}-end-{size}")
    press(app, "lesson-first", touch=touch)
    game = top(app)
    assert type(game) is GAME_SCENES[lesson.game] and not isinstance(game, LessonScene)
    assert game.seats == ("Human", "Computer 1")
    assert game.history.options == lesson.rules.check_options(lesson.play_options)
    assert game.history.moves == [] and game.state == lesson.rules.new(lesson.play_options)


def test_right_first_time_step_by_step_then_resumed_in_another_session(tmp_path):
    """A whole lesson by taps on a phone, Next after each step; left half way, it opens again where it was
    left, the steps done still done, after the app is started afresh on the same storage."""
    storage = Storage(tmp_path)
    app = new_app(PHONE, storage=storage)
    lesson = LESSONS["star"]
    scene = open_lesson(app, "star", 0)
    for k in range(4):
        assert scene.run.index == k and not scene.lesson_b["next"].enabled
        make(app, scene, scene.run.answer(scene.state), True)
        assert scene.run.solved
        press(app, "lesson-next", touch=True)
        scene = top(app)
    press(app, "menu", touch=True)  # left at step 5
    app = new_app(PHONE, storage=Storage(tmp_path))
    app.learn("star")
    scene = top(app)
    assert isinstance(scene, LessonScene) and scene.run.index == 4
    assert scene.run.progress.done == {0, 1, 2, 3}
    press(app, "lesson-back", touch=True)
    scene = top(app)
    assert scene.run.index == 3 and scene.run.step_done and not scene.run.solved
    press(app, "lesson-next", touch=True)  # a step done before may be passed again
    assert top(app).run.index == 4
    assert len(lesson.steps) > 4


def test_undo_takes_back_half_a_turn_then_sets_the_step_up_again():
    app = new_app(DESKTOP)
    scene = open_lesson(app, "savoy", 1)
    click(app, scene.layout_board.centre("h7"))
    click(app, scene.layout_board.centre("k7"))
    assert scene.parts
    press(app, "undo")
    assert not scene.parts and top(app) is scene  # the half-made turn
    make(app, scene, scene.run.answer(scene.state), False)
    assert scene.run.solved
    press(app, "undo")  # after the step is done: set up afresh
    again = top(app)
    assert again is not scene and isinstance(again, LessonScene) and again.run.index == 1
    assert again.state == start_state(again.lesson, again.step) and not again.run.solved
    assert again.run.step_done  # (still done: progress is kept)


def test_hint_button_and_enter_for_next():
    app = new_app(DESKTOP)
    scene = open_lesson(app, "star", 2)
    press(app, "lesson-hint")
    assert scene.message == scene.for_device(f"Hint: {scene.step.hint}") and scene.run.tries == 0
    assert not scene.lesson_b["next"].enabled
    make(app, scene, scene.run.answer(scene.state), False)
    key(app, 13)  # Enter: on to the next step
    assert top(app).run.index == 3
    press(app, "lesson-back")
    assert top(app).run.index == 2


def test_a_move_after_the_step_is_done_is_refused_without_a_try():
    app = new_app(DESKTOP)
    scene = open_lesson(app, "star", 0)
    make(app, scene, scene.run.answer(scene.state), False)
    moves = len(scene.history.moves)
    click(app, scene.layout_board.centers[scene.state.board.index["C3"]])
    assert len(scene.history.moves) == moves and "Next" in scene.message


def on_menu(app, name: str) -> None:
    """Tap the menu's button `name`, turning the wheel until it is on the screen (the menu scrolls)."""
    screen = app.surface.get_rect()
    for _ in range(40):
        rect = top(app).button(name).rect
        if screen.contains(rect):
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if rect.bottom > screen.bottom else 1,
                                             flipped=False, precise_x=0.0, precise_y=0.0, touch=False, which=0))
        pump(app)
    press(app, name, touch=True)


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_shows_a_learn_button_on_every_game(size):
    px, touch = SIZES[size]
    app = new_app(px)
    menu = top(app)
    for board in BOARDS:  # every board on the menu has its Learn, and every lesson a board
        assert menu.button(f"learn-{board.key}").rect.height >= 44
    assert {board.lesson or board.key for board in BOARDS} == set(LESSONS)
    shot(app, f"lesson-menu-{size}")
    on_menu(app, "rules-truchet")
    shot(app, f"lesson-rules-page-{size}")
    learn = top(app).button("learn")
    assert learn.label == "Learn Truchet by playing" and app.surface.get_rect().contains(learn.rect)
    press(app, "learn", touch=touch)  # the square board's page: its lesson
    assert top(app).lesson.key == "truchet-square"
    press(app, "menu", touch=touch)
    on_menu(app, "learn-truchet")  # the menu's Truchet card: the square board's lesson
    assert top(app).lesson.key == "truchet-square"
    press(app, "menu", touch=touch)
    app.learn("truchet")  # the game's name, with lessons on two boards: the dialog asks which
    pump(app)
    shot(app, f"lesson-which-board-{size}")
    press(app, "learn-truchet-square", touch=touch)
    assert top(app).lesson.key == "truchet-square"


def test_menu_and_rules_pages_open_the_lessons():
    app = new_app(PHONE)
    on_menu(app, "learn-savoy")
    assert isinstance(top(app), LessonScene) and top(app).lesson.key == "savoy"
    press(app, "menu", touch=True)
    on_menu(app, "learn-truchet-hex")  # Hexagonal Truchet's own card
    assert top(app).lesson.key == "truchet-hex"
    press(app, "menu", touch=True)
    on_menu(app, "rules-know")
    assert isinstance(top(app), RulesScene)
    press(app, "learn", touch=True)
    assert top(app).lesson.key == "know"
    lesson = top(app)
    press(app, "rules", touch=True)  # the lesson's own Rules, and back to the lesson
    assert isinstance(top(app), RulesScene)
    press(app, "back", touch=True)
    assert top(app) is lesson
    press(app, "rules", touch=True)
    press(app, "learn", touch=True)  # the rules page's Learn: back to the lesson open under it
    assert top(app) is lesson and len(app.stack) == 3  # (menu, rules page, lesson)


@pytest.mark.parametrize("size", [(360, 640), (800, 600)])
def test_every_lesson_fits_the_small_sizes(size):
    """The panel, its buttons and the game's buttons stay on the screen and finger-sized at every size the
    app supports; the board keeps some room."""
    for lesson_key in LESSONS:
        app = new_app(size)
        scene = open_lesson(app, lesson_key, 0)
        screen = app.surface.get_rect()
        assert screen.contains(scene.lesson_rect) and scene.lesson_rect.height >= 120
        for button in scene.lesson_buttons():
            assert screen.contains(button.rect) and button.rect.height >= 44 and scene.lesson_rect.contains(button.rect)
        assert scene.board_rect.height >= 120
        shot(app, f"lesson-{lesson_key}-1-{size[0]}x{size[1]}")


@pytest.mark.parametrize("kept", ['{"lessons": 5}', '{"lessons": {"star": "x"}}', '{"lessons": {"star": {"at": 99}}}',
                                  'not json', '{"lessons": {"star": {"done": [1, 2], "at": 3}}, "sound": false}'])
def test_progress_kept_in_a_damaged_settings_file_never_stops_a_lesson(tmp_path, kept):
    """The settings file is text from outside: whatever it holds, the lesson opens (where it says, when it
    says it well) and keeps its progress there again."""
    (tmp_path / "settings.json").write_text(kept, encoding="utf-8")
    app = new_app(PHONE, storage=Storage(tmp_path))
    app.learn("star")
    scene = top(app)
    assert isinstance(scene, LessonScene)
    well_kept = "done" in kept
    assert scene.run.index == (3 if well_kept else 0)
    assert scene.run.progress.done == ({1, 2} if well_kept else set())
    assert app.settings.sound == ("false" not in kept)
    assert Progress.from_json(Settings(Storage(tmp_path)).lesson("star"), 7).at == scene.run.index
