"""The lessons, step by step, through the real rules: every position sets up, every right move is legal
and judged right, a wrong one wrong, and each game's positions are ones a real game could show.

(The lessons played through the scene, by taps and clicks, are in test_lessons_scene.py.)
"""

from __future__ import annotations

import re

import pytest

from game.app.games.registry import GAME_SCENES, LESSONS
from game.app.play.lesson import (TRIES_BEFORE_ANSWER, Lesson, LessonRun, Progress, Rule, Step, accepted_moves,
                                  answer_move, is_right, start_state)
from game.rules import GAMES
from game.rules.know import board as know_board
from game.rules.star import STAR

STEPS = [(lesson, k) for lesson in LESSONS.values() for k in range(len(lesson.steps))]
IDS = [f"{lesson.key}-{k + 1}" for lesson, k in STEPS]


def decided(lesson: Lesson, step: Step) -> object:
    """The step's position once its fixed rolls are thrown (the state the player decides in)."""
    game = lesson.rules
    state = start_state(lesson, step)
    for roll in step.rolls:
        state = game.apply(state, game.parse_move(roll, state))
    return state


def wrong_moves(lesson: Lesson, step: Step, state: object) -> list:
    return [move for move in lesson.rules.legal_moves(state) if not is_right(lesson, step, state, move)]


# ------------------------------------------------------------------------------ every lesson
def test_every_game_and_board_has_a_lesson_on_its_own_board():
    assert set(LESSONS) == {"savoy", "savoya", "star", "know", "truchet-square", "truchet-hex"}
    for key, lesson in LESSONS.items():
        assert lesson.key == key and lesson.game in GAMES and lesson.game in GAME_SCENES
        assert 4 <= len(lesson.steps) <= 10, key
        assert lesson.finale
        GAMES[lesson.game].check_options(lesson.play_options)  # the first game's options are good ones
    assert LESSONS["truchet-hex"].options["hex"] and LESSONS["truchet-hex"].play_options["hex"]
    assert any(step.options.get("maxi") for step in LESSONS["star"].steps)  # Maxi-Star is a step of Star
    assert any(step.options.get("players") == 4 for step in LESSONS["savoya"].steps)


@pytest.mark.parametrize("lesson,k", STEPS, ids=IDS)
def test_the_step_plays_its_answer_and_refuses_a_wrong_move(lesson, k):
    step = lesson.steps[k]
    game = lesson.rules
    state = decided(lesson, step)
    assert game.outcome(state) is None and not game.is_chance(state), "the player decides in the step"
    answer = answer_move(lesson, step, state)
    assert is_right(lesson, step, state, answer)
    for move in accepted_moves(lesson, step, state):
        assert is_right(lesson, step, state, move)
    run = LessonRun(lesson, Progress(at=k))
    wrong = wrong_moves(lesson, step, state)
    if wrong:  # a wrong move is a try; the second shows the answer
        assert run.judge(state, wrong[0]) == "wrong" and not run.answer_shown
        assert run.judge(state, wrong[-1]) == "wrong" and run.answer_shown
        assert run.tries == TRIES_BEFORE_ANSWER
    else:  # every legal move teaches the point (the one move there is, any Path move ...): a refused one counts
        run.miss()
        run.miss()
        assert run.answer_shown
    assert run.answer(state) == answer
    assert run.judge(state, answer) == "right" and run.solved and k in run.progress.done
    assert not run.answer_shown


@pytest.mark.parametrize("lesson,k", STEPS, ids=IDS)
def test_the_step_says_it_briefly(lesson, k):
    step = lesson.steps[k]
    for words in (step.notice, step.task, step.hint, step.praise):
        assert words and not words[0].islower() and words.rstrip()[-1] in ".!:", words
        assert len(re.findall(r"[.!?](?:\s|$)", words)) <= 3, words  # one or two sentences (three at most)
        assert len(words) <= 240, words
    assert step.show or step.accept, "the answer can be told"


@pytest.mark.parametrize("lesson,k", STEPS, ids=IDS)
def test_the_position_is_one_a_game_could_show(lesson, k):
    step = lesson.steps[k]
    state = start_state(lesson, step)
    game = lesson.rules
    if lesson.game in ("savoy", "savoya"):  # every piece of every colour in play is on the board
        details = game.details(state)
        counts: dict[str, int] = {}
        for stack in details["stacks"].values():
            for letter in stack:
                counts[letter] = counts.get(letter, 0) + 1
        assert set(counts.values()) == {6}, counts
    elif lesson.game == "know":  # no piece ever borders one of the other colour
        geo = know_board()
        for red in state.pos[:6]:
            assert not set(geo.borders[red]) & set(state.pos[6:]), geo.names[red]
    elif lesson.game == "truchet":  # no more pieces than a side starts with
        x, o = game.scores(state)
        assert 0 < x <= state.board.pieces and 0 < o <= state.board.pieces
    for name in step.marks:  # the rings name cells of this board
        assert lesson.marker is not None
        if lesson.game == "know":
            assert name in know_board().index
        elif lesson.game == "star":
            assert name in state.board.index
        elif lesson.game == "truchet":
            assert name in state.board.index or name in state.board.tile_index
        else:
            assert name in game.board.cell_id


def test_the_lessons_named_rules_exist():
    for lesson in LESSONS.values():
        for step in lesson.steps:
            if step.rule is not None:
                assert lesson.predicate(step.rule.name)
    with pytest.raises(KeyError):
        LESSONS["star"].predicate("pins")


def test_progress_reads_back_and_refuses_what_is_malformed():
    progress = Progress({0, 2}, 3)
    assert Progress.from_json(progress.to_json(), 7) == progress
    for bad in (None, "x", [1], {"done": "0,1", "at": 2}, {"done": [0, True, -1, 9, "2"], "at": 99}):
        read = Progress.from_json(bad, 7)
        assert read.at in range(8) and read.done <= set(range(7))
    assert Progress.from_json({"done": [1, 1, 5], "at": 7}, 7) == Progress({1, 5}, 7)


def test_a_run_goes_through_the_steps_to_the_closing_panel():
    lesson = LESSONS["star"]
    run = LessonRun(lesson)
    assert run.index == 0 and not run.finished and not run.step_done
    for k in range(len(lesson.steps)):
        state = run.start_state()
        assert run.judge(state, run.answer(state)) == "right"
        run.go(k + 1)
    assert run.finished and run.all_done and run.step is None and run.progress.at == len(lesson.steps)
    run.go(2)
    assert run.step_done and not run.solved  # done before, not yet this time


def test_rules_predicates_read_the_real_rules():
    lesson = LESSONS["star"]
    step = Step("t", "N.", "T.", "H.", "P.", setup={"layout": "X A8 B8 D8 E8"}, rule=Rule("score_gain", (2,)))
    state = start_state(lesson, step)
    assert is_right(lesson, step, state, STAR.parse_move("C8", state))  # joining two chains saves 2
    assert not is_right(lesson, step, state, STAR.parse_move("A7", state))
