"""The base of the scene that plays one game: its history, seats, message line and saving, and the
computer at any seat.

Every move goes through `GameScene.play`; the game-over screen opens from `check_over`, and the
game's rules page is the class attribute `rules_page` (set by each game's scene).

Seats say who plays each side (`game.app.play.seating`: a person here, the computer at a level, a person
at a distance in a game by link, and the words for each). The computer is driven from `update`, the one
place every game's frame goes through: when a computer seat is to act, its dice are rolled (the scene's
own `start_roll`, with the game's seeded roll), or its move is thought out a slice of each frame
(`game.app.play.computer`) and then played through `play`, like any move. The Hint button runs the same
search for the person to move.

Nothing waits for a tap it does not need (`drive_automatic`): a roll that is all that can happen is thrown
by itself (unless the player keeps manual rolls), and a move that is the only legal one is played for the
person after `FORCED_PAUSE`, the message saying why first. Undo takes back past them.

Moves slide (`game.app.play.motion`): `play` and `redo` start a `Motion` from what the board
showed before the move, which each game draws from its `slides` hook for a fifth of a second of
frames; a press or a key finishes it (`PanelScene.handle`). Each move also asks the app for its
sound (`move_sound`: a move, a capture, the end of the game; none for the dice).

Review: `review(n)` shows the position after move n (states are values: ``history.states[n]``)
by putting a copy of the first n moves in `history`, which every game's scene draws from, and
keeping the game itself aside (`live_history`) until `end_review`. While a position is reviewed
nothing is played, rolled, taken back or thought about: the computer's search and the hint wait
where they were and go on when the game is back. A game ended by resignation stays in review.

Analysis: the Analyse screen (`game.app.screens.analysis`) lies over the scene in review; the scene keeps
the game's analysis (`analysis`) while it lives, and draws on the board the moves the screen gives it for
the position shown (`board_note`).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import pygame

from game.ai import DEFAULT_LEVEL, hint_level
from game.app.play.analysing import AnalysisRun
from game.app.play.computer import MOVE_PAUSE, SLICE, Thinking, search_seed
from game.app.play.motion import MOTION_SECONDS, Frame, Motion, Slide
from game.app.play.seating import Seating
from game.app.saves import saved_game
from game.app.saves.saved_game import SavedGame
from game.app.saves.seats import HUMAN, REMOTE, SEAT_KINDS
from game.app.screens.analysis import BoardNote
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesPage
from game.app.ui.scene import Host, Scene
from game.rules.base import Game, Outcome
from game.rules.errors import RulesError
from game.rules.history import GameHistory
from game.rules.options import OptionValue

#: seconds the computer's move stays marked on the board after it is played
FLASH_SECONDS = 1.2
#: seconds a roll that is all that can happen waits before it is thrown for the players (so each roll is seen)
ROLL_PAUSE = 0.35
#: seconds a move that is the only legal one waits before it is played for its player, the message saying why
FORCED_PAUSE = 1.0
#: Seat kinds that can be chosen on the new-game page (a computer seat also has its level).
AVAILABLE_SEATS = frozenset(SEAT_KINDS)


class GameScene(Seating, Scene):
    """Base of the scene that plays one game: a GameHistory, the seats and a message line.

    Every move goes through `play`, which reports a refused move as a message
    and keeps the game as it was. Rolls come from the game's own seed
    (`next_roll`), so taking a roll back and rolling again gives the same dice.
    `start` begins from a set-up position (puzzles, tests); `seed` fixes the
    dice; `rng` stands in for the dice in tests (loaded dice: rolls are drawn
    from it instead). The game is kept under `save_id` in the app's storage.
    """

    #: the game's rules page (the menu's and the scene's Rules button); None: a page made from the summary
    rules_page: RulesPage | None = None
    #: its chance moves are rolls a player may throw by hand (`Settings.manual_rolls`); Truchet's tiles drawn
    #: at random follow the choice of `random` by themselves
    hand_rolls = True

    @classmethod
    def draw_picture(cls, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> None:
        """A small picture of `state` filling `rect`, drawn by the game's own view (the menu's picture of a
        board). Each game draws its own; by default, nothing."""

    @classmethod
    def rules_page_for(cls, options: dict[str, OptionValue] | None) -> RulesPage | None:
        """The rules page of the game these options make (a variant on another board may have its own;
        the new-game page asks this before the game starts)."""
        return cls.rules_page

    def __init__(self, app: Host, game: Game, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), *, seed: int | None = None, start: Any = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.history: GameHistory = GameHistory(game, options, start=start, seed=seed)
        self.seats = self.seats_for(seats)
        self.rng = rng
        self.save_id = saved_game.new_id()
        self.message = ""
        self.message_is_error = False
        # the computer: its search under way, the hint, and how long the position has waited
        self.thinking: Thinking | None = None
        self.hint: Thinking | None = None
        self.hint_move: Any = None
        self.hint_state: Any = None
        self.paused = False               # a computer-versus-computer game stopped by Pause
        self.slice_seconds = SLICE
        self.computer_pause = MOVE_PAUSE  # seconds before each computer move or roll (tests set 0)
        self.decisions: list[dict[str, Any]] = []  # the figures of each computer decision, in order
        self.flash_move: Any = None      # the computer's last move, marked on the board for a moment ...
        self.flash_left = 0.0            # ... for this many more seconds
        self._waiting: Any = None        # the position the computer (or a roll, a forced move) waits in ...
        self._waited = 0.0               # ... and for how long
        self._forced: tuple[Any, Any] | None = None  # (state shown, its only legal move or None), asked each frame
        self._forced_moves: dict[Any, Any] = {}  # every state's forced move (or None) found so far
        self._forced_said: Any = None    # the state whose forced move the message line announced
        self._live: GameHistory | None = None  # the game itself while one of its positions is reviewed
        self.review_at: int | None = None      # the number of moves shown while reviewing
        self.from_link = False           # opened from a game link: Share is due after each move made here
        self.share_due = False
        self.shared_at = 0               # moves played when the link was last given (Undo stops there)
        self.motion: Motion | None = None  # the last move's pieces on their way (see `slides`)
        self.motion_seconds = MOTION_SECONDS
        self.analysis: AnalysisRun | None = None  # the game's analysis (the Analyse screen), kept while the scene lives
        self.board_note: BoardNote | None = None   # moves the Analyse screen has the board draw on a reviewed position

    @property
    def state(self) -> Any:
        return self.history.state

    def say(self, words: str, error: bool = False) -> None:
        self.message, self.message_is_error = words, error

    def next_roll(self) -> Any:
        """The roll due now: the game's own (from its seed), or one from the stand-in `rng` in tests."""
        if self.rng is not None:
            return self.game.random_chance(self.state, self.rng)
        return self.history.next_roll()

    def typed_roll_refused(self, text: str) -> bool:
        """A roll typed in while one is due is refused unless it is the game's own roll: the dice decide."""
        if not self.history.roll_due():
            return False
        try:
            move = self.game.parse_move(text, self.state)
            self.game.check_legal(self.state, move)
        except RulesError:
            return False  # not a roll: play() explains
        if move == self.history.next_roll():
            return False
        self.say("The dice are thrown, not typed: press the roll button (or Enter with nothing typed).", error=True)
        return True

    def play(self, move: Any) -> bool:
        """Play a move or its notation through the history; False (with the reason shown) if refused."""
        if self.reviewing:
            self.say(self.review_refusal(), error=True)
            return False
        before, shown = self.state, self.shown_board()
        try:
            played = self.history.play(move)
        except RulesError as err:
            self.say(str(err), error=True)
            return False
        self.share_due = self.from_link and self.remote_to_act()  # (the turn has gone to the other side)
        self.start_motion(shown, played)
        self.make_sound(before, played)
        self.after_move(played)
        self.autosave()
        return True

    def autosave(self) -> None:
        """Keep the game in progress (in the app's list of saved games and its storage) after every change;
        a finished game, or one with no move yet, is forgotten."""
        kept = SavedGame(self.live_history, self.seats, self.save_id, by_link=self.from_link)
        problem = self.app.keep_game(kept)
        if problem:
            self.say(problem, error=True)

    def outcome(self) -> Outcome | None:
        """How the game shown ended (a resignation included), or None while it goes on."""
        return self.history.outcome()

    def _refresh(self) -> None:
        """Recompute what the scene derives from the state (after undo, redo or a resumed game)."""

    def resume(self, saved: SavedGame) -> None:
        """Continue a saved game in this (new) scene (a computer to move starts thinking at the next frame)."""
        self.stop_thinking()
        self.finish_motion()  # a game loaded shows its position: nothing slides
        self._live = self.review_at = None
        self.history = saved.history
        self.seats = self.seats_for(saved.seats)
        self.save_id = saved.id
        self.from_link = saved.by_link
        self.share_due = self.from_link and self.remote_to_act()  # (the move made here may not have been sent)
        self.shared_at = 0
        self._refresh()
        self.say(f"Resumed: {saved.title}.")

    def roll_colours(self) -> Sequence[int]:
        """The colours whose roll is due now (`rollers`)."""
        return self.rollers(self.game, self.state)

    def computer_rolls(self) -> bool:
        """A roll is due and the computer throws it (every colour rolling is a computer's)."""
        return self.history.roll_due() and all(self.level_of(c) is not None for c in self.roll_colours())

    def computer_moves(self) -> bool:
        """A computer seat is to choose a move now."""
        if self.game.outcome(self.state) is not None or self.game.is_chance(self.state):
            return False
        mover = self.game.to_move(self.state)
        return mover is not None and self.level_of(mover) is not None

    def computer_to_act(self) -> bool:
        """The computer has the turn (to roll or to move): a person's presses on the board wait."""
        return self.computer_moves() or self.computer_rolls()

    def others_to_act(self) -> bool:
        """The computer or a player at a distance has the turn: a person's presses on the board wait."""
        return self.computer_to_act() or self.remote_to_act()

    def can_undo(self) -> bool:
        """Undo has something to take back (in a game by link, a move of this device's not yet sent: a
        roll thrown by itself alone is none)."""
        history = self.history
        if not self.from_link:
            return history.can_undo()
        return history.can_undo() and any(self.human_decides(history.states[k])
                                           for k in range(self.undo_floor(), len(history.moves)))

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One frame of the game (the app calls it for the top scene). Every game scene's frame goes
        through here: the computer's turn and the hint (each a slice of thinking at most, or a move
        played), then the game's own work (`advance`), which brings its buttons in step with the
        position the frame draws."""
        self.flash_left = max(0.0, self.flash_left - dt)
        self.animate(dt)
        if self.reviewing:
            return  # a look back: nothing plays, rolls or thinks (see `review`)
        state = self.state
        if state is not self._waiting:
            self._waiting, self._waited = state, 0.0
        else:
            self._waited += dt
        if not self.drive_automatic():
            self.drive_computer(dt)
        self.drive_hint()
        self.advance(dt)

    def animate(self, dt: float) -> None:
        """The frame's part of what moves on the board by itself (also while a screen such as the game-over
        one lies over it): the last move's slide."""
        if self.motion is not None and not self.motion.tick(dt):
            self.motion = None

    def advance(self, dt: float) -> None:
        """What this game's scene does each frame: run its animations (which may end by playing a
        move) and keep its buttons in step with the state."""

    def busy(self) -> bool:
        """An animation whose end plays a move or shows its effect is under way (dice tumbling, a
        capture fading): the computer waits for it."""
        return False

    def working(self) -> bool:
        return self.thinking is not None or self.hint is not None or self.busy()

    def start_roll(self) -> None:
        """Throw the dice due (a scene with a tumble overrides this); always the game's own roll."""
        if self.history.roll_due():
            self.play(self.next_roll())

    # -- what plays itself: the dice, and moves nobody can choose ------------------------------------
    def rolls_itself(self) -> bool:
        """A roll is due and is thrown without a press: it is all that can happen (unless the player keeps
        manual rolls, `Settings.manual_rolls`; the computer throws its own, and a player at a distance theirs)."""
        return self.history.roll_due() and not self.by_hand() and not self.computer_rolls() and not self.remote_to_act()

    def by_hand(self) -> bool:
        """The dice wait for the Roll button (the player's setting, in a game whose chance moves are rolls)."""
        return self.hand_rolls and self.app.settings.manual_rolls

    def forced_move(self, state: Any = None) -> Any:
        """The move that is the only legal one in `state` (now by default), for whoever is to play it, or None:
        a pass on Star's full board, a Savoy player who cannot move. Remembered per state (states are
        values): Undo asks it of past positions, and listing a spread-out double of Savoya's again would
        hold a frame for most of a second."""
        state = self.state if state is None else state
        if state is self.history.state and self.history.ended_early:
            return None
        cached = self._forced
        if cached is not None and cached[0] is state:
            return cached[1]
        try:
            return self._forced_moves[state]
        except (KeyError, TypeError):  # (TypeError: a game whose states cannot be keys, asked again each time)
            pass
        move = None
        if self.game.outcome(state) is None and not self.game.is_chance(state) \
                and self.game.to_move(state) is not None and self.lists_every_move(state):
            legal = self.game.legal_moves(state)
            move = legal[0] if len(legal) == 1 else None
        self._forced = (state, move)
        try:
            self._forced_moves[state] = move
        except TypeError:
            pass
        return move

    def lists_every_move(self, state: Any) -> bool:
        """`legal_moves` lists every legal move in `state` (a game whose rules list a few moves that stand for
        too many others, as Truchet's set-up does, says where they do not): only then is one move forced."""
        return True

    def automatic(self, state: Any) -> bool:
        """In `state`, what happens next needs nobody's choice (a roll thrown by itself, a forced move): Undo
        takes back past it."""
        if self.game.is_chance(state):
            return not self.by_hand()
        return self.forced_move(state) is not None

    def drive_automatic(self) -> bool:
        """Throw a roll that is all that can happen, or play a forced move after `FORCED_PAUSE` with a message
        saying why; True while this frame belongs to them (the computer and the hint wait)."""
        if self.paused or self.busy() or self.app.top is not self:
            return False
        if self.rolls_itself():
            if self._waited >= ROLL_PAUSE:
                self.start_roll()
            return True
        move = self.forced_move()
        if move is None or not self.human_decides(self.state):  # (the computer plays its own, saying why)
            return False
        if self.rolls_on(move):  # (the way to the dice: played as a roll is, or left to the Roll button)
            if self.by_hand() or self.computer_rolls_after(move):
                return False
            if self._waited >= ROLL_PAUSE:
                self.clear_selection()
                self.play(move)
            return True
        mover = self.game.to_move(self.state)
        if self._forced_said is not self.state:  # said as soon as it is known, played after the pause
            self._forced_said = self.state
            self.stop_thinking()
            words = self.forced_words(mover, move, done=False)
            self.say(f"{self.message} {words}" if self.message and not self.message_is_error else words)
        if self._waited >= FORCED_PAUSE:
            words = self.forced_words(mover, move, done=True)
            self.clear_selection()
            if self.play(move) and not self.message_is_error:
                self.say(words)
        return True

    def rolls_on(self, move: Any) -> bool:
        """`move` only leads to the dice (know's "no Path" before a roll): a forced one is played as a roll
        is, without a pause or a word."""
        return False

    def computer_rolls_after(self, move: Any) -> bool:
        """The roll that `move` leads to is the computer's (it plays its own way to it)."""
        after = self.game.apply(self.state, move)
        return self.game.is_chance(after) and all(self.level_of(c, after) is not None
                                                  for c in self.rollers(self.game, after))

    def forced_reason(self, move: Any) -> str:
        """Why `move` is the only one (each game says it its way: "The board is full")."""
        return "No other move is legal"

    def forced_words(self, colour: int, move: Any, done: bool) -> str:
        """``The board is full: you must pass.`` (before it is played), ``... so X passed.`` (after)."""
        reason = self.forced_reason(move)
        who = self.player_name(colour)
        you = who == "You"
        what = "pass" if str(move) == "pass" else f"play {move}"
        if done:
            past = "passed" if str(move) == "pass" else f"played {move}"
            return f"{reason}, so {'you' if you else who} {past}."
        return f"{reason}: {'you' if you else who} must {what} (played for {'you' if you else 'them'} in a moment)."

    def drive_computer(self, dt: float) -> None:
        """The computer's part of the frame: roll its dice, or think a slice and play its move once chosen
        and once it has waited `computer_pause` in this position."""
        state = self.state
        if self.thinking is not None and self.thinking.state is not state:
            self.stop_thinking(hint=False)
        if self.paused or self.busy() or self.app.top is not self:
            return
        if self.computer_rolls():
            if self._waited >= self.computer_pause:
                self.start_roll()
            return
        if not self.computer_moves():
            return
        if self.thinking is None:  # this frame makes the search (it lists the moves); the next ones think
            self.thinking = self._search(self.level_of(self.game.to_move(state)) or DEFAULT_LEVEL)
            return
        try:
            if not self.thinking.done:
                self.thinking.step(self.slice_seconds)
            if not self.thinking.done or self._waited < self.computer_pause:
                return
            thinking, self.thinking = self.thinking, None
            move = thinking.best()
        except Exception as err:  # an engine's fault never ends the game: stop and say so
            self.computer_failed(err)
            return
        self.decisions.append({**thinking.stats(), "move": str(move)})
        self.play_computer(move)

    def _search(self, level: int) -> Thinking | None:
        try:
            return Thinking(self.game, self.state, level, search_seed(self.history))
        except Exception as err:
            self.computer_failed(err)
            return None

    def computer_failed(self, err: Exception) -> None:
        self.stop_thinking()
        self.paused = True
        self.say(f"The computer could not choose a move ({err}). Undo, or play on for it.", error=True)

    def play_computer(self, move: Any) -> None:
        """Play the computer's chosen move through `play`, as any move is (the scene's half-made move,
        if a person had started one, is dropped first), and say what it did."""
        mover = self.game.to_move(self.state)
        who = self.player_name(mover) if mover is not None else "Computer"  # (named before a swap changes sides)
        forced = self.forced_words(mover, move, done=True) if mover is not None and self.forced_move() == move else ""
        self.clear_selection()
        if not self.play(move):
            self.paused = True
            self.say(f"The computer chose {move}, which was refused: {self.message}", error=True)
            return
        self.flash_move, self.flash_left = move, FLASH_SECONDS
        if self.message_is_error:
            return
        note = self.message
        since = self.since_words()
        if since:  # three or four players: every move since your turn, named
            self.say(since)
        elif forced:  # the only legal move: why
            self.say(forced)
        elif note and str(move) in note:
            self.say(f"{who}: {note}")
        else:
            words = self.move_words(move)
            self.say(f"{who} played {move}" + (f": {words}" if words else "") + "." + (f" {note}" if note else ""))

    def stop_thinking(self, hint: bool = True) -> None:
        """Cancel the computer's search (and the hint's, unless `hint` is False) at once."""
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        if hint:
            self.cancel_hint()

    def toggle_pause(self) -> None:
        """Pause or resume the computer (for computer-versus-computer games)."""
        self.paused = not self.paused
        if self.paused:
            self.stop_thinking()
            self.say("Paused: Resume lets the computer go on.")
        else:
            self.say("")

    def leave(self) -> None:
        """The scene is being left: nothing thinks on."""
        self.stop_thinking()

    # -- hints -------------------------------------------------------------------------------
    def hint_available(self) -> bool:
        """A person is to choose a move and nothing else is under way."""
        return self.human_decides(self.state) and not self.busy() and self.thinking is None

    def request_hint(self) -> None:
        """Start looking for the move the computer would play for the person to move (pressed again while
        it looks: stop)."""
        if self.hint is not None:
            self.cancel_hint()
            self.say("Hint stopped.")
            return
        if not self.hint_available():
            return
        self.hint_move = self.hint_state = None
        self.hint = self._search(hint_level(self.game))
        if self.hint is not None:
            self.say("Looking for a hint...")

    def cancel_hint(self) -> None:
        if self.hint is not None:
            self.hint.cancel()
            self.hint = None
        self.hint_move = self.hint_state = None

    def shown_hint(self) -> Any:
        """The hint to show now: the move found for the position on the board, else None."""
        return self.hint_move if self.hint_state is self.state and self.hint_move is not None else None

    def drive_hint(self) -> None:
        hint = self.hint
        if hint is None:
            if self.hint_move is not None and self.hint_state is not self.state:
                self.hint_move = self.hint_state = None  # the position changed: the hint is gone
            return
        if hint.state is not self.state or self.app.top is not self:
            if hint.state is not self.state:
                self.cancel_hint()
            return
        try:
            if not hint.step(self.slice_seconds):
                return
            move = hint.best()
        except Exception as err:
            self.cancel_hint()
            self.say(f"No hint this time ({err}).", error=True)
            return
        self.hint = None
        self.hint_move, self.hint_state = move, self.state
        words = self.move_words(move)
        self.say(f"Hint: {move}" + (f" ({words})" if words else "")
                 + f", the computer's choice at level {hint.level}. It is not played: play it, or any move you like.")

    def move_words(self, move: Any) -> str:
        """`move` in words, where its notation alone says little to a newcomer (Truchet's ``cd45:d2>b6``:
        "flip tile cd45, then ..."); "" where the notation says it all."""
        return ""

    # -- moves -------------------------------------------------------------------------------
    def after_move(self, move: Any) -> None:
        self.say("")
        self.check_over()

    def check_over(self) -> None:
        if self.outcome() is not None and self.app.top is self:
            self.app.push(GameOverScene(self.app, self))

    def clear_selection(self) -> None:
        """Forget the UI's half-made move (selection, animation) before the history changes under it."""

    def ready_to_change_history(self) -> bool:
        """Before undo or redo: refused while reviewing (said why); else the search, the half-made move
        and any slide are ended, and True."""
        if self.reviewing:
            self.say(self.review_refusal(), error=True)
            return False
        self.stop_thinking()
        self.clear_selection()
        self.finish_motion()
        return True

    def undo(self) -> None:
        """Take back the last move; against the computer, the person's last move and everything since
        (the computer's moves and the rolls); in a computer-versus-computer game, one move, paused. A roll
        thrown by itself or a forced move goes back with the move before it (it would be played again at
        once)."""
        if not self.ready_to_change_history():
            return
        history = self.history
        count = 1
        if self.has_computer and not self.has_human:
            self.paused = True
        elif self.has_computer:
            # the person's last decision, looked for from the end (each past position asked is a listing of
            # its moves, unless remembered)
            mine = next((k for k in range(len(history.moves) - 1, -1, -1)
                         if self.human_decides(history.states[k]) and not self.automatic(history.states[k])), None)
            if mine is None:
                self.say("Nothing of yours to undo yet.", error=True)
                return
            count = len(history.moves) - mine
        else:
            while count < len(history.moves) and self.automatic(history.states[len(history.moves) - count]):
                count += 1
            if history.moves and self.automatic(history.states[len(history.moves) - count]):
                self.say("Nothing to undo: only the dice (or moves nobody could choose) were played.", error=True)
                return
        floor = self.undo_floor()
        if len(history.moves) - count < floor:  # a game by link: only your own move, not yet sent
            if len(history.moves) <= floor:
                self.say("Your move is sent with the link: it can no longer be taken back." if floor == self.shared_at
                         and floor > 0 else "That move came by link: only your own move (not yet sent) can be "
                         "taken back.", error=True)
                return
            count = len(history.moves) - floor
        taken = [history.undo() for _ in range(count)]
        move = taken[-1] if taken else None
        if move is None:
            self.say("Nothing to undo.", error=True)
        elif count == 1:
            self.say(f"Took back {move}.")
        else:
            self.say(f"Took back {move} and the {count - 1} move{'s' * (count > 2)} after it: your turn again.")
        if move is not None:
            self.autosave()
        self._refresh()

    def redo(self) -> None:
        """Replay the move taken back; against the computer, on to the person's next decision."""
        if not self.ready_to_change_history():
            return
        history = self.history
        move = history.redo()
        replayed = [move] if move is not None else []
        if move is not None and self.has_computer and self.has_human:
            while history.can_redo() and not self.human_decides(history.state):
                replayed.append(history.redo())
        while move is not None and history.can_redo() and self.automatic(history.state):
            replayed.append(history.redo())  # (a roll or a forced move would be played again at once)
        if move is not None:  # the last move replayed slides and sounds as it did when it was played
            self.start_motion(self.shown_board(history.states[-2]), history.moves[-1])
            self.make_sound(history.states[-2], history.moves[-1])
        if move is None:
            self.say("Nothing to redo.", error=True)
        elif len(replayed) == 1:
            self.say(f"Replayed {move}.")
        else:
            self.say(f"Replayed {move} and the {len(replayed) - 1} move{'s' * (len(replayed) > 2)} after it.")
        self._refresh()
        if move is not None:
            self.autosave()
            self.check_over()

    # -- the last move on its way, and its sound ------------------------------------------------
    def shown_board(self, state: Any = None) -> Any:
        """What the board shows in `state` (None: now, with any move half made on it): what a move's
        pieces slide from (`Motion.before`). Each game draws its own; by default, the state."""
        return self.state if state is None else state

    def slides(self, before: Any, move: Any) -> tuple[Any, list[Slide]] | None:
        """How `move`, played from the board `before` (see `shown_board`), is seen on its way: what the
        board shows under the moving pieces (the game's own: a state, a board) and the pieces on their way
        (`Slide`s, in screen points of the board as it is laid out now); None when nothing moves (a pass, a
        roll). Each game answers from its board's geometry (it is asked at every frame of the motion)."""
        return None

    def start_motion(self, before: Any, move: Any) -> None:
        """Let `move`'s pieces slide from where they were on the board `before` (any slide under way ends)."""
        self.motion = None
        if self.motion_seconds <= 0:
            return
        motion = Motion(before, move, self.motion_seconds)
        picture = self.slides(before, move)
        if picture is not None and picture[1]:
            self.motion = motion

    def finish_motion(self) -> None:
        """The slide under way ends at once: the board shows the position as it is."""
        self.motion = None

    def motion_frame(self) -> Frame | None:
        """What the board shows now while a move slides (None when nothing slides): each game's `draw`
        draws `base` for the position and then the frame's pieces on their way."""
        motion = self.motion
        if motion is None or motion.done:
            return None
        picture = self.slides(motion.before, motion.move)
        if picture is None:
            return None
        return Frame(picture[0], picture[1], motion.progress)

    def show_last_move(self) -> None:
        """Slide the last move that is no roll (a game opened from a link that brings the other player's
        move shows it arriving)."""
        history = self.history
        k = len(history.moves) - 1
        while k >= 0 and self.game.is_chance(history.states[k]):
            k -= 1
        if k >= 0:
            self.start_motion(self.shown_board(history.states[k]), history.moves[k])

    def move_sound(self, before: Any, move: Any) -> str | None:
        """The sound of `move` played from the state `before` (`history` holds it played): "end" when it
        ends the game, none for the dice (and tiles drawn at random), "capture" when it takes (or pins)
        pieces of another side, else "move"."""
        if self.history.outcome() is not None:
            return "end"
        if self.game.is_chance(before):
            return None
        return "capture" if self.captures(before, move) else "move"

    def captures(self, before: Any, move: Any) -> bool:
        """`move`, played from `before`, takes (or pins) pieces of another side (each game that captures says)."""
        return False

    def make_sound(self, before: Any, move: Any) -> None:
        name = self.move_sound(before, move)
        if name is not None:
            self.app.sound.play(name)

    # -- review: a look back at any position, never changing the game ---------------------------
    @property
    def reviewing(self) -> bool:
        return self._live is not None

    @property
    def live_history(self) -> GameHistory:
        """The game itself (while reviewing, `history` is a copy of its first moves)."""
        return self._live if self._live is not None else self.history

    def review(self, moves: int) -> bool:
        """Show the position after `moves` moves (0: the start) without changing the game; False (with the
        reason shown) while an animation that ends in a move is under way."""
        live = self.live_history
        moves = max(0, min(moves, len(live.moves)))
        if not self.reviewing:
            if self.busy():
                self.say("A moment: the dice are still rolling.", error=True)
                return False
            self.clear_selection()
            self._live = live
        self.finish_motion()  # a look back shows positions, it never slides
        self.review_at = moves
        self.history = live.until(moves)
        self._refresh()
        self.say(self.review_words())
        return True

    def review_step(self, delta: int) -> bool:
        """One move back (-1) or forward (+1) from the position reviewed (from the live one when not reviewing)."""
        at = self.review_at if self.review_at is not None else len(self.history.moves)
        return self.review(at + delta)

    def end_review(self) -> None:
        """Back to the game as it stands (a game ended by resignation shows its last position, still in review)."""
        live = self._live
        if live is None:
            return
        if live.ended_early:
            self.review(len(live.moves))
            return
        self.history, self._live, self.review_at = live, None, None
        self._refresh()
        self.say("Back to the game.")

    def review_words(self) -> str:
        """What the message line says while reviewing."""
        total = len(self.live_history.moves)
        at = self.review_at or 0
        if self.live_history.ended_early and at == total:
            return f"The game is over ({self.outcome().reason}): Back and Forward go through its moves."
        where = "the start" if at == 0 else f"move {at} of {total}"
        return f"Looking back at {where}. The game is not changed: Live returns to it."

    def review_refusal(self) -> str:
        if self.live_history.ended_early:
            return f"The game is over: {self.live_history.outcome().reason}."
        return "This is a look back at the game: press Live to play on."

    # -- resigning ---------------------------------------------------------------------------
    def resigners(self) -> list[int]:
        """The colours that may resign now (none once the game is over): against the computer the
        person's; between people either, the one to move first (the device is in their hands)."""
        history = self.live_history
        state = history.state
        if history.outcome() is not None or len(self.seat_names) != 2:
            return []
        people = [c for c in range(2) if self.level_of(c, state) is None]
        mover = self.game.to_move(state)
        return sorted(people, key=lambda c: c != mover)

    def resign(self, colour: int) -> None:
        """`colour` resigns: the game is over, kept in the record as a resignation (no move), shown in
        review, and it leaves the games in progress."""
        self.stop_thinking()
        self.clear_selection()
        try:
            self.live_history.resign(colour)
        except RulesError as err:
            self.say(str(err), error=True)
            return
        self.autosave()
        self.app.sound.play("end")
        self.review(len(self.live_history.moves))
        outcome = self.outcome()
        self.say(f"{outcome.reason[:1].upper() + outcome.reason[1:]}: {self.seat_names[1 - colour]} wins.")
        self.check_over()

    def restart(self) -> "GameScene":
        """A fresh scene of the same game and options, the seats turned round (two swap sides), so that each
        side starts in turn: Play again."""
        seats = [HUMAN if seat == REMOTE else seat for seat in self.seats]  # (a new game is this device's)
        return type(self)(self.app, self.game, self.history.options, (*seats[1:], seats[0]))

    def breakdown_lines(self) -> list[str]:
        """Lines explaining the score for the game-over screen (generic: from `details`)."""
        lines = []
        players = self.seat_names
        for key, value in self.game.details(self.state).items():
            if isinstance(value, dict) and set(value) <= set(players):
                for who, part in value.items():
                    shown = ", ".join(str(v) for v in part) if isinstance(part, (list, tuple)) else str(part)
                    lines.append(f"{who} {key}: {shown or 'none'}")
            elif isinstance(value, str) and key != "leader":
                lines.append(f"{key.capitalize()}: {value}")
        return lines
