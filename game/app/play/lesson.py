"""Lessons: a game taught by play. Each game keeps its lessons as data beside it
(``games/<game>/lessons.py``); one runner reads them all (this module, no pygame) and one scene plays
them on the game's own board (`game.app.play.lesson_scene`).

As lichess's Learn keeps each stage as a position, a goal, the moves that succeed and a hint, a `Step`
here is:

- a position, written in the game's own terms: the arguments of its rules' ``position`` constructor
  (``setup``; none: the game's start), then ``moves`` played from it with the real rules (a swap, a
  request that the step continues from);
- one or two plain sentences of what to notice (``notice``) and the one thing to do (``task``);
- the right moves: any of ``accept`` (in notation), or any legal move that a named rule (``rule``, a
  `Rule`: "a move that pins") holds for, checked on the real states before and after it;
- a ``hint`` for a wrong move, the ``praise`` a right one hears (what it did), and how to make the
  answer in the app (``show``), which is drawn on the board after two wrong tries;
- for dice games, the dice: the position's dice in force, and ``rolls``, the rolls the lesson throws
  when the step asks for one (the Roll button gives these, not the game's seed).

`LessonRun` follows one lesson: which step is shown, its tries, what is done. `Progress` is what is
kept between sessions (the steps done and where the player stopped), stored in the player's settings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.rules import GAMES
from game.rules.base import Game
from game.rules.errors import RulesError

#: wrong tries after which the answer is shown on the board
TRIES_BEFORE_ANSWER = 2
#: the computer's level in the first game a lesson ends with
FIRST_GAME_LEVEL = 1

#: A predicate on a move: (game, state before, the move, state after, the rule's arguments) -> it holds.
Predicate = Callable[[Game, Any, Any, Any, tuple], bool]


@dataclass(frozen=True)
class Rule:
    """A rule a right move satisfies, named as data (``Rule("pins")``, ``Rule("score_at_least", (3,))``):
    the lesson's own predicates (`Lesson.predicates`) and the shared ones (`PREDICATES`) say what the
    names mean, from the real rules."""

    name: str
    args: tuple = ()


@dataclass(frozen=True)
class Step:
    title: str
    notice: str
    task: str
    hint: str
    praise: str
    setup: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    rolls: tuple[str, ...] = ()
    accept: tuple[str, ...] = ()
    rule: Rule | None = None
    marks: tuple[str, ...] = ()  # cells (spaces, junctions, tiles) the board rings while the step is open
    answer: str = ""       # the move drawn on the board after two wrong tries (default: the first accepted)
    show: str = ""         # how to make the answer in the app, in words
    options: Mapping[str, Any] = field(default_factory=dict)  # the lesson's options, changed for this step
    view: Mapping[str, Any] = field(default_factory=dict)     # the lesson's view, changed for this step


@dataclass(frozen=True)
class Lesson:
    key: str               # "savoy", "truchet-hex": what the menu and the rules pages open
    game: str              # the rules' name (`game.rules.GAMES`)
    title: str             # "Savoy", "Hexagonal Truchet"
    options: Mapping[str, Any]       # the options of the steps' positions
    steps: tuple[Step, ...]
    #: the options of the first game the lesson ends with (defaults: the game's usual ones)
    play_options: Mapping[str, Any] = field(default_factory=dict)
    #: what the last panel says, before "Play your first game"
    finale: str = ""
    #: what the board shows, as the game's scene names it (``{"show_coords": True}``: cell names)
    view: Mapping[str, Any] = field(default_factory=dict)
    #: where a cell named in `Step.marks` is drawn: (the scene's board layout, the state, the name) -> (x, y)
    #: and the radius of its ring
    marker: Callable[[Any, Any, str], tuple[tuple[float, float], float]] | None = None
    #: the lesson's own rules for `Step.rule`, by name
    predicates: Mapping[str, Predicate] = field(default_factory=dict)

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    def step_options(self, step: Step) -> dict[str, Any]:
        return {**self.options, **step.options}

    def predicate(self, name: str) -> Predicate:
        found = self.predicates.get(name) or PREDICATES.get(name)
        if found is None:
            raise KeyError(f"lesson {self.key!r}: no rule called {name!r}")
        return found


# ------------------------------------------------------------------------------ positions and answers
def start_state(lesson: Lesson, step: Step) -> Any:
    """The position a step begins in: the game's `position` made from `setup` (or the game's start), then
    the step's `moves` played with the real rules."""
    game = lesson.rules
    options = lesson.step_options(step)
    if step.setup:
        state = game.position(**step.setup, options=options)  # type: ignore[attr-defined]
    else:
        state = game.new(options)
    for text in step.moves:
        state = game.apply(state, game.parse_move(text, state))
    return state


def accepted_moves(lesson: Lesson, step: Step, state: Any) -> list[Any]:
    """The step's right moves written out, read in `state` (each checked legal there)."""
    game = lesson.rules
    moves = []
    for text in step.accept:
        move = game.parse_move(text, state)
        game.check_legal(state, move)
        moves.append(move)
    return moves


def answer_move(lesson: Lesson, step: Step, state: Any) -> Any:
    """The move shown as the answer: `answer`, else the first accepted move."""
    game = lesson.rules
    text = step.answer or (step.accept[0] if step.accept else "")
    if not text:
        raise ValueError(f"lesson {lesson.key!r}, step {step.title!r}: no answer to show")
    move = game.parse_move(text, state)
    game.check_legal(state, move)
    return move


def is_right(lesson: Lesson, step: Step, state: Any, move: Any) -> bool:
    """`move` (legal in `state`) does what the step asks: it is one of the accepted moves, or the step's
    rule holds for it."""
    game = lesson.rules
    if step.accept and move in accepted_moves(lesson, step, state):
        return True
    if step.rule is not None:
        after = game.apply(state, move)
        return lesson.predicate(step.rule.name)(game, state, move, after, step.rule.args)
    return False


def fixed_roll(lesson: Lesson, step: Step, state: Any, rolled: int) -> Any:
    """The roll the step throws when its `rolled`-th roll is due (None when it fixes no more)."""
    if rolled >= len(step.rolls):
        return None
    game = lesson.rules
    return game.parse_move(step.rolls[rolled], state)


# ------------------------------------------------------------------------------ shared rules
def _mover(game: Game, before: Any) -> int:
    mover = game.to_move(before)
    return 0 if mover is None else mover


def _wins(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    outcome = game.outcome(after)
    return outcome is not None and _mover(game, before) in outcome.winning_seats


def _score_at_least(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    return game.scores(after)[_mover(game, before)] >= args[0]


def _score_gain(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    mover = _mover(game, before)
    return game.scores(after)[mover] - game.scores(before)[mover] >= args[0]


def _kind(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    return getattr(move, "kind", None) in args


PREDICATES: dict[str, Predicate] = {
    "wins": _wins,                    # the move wins the game for the mover
    "score_at_least": _score_at_least,  # the mover's score is at least args[0] after it
    "score_gain": _score_gain,        # the mover's score rises by at least args[0]
    "kind": _kind,                    # the move is of one of the kinds named (a pass, a swap, a merge...)
}


# ------------------------------------------------------------------------------ progress
@dataclass
class Progress:
    """What is kept of one lesson between sessions: the steps done, and the step the player was at
    (`len(steps)`: the closing panel)."""

    done: set[int] = field(default_factory=set)
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"done": sorted(self.done), "at": self.at}

    @classmethod
    def from_json(cls, value: Any, steps: int) -> "Progress":
        """Read what was kept (anything malformed reads as no progress: it is no game, nothing is lost)."""
        if not isinstance(value, dict):
            return cls()
        done = value.get("done")
        at = value.get("at")
        good = {k for k in done if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < steps} \
            if isinstance(done, list) else set()
        place = at if isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= steps else 0
        return cls(good, place)


class LessonRun:
    """One lesson being followed: the step shown (`index`; `len(steps)` is the closing panel), its wrong
    tries, and whether it was solved this time. `judge` says what a move is worth; the scene plays it."""

    def __init__(self, lesson: Lesson, progress: Progress | None = None) -> None:
        self.lesson = lesson
        self.progress = progress or Progress()
        self.index = min(self.progress.at, len(lesson.steps))
        self.tries = 0
        self.solved = False
        self.rolled = 0   # rolls thrown in this step (the lesson's `rolls`, in order)

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        """Past the last step: the closing panel."""
        return self.index >= len(self.lesson.steps)

    @property
    def answer_shown(self) -> bool:
        return self.tries >= TRIES_BEFORE_ANSWER and not self.solved

    @property
    def step_done(self) -> bool:
        """This step is solved, now or in an earlier visit."""
        return self.solved or self.index in self.progress.done

    @property
    def all_done(self) -> bool:
        return len(self.progress.done) == len(self.lesson.steps)

    def go(self, index: int) -> None:
        """Show step `index` afresh (clamped; `len(steps)` is the closing panel)."""
        self.index = max(0, min(index, len(self.lesson.steps)))
        self.tries, self.solved, self.rolled = 0, False, 0
        self.progress.at = self.index

    def start_state(self) -> Any:
        step = self.step
        return start_state(self.lesson, step) if step is not None else self.lesson.rules.new(self.lesson.options)

    def judge(self, state: Any, move: Any) -> str:
        """"right", or "wrong" (counted as a try). `move` is legal in `state`."""
        step = self.step
        if step is None:
            return "wrong"
        if is_right(self.lesson, step, state, move):
            self.solved = True
            self.progress.done.add(self.index)
            return "right"
        self.miss()
        return "wrong"

    def miss(self) -> None:
        """A wrong try (a move that is not the step's, or one the rules refuse)."""
        if not self.solved:
            self.tries += 1

    def answer(self, state: Any) -> Any:
        step = self.step
        return answer_move(self.lesson, step, state) if step is not None else None

    def next_roll(self, state: Any) -> Any:
        """The roll the lesson throws now (None: it fixes no more; the game's own seed then rolls)."""
        step = self.step
        if step is None:
            return None
        try:
            roll = fixed_roll(self.lesson, step, state, self.rolled)
        except RulesError:
            return None
        if roll is not None:
            self.rolled += 1
        return roll
