"""The one lesson scene: any game's lesson (`game.app.play.lesson`) played on that game's own board.

`lesson_scene(scene_class)` makes, for a game's scene class, the class that plays its lessons: this
`LessonScene` laid over it, so the board, its drawing and its input (taps, clicks, the game's buttons,
typed moves on a desktop) are the game's own, and only these differ:

- the position is the step's (a new scene for each step: Next, Back and Retry replace it);
- every move still goes through `play`: a roll passes (with the lesson's fixed dice, `next_roll`), a
  move is checked with the real rules, then judged: right, it is played and praised; wrong, the board
  stays as it was, the half-made move is dropped and the hint is given; after two wrong tries the
  answer is drawn on the board (and said, with how to make it);
- the lesson's panel takes the place of the message line and the move list: the step's place among
  the others, what to notice, what to do, the praise or hint, and Back, Hint and Next (on the closing
  panel: Start over and Play your first game, a real game against the computer at level 1);
- nothing is saved as a game in progress, no game-over screen opens, Undo takes back half a move or
  sets the step up again, and there is no review, Hint of the computer or More sheet.

Progress (the steps done, and where the player stopped) is kept in the player's settings.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import pygame

from game.app.play.game_scene import GameScene
from game.app.play.lesson import FIRST_GAME_LEVEL, Lesson, LessonRun, Progress
from game.app.play.panels import MOVES_LINE_H, PanelScene, draw_entry, draw_marks, layout_button_rows
from game.app.saves.seats import HUMAN, computer
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button
from game.rules.errors import RulesError

ANSWER_INK = (255, 128, 200)   # the answer drawn on the board (the computer's hint is blue)
MARK_INK = (250, 250, 250)     # the rings round what a step's words point at
TEXT_SIZES = ((20, 22), (22, 26))  # the panel's text: (least, most) on a phone, on a desktop
HEADER = 24                    # px: the panel's top line (the step's place among the others)
ROW = 48                       # px: the panel's row of buttons
PANEL_PAD = 10                 # px: the panel's words from its sides
BLOCK_GAP = 6                  # px: between its paragraphs
PHONE_PAD = 8                  # px: the panels from the sides of a phone's screen (`PanelScene`'s)
SHORT_PHONE = 720              # px: a phone shorter than this gives the lesson's words the cards' room
#: buttons of a game scene that a lesson does without
HIDDEN = frozenset({"more", "hint", "pause", "redo"})


class LessonScene(PanelScene):
    """Laid over a game's scene class by `lesson_scene`; made by `open_lesson` (or Next, Back, Retry)."""

    game_scene: type[GameScene] = PanelScene  # the game's own scene class (set by `lesson_scene`)
    typing = True  # a desktop shows the typed-move box (unless the lesson needs its room: `make_room`)

    def __init__(self, app: Host, run: LessonRun) -> None:
        self.run = run
        self.lesson: Lesson = run.lesson
        state = run.start_state()
        game = self.lesson.rules
        super().__init__(app, game, game.options_of(state), (HUMAN,) * len(game.seat_names(state)),  # type: ignore[call-arg]
                         start=state)
        self.answer_move: Any = None  # the answer, once shown
        self.tone = ""  # what the message is: "right", "wrong", "answer" (the lesson's), or "" (the game's)
        self.lesson_rect = pygame.Rect(0, 0, 0, 0)
        self.lesson_b = {
            "back": Button("< Back", self.back_step, name="lesson-back"),
            "hint": Button("Hint", self.give_hint, name="lesson-hint"),
            "next": Button("Next >", self.next_step, name="lesson-next", primary=True),
            "again": Button("Start over", self.start_over, name="lesson-again"),
            "first": Button("Play your first game", self.play_first_game, name="lesson-first", primary=True),
        }
        self.buttons = [b for b in self.buttons if b.name not in HIDDEN] + list(self.lesson_b.values())
        view = {**self.lesson.view, **(self.step.view if self.step is not None else {})}
        for name, value in view.items():  # what the board shows (cell names, say)
            if not hasattr(self, name):
                raise AttributeError(f"lesson {self.lesson.key!r}: {type(self).__name__} has no view setting {name!r}")
            setattr(self, name, value)
        self.say("")  # (a scene's opening words are the game's, not the step's)
        self.keep_progress()

    # -- the step -------------------------------------------------------------------------
    @property
    def step(self) -> Any:
        return self.run.step

    def keep_progress(self) -> None:
        problem = self.app.settings.set_lesson(self.lesson.key, self.run.progress.to_json())
        if problem:
            self.say(problem, error=True)

    def show_step(self, index: int) -> None:
        """Set step `index` up afresh (a new scene of the same game in this one's place)."""
        self.leave()
        self.run.go(index)
        self.app.replace(type(self)(self.app, self.run))

    def next_step(self) -> None:
        if self.run.step_done or self.run.answer_shown:
            self.show_step(self.run.index + 1)

    def back_step(self) -> None:
        if self.run.index > 0:
            self.show_step(self.run.index - 1)

    def retry(self) -> None:
        self.show_step(self.run.index)

    def start_over(self) -> None:
        self.show_step(0)

    def play_first_game(self) -> None:
        """A real game of the lesson's game: the player against the computer at level 1."""
        self.leave()
        scene_class = self.game_scene
        options = self.game.check_options(self.lesson.play_options)
        seats = (HUMAN, computer(FIRST_GAME_LEVEL))
        self.app.replace(scene_class(self.app, self.game, options, seats))

    def give_hint(self) -> None:
        step = self.step
        if step is not None and not self.run.solved:
            self.tell(f"Hint: {step.hint}", "wrong")

    def tell(self, words: str, tone: str) -> None:
        self.say(self.for_device(words))
        self.tone = tone

    def for_device(self, words: str) -> str:
        """The lesson's words for this screen: its taps are clicks where there is a mouse (a landscape window)."""
        if self.portrait:
            return words
        for tap, click in (("Tap ", "Click "), ("tap ", "click "), ("taps", "clicks"), ("tap,", "click,")):
            words = words.replace(tap, click)
        return words

    def say(self, words: str, error: bool = False) -> None:
        super().say(words, error)
        self.tone = ""

    # -- every move goes through here --------------------------------------------------------
    def play(self, move: Any) -> bool:
        state, game, run = self.state, self.game, self.run
        if run.finished:
            self.say("The lesson is over: press Play your first game (or Back to see a step again).")
            return False
        if run.solved:
            self.drop_half_move()
            self.say("Done! Press Next for the next step (Undo sets this one up again).")
            return False
        if game.is_chance(state):
            return super().play(move)  # a roll: the lesson's dice (see `next_roll`)
        try:
            if isinstance(move, str):
                move = game.parse_move(move, state)
        except RulesError as err:  # text that is no move: said, not counted
            self.say(str(err), error=True)
            return False
        try:
            game.check_legal(state, move)
        except RulesError as err:  # a move the rules refuse: a wrong try, with the rules' reason
            self.drop_half_move()
            run.miss()
            reason = str(err)
            self.tell_wrong(f"{reason[:1].upper()}{reason[1:]}." if not run.answer_shown else "Not that one.")
            return False
        if run.judge(state, move) == "right":
            super().play(move)
            self.keep_progress()
            self.tell(self.step.praise, "right")
            return True
        self.drop_half_move()
        self.tell_wrong()
        return False

    def tell_wrong(self, why: str = "Not that one.") -> None:
        """A wrong try: the hint, or after the second the answer (drawn on the board)."""
        step = self.step
        if self.run.answer_shown:
            self.answer_move = self.run.answer(self.state)
            self.tell(f"{why} {self.answer_words()}", "answer")
        else:
            self.tell(f"{why} {step.hint}", "wrong")

    def answer_words(self) -> str:
        """The answer in words: where it is drawn (a move with a place on the board), and how to make it."""
        step = self.step
        how = step.show or f"It is {self.answer_move}."
        strokes, _ = self.move_marks(self.answer_move)
        return f"The answer is drawn on the board. {how}" if strokes else how

    def drop_half_move(self) -> None:
        """Forget the move half made on the board (a chosen piece, a turn's parts, a flip)."""
        self.drop_selection()
        self.clear_selection()
        self.finish_motion()
        self._refresh()

    def next_roll(self) -> Any:
        """The lesson's dice when the step fixes them, else the game's own."""
        roll = self.run.next_roll(self.state)
        return roll if roll is not None else super().next_roll()

    def typed_roll_refused(self, text: str) -> bool:
        if not self.history.roll_due():
            return False
        self.say("The dice are thrown, not typed: press the roll button (or Enter with nothing typed).", error=True)
        return True

    # -- what a lesson does without ----------------------------------------------------------
    def drive_automatic(self) -> bool:
        """Nothing plays itself in a lesson: a step's only legal move, or its roll, is what the step asks the
        player to make (its text says how)."""
        return False

    def autosave(self) -> None:
        """A lesson is no game in progress: nothing is kept but its progress."""

    def check_over(self) -> None:
        """The step's praise says how the game ended: no game-over screen."""

    def ready_to_change_history(self) -> bool:
        """Undo past the half-made move (and Redo) set the step up again."""
        self.retry()
        return False

    def review(self, moves: int) -> bool:
        return False

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        rows = [tuple(item for item in row if self.b[item[0]].name not in HIDDEN) for row in super().button_rows()]
        return tuple(row for row in rows if row)

    # -- input ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if intent.kind == "confirm" and not self.entry and (self.run.solved or self.run.finished):
            if self.run.finished:
                self.play_first_game()
            else:
                self.next_step()
            return
        super().handle(intent)

    def lesson_buttons(self) -> list[Button]:
        b = self.lesson_b
        if self.run.finished:
            return [b["back"], b["again"], b["first"]]
        return [b["back"], b["hint"], b["next"]]

    # -- layout --------------------------------------------------------------------------------
    def _stack_panels(self, x: int, y: int, width: int, gap: int) -> int:
        """The game's panels down to its buttons; then (on a desktop) the typed-move box across the whole
        width, and the lesson's panel in what is left (returned: its top)."""
        super()._stack_panels(x, y, width, gap)
        if self.portrait or not self.typing:
            top = self.entry_rect.top
            self.entry_rect = pygame.Rect(0, 0, 0, 0)
        else:
            top = self.message_rect.top
            self.entry_rect = pygame.Rect(x, self.entry_rect.top, width, self.entry_rect.height)
        self.message_rect = self.computer_slot = pygame.Rect(0, 0, 0, 0)
        for name in ("computer", "more"):
            self.b[name].rect = pygame.Rect(0, 0, 0, 0)
        return top

    def place_more_in_top_bar(self) -> None:
        """(A lesson has no More: Menu and Rules share the top bar.)"""

    def short_phone(self) -> bool:
        return self.portrait and self.size[1] < SHORT_PHONE

    def phone_board_height(self, room: int, width: int) -> int:
        """The board leaves the lesson's panel the room its words need."""
        given = MOVES_LINE_H  # (what a game's phone layout leaves its move list at least)
        inner = width - 2 * PHONE_PAD - 2 * PANEL_PAD  # the panel's words span the screen less its margins
        least = min(room, self.board_min_h)  # (but the board keeps the least it has in a game)
        return super().phone_board_height(max(least, room - max(0, self.panel_height(inner) - given)), width)

    def layout(self, size: tuple[int, int]) -> None:
        self.typing = True  # (a desktop: the typed-move box, unless the lesson's words need its room)
        super().layout(size)
        if self.portrait and self.short_phone() and self.cards:
            self.drop_cards(size)
        elif not self.portrait:
            self.make_room(size)
        self.lesson_rect, self.moves_rect = self.moves_rect, pygame.Rect(0, 0, 0, 0)
        rect = self.lesson_rect
        row = pygame.Rect(rect.left + 8, rect.bottom - 8 - self.row_height(), rect.width - 16, self.row_height())
        for button in self.lesson_b.values():
            button.rect = pygame.Rect(0, 0, 0, 0)
        shown = {button.name: button for button in self.lesson_buttons()}
        layout_button_rows(shown, [[(name, 2 if name == "lesson-first" else 1) for name in shown]], row, 6, row.height)

    def drop_cards(self, size: tuple[int, int]) -> None:
        """A short phone: the players' cards give their room (the status line says whose turn it is) to the
        lesson's words, as much as they lack, and the rest to the board; the panels under it move up."""
        w, h = size
        top = self.b["menu"].rect.bottom + 6
        rise = self.board_rect.top - top
        lacking = self.panel_height(w - 2 * PHONE_PAD - 2 * PANEL_PAD) - self.moves_rect.height
        board_h = self.board_rect.height + rise - min(rise, max(0, lacking))
        self.cards = []
        self.board_rect = pygame.Rect(self.board_rect.left, top, self.board_rect.width, board_h)
        y = self._stack_panels(PHONE_PAD, top + board_h + 2, w - 2 * PHONE_PAD, 6)
        self.moves_rect = pygame.Rect(PHONE_PAD, y, w - 2 * PHONE_PAD, max(40, h - y - PHONE_PAD))
        self.board_zoom.camera.set_viewport(self.board_rect)
        self.relayout_board()

    def make_room(self, size: tuple[int, int]) -> None:
        """A low desktop window: where the lesson's words lack room beside the board, the typed-move box gives
        its room, then (if that is not enough) the players' cards do."""
        need = self.panel_height(self.moves_rect.width - 2 * PANEL_PAD)
        top = self.cards[0].top
        for drop in ("typing", "cards"):
            if self.moves_rect.height >= need:
                return
            if drop == "typing":
                self.typing = False
            else:
                self.cards = []
            x, width, pad, gap = self.moves_rect.left, self.moves_rect.width, 16, 8
            y = self._stack_panels(x, max((card.bottom + gap for card in self.cards), default=top), width, gap)
            self.moves_rect = pygame.Rect(x, y, width, max(40, size[1] - y - pad))

    def row_height(self) -> int:
        return theme.MIN_TOUCH if self.short_phone() else ROW

    def text_sizes(self) -> tuple[int, int]:
        return TEXT_SIZES[0 if self.portrait else 1]

    def blocks(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's paragraphs and their colours: what to notice, what to do, then the feedback."""
        step = self.step
        if step is None:
            finale = self.lesson.finale or f"You know enough of {self.lesson.title} for a first game."
            done = len(self.run.progress.done)
            left = len(self.lesson.steps) - done
            more = "" if not left else f" ({left} step{'s' * (left > 1)} not done yet: Back goes to them.)"
            return [(finale + more, theme.TEXT),
                    ("Play your first game against the computer, at its easiest level.", theme.ACCENT)]
        blocks = [(step.notice, theme.TEXT), (self.for_device(step.task), theme.ACCENT)]
        if self.message:
            blocks.append((self.message, self.feedback_colour()))
        elif self.zoom_hint():  # a board too small for fingers: how to zoom it
            blocks.append((self.zoom_hint(), theme.TEXT_DIM))
        return blocks

    def feedback_colour(self) -> tuple[int, int, int]:
        if self.tone == "right":
            return theme.GOOD
        if self.tone in ("wrong", "answer"):
            return ANSWER_INK if self.tone == "answer" else theme.BAD
        return theme.BAD if self.message_is_error else theme.TEXT_DIM

    def panel_height(self, width: int) -> int:
        """The height the panel needs at `width` for the step's words at the least text size (with room
        for the longest feedback it may show)."""
        step = self.step
        least = self.text_sizes()[0]
        texts = [words for words, _ in self.blocks()[:2]]
        if step is not None:
            refused = "x" * 12 + " this is the rules' reason for refusing a move, as long as most of them are."
            feedback = max((step.praise, f"{refused} {step.hint}",
                            f"Not that one. The answer is drawn on the board. {step.show or step.answer}"),
                           key=lambda words: block_height(words, least, width))
            texts.append(feedback)
        words = sum(block_height(t, least, width) + BLOCK_GAP for t in texts)
        return HEADER + 8 + words + self.row_height() + 20

    # -- drawing -------------------------------------------------------------------------------
    def draw_panels(self, surface: pygame.Surface) -> None:
        self.draw_board_marks(surface)
        self.draw_cards(surface)
        self.draw_status_line(surface)
        if self.entry_rect.width:
            draw_entry(surface, self.entry_rect, self.entry, self.entry_hint(), self.text_size, self.entry_selected)
        if self.portrait:  # the top bar names the lesson
            bar = pygame.Rect(self.b["menu"].rect.right + 4, 0, self.b["rules"].rect.left - self.b["menu"].rect.right - 8,
                              self.b["menu"].rect.bottom + 2)
            surface.fill(theme.BG, bar)
            words = f"Learn {self.lesson.title}"
            if theme.font(24).size(words)[0] > bar.width:
                words = self.lesson.title
            theme.text(surface, words, 24, theme.TEXT, center=(bar.centerx, self.b["menu"].rect.centery),
                       max_width=bar.width)
        self.draw_lesson(surface)

    def draw_lesson(self, surface: pygame.Surface) -> None:
        rect = self.lesson_rect
        theme.panel(surface, rect, theme.BG_PANEL, 10, border=theme.ACCENT_DIM)
        steps = len(self.lesson.steps)
        index = self.run.index
        # the step's place: a dot per step (filled: done; ringed: this one), then its name
        x, cy = rect.left + 14, rect.top + 6 + HEADER // 2
        for k in range(steps):
            done = k in self.run.progress.done
            colour = theme.GOOD if done else theme.BG_CARD_HI
            pygame.draw.circle(surface, colour, (x, cy), 5)
            if k == index:
                pygame.draw.circle(surface, theme.ACCENT, (x, cy), 8, 2)
            x += 17
        title = "Ready to play" if self.step is None else f"{index + 1}/{steps} {self.step.title}"
        if not self.portrait:  # (a phone's top bar names the lesson)
            title = f"Learn {self.lesson.title}: {title}"
        theme.text(surface, title, self.text_sizes()[0], theme.ACCENT, midleft=(x + 4, cy),
                   max_width=rect.right - 10 - (x + 4))
        body = pygame.Rect(rect.left + PANEL_PAD, rect.top + HEADER + 10, rect.width - 2 * PANEL_PAD,
                           rect.bottom - 12 - self.row_height() - (rect.top + HEADER + 10))
        draw_blocks(surface, self.blocks(), body, theme.MIN_TEXT, self.text_sizes()[1])  # (shrinking as it must)
        b = self.lesson_b
        b["next"].enabled = self.run.step_done or self.run.answer_shown
        b["next"].label = "Finish >" if index == steps - 1 else "Next >"
        b["back"].enabled = index > 0
        b["hint"].enabled = self.step is not None and not self.run.solved
        for button in self.lesson_buttons():
            button.draw(surface, self.hover)

    def _draw_board_marks(self, surface: pygame.Surface) -> None:
        super()._draw_board_marks(surface)
        step, marker = self.step, self.lesson.marker
        if step is not None and step.marks and marker is not None and not self.run.solved \
                and self.layout_board is not None and self.motion is None:
            for name in step.marks:  # a wide white ring, unlike the game's own highlights
                (x, y), radius = marker(self.layout_board, self.state, name)
                pygame.draw.circle(surface, theme.BG, (round(x), round(y)), round(radius * 1.5) + 2, 2)
                pygame.draw.circle(surface, MARK_INK, (round(x), round(y)), round(radius * 1.5), 3)
        if self.answer_move is not None and self.run.answer_shown:
            strokes, radius = self.move_marks(self.answer_move)
            draw_marks(surface, strokes, radius, ANSWER_INK, label="Answer")


def draw_blocks(surface: pygame.Surface, blocks: Sequence[tuple[str, tuple[int, int, int]]], rect: pygame.Rect,
                least: int, most: int) -> None:
    """Paragraphs one under another in `rect`, at the largest size from `most` down to `least` that fits
    (at `least`, what does not fit is cut at the bottom)."""
    size = most
    while size > least and sum(block_height(w, size, rect.width) + BLOCK_GAP for w, _ in blocks) > rect.height:
        size -= 1
    step = theme.font(size).get_linesize()
    y = rect.top
    for words, colour in blocks:
        for line in theme.wrap(words, size, rect.width):
            if y + step > rect.bottom + 4:
                return
            theme.text(surface, line, size, colour, topleft=(rect.left, y), max_width=rect.width)
            y += step
        y += BLOCK_GAP


def block_height(words: str, size: int, width: int) -> int:
    """The height of `words` wrapped to `width` at `size`, a line apart."""
    return len(theme.wrap(words, size, width)) * theme.font(size).get_linesize()


@lru_cache(maxsize=None)
def lesson_scene(scene_class: type[GameScene]) -> type[LessonScene]:
    """The scene that plays lessons on `scene_class`'s board: `LessonScene` laid over it."""
    return type(f"{scene_class.__name__}Lesson", (LessonScene, scene_class),  # type: ignore[return-value]
                {"game_scene": scene_class})


def open_lesson(app: Host, lesson: Lesson, scene_class: type[GameScene]) -> LessonScene:
    """Open `lesson` where the player left it (its progress is in the app's settings)."""
    progress = Progress.from_json(app.settings.lesson(lesson.key), len(lesson.steps))
    scene = lesson_scene(scene_class)(app, LessonRun(lesson, progress))
    app.push(scene)
    return scene
