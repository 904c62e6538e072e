"""Analysis of a game: each position's win chances, the computer's preferred moves, and the moves where
the mover's chance swung most (the coach behind the Analyse screen and ``python -m game.referee --analyse``).

For every position of a game (its history's states, from the start to the last), a search with a fixed
budget (the engine's work at one level, never a time) gives:

- ``to_move``: the player to move (an index, as `Game.to_move` gives it); None where a roll is due
  (``chance``) or the game is over (``over``);
- ``chances``: each player's chance of winning, 0..1, as the engine sees it (for a finished game 1 for
  each winner and 0 for the others; a draw shares one win between the sides). Players are indexed as
  `to_move` is: in Star after a swap the people change colours (`Game.seat_of` says who plays which);
  a player's chance is that of the person now playing it;
- ``best``: the computer's move in notation where it prefers another than the move played (or, at the
  last position, the move it would play there); None elsewhere;
- ``move``: the move played from the position (None at the last), and ``loss``: how much the mover's
  chance fell from this position to the next (None for rolls and for the last position; negative where
  the move did better than the engine expected).

Then ``swings``: for each person, the moves where their chance fell most (at most `SWINGS` each, at least
`MIN_SWING`, only moves where the computer preferred another), in the order played.

How each engine values a position (`METHODS`):

- Savoy (expectimax) and Savoya: where a roll is due, the position's value as the search values a
  turn: in Savoy the average over the 21 rolls of the position after the roller's best turn by the
  evaluation (savoy_ai.chance_value), in Savoya the evaluation itself. A position where a player moves
  is worth what the position after the engine's move is worth; so a move's ``loss`` compares the engine's
  move with the move played, both judged the same way, and the luck of the dice is not counted as a loss.
- Star (MCTS with RAVE): the win rate of the engine's move in its playouts, with the pie rule (the
  opening stone's owner gets the lesser of its value and the swap's, the swapper the better).
- know (MCTS with chance nodes): the root's backed-up value, per seat; where a roll is due, the
  expectation over the rolls (the tree's root is then a chance node).
- Truchet: the engine's value of its move (a material and mobility count in hundredths of a piece, after
  the worst capturing reply) through a logistic curve, one piece being `TRUCHET_PIECE`; during the
  set-up, even.

Calibration: each engine's chances go through a temperature (`CALIBRATION`, per game, variant and player
count: p -> p**t, renormalised over the players; with two players the logistic of t times the log-odds),
fitted so that positions called 0.8 are won about 80% of the time in the engine's own self-play
(``build/bench_ai.py --calibrate`` prints the table and fits it).

Slicing: `Analysis` is resumable like `game.ai.Search`: ``step(seconds)`` works for about that long (at
least one unit; every unit is one unit of an engine's search, a few ms) and returns True once every
position is valued. The result (`Analysis.result`) is a plain dict of JSON types, deterministic for a
game: each position's search is seeded from the game's seed and the ply, never by time, so the same game
gives the same analysis on any machine and Python. Give a saved result back (``cached``) and the positions
it already holds for the same moves are kept, so an analysis is computed once per game and resumes
where it stopped.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Generator, Mapping, Sequence

from game.rules.base import Game
from game.rules.history import GameHistory

from .search import Search

#: bumped whenever values change (engines' analysis levels, calibration, methods): a cached analysis of
#: another version is computed again
VERSION = 4
#: at most this many swings per person, each a loss of at least MIN_SWING
SWINGS = 3
MIN_SWING = 0.05
#: Truchet: evaluation points of one piece (the engine's PIECE), the log-odds unit of its raw chances
TRUCHET_PIECE = 100.0
#: per case (see `case_key`), the calibration temperature; a case not listed takes its game's entry
CALIBRATION: dict[str, float] = {
    "star": 1.5,  # MCTS win rates of random-fill playouts are too timid (build/bench_ai.py --calibrate star)
    "truchet": 0.41,  # a piece ahead is less than the logistic's 73%: raw chances much too sure
    # the hex board's regions are larger and a piece ahead decides less still: at 0.41, positions called
    # 0.86 were won 64% and those called 0.14 won 36% (16 self-play games); 0.2 fits (log-loss 0.64 -> 0.58)
    "truchet-hex": 0.2,
    # Savoya's race evaluation is far too sure (the dice decide more than the race): at 1, over 6 self-play
    # games of two, positions called 0.16 and 0.85 were both won about half the time; fitted on 60 games
    # (bench_ai.py --calibrate savoya/2p -n 60): log-loss 0.66 (0.87 at 1, on the 6), every bin within 2 se
    "savoya/2p": 0.28,
    # Savoy with exposure weighed (2.0, 1.0) (issue 24): at 1, over 16 self-play games (seeds 0-15), positions
    # called 0.05 were won 22% and those called 0.95 won 78%, and 0.315 fitted them; but on 16 others (seeds
    # 100-115) 0.315 scored worse than a coin (log-loss 0.72) and 0.15 fitted: the evaluation barely foresees
    # the winner (pins decide Savoy, not the race it counts), so its chances are kept near even until it does
    "savoy": 0.2,
    # Savoya for three and four: too sure too, less so (for four at 1, positions called 0.85 were won 42%
    # over 30 self-play games); fitted on 60 games each, every bin within 2 se
    "savoya/3p": 0.585,
    "savoya/4p": 0.435,
}

Values = tuple[float, ...]


@dataclass(frozen=True)
class Judgement:
    """What an engine says of one position: each player's chance (its own, before calibration), and at a
    decision the move it would play; `forced` where that is the only legal move (the position is then
    worth the next one)."""

    raw: Values | None
    best: Any = None
    forced: bool = False


#: (game, state, level, rng) -> the work of judging `state` (not over), returning its Judgement
Judge = Callable[[Game, Any, int, random.Random], Generator[None, None, Judgement]]


@dataclass(frozen=True)
class Method:
    """How positions of one game are valued: its judge and the level of the search (its budget)."""

    judge: Judge
    level: int
    #: the number of sides a draw is shared between (default: the players)
    sides: Callable[[Any], int] | None = None


# ------------------------------------------------------------------------------------------ judges
def searched(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Search]:
    """The engine's search of `state` at `level`, run a unit of work at a time."""
    search = Search(game, state, level, seed=rng.randrange(2**31))
    while not search.step(0.0):
        yield
    return search


def _decided(search: Search) -> Judgement | None:
    """A forced move's judgement (the position is worth the next), or None when the engine thought."""
    if search.stats()["forced"]:
        return Judgement(None, search.best(), forced=True)
    return None


def _savoy(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    from . import savoy_ai

    if game.is_chance(state):
        mine = yield from savoy_ai.chance_value(state, 0)
        return Judgement((mine, 1.0 - mine))
    search = yield from searched(game, state, level, rng)
    forced = _decided(search)
    if forced is not None:
        return forced
    after = game._apply(state, search.best())
    if game.outcome(after) is not None:
        return Judgement(exact(game, after), search.best())
    mine = yield from savoy_ai.chance_value(after, 0)
    return Judgement((mine, 1.0 - mine), search.best())


def _savoya(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    from . import savoya_ai

    def before_roll(position: Any) -> Values:
        rules = position.rules
        if position.opening:  # averaged over who starts
            seats = range(len(rules.seats))
            each = [savoya_ai.evaluate(position.cells, rules.seats, s, rules.pinned_away) for s in seats]
            return tuple(sum(values[k] for values in each) / len(each) for k in seats)
        return tuple(savoya_ai.evaluate(position.cells, rules.seats, position.to_move, rules.pinned_away))

    if game.is_chance(state):
        return Judgement(before_roll(state))
    search = yield from searched(game, state, level, rng)
    forced = _decided(search)
    if forced is not None:
        return forced
    after = game._apply(state, search.best())
    return Judgement(exact(game, after) if game.outcome(after) is not None else before_roll(after), search.best())


def _star(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    search = yield from searched(game, state, level, rng)
    return _decided(search) or Judgement(tuple(search.stats()["chances"]), search.best())


def _truchet(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    from game.rules.truchet import DRAW

    if game.is_chance(state):  # tiles drawn at random in the set-up
        return Judgement((0.5, 0.5))
    search = yield from searched(game, state, level, rng)
    forced = _decided(search)
    if forced is not None:
        return forced
    move = search.best()
    value = search.stats().get("value", 0.0)
    mine = 0.5 if move == DRAW else logistic(value / TRUCHET_PIECE)
    return Judgement((mine, 1.0 - mine) if game.to_move(state) == 0 else (1.0 - mine, mine), move)


def _know(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    """know's tree search (mcts) grown to the level's nodes; a chance node at the root where a roll is due."""
    from . import know_ai
    from .mcts import DECISION, MCTS

    nodes = know_ai.LEVELS[level][0]
    tree = MCTS(game, state, know_ai.policy_for(state, level), rng)
    root = tree.root
    iterations = 0
    while True:
        tree.iterate()
        iterations += 1
        if max(tree.nodes, iterations) >= nodes and (root.kind != DECISION or root.opened == len(root.kids)):
            break
        yield
    if root.kind != DECISION:
        return Judgement(tuple(root.value))
    assert root.moves is not None
    if len(root.moves) == 1:
        return Judgement(None, root.moves[0], forced=True)
    _, _, move = tree.ranked()[0]
    kid = root.kids[root.moves.index(move)]
    assert kid is not None
    return Judgement(tuple(kid.value), move)


def _know_sides(state: Any) -> int:
    return 2 if state.opts.four else state.opts.players


def _engine(game: Game, state: Any, level: int, rng: random.Random) -> Generator[None, None, Judgement]:
    """A game without a judge of its own (two players): the engine's ``value`` of its move, where it gives one."""
    if game.is_chance(state):
        return Judgement(None)
    search = yield from searched(game, state, level, rng)
    forced = _decided(search)
    if forced is not None:
        return forced
    value = search.stats().get("value")
    if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0 or len(game.seat_names(state)) != 2:
        return Judgement(None, search.best())
    return Judgement((value, 1.0 - value) if game.to_move(state) == 0 else (1.0 - value, value), search.best())


#: game name -> how its positions are valued (levels chosen so a whole game takes seconds, not minutes)
METHODS: dict[str, Method] = {
    "savoy": Method(_savoy, 4),
    "savoya": Method(_savoya, 2),
    "star": Method(_star, 2),
    "know": Method(_know, 2, _know_sides),
    "truchet": Method(_truchet, 3),
}
FALLBACK = Method(_engine, 2)


def method_for(game: Game) -> Method:
    return METHODS.get(game.name, FALLBACK)


# ------------------------------------------------------------------------------------------ values
def logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def exact(game: Game, state: Any, sides: int | None = None) -> Values:
    """Each player's value of a finished game: 1 for every winner, 0 for the others; a draw shares one
    win between the `sides` (default: the players)."""
    result = game.outcome(state)
    assert result is not None
    seats = len(game.seat_names(state))
    if result.winner is None:
        return (1.0 / (sides or seats),) * seats
    return tuple(1.0 if seat in result.winning_seats else 0.0 for seat in range(seats))


def case_key(game: Game, state: Any) -> str:
    """The calibration case of the game `state` belongs to: the game's name, ``-hex`` or ``-maxi`` for
    those variants, and ``/Np`` where the number of players is an option (``know/3p``)."""
    options = game.options_of(state)
    key = game.name + "".join(f"-{flag}" for flag in ("hex", "maxi") if options.get(flag))
    if len(game.player_counts) > 1:
        key += f"/{len(game.seat_names(state))}p"
    return key


def temperature_for(key: str) -> float:
    return CALIBRATION.get(key, CALIBRATION.get(key.split("/")[0].split("-")[0], 1.0))


def calibrated(raw: Values, temperature: float) -> Values:
    """`raw` chances through the calibration: each raised to `temperature`, scaled back to the same sum
    (with two players, the logistic of `temperature` times the log-odds). Certainties stay certain."""
    total = sum(raw)
    if temperature == 1.0 or total <= 0.0:
        return tuple(raw)
    powered = [max(0.0, p) ** temperature for p in raw]
    scale = total / sum(powered)
    return tuple(min(1.0, p * scale) for p in powered)


def position_rng(seed: int, ply: int) -> random.Random:
    """The generator of the search at position `ply` of a game with `seed` (the same on every Python)."""
    digest = hashlib.sha256(f"{seed}/analysis/{ply}".encode("ascii")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def judge_position(game: Game, state: Any, seed: int, ply: int, level: int | None = None,
                   ) -> Generator[None, None, Judgement]:
    """The work of judging one position (not over) as an analysis does, its search seeded from the game's
    `seed` and the `ply`; returns the engine's own (uncalibrated) judgement."""
    method = method_for(game)
    return method.judge(game, state, level or method.level, position_rng(seed, ply))


def round_values(values: Values | None) -> list[float] | None:
    return None if values is None else [round(v, 4) for v in values]


# ------------------------------------------------------------------------------------------ the analysis
class Analysis:
    """The analysis of `history`'s game, computed a slice at a time (see the module's docstring).

    ``step(seconds)`` works for about that long and returns True once done; ``progress()`` is the share
    of positions valued; ``result()`` the analysis so far (a plain dict; positions not valued yet have
    ``chances`` None); ``run()`` works to the end and returns it; ``stats()`` the work's figures;
    ``cancel()`` stops it for good. `level` overrides the game's analysis level; `cached` is a result of an
    earlier analysis of this game (or of its first moves), whose positions are kept where they still hold.
    """

    def __init__(self, history: GameHistory, level: int | None = None,
                 cached: Mapping[str, Any] | None = None) -> None:
        self.game: Game = history.game
        self.states: list[Any] = list(history.states)
        self.moves: list[Any] = list(history.moves)
        self.notation: list[str] = [str(move) for move in self.moves]
        self.seed: int = history.seed
        self.options = history.options
        self.method = method_for(self.game)
        self.level = level or self.method.level
        self.case = case_key(self.game, self.states[0])
        self.temperature = temperature_for(self.case)
        count = len(self.states)
        self._chances: list[Values | None] = [None] * count
        self._engine_move: list[str | None] = [None] * count  # the engine's move at each decision
        self._forced: list[bool] = [False] * count
        self._next = 0  # the next position to value
        self._known: dict[int, tuple[bool, bool, int | None]] = {}  # see _facts
        self._work: Generator[None, None, Judgement] | None = None
        self._cancelled = False
        self._units = 0
        self._seconds = 0.0
        self._longest = 0.0
        self._cpu_longest = 0.0
        if cached is not None:
            self._reuse(cached)

    # -- the cache -------------------------------------------------------------------------------
    def _signature(self) -> dict[str, Any]:
        return {"version": VERSION, "game": self.game.name, "options": self.options, "seed": self.seed,
                "level": self.level, "calibration": self.temperature}

    def _reuse(self, cached: Mapping[str, Any]) -> None:
        """Keep the valued positions of `cached` reached by the same moves (a forced position's value is
        the next one's: kept only where that was reached by the same moves too)."""
        try:
            if any(cached.get(key) != value for key, value in self._signature().items()):
                return
            old_moves = list(cached["moves"])
            entries = cached["positions"]
            same = 0
            while same < min(len(old_moves), len(self.notation)) and old_moves[same] == self.notation[same]:
                same += 1
            for i, entry in enumerate(entries[:same + 1]):
                chances = entry.get("chances")
                if chances is None or i >= len(self.states):
                    break
                if entry.get("forced") and i + 1 > same:
                    break
                self._chances[i] = tuple(float(c) for c in chances)
                self._forced[i] = bool(entry.get("forced"))
                best = entry.get("best")
                self._engine_move[i] = best if best is not None else (
                    old_moves[i] if i < len(old_moves) and entry.get("to_move") is not None else None)
                self._next = i + 1
        except (AttributeError, KeyError, TypeError, ValueError):  # not an analysis we wrote: start afresh
            count = len(self.states)
            self._chances, self._engine_move, self._forced, self._next = [None] * count, [None] * count, \
                [False] * count, 0

    # -- driving ---------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self._next >= len(self.states)

    def progress(self) -> float:
        return self._next / len(self.states)

    def step(self, seconds: float = 0.008) -> bool:
        """Work for at most about `seconds` (at least one unit); True once every position is valued."""
        if self.done or self._cancelled:
            return self.done
        start = time.perf_counter()
        deadline = start + seconds
        while not self.done:
            unit_start, cpu_start = time.perf_counter(), time.process_time()
            self._unit()
            now = time.perf_counter()
            self._longest = max(self._longest, now - unit_start)
            self._cpu_longest = max(self._cpu_longest, time.process_time() - cpu_start)
            self._units += 1
            if now >= deadline:
                break
        self._seconds += time.perf_counter() - start
        return self.done

    def run(self) -> dict[str, Any]:
        """Work to the end (blocking); the result."""
        while not self.step(3600.0):
            pass
        return self.result()

    def cancel(self) -> None:
        if self._work is not None:
            self._work.close()
            self._work = None
        self._cancelled = True

    def _unit(self) -> None:
        """One unit of work: a step of the current position's search, or a position valued outright."""
        i = self._next
        game, state = self.game, self.states[i]
        if self._work is None:
            if game.outcome(state) is not None:
                self._store(i, exact(game, state, self._sides(state)))
                return
            self._work = self.method.judge(game, state, self.level, position_rng(self.seed, i))
        try:
            next(self._work)
            return
        except StopIteration as stop:
            judgement: Judgement = stop.value
        self._work = None
        best = judgement.best
        self._engine_move[i] = None if best is None else str(best)
        if judgement.forced:
            self._forced[i] = True
            if i + 1 < len(self.states) and i < len(self.moves) and self.moves[i] == best:
                self._next = i + 1  # worth the next position: filled in once that is valued
                return
            after = game._apply(state, best)  # (the last position: value the one its move leads to)
            if game.outcome(after) is not None:
                self._store(i, exact(game, after, self._sides(after)))
                return
            self._work = self._then(self.method.judge(game, after, self.level, position_rng(self.seed, i)), best)
            return
        raw = judgement.raw if judgement.raw is not None else (1.0 / len(game.seat_names(state)),) * len(
            game.seat_names(state))
        self._store(i, calibrated(raw, self.temperature))

    @staticmethod
    def _then(work: Generator[None, None, Judgement], forced: Any) -> Generator[None, None, Judgement]:
        """`work` (the value of the position after the `forced` move), as the forced position's judgement."""
        judgement = yield from work
        return Judgement(judgement.raw, forced)

    def _store(self, i: int, chances: Values) -> None:
        """Position `i` valued; so are the forced positions before it that wait for it. (Kept as the result
        gives them, to four decimals, so an analysis resumed from its JSON ends the same.)"""
        chances = tuple(round(p, 4) for p in chances)
        self._chances[i] = chances
        k = i - 1
        while k >= 0 and self._forced[k] and self._chances[k] is None:
            self._chances[k] = chances
            k -= 1
        self._next = i + 1

    def _sides(self, state: Any) -> int | None:
        return self.method.sides(state) if self.method.sides is not None else None

    # -- results ---------------------------------------------------------------------------------
    def stats(self) -> dict[str, Any]:
        """``units`` of work done, ``seconds`` spent, the longest unit (``longest_unit``, and in processor
        time ``cpu_longest_unit``), the ``level`` and the ``positions``."""
        return {"units": self._units, "seconds": round(self._seconds, 6), "longest_unit": round(self._longest, 6),
                "cpu_longest_unit": round(self._cpu_longest, 6), "level": self.level,
                "positions": len(self.states)}

    def result(self) -> dict[str, Any]:
        """The analysis so far as a plain dict (JSON types only): what identifies it (``version``, ``game``,
        ``options``, ``seed``, ``level``, ``calibration``, ``moves``), ``complete``, ``players`` (the names
        `to_move` indexes), ``positions`` (one per position, see the module's docstring) and ``swings``
        (each: ``ply``, ``player``, ``move``, ``best``, ``loss``)."""
        positions = []
        for i in range(len(self.states)):
            over, chance, to_move = self._facts(i)
            played = self.notation[i] if i < len(self.notation) else None
            engine = self._engine_move[i]
            best = engine if to_move is not None and not self._forced[i] and engine != played else None
            positions.append({
                "ply": i, "to_move": to_move, "chance": chance, "over": over,
                "chances": round_values(self._chances[i]), "best": best, "move": played,
                "loss": self._loss(i), "forced": self._forced[i],
            })
        return {**self._signature(), "moves": list(self.notation), "complete": self.done,
                "players": list(self.game.seat_names(self.states[0])), "positions": positions,
                "swings": self._swings(positions)}

    def _facts(self, i: int) -> tuple[bool, bool, int | None]:
        """Position `i`: whether the game is over, whether a roll is due, and the player to move (None
        in both cases); found once (a rules call may take a while)."""
        facts = self._known.get(i)
        if facts is None:
            game, state = self.game, self.states[i]
            over = game.outcome(state) is not None
            chance = not over and game.is_chance(state)
            facts = self._known[i] = (over, chance, None if over or chance else game.to_move(state))
        return facts

    def _loss(self, i: int) -> float | None:
        """How much the mover's chance fell with the move played from position `i` (the person's, who in
        Star may change colours with a swap); None for a roll, the last position, or values not found yet."""
        game = self.game
        if i + 1 >= len(self.states) or self._chances[i] is None or self._chances[i + 1] is None:
            return None
        mover = self._facts(i)[2]
        if mover is None:
            return None
        state, after = self.states[i], self.states[i + 1]
        person = game.seat_of(state, mover)
        now = next((p for p in range(len(self._chances[i + 1])) if game.seat_of(after, p) == person), mover)
        return round(self._chances[i][mover] - self._chances[i + 1][now], 4)  # type: ignore[index]

    def _swings(self, positions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        by_person: dict[int, list[tuple[float, int]]] = {}
        for entry in positions:
            loss = entry["loss"]
            if loss is None or loss < MIN_SWING or entry["best"] is None:
                continue
            i = entry["ply"]
            person = self.game.seat_of(self.states[i], entry["to_move"])
            by_person.setdefault(person, []).append((loss, i))
        chosen = sorted(i for found in by_person.values() for _, i in sorted(found, reverse=True)[:SWINGS])
        return [{"ply": i, "player": positions[i]["to_move"], "move": positions[i]["move"],
                 "best": positions[i]["best"], "loss": positions[i]["loss"]} for i in chosen]


def analyse(history: GameHistory, level: int | None = None) -> dict[str, Any]:
    """The analysis of `history`'s game (blocking); see `Analysis`."""
    return Analysis(history, level).run()


def named(result: Mapping[str, Any]) -> dict[str, Any]:
    """`result` with players named, as the referee prints it: ``to_move`` and each swing's ``player`` a
    name, ``chances`` a dict from name to chance (null until valued)."""
    names = result["players"]
    positions = []
    for entry in result["positions"]:
        chances = entry["chances"]
        positions.append({**entry, "to_move": None if entry["to_move"] is None else names[entry["to_move"]],
                          "chances": None if chances is None else dict(zip(names, chances))})
    swings = [{**swing, "player": names[swing["player"]]} for swing in result["swings"]]
    return {**result, "positions": positions, "swings": swings}


def summary_lines(result: Mapping[str, Any]) -> list[str]:
    """A few lines of text on a `named` result: the chances at the start and the end, and the swings."""
    positions = result["positions"]

    def chances(entry: Mapping[str, Any]) -> str:
        values = entry["chances"]
        return "not valued yet" if values is None else ", ".join(f"{name} {p:.2f}" for name, p in values.items())

    lines = [f"Analysis (level {result['level']}, {len(positions)} positions): win chances at the start "
             f"{chances(positions[0])}; at the end {chances(positions[-1])}"]
    if not result["swings"]:
        lines.append(f"No move lost its player {MIN_SWING:.2f} of a win where the computer preferred another.")
    for swing in result["swings"]:
        before = positions[swing["ply"]]["chances"][swing["player"]]
        lines.append(f"  move {swing['ply'] + 1}, {swing['player']} {swing['move']}: {swing['player']}'s chance fell "
                     f"{swing['loss']:.2f} (from {before:.2f}); better was {swing['best']}")
    return lines
