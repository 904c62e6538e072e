"""A game in progress: the list of states and moves, with undo and redo, and its dice.

Because states are values, undo is dropping the last state and replay is
indexing the list; nothing is recomputed.

Dice (and every other draw of chance, such as Truchet's random tiles) follow
from the game itself: a history has a `seed`, chosen when the game starts
and kept in its record, and the n-th roll of the game (n counting from 0 over
the chance moves played so far) is drawn from a generator that depends on
the seed and n alone (`dice_generator`). So undo, redo, resuming a save and
replaying a record all give the same dice, and a roll cannot be thrown away
by taking it back and rolling again. Rolls written in a record or typed into
`play` are still played as written (a record without a seed replays its
written rolls); only the rolls the history draws itself come from the seed.

A player may resign (`resign`): that is no move of any game, so it is kept
beside the moves (`resigned`, written as a ``[Resigned "X"]`` header in a
record) and ends the game there: `outcome` gives the other player the win,
and nothing more can be played, rolled, taken back or replayed.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Generic, Mapping, TypeVar

from .base import Game, Move, Outcome
from .errors import IllegalMoveError, RulesError
from .reading import TOO_LARGE, quote

S = TypeVar("S")
M = TypeVar("M", bound=Move)

#: The most moves (plies: every roll, draw and pass counts) a game may have. Above the longest game each
#: game's house limits allow at their defaults (four-player Savoya's turn limit of 500 a player: about
#: 4,000 plies; Savoy's 1,000 turns: about 2,000; Star of size 14, 507 cells: about 1,000), it keeps a record
#: or a link from holding a game so long that reading it would hold the app (every game replays at
#: 5,500 plies a second of processor time or more here, so the longest loads in under a second). Records and
#: links longer than this are refused before any move is replayed. A game that reaches it is drawn
#: (`GameHistory.outcome`): one whose rules would let it go on for ever (Truchet's draw only claimed, know
#: without a turn limit) or whose house limit was set higher. The README's "Game records" gives the figures.
MAX_PLIES = 5_000

#: New seeds are drawn below this bound (2**53, so that a seed survives a trip through JSON in JavaScript).
SEED_BOUND = 1 << 53


def new_seed() -> int:
    """A fresh seed for a new game (from the operating system's randomness)."""
    return random.SystemRandom().randrange(SEED_BOUND)


def check_seed(seed: object) -> int:
    """`seed` if it is a whole number of at most 18 digits; raises RulesError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= TOO_LARGE:
        raise RulesError(f"a seed is a whole number of at most 18 digits, not {quote(seed)}", "seed")
    return seed


def too_long() -> str:
    """The message refusing a game longer than MAX_PLIES."""
    return f"a game may have at most {MAX_PLIES:,} moves (rolls and passes count), and this one has more"


def dice_generator(seed: int, n: int) -> random.Random:
    """The generator the n-th roll of a game with `seed` is drawn from.

    The same on every Python the rules run on (CPython 3.11-3.14, Pyodide):
    SHA-256 of the text ``"seed/n"`` seeds `random.Random`, and the games draw
    with `randrange` only.
    """
    digest = hashlib.sha256(f"{seed}/{n}".encode("ascii")).digest()
    return random.Random(int.from_bytes(digest, "big"))


class GameHistory(Generic[S, M]):
    """The states and moves of one game, with undo, redo and seeded rolls.

    `seed` fixes the dice (a fresh one is drawn when it is not given); `start`
    begins from a set-up position instead of the game's start.
    """

    def __init__(self, game: Game[S, M], options: Mapping[str, object] | None = None, start: S | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.states: list[S] = [start if start is not None else game.new(options)]
        self.moves: list[M] = []
        self._redo: list[M] = []
        self.seed: int = new_seed() if seed is None else check_seed(seed)
        self._rolled: list[int] = [0]  # chance moves played before each state
        self.resigned: int | None = None  # the player who resigned, if one did

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def start(self) -> S:
        return self.states[0]

    @property
    def options(self) -> dict[str, Any]:
        return self.game.options_of(self.start)

    @property
    def rolls(self) -> int:
        """How many chance moves (rolls, draws) have been played so far."""
        return self._rolled[-1]

    def play(self, move: M | str) -> M:
        """Apply a move (or its notation); raises a RulesError and keeps the game as it was."""
        self._check_not_resigned()
        if self.ended_early:
            raise IllegalMoveError(f"the game is over: {self.outcome().reason}", "game_over")
        if isinstance(move, str):
            move = self.game.parse_move(move, self.state)
        new_state = self.game.apply(self.state, move)
        self._push(move, new_state)
        self._redo.clear()
        return move

    def _push(self, move: M, new_state: S) -> None:
        self._rolled.append(self._rolled[-1] + self.game.is_chance(self.state))
        self.states.append(new_state)
        self.moves.append(move)

    def can_undo(self) -> bool:
        return bool(self.moves) and self.resigned is None

    def can_redo(self) -> bool:
        return bool(self._redo) and self.resigned is None

    def undo(self) -> M | None:
        if not self.can_undo():
            return None
        self.states.pop()
        self._rolled.pop()
        move = self.moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> M | None:
        if not self.can_redo():
            return None
        move = self._redo.pop()
        self._push(move, self.game.apply(self.state, move))
        return move

    def until(self, count: int) -> "GameHistory[S, M]":
        """A new history holding the first `count` moves of this one (the states are shared, being
        values), with the same seed; nothing to redo, and the resignation only if all moves are kept.
        Playing on it leaves this one as it is."""
        count = max(0, min(count, len(self.moves)))
        copy: GameHistory[S, M] = GameHistory.__new__(GameHistory)
        copy.game, copy.seed = self.game, self.seed
        copy.states, copy.moves = self.states[:count + 1], self.moves[:count]
        copy._redo, copy._rolled = [], self._rolled[:count + 1]
        copy.resigned = self.resigned if count == len(self.moves) else None
        return copy

    # -- the end ------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on: a resignation, else what the rules say, else a
        draw once the game has MAX_PLIES moves (a game whose house limits allow more, or that has none,
        such as Truchet's draw only claimed, stops there)."""
        if self.resigned is not None:
            players = self.game.seat_names(self.start)
            return Outcome(1 - self.resigned, f"{players[self.resigned]} resigned")
        outcome = self.game.outcome(self.state)
        if outcome is None and len(self.moves) >= MAX_PLIES:
            return Outcome(None, f"drawn: the game reached {MAX_PLIES:,} moves, the most a game may have")
        return outcome

    @property
    def ended_early(self) -> bool:
        """True when the game is over by something its rules do not know of: a resignation, or the
        MAX_PLIES bound. Its last state then reads as a game going on, so callers ask this before they
        offer moves or a turn."""
        return self.resigned is not None or (len(self.moves) >= MAX_PLIES and self.game.outcome(self.state) is None)

    def resign(self, player: int) -> None:
        """`player` (an index into the game's players) resigns: the other player wins. Only in a game of
        two players that is not over; IllegalMoveError otherwise."""
        players = self.game.seat_names(self.start)
        if len(players) != 2:
            raise IllegalMoveError(f"resigning is for games of two players, not {len(players)}", "resign")
        if isinstance(player, bool) or player not in range(len(players)):
            raise IllegalMoveError(f"no player {quote(player)} to resign: the players are {', '.join(players)}",
                                   "resign")
        self._check_not_resigned()
        outcome = self.outcome()
        if outcome is not None:
            raise IllegalMoveError(f"the game is already over ({outcome.reason}): nobody can resign", "game_over")
        self.resigned = player
        self._redo.clear()

    def _check_not_resigned(self) -> None:
        if self.resigned is not None:
            raise IllegalMoveError(f"the game is over: {self.game.seat_names(self.start)[self.resigned]} resigned",
                                   "game_over")

    # -- dice ---------------------------------------------------------------------------
    def roll_due(self) -> bool:
        return self.game.is_chance(self.state) and self.outcome() is None

    def next_roll(self) -> M:
        """The chance move due now, as the seed gives it (not played); IllegalMoveError if none is due."""
        if not self.roll_due():
            raise IllegalMoveError("no roll is due now", "not_chance")
        return self.game.random_chance(self.state, dice_generator(self.seed, self.rolls))

    def roll(self) -> M:
        """Play the chance move due now, as the seed gives it; returns it."""
        return self.play(self.next_roll())

    def roll_if_due(self, rng: random.Random | None = None) -> list[M]:
        """Play any chance moves (dice) now due; returns them. They come from the seed, or are drawn
        with `rng` when one is given (random play that wants one generator for everything)."""
        rolled = []
        while self.roll_due():
            move = self.game.random_chance(self.state, rng) if rng is not None else self.next_roll()
            rolled.append(self.play(move))
        return rolled

    def notation(self) -> list[str]:
        return [str(move) for move in self.moves]
