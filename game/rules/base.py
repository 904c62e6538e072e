"""The one interface every game implements, so that the menu, records, referee,
AI and tests treat all games alike.

A game is a stateless object; its states are frozen values. ``apply`` returns a
new state and never changes its input, so a history is simply a list of states.
Dice games put the roll in the history as a chance move of its own (see
`Game.is_chance`), which makes every record replay exactly.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Generic, Hashable, Iterator, Mapping, Protocol, Sequence, TypeVar, get_args

from . import options as opts
from .errors import IllegalMoveError, NotationError
from .reading import quote


class Move(Protocol, Hashable):
    """A move is a small frozen value whose ``str()`` is the game's notation."""

    def __str__(self) -> str: ...


S = TypeVar("S")
M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a player index (a seat), or None for a draw.

    Games for more than two: `winners` lists every seat that wins where seats win together (the
    partners of a team, as in know's four-player Conjunctions; `winner` is the first of them), and
    `places` the seats in order of finish where the rules rank the others (first the winners); both are
    empty where there is a single winner and no places."""

    winner: int | None
    reason: str
    winners: tuple[int, ...] = ()
    places: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """Every seat that wins (none for a draw)."""
        if self.winner is None:
            return ()
        return self.winners or (self.winner,)


class Game(ABC, Generic[S, M]):
    """Rules of one game. Subclasses fill the class attributes and the abstract methods.

    `apply` and `check_legal` take only the game's own move objects (the `M` of ``Game[S, M]``, kept as
    `move_type`): anything else, another game's move or a string, is refused with IllegalMoveError quoting
    it before any rule looks inside it. This holds for every game's own `apply` and `check_legal` too
    (`__init_subclass__` puts the check in front of them), so no game needs a check of its own.
    """

    #: the class of the game's moves (from ``Game[S, M]``; object: any)
    move_type: type = object

    name: str = ""
    title: str = ""
    summary: str = ""
    designer: str = ""
    players: tuple[str, ...] = ("X", "O")
    #: how many can play; a game for more than two (or a choice of numbers) takes the option ``players``
    #: (``-players=3``) and names its seats in `seat_names`
    player_counts: tuple[int, ...] = (2,)
    #: True for games with dice or other draws of chance (`is_chance` states): their records carry
    #: the seed the rolls come from (see `history`).
    has_chance: bool = False
    OPTIONS: tuple[opts.Option, ...] = ()
    #: Variants that are other games on another board (Truchet's ``-hex``): each a whole list of
    #: options whose first is the variant's switch, a FlagOption (see `options`). OPTIONS stay the
    #: plain game's; a screen that cannot show a variant's board offers OPTIONS alone.
    VARIANT_OPTIONS: tuple[tuple[opts.Option, ...], ...] = ()
    #: Options that make seeded random games short (a turn limit, say), so the
    #: WebAssembly cross-check can play many of them in a few seconds.
    playout_options: Mapping[str, object] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            args = get_args(base)
            if len(args) == 2 and isinstance(args[1], type):
                cls.move_type = args[1]
        for name in ("apply", "check_legal"):
            if name in cls.__dict__:
                setattr(cls, name, _refusing_foreign(cls.__dict__[name]))

    def refuse_foreign(self, move: object) -> None:
        """IllegalMoveError, quoting `move`, unless it is one of this game's move objects."""
        if not isinstance(move, self.move_type):
            raise IllegalMoveError(f"{quote(move)} is not a {self.title} move", "illegal")

    # -- options -----------------------------------------------------------------
    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, opts.OptionValue]:
        return opts.validate(self.OPTIONS, values, self.VARIANT_OPTIONS)

    def options_from_flags(self, flags: Sequence[str]) -> dict[str, opts.OptionValue]:
        return opts.parse_flags(self.OPTIONS, flags, self.VARIANT_OPTIONS)

    def flags(self, values: Mapping[str, opts.OptionValue]) -> list[str]:
        return opts.to_flags(self.OPTIONS, values, self.VARIANT_OPTIONS)

    # -- starting ----------------------------------------------------------------
    def new(self, options: Mapping[str, object] | None = None) -> S:
        """The starting state for `options` (names as in OPTIONS; missing ones take defaults)."""
        return self._initial(self.check_options(options))

    @abstractmethod
    def _initial(self, options: dict[str, opts.OptionValue]) -> S: ...

    @abstractmethod
    def options_of(self, state: S) -> dict[str, opts.OptionValue]:
        """The options the game in `state` is played with."""

    # -- moves -------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move in `state`, in a fixed order; empty only when the game is over.

        In a chance state (`is_chance`) the moves are the outcomes of the roll or draw due. Where the
        rules allow more moves than can be listed (Truchet's set-up places or draws up to n*n tiles at
        once: 2**(n*n) ways), a game lists a few that stand for the rest, never none, and its docstring
        says which; `check_legal` still accepts every legal move, and `random_chance` draws a fair outcome.
        """

    def prepare(self, state: S) -> Iterator[None]:
        """The work of listing the legal moves in `state`, in units of well under a millisecond each.

        A caller with a frame to keep (a scene whose dice are tumbling, a search about to start) steps it
        a slice of time at a time; once it is exhausted, `legal_moves` and whatever the rules derive from
        them answer at once. Iterating it is never required: `legal_moves` does any work left itself. A
        game whose moves are quick to list has nothing to prepare (the default).
        """
        return iter(())

    @abstractmethod
    def parse_move(self, text: str, state: S) -> M:
        """Read `text` as a move in `state`; raises NotationError (or AmbiguousMoveError)."""

    @abstractmethod
    def _apply(self, state: S, move: M) -> S:
        """Apply a move already known to be legal."""

    def apply(self, state: S, move: M) -> S:
        """The state after `move`; raises IllegalMoveError naming why it is refused."""
        self.refuse_foreign(move)
        self.check_legal(state, move)
        return self._apply(state, move)

    def check_legal(self, state: S, move: M) -> None:
        """Raise IllegalMoveError with the reason when `move` is not legal in `state`.

        The default compares with `legal_moves`; games override it to say *why*.
        """
        self.refuse_foreign(move)
        if self.outcome(state) is not None:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not a legal move here", "illegal")

    def play(self, state: S, text: str) -> tuple[M, S]:
        """Parse and apply `text`; returns the move and the new state."""
        move = self.parse_move(text, state)
        return move, self.apply(state, move)

    # -- chance (dice) -------------------------------------------------------------
    def is_chance(self, state: S) -> bool:
        """True when the next event is a roll of the dice rather than a player's choice."""
        return False

    def dice(self, state: S) -> tuple[int, ...]:
        """The dice rolled for the current turn (the roll in force); empty for games without dice."""
        return ()

    def random_chance(self, state: S, rng: random.Random) -> M:
        """The chance move (a roll) drawn with `rng`, for a state where `is_chance` is true."""
        raise NotationError(f"{self.title} has no dice", "no_chance")

    # -- who and how ---------------------------------------------------------------
    def seat_names(self, state: S) -> tuple[str, ...]:
        """The players of the game in `state`, in seat order (userid1 first; play goes round in this
        order): `to_move`, `Outcome.winner` and `scores` index it. `players`, unless the number of
        players is an option."""
        return self.players

    def player_count(self, options: Mapping[str, opts.OptionValue]) -> int:
        """How many play with `options` (the option ``players`` where the game has it)."""
        return int(options.get("players", len(self.players)))  # type: ignore[arg-type]

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """Index of the player (seat) to move, or None when the game is over or dice are due."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score now (games without scores may return zeros)."""

    def seat_of(self, state: S, player: int) -> int:
        """The seat (the person, counted in the order they sat down) playing as `player` in `state`.

        The same index unless the people changed sides during the game (Star's swap), so
        whoever seats computer players, or counts wins per person, asks this.
        """
        return player

    def leader(self, state: S) -> int | None:
        """Who would win if the game ended now (None for level); the winner once over (any number of
        seats: the one best score)."""
        result = self.outcome(state)
        if result is not None:
            return result.winner
        scores = self.scores(state)
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    @abstractmethod
    def render_text(self, state: S) -> str:
        """A plain-text picture of the position."""

    def details(self, state: S) -> dict[str, Any]:
        """Extra game-specific facts for the referee's JSON (score breakdown and the like)."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def _refusing_foreign(method: Callable[..., Any]) -> Callable[..., Any]:
    """A game's own `apply` or `check_legal`, refusing any object but the game's moves first."""

    @functools.wraps(method)
    def checked(self: Game, state: Any, move: Any) -> Any:
        self.refuse_foreign(move)
        return method(self, state, move)

    return checked
