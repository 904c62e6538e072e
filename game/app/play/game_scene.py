"""The base of the scene that plays one game: its history, seats, message line and saving.

Every move goes through `GameScene.play`; the game-over screen opens from `check_over`, and the
game's rules page is the class attribute `rules_page` (set by each game's scene).
"""

from __future__ import annotations

import random
from typing import Any

from game.app.saves import saved_game
from game.app.saves.saved_game import SavedGame
from game.app.screens.game_over import GameOverScene
from game.app.screens.rules import RulesPage
from game.app.ui.scene import Host, Scene
from game.rules.base import Game
from game.rules.errors import RulesError
from game.rules.history import GameHistory
from game.rules.options import OptionValue

SEAT_KINDS = saved_game.SEAT_KINDS
# Seat kinds that can be chosen today; add "Computer" here once an AI exists.
AVAILABLE_SEATS = frozenset({"Human"})


class GameScene(Scene):
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

    def __init__(self, app: Host, game: Game, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), *, seed: int | None = None, start: Any = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.history: GameHistory = GameHistory(game, options, start=start, seed=seed)
        self.seats = tuple(seats)
        self.rng = rng
        self.save_id = saved_game.new_id()
        self.message = ""
        self.message_is_error = False

    @property
    def state(self) -> Any:
        return self.history.state

    def person_of(self, colour: int) -> int:
        """Which person (0 = whoever sat down first) plays `colour` now."""
        return colour

    def seat_label(self, colour: int) -> str:
        person = self.person_of(colour)
        return f"Player {person + 1} ({self.seats[person]})"

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
        try:
            played = self.history.play(move)
        except RulesError as err:
            self.say(str(err), error=True)
            return False
        self.after_move(played)
        self.autosave()
        return True

    def autosave(self) -> None:
        """Keep the game in progress (in the app's list of saved games and its storage) after every change;
        a finished game, or one with no move yet, is forgotten."""
        kept = SavedGame(self.history, self.seats, self.save_id)
        problem = self.app.keep_game(kept)
        if problem:
            self.say(problem, error=True)

    def _refresh(self) -> None:
        """Recompute what the scene derives from the state (after undo, redo or a resumed game)."""

    def resume(self, saved: SavedGame) -> None:
        """Continue a saved game in this (new) scene."""
        self.history = saved.history
        self.seats = saved.seats
        self.save_id = saved.id
        self._refresh()
        self.say(f"Resumed: {saved.title}.")

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One frame of the game (the app calls it for the top scene). Every game scene's frame goes
        through here, so what acts between the player's inputs (a computer seat) is driven from one
        place; the game's own work each frame is `advance`."""
        self.advance(dt)

    def advance(self, dt: float) -> None:
        """What this game's scene does each frame: run its animations (which may end by playing a
        move) and keep its buttons in step with the state."""

    def after_move(self, move: Any) -> None:
        self.say("")
        self.check_over()

    def check_over(self) -> None:
        if self.game.outcome(self.state) is not None and self.app.top is self:
            self.app.push(GameOverScene(self.app, self))

    def clear_selection(self) -> None:
        """Forget the UI's half-made move (selection, animation) before the history changes under it."""

    def undo(self) -> None:
        self.clear_selection()
        move = self.history.undo()
        self.say(f"Took back {move}." if move is not None else "Nothing to undo.", error=move is None)
        if move is not None:
            self.autosave()
        self._refresh()

    def redo(self) -> None:
        self.clear_selection()
        move = self.history.redo()
        self.say(f"Replayed {move}." if move is not None else "Nothing to redo.", error=move is None)
        self._refresh()
        if move is not None:
            self.autosave()
            self.check_over()

    def restart(self) -> "GameScene":
        """A fresh scene of the same game, options and seats."""
        return type(self)(self.app, self.game, self.history.options, self.seats)

    def breakdown_lines(self) -> list[str]:
        """Lines explaining the score for the game-over screen (generic: from `details`)."""
        lines = []
        players = self.game.players
        for key, value in self.game.details(self.state).items():
            if isinstance(value, dict) and set(value) <= set(players):
                for who, part in value.items():
                    shown = ", ".join(str(v) for v in part) if isinstance(part, (list, tuple)) else str(part)
                    lines.append(f"{who} {key}: {shown or 'none'}")
            elif isinstance(value, str) and key != "leader":
                lines.append(f"{key.capitalize()}: {value}")
        return lines
