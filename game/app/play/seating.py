"""Who plays each side of a game, in words, and the sides played at a distance: the part of a game scene
(`game.app.play.game_scene.GameScene` is a `Seating`) that knows its seats.

Seats (`game.app.saves.seats`) say who plays: a person at this device (``Human``), the computer at a level
(``Computer 3``), or, in a game by link, a person at a distance (``Remote``). Every screen names the players
from them the same way: ``You`` (the one person at this device), ``Player 2`` (people sharing it),
``Computer (level 3)``; messages add the side where that alone says who (``Player 2 (O)``).

In a game by link this device plays the side whose turn it was when the link came; the others are
`Remote`: nothing here plays for them, Undo never takes back their moves (nor one already sent), and once
the move is made here the scene says so and offers the link (`remote_to_act`, `undo_floor`).

With three or four players, the moves the other sides made since your last turn are marked on the board
and named (`moves_since_turn`, `since_words`).
"""

from __future__ import annotations

from typing import Any, Sequence

from game.app.saves.seats import HUMAN, REMOTE, parse_seat
from game.app.saves.seats import level_of as seat_level
from game.app.saves.seats import person_words as seat_words
from game.rules.base import Game
from game.rules.history import GameHistory


class Seating:
    """The seats of a game scene and the words for its players: a base of `GameScene`, which holds the
    `game`, its `seats`, its `history` (and `live_history` while a position is reviewed) and `shared_at`."""

    game: Game
    seats: tuple[str, ...]
    history: GameHistory      # the game shown (a copy of its first moves while reviewing) ...
    live_history: GameHistory  # ... and the game itself
    state: Any                # the position shown
    shared_at: int            # moves played when the link was last given
    from_link: bool           # a game by link

    # -- the seats ------------------------------------------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players of this game in seat order (``R, B, L, T`` for Savoya by four; know by four names
        its seats by colour and stripe): cards, messages and the game-over screen name them so."""
        return self.game.seat_names(self.history.start)

    def seats_for(self, seats: Sequence[str]) -> tuple[str, ...]:
        """Who plays each seat of this game: `seats` in order, a person at any seat they leave out."""
        count = len(self.seat_names)
        return tuple(parse_seat(seat) for seat in (*seats, *(HUMAN,) * count)[:max(count, len(seats))])

    def person_of(self, colour: int, state: Any = None) -> int:
        """Which person (0 = whoever sat down first) plays `colour` now (or in `state`)."""
        return colour

    def seat_of(self, colour: int, state: Any = None) -> str:
        """The seat that plays `colour` (in `state`, by default now)."""
        return self.seats[self.person_of(colour, state)]

    def level_of(self, colour: int, state: Any = None) -> int | None:
        """The level of the computer playing `colour`, or None when a person plays it."""
        return seat_level(self.seat_of(colour, state))

    @property
    def has_computer(self) -> bool:
        return any(seat_level(seat) is not None for seat in self.seats)

    @property
    def has_human(self) -> bool:
        return HUMAN in self.seats

    #: what a side does when chance is due (the menu's "R to roll"; Truchet's tiles drawn at random: "place")
    chance_verb = "roll"

    @staticmethod
    def rollers(game: Game, state: Any) -> Sequence[int]:
        """The colours that throw the roll due in `state` (a game whose rolls have an owner says so; by
        default the roll is everyone's). A static method: the menu asks it of a game in progress too."""
        return range(len(game.seat_names(state)))

    def human_decides(self, state: Any) -> bool:
        """In `state`, a person chooses a move (not a roll, not the computer)."""
        if self.game.outcome(state) is not None or self.game.is_chance(state):
            return False
        mover = self.game.to_move(state)
        return mover is not None and self.seat_of(mover, state) == HUMAN

    # -- who plays, in words -------------------------------------------------------------------
    def person_words(self, person: int) -> str:
        """The player at seat `person` as every screen names them: ``You`` (the one person at this device),
        ``Player 2`` (people sharing the device, numbered as they sat down) or ``Computer (level 3)``."""
        return seat_words(self.seats, person)

    def person_short(self, person: int) -> str:
        """The same in one word or two, for a card's title: ``You``, ``Player 2``, ``Computer``."""
        return "Computer" if seat_level(self.seats[person]) is not None else self.person_words(person)

    def is_you(self, colour: int, state: Any = None) -> bool:
        """`colour` is played by the one person at this device."""
        return self.person_words(self.person_of(colour, state)) == "You"

    def player_name(self, colour: int, state: Any = None) -> str:
        """Who plays `colour`, as messages name them: ``You`` and ``Computer (level 3)`` where that says
        who, else with the side's name: ``Player 2 (O)``, ``Computer B (level 2)`` (several computers)."""
        person = self.person_of(colour, state)
        words = self.person_words(person)
        level = seat_level(self.seats[person])
        if words == "You" or level is not None and sum(seat_level(s) is not None for s in self.seats) == 1:
            return words
        if level is not None:
            return f"Computer {self.seat_names[colour]} (level {level})"
        return f"{words} ({self.seat_names[colour]})"

    def to_act_words(self, colour: int, verb: str = "move", state: Any = None) -> str:
        """``Your move`` (or ``Your roll``...), else ``Computer (level 3) to move``, ``Player 2 (O) to move``."""
        if self.is_you(colour, state):
            return f"Your {verb}"
        return f"{self.player_name(colour, state)} to {verb}"

    def whose(self, colour: int) -> str:
        """Whose `colour` is, for "That is ... stack; it is ... turn": ``your``, ``the computer's``
        (``Computer B's`` where several computers play), else the side's (``L's``)."""
        if self.is_you(colour):
            return "your"
        if self.level_of(colour) is not None:
            return "the computer's" if sum(seat_level(s) is not None for s in self.seats) == 1 \
                else f"Computer {self.seat_names[colour]}'s"
        return f"{self.seat_names[colour]}'s"

    def seat_label(self, colour: int) -> str:
        """Who plays `colour`, beside its side's name (the game-over screen, the More sheet): ``You``,
        ``Computer (level 3)``, ``Player 2``."""
        return self.person_words(self.person_of(colour))

    # -- games by link: this device plays the side whose turn it was when the link came -----------
    def remote(self, colour: int, state: Any = None) -> bool:
        """`colour` is played at a distance (a game by link: its moves come by link)."""
        return self.seat_of(colour, state) == REMOTE

    def remote_to_act(self) -> bool:
        """The side (or every side rolling) to act now is played at a distance: the move made here waits to
        be sent (Share), and nothing here plays for the other side."""
        state = self.state
        if self.history.outcome() is not None:
            return False
        if self.game.is_chance(state):
            rollers = list(self.rollers(self.game, state))
            return bool(rollers) and all(self.remote(c) for c in rollers)
        mover = self.game.to_move(state)
        return mover is not None and self.remote(mover)

    def mark_shared(self) -> None:
        """The game's link was given (Share): the moves made so far can no longer be taken back."""
        self.share_due = False
        self.shared_at = len(self.live_history.moves)

    def undo_floor(self) -> int:
        """How many moves Undo can never take back: in a game by link, those that came by link (up to the
        other side's last move) and those already shared; else none."""
        if not self.from_link:
            return 0
        live = self.live_history
        came = max((k + 1 for k, (before, _) in enumerate(zip(live.states, live.moves))
                    if not self.game.is_chance(before) and self.game.to_move(before) is not None
                    and self.remote(self.game.to_move(before), before)), default=0)
        return max(came, self.shared_at)

    def waiting_words(self) -> str:
        """What a game by link waits for, once the move is made here: the link sent to the next player."""
        state = self.state
        mover = self.game.to_move(state)
        colours = [mover] if mover is not None else list(self.rollers(self.game, state))
        who = self.player_name(colours[0]) if len(colours) == 1 else "the other players"
        who = "the other player" + who.removeprefix("Other player") if who.startswith("Other player") else who
        return f"Your move is made: send the link to {who} (Share the link)."

    # -- three or four players: what happened since your turn ---------------------------------------
    def viewer(self) -> int | None:
        """The side whose player looks at the board now: the person to act (or the one person at the
        device); None when nobody is."""
        live = self.live_history
        state = live.state
        mover = self.game.to_move(state)
        if mover is not None and self.seat_of(mover, state) == HUMAN:
            return mover
        people = [c for c in range(len(self.seat_names)) if self.seat_of(c, state) == HUMAN]
        if self.game.is_chance(state):
            rolling = [c for c in self.rollers(self.game, state) if c in people]
            if rolling:
                return rolling[0]
        return people[0] if len(people) == 1 else None

    def moves_since_turn(self) -> list[tuple[int, Any]]:
        """With three or four players: the moves (no rolls) the other sides made since the viewer's last
        move, oldest first, with who made them; else nothing."""
        viewer = self.viewer()
        live = self.live_history
        if len(self.seat_names) <= 2 or viewer is None:
            return []
        found = []
        for before, move in zip(reversed(live.states[:len(live.moves)]), reversed(live.moves)):
            if self.game.is_chance(before):
                continue
            mover = self.game.to_move(before)
            if mover == viewer:
                break
            if mover is not None:
                found.append((mover, move))
        return found[::-1]

    def since_words(self) -> str:
        """``Since your turn: B a4-c4 · L passed.`` (three or four players; else "")."""
        found = self.moves_since_turn()
        if not found:
            return ""
        viewer = self.viewer()
        whose = "your" if viewer is not None and self.is_you(viewer) else f"{self.seat_names[viewer]}'s"
        parts = [f"{self.seat_names[c]} {'passed' if str(m) == 'pass' else str(m)}" for c, m in found]
        return f"Since {whose} turn: " + " · ".join(parts) + "."
