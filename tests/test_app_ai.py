"""The computer in the app: seats with levels, thinking a slice per frame, rolls, undo, redo, hints.

The games here are small (Star 3-5, one-piece Savoy, know with a turn limit, Truchet 3x3) and the
computer plays at level 1 unless a test is about the hint (always level 3), so each test is quick with
any engine `game.ai.engine_for` returns. Nothing here asserts on wall-clock speed: frames are counted,
and the time a frame spends in the search is compared with the search's own longest unit of work.
"""

from __future__ import annotations

import pygame
import pytest

from app_helpers import DESKTOP, MAX_FRAMES, PHONE, click, key, new_app, press, pump, shot, top, type_text

from game.ai import AIError, Search
from game.app.games.registry import GAME_SCENES
from game.app.play.computer import SLICE, search_seed
from game.app.play.panels import HINT_INK, PanelScene
from game.app.saves.saved_game import SUFFIX, read_saved
from game.app.saves.storage import Storage
from game.app.screens.game_over import GameOverScene
from game.app.screens.new_game import NewGameScene
from game.rules import GAMES
from game.rules.errors import RecordError
from game.rules.history import GameHistory
from game.rules.record import replay, split_record, write_record

#: small games that end in a few dozen moves
SMALL = {
    "star": {"size": 3},
    "savoy": {"stack": 1, "maxturns": 10},
    "know": {"limit": 4},
    "truchet": {"size": 3, "draw": "auto", "quiet": 4},
}


def quick(scene: PanelScene) -> PanelScene:
    """No pauses and no animations, so a test runs the game in few frames."""
    scene.computer_pause = 0
    if hasattr(scene, "roller"):
        scene.roller.seconds = 0
    for attr in ("roll_seconds", "draw_seconds", "capture_seconds"):
        if hasattr(scene, attr):
            setattr(scene, attr, 0)
    return scene


def open_game(name: str, seats: tuple[str, str], options=None, size=DESKTOP, seed: int = 7, fast: bool = True,
              app=None):
    app = app or new_app(size)
    scene = GAME_SCENES[name](app, GAMES[name], SMALL[name] if options is None else options, seats, seed=seed)
    app.push(scene)
    if fast:
        quick(scene)
    return app, scene


def frames_until(app, scene, done, limit: int = MAX_FRAMES) -> int:
    for frame in range(limit):
        if done():
            return frame
        app.step()
    raise AssertionError(f"not done after {limit} frames: {scene.history.notation()[-6:]} {scene.message!r}")


def check_rolls_follow_the_seed(history: GameHistory) -> None:
    """Every roll played is the game's own (its seed and the number of rolls before it)."""
    again = GameHistory(history.game, history.options, seed=history.seed)
    for move in history.moves:
        if history.game.is_chance(again.state):
            assert move == again.next_roll()
        again.play(move)


# ----------------------------------------------------------------------------- computer against computer
@pytest.mark.parametrize("name", sorted(SMALL))
def test_computer_against_computer_plays_a_game_to_the_end(name, monkeypatch):
    steps: list[tuple[int, float]] = []  # (frame, slice) of every step of the search
    real_step = Search.step

    def step(search, seconds=SLICE):
        steps.append((app.frames, seconds))
        return real_step(search, seconds)

    monkeypatch.setattr(Search, "step", step)
    app, scene = open_game(name, ("Computer 1", "Computer 1"))
    frames_until(app, scene, lambda: isinstance(app.top, GameOverScene))
    game, history = scene.game, scene.history
    assert game.outcome(history.state) is not None
    # every decision was the computer's, at its level, played through the history like any move
    decisions = [k for k, state in enumerate(history.states[:-1]) if not game.is_chance(state)]
    assert len(scene.decisions) == len(decisions) >= 2
    assert {d["level"] for d in scene.decisions} == {1}
    assert [d["move"] for d in scene.decisions] == [str(history.moves[k]) for k in decisions]
    assert replay(split_record(write_record(history))).notation() == history.notation()
    check_rolls_follow_the_seed(history)
    # the search ran a slice a frame: never two steps in one frame
    frames = [frame for frame, _ in steps]
    assert len(frames) == len(set(frames)) and {seconds for _, seconds in steps} == {SLICE}


def test_pause_and_resume_a_computer_against_computer_game():
    app, scene = open_game("star", ("Computer 1", "Computer 1"), {"size": 4})
    frames_until(app, scene, lambda: len(scene.history.moves) >= 2)
    assert scene.button("pause").label == "Pause"
    press(app, "pause")
    assert scene.paused and scene.thinking is None
    played = len(scene.history.moves)
    pump(app, 30)
    assert len(scene.history.moves) == played and scene.status_line()[0].startswith("Paused")
    assert scene.button("pause").label == "Resume"
    press(app, "undo")  # one move back, still paused
    assert len(scene.history.moves) == played - 1 and scene.paused
    press(app, "pause")
    frames_until(app, scene, lambda: len(scene.history.moves) >= played + 1)


def test_a_computer_waits_a_moment_before_each_move_so_people_can_follow():
    app, scene = open_game("star", ("Computer 1", "Computer 1"), {"size": 3}, fast=False)
    assert 0.3 <= scene.computer_pause <= 0.5
    frames = frames_until(app, scene, lambda: len(scene.history.moves) >= 1)
    assert frames * (1 / 60) >= scene.computer_pause  # app.step runs frames of 1/60 s
    # the move is marked on the board for a moment, and named
    assert scene.flash_move == scene.history.moves[-1] and scene.flash_left > 0
    assert str(scene.history.moves[-1]) in scene.message and scene.message.startswith(scene.player_name(0))


# ----------------------------------------------------------------------------- a person against the computer
def human_turn(app, scene) -> None:
    """The person's part: their roll (Enter, as a person would press it) or the first legal move, typed."""
    if scene.history.roll_due():
        key(app, pygame.K_RETURN)
        return
    move = scene.game.legal_moves(scene.state)[0]
    type_text(app, str(move))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_computer_answers_a_human_move(name):
    app, scene = open_game(name, ("Human", "Computer 1"))
    game = scene.game
    answered = 0
    for _ in range(400):
        if game.outcome(scene.state) is not None or answered >= 2:
            break
        if scene.human_decides(scene.state) or (scene.history.roll_due() and not scene.computer_rolls()):
            before = len(scene.history.moves)
            human_turn(app, scene)
            assert len(scene.history.moves) > before or scene.busy(), scene.message
            continue
        before = len(scene.decisions)
        frames_until(app, scene, lambda: len(scene.decisions) > before or game.outcome(scene.state) is not None
                     or scene.human_decides(scene.state)
                     or (scene.history.roll_due() and not scene.computer_rolls()))
        answered = len(scene.decisions)
    assert answered >= 1 or game.outcome(scene.state) is not None
    history = scene.history
    def seat(state) -> int:  # who played: the person sat first, the computer second (colours change on a swap)
        return game.seat_of(state, game.to_move(state))

    for k, state in enumerate(history.states[:-1]):
        if not game.is_chance(state):
            assert seat(state) == (1 if scene.level_of(game.to_move(state), state) else 0)
    computer_moves = [str(m) for k, m in enumerate(history.moves)
                      if not game.is_chance(history.states[k]) and seat(history.states[k]) == 1]
    assert computer_moves == [d["move"] for d in scene.decisions]
    check_rolls_follow_the_seed(history)


def test_the_computer_answers_and_the_board_waits_for_it():
    app, scene = open_game("star", ("Human", "Computer 1"), {"size": 5}, fast=False)
    click(app, scene.layout_board.centers[scene.state.board.index["C3"]])
    assert scene.history.notation() == ["C3"]
    assert scene.computer_to_act()
    words, _ = scene.status_line()
    assert words.startswith("Computer (level 1) is thinking")
    # a press on the board, a typed move or the Swap button never plays for the computer
    click(app, scene.layout_board.centers[scene.state.board.index["D4"]])
    type_text(app, "E5")
    if scene.button("swap").rect.width:
        click(app, scene.button("swap").rect.center)
    assert scene.history.notation()[0] == "C3" and all(m != "D4" and m != "E5" for m in scene.history.notation()[1:])
    frames_until(app, scene, lambda: len(scene.history.moves) == 2)
    reply = str(scene.history.moves[1])
    assert scene.move_lines()[-1] == f"2. O {reply}"
    assert reply in scene.message
    assert not scene.computer_to_act() and scene.thinking is None


def test_after_a_swap_the_computer_plays_the_other_colour():
    """Star's swap changes who plays which colour: the seats follow the people, not the colours."""
    app, scene = open_game("star", ("Computer 1", "Human"), {"size": 4})
    frames_until(app, scene, lambda: len(scene.history.moves) == 1)  # the computer opens as X
    assert scene.human_decides(scene.state) and not scene.computer_to_act()
    press(app, "swap")  # the person takes X's stone; the computer now plays O and moves next
    assert scene.state.swapped and scene.computer_moves()
    frames_until(app, scene, lambda: len(scene.history.moves) == 3)
    assert scene.human_decides(scene.state) and scene.game.to_move(scene.state) == 0
    press(app, "undo")  # the person's swap and the computer's reply go
    assert scene.history.notation() == [str(scene.history.moves[0])] and scene.human_decides(scene.state)


def test_a_computer_roll_is_thrown_for_it_and_a_persons_is_not():
    # know: the opening roll is both players'; with a person at the table, the person throws it
    app, scene = open_game("know", ("Human", "Computer 1"))
    pump(app, 10)
    assert scene.history.moves == [] and scene.history.roll_due() and not scene.computer_rolls()
    key(app, pygame.K_RETURN)
    assert len(scene.history.moves) >= 1
    # Savoy: after the opening roll, the computer's rolls are its own and thrown for it
    app, scene = open_game("savoy", ("Computer 1", "Computer 1"), {"stack": 1, "maxturns": 10})
    frames_until(app, scene, lambda: len(scene.history.moves) >= 4)
    assert scene.game.is_chance(scene.history.states[0])


def test_partial_selections_are_cleared_when_the_computer_moves():
    app, scene = open_game("savoy", ("Computer 1", "Computer 1"), {})
    frames_until(app, scene, lambda: scene.computer_moves() and len(scene.game.legal_moves(scene.state)) > 1)
    scene.paused = True
    part = scene.conts[0]
    scene.add_part(part)  # a half-built turn left over (as if a person had started it)
    scene.selected = scene.conts[0].src if scene.conts else None
    assert scene.parts
    scene.paused = False
    played = len(scene.history.moves)
    frames_until(app, scene, lambda: len(scene.history.moves) > played)
    assert scene.parts == [] and scene.selected is None and scene.route_choices == []


# ----------------------------------------------------------------------------- undo, redo, leaving, resuming
def test_undo_while_the_computer_thinks_cancels_at_once_and_gives_the_turn_back():
    app, scene = open_game("star", ("Human", "Computer 3"), {"size": 6}, fast=False)
    click(app, scene.layout_board.centers[scene.state.board.index["F6"]])
    pump(app, 3)
    thinking = scene.thinking
    assert thinking is not None and not thinking.done and thinking.frames == 3 and thinking.progress() < 1
    press(app, "undo")
    assert scene.thinking is None and scene.history.moves == [] and scene.human_decides(scene.state)
    with pytest.raises(AIError, match="cancelled"):
        thinking.best()
    pump(app, 40)
    assert scene.thinking is None and scene.history.moves == []  # it is the person's turn: nothing thinks
    press(app, "redo")  # the person's move again: the computer thinks afresh
    assert scene.history.notation() == ["F6"]
    pump(app, 2)
    assert scene.thinking is not None and scene.thinking is not thinking


def test_undo_takes_back_the_persons_turn_with_the_computers_moves_and_rolls():
    app, scene = open_game("savoy", ("Human", "Computer 1"), {"stack": 2}, seed=11)
    game = scene.game
    mine = 0
    for _ in range(300):
        if scene.human_decides(scene.state) and mine >= 2:
            break
        if scene.human_decides(scene.state) or (scene.history.roll_due() and not scene.computer_rolls()):
            if scene.human_decides(scene.state):
                mine += 1
            human_turn(app, scene)
        else:
            app.step()
    assert scene.human_decides(scene.state) and game.outcome(scene.state) is None
    history = scene.history
    last_mine = max(k for k in range(len(history.moves)) if scene.human_decides(history.states[k]))
    between = history.moves[last_mine + 1:]
    assert any(game.is_chance(history.states[last_mine + 1 + j]) for j in range(len(between)))  # a roll
    assert any(not game.is_chance(history.states[last_mine + 1 + j]) for j in range(len(between)))  # a move
    before = history.states[last_mine]
    played = history.notation()
    press(app, "undo")
    assert scene.state is before and len(history.moves) == last_mine and scene.human_decides(scene.state)
    pump(app, 5)
    assert len(history.moves) == last_mine  # the computer does not play for the person
    press(app, "redo")  # the person's move, the computer's roll and move: back to the person's decision
    assert history.notation() == played and scene.human_decides(scene.state)


def test_leaving_the_game_cancels_the_search():
    app, scene = open_game("star", ("Human", "Computer 3"), {"size": 6}, fast=False)
    click(app, scene.layout_board.centers[scene.state.board.index["F6"]])
    pump(app, 3)
    thinking = scene.thinking
    assert thinking is not None
    press(app, "menu")
    assert scene.thinking is None
    with pytest.raises(AIError, match="cancelled"):
        thinking.best()


def test_resuming_a_game_whose_next_seat_is_the_computer_starts_thinking(tmp_path):
    storage = Storage(tmp_path)
    app, scene = open_game("star", ("Human", "Computer 2"), {"size": 6}, fast=False, app=new_app(DESKTOP, storage))
    click(app, scene.layout_board.centers[scene.state.board.index["F6"]])
    text = (tmp_path / (scene.save_id + SUFFIX)).read_text()
    assert '[Seats "Human,Computer 2"]' in text
    press(app, "menu")
    app = new_app(PHONE, storage)  # a new session
    press(app, "resume")
    resumed = top(app)
    assert resumed.seats == ("Human", "Computer 2") and resumed.history.notation() == ["F6"]
    pump(app, 3)
    assert resumed.thinking is not None and resumed.thinking.level == 2
    assert resumed.status_line()[0].startswith("Computer (level 2) is thinking")


def test_seats_with_levels_round_trip_through_a_save():
    base = '[Seats "{}"]\n[Game "star"]\n[Options "-size=5"]\n\n1. E1\n'
    assert read_saved(base.format("Human,Computer 4")).seats == ("Human", "Computer 4")
    assert read_saved(base.format("Computer 1,Computer 2")).seats == ("Computer 1", "Computer 2")
    assert read_saved(base.format("Computer,Human")).seats == ("Computer 3", "Human")  # earlier versions
    for bad in ("Human,Computer 5", "Human,Computer 0", "Human,Computer x", "Human,Computer 3 3", "Human,Robot"):
        with pytest.raises(RecordError, match="each one of Human, Computer or Computer 1-4"):
            read_saved(base.format(bad))


# ----------------------------------------------------------------------------- hints
@pytest.mark.parametrize("name, options", [("star", {"size": 4}), ("savoy", {"stack": 2}), ("know", {"limit": 4})])
def test_a_hint_shows_a_legal_move_and_does_not_play_it(name, options):
    app, scene = open_game(name, ("Human", "Human"), options)
    frames_until(app, scene, lambda: scene.human_decides(scene.state) or bool(human_turn(app, scene)))
    before = list(scene.history.moves)
    press(app, "hint")
    frames_until(app, scene, lambda: scene.hint is None)
    move = scene.shown_hint()
    assert move is not None and move in scene.game.legal_moves(scene.state)
    assert scene.history.moves == before  # shown, not played
    assert f"Hint: {move}" in scene.message
    strokes, radius = scene.move_marks(move)
    if strokes:  # drawn on the board in the hint's colour
        app.draw()
        x, y = strokes[0][-1]
        ring = [app.surface.get_at((round(x + dx), round(y + dy)))[:3]
                for dx, dy in ((radius, 0), (-radius, 0), (0, radius), (0, -radius))]
        assert HINT_INK in ring
    # the hint goes with the position
    scene.play(scene.game.legal_moves(scene.state)[-1])
    pump(app)
    assert scene.shown_hint() is None


def test_a_savoy_hint_is_the_search_of_its_level_4():
    """Savoy's levels 1-3 choose by the evaluation alone and its search is level 4 (as cheap as the other
    games' level 3): a hint is that search's choice, and says so."""
    app, scene = open_game("savoy", ("Human", "Computer 1"), {"stack": 3}, seed=3)
    frames_until(app, scene, lambda: scene.human_decides(scene.state) or bool(human_turn(app, scene)))
    levels: list[int] = []  # the level of every search the scene starts (the hint's may end in the press's frame:
    real_search = scene._search  # here two legal moves, and level 4 decides them in a slice or two)
    scene._search = lambda level: levels.append(level) or real_search(level)
    press(app, "hint")
    frames_until(app, scene, lambda: scene.hint is None)
    assert levels == [4]
    assert scene.shown_hint() == Search(scene.game, scene.state, 4, search_seed(scene.history)).run()
    assert "the computer's choice at level 4" in scene.message


def test_a_hint_is_thought_a_slice_at_a_time_and_can_be_stopped():
    app, scene = open_game("star", ("Human", "Computer 1"), {"size": 6})
    press(app, "hint")
    hint = scene.hint
    assert hint is not None and hint.level == 3  # hints are the computer's default level
    pump(app, 2)
    assert not hint.done and hint.frames == 3  # one slice a frame (the first in the frame of the press)
    assert scene.button("hint").label == f"Hint {round(100 * hint.progress())}%"
    press(app, "hint")  # pressed again: stopped
    assert scene.hint is None and scene.shown_hint() is None and "stopped" in scene.message
    with pytest.raises(AIError, match="cancelled"):
        hint.best()
    assert scene.history.moves == []


# ----------------------------------------------------------------------------- the frame stays short
def test_no_frame_spends_more_than_a_slice_and_one_unit_of_work_in_the_search():
    app, scene = open_game("star", ("Computer 2", "Computer 2"), {"size": 5})
    frames_until(app, scene, lambda: len(scene.decisions) >= 3)
    for stats in scene.decisions:
        assert stats["frames"] >= 1
        # the frame's work in the search: its slice, plus at most the unit it was in when the slice ran out
        # (and a little for the clock and the loop). Processor time: on a busy machine the wall clock also
        # counts the time the process waited, which no slicing can bound (no tight timing here)
        assert stats["cpu_longest_frame"] <= SLICE + stats["longest_step"] + 0.02, stats
    long = [d for d in scene.decisions if d["frames"] > 1]
    assert long, "some decision took more than one frame"


# ----------------------------------------------------------------------------- the new-game page
@pytest.mark.parametrize("size, tag", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_new_game_page_offers_computer_seats_and_levels(size, tag):
    app = new_app(size)
    press(app, "play-savoy")
    page = top(app)
    assert isinstance(page, NewGameScene)
    names = lambda: {b.name for b in page.buttons}  # noqa: E731
    assert page.seats == ["Human", "Computer 3"]  # you against the computer, unless chosen otherwise
    press(app, "seat1-human")
    assert "seat1-level3" not in names()  # a person has no level
    press(app, "seat1-computer")
    assert page.seats == ["Human", "Computer 3"] and page.button("seat1-level3").selected
    press(app, "seat1-level1")
    assert page.seats == ["Human", "Computer 1"] and not page.button("seat1-level3").selected
    press(app, "seat0-computer")
    press(app, "seat0-level4")
    assert page.seats == ["Computer 4", "Computer 1"]
    press(app, "seat0-human")
    assert page.seats == ["Human", "Computer 1"] and "seat0-level4" not in names()
    for button in page.buttons:
        assert button.rect.width == 0 or button.rect.height >= 44 and button.rect.width >= 44, button.name
    shot(app, f"ai_new_game_computer_seat_{tag}")
    press(app, "start")
    scene = top(app)
    assert scene.seats == ("Human", "Computer 1")
    assert scene.button("hint").rect.width >= 44


# ----------------------------------------------------------------------------- screenshots
@pytest.mark.parametrize("size, tag", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_screenshots_of_thinking_and_of_a_hint(size, tag):
    app, scene = open_game("star", ("Human", "Computer 3"), {"size": 6}, size=size, fast=False)
    click(app, scene.layout_board.centers[scene.state.board.index["F6"]])
    frames_until(app, scene, lambda: scene.thinking is not None and scene.thinking.progress() >= 0.3)
    assert "is thinking" in scene.status_line()[0]
    shot(app, f"ai_thinking_star_{tag}")
    app, scene = open_game("savoy", ("Human", "Computer 3"), {"stack": 3}, size=size, seed=3)
    frames_until(app, scene, lambda: scene.human_decides(scene.state) or bool(human_turn(app, scene)))
    press(app, "hint")
    frames_until(app, scene, lambda: scene.shown_hint() is not None)
    shot(app, f"ai_hint_savoy_{tag}")
    # level 3: a level-1 decision may be chosen within one frame's slice, leaving no frame that shows it thinking
    app, scene = open_game("know", ("Computer 3", "Computer 3"), {}, size=size, seed=5)
    frames_until(app, scene, lambda: scene.thinking is not None and scene.thinking.progress() >= 0.3)
    assert scene.button("pause").rect.width >= 44
    shot(app, f"ai_thinking_know_cvc_{tag}")
