"""Savoy (Cameron Browne 2006): a dice race on a figure-of-eight path, as played on pbmserv.

Sources: the pbmserv help page and Browne's rules page (../shared/seeds/000, 001),
board and readings from ../shared/specs/savoy.md (see savoy_board.py).

Rules as implemented (the spec's recommended readings are the defaults; the
alternatives are options):

* Player 0 is R (pieces showing "Right", home m7 n7 o7, starting at the left
  end), player 1 is L (home a4 b4 c4, starting at o7).
* Opening: each player rolls one die (``roll:5,3`` = R rolled 5, L rolled 3;
  a tie is rolled again and stays in the record); the higher roll moves first
  with that die alone. After that every turn begins with two dice
  (``roll:3,5``, written smaller first); a double gives four dice.
* A turn moves one or more pieces. Each moving piece makes ONE trip in one
  direction allowed by its cell (four on a crossing), never turning, never
  past an end, using one die or several dice added together; a piece moves at
  most once a turn. Where a trip uses several dice, each point where a die
  ends must itself be a legal landing (the dice may be taken in either order)
  (option ``-trips``: ``checked``, the default; ``jump``: only the end counts;
  ``dice``: backgammon style, each die a separate move of any piece).
* Landing: on an empty cell, on own pieces (no height limit), or on a lone
  piece of the other colour, which is then pinned until every piece on top
  has left. A stack of two or more topped by the other colour blocks landing
  (it may be jumped over).
* The turn must change the board and use the most pips possible; the only
  exception is a turn that brings the mover's last piece home, which wins at
  once (remaining dice lapse). With no board-changing turn the player passes
  (``pass``); there is no voluntary pass.
* Win: all of a player's pieces on their home cells (a pinned piece on a home
  cell counts, unless ``-pinnedaway``).
* House rules so that every game ends (the seed warns that mutual pins
  deadlock): a dead position (neither player could move with any roll) is a
  draw; ``-drawpasses=N`` passes in a row draw (default 10); ``-maxturns=N``
  turns draw (default 1000).

Notation (pbmserv): parts separated by commas, ``a4-c4,g4-h4``; ``3xg7-j7``
moves three pieces along the same route. Where ``from-to`` fits several
routes for the dice, the part names the route by its number of steps and/or
the first cell stepped onto: ``h4-h7/3``, ``l7-d4/l6``, ``l7-h7/l8/6``; the
parser accepts the bare form whenever only one legal turn fits and otherwise
lists the candidates.

>>> str(SavoyMove.parse("3xg7-j7,e4-b4"))
'3xg7-j7,e4-b4'
>>> SavoyMove.parse("roll:3,5")
SavoyMove.parse('roll:3,5')
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import permutations
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence

from . import options as opts
from .base import Game, Outcome
from .errors import AmbiguousMoveError, IllegalMoveError, NotationError, OptionError
from .options import ChoiceOption, FlagOption, IntOption, OptionValue
from .savoy_board import (
    CELL_ID, CELLS, GRID, HOME_DISTANCE, HOMES, PATH_PIPS, PLAYERS, RAY_BY_FIRST, RAYS, START_NAMES, cell_key,
)

# cells in notation order (column, then row): the canonical order of a move's parts
NAME_RANK: dict[str, int] = {name: i for i, name in enumerate(sorted(CELLS, key=cell_key))}
RANK: tuple[int, ...] = tuple(NAME_RANK[name] for name in CELLS)
SIGNS = (1, -1)  # cell values: positive = R on top, negative = L on top
DEFAULT_PIECES = 6
MAX_PIECES = 15
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

_PART_RE = re.compile(r"^(?:(\d+)x)?([a-z]\d{1,2})-([a-z]\d{1,2})((?:/[a-z0-9]+)*)$")
_ROLL_RE = re.compile(r"^roll:(\d+(?:,\d+)*)$")


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class Part:
    """`count` pieces moving from `src` to `dst` along one route.

    A resolved part knows its route: `via` (the first cell stepped onto, i.e. the
    direction) and `steps`. A part read from text without state has via "" and
    steps 0 where the text did not say. The show_* flags only choose what
    ``str()`` writes; they are not part of the value.
    """

    src: str
    dst: str
    via: str = ""
    steps: int = 0
    count: int = 1
    show_via: bool = field(default=False, compare=False)
    show_steps: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        text = f"{self.count}x" if self.count > 1 else ""
        text += f"{self.src}-{self.dst}"
        if self.show_via and self.via:
            text += f"/{self.via}"
        if self.show_steps and self.steps:
            text += f"/{self.steps}"
        return text

    @property
    def resolved(self) -> bool:
        return bool(self.via and self.steps)

    def sort_key(self) -> tuple:
        return (-self.count, NAME_RANK[self.src], NAME_RANK[self.dst], NAME_RANK.get(self.via, -1), self.steps)


@dataclass(frozen=True, slots=True)
class SavoyMove:
    """A Savoy move: a turn (``a4-c4,g4-h4``), a roll (``roll:3,5``) or ``pass``.

    `parts` are kept in a canonical order (most pieces first, then by cell), so two
    texts listing the same parts in another order are the same move.
    """

    kind: Literal["turn", "roll", "pass"]
    parts: tuple[Part, ...] = ()
    dice: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "roll":
            return "roll:" + ",".join(str(d) for d in self.dice)
        if self.kind == "pass":
            return "pass"
        return ",".join(str(p) for p in self.parts)

    def __repr__(self) -> str:
        return f"SavoyMove.parse({str(self)!r})"

    @property
    def pips(self) -> int:
        return sum(p.steps * p.count for p in self.parts)

    def trips(self) -> list[tuple[str, str, str, int]]:
        """One (src, dst, via, steps) per moving piece (or per die under ``-trips=dice``)."""
        return [(p.src, p.dst, p.via, p.steps) for p in self.parts for _ in range(p.count)]

    @classmethod
    def turn(cls, parts: Iterable[Part]) -> "SavoyMove":
        return cls("turn", _group(parts))

    @classmethod
    def roll(cls, *dice: int) -> "SavoyMove":
        return cls("roll", dice=tuple(dice))

    @classmethod
    def parse(cls, text: str) -> "SavoyMove":
        """Read a move's text (any case); raises NotationError naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
        word = "".join(text.split()).lower()
        if not word:
            raise NotationError("an empty move: write parts like a4-c4,g4-h4, a roll like roll:3,5, or pass",
                                "notation")
        if word == "pass":
            return PASS
        if word.startswith("roll"):
            match = _ROLL_RE.match(word)
            if not match:
                raise NotationError(f"{text!r} is not a roll: write it as roll:3,5 (two dice, 1 to 6)", "notation")
            dice = tuple(int(d) for d in match.group(1).split(","))
            if len(dice) != 2:
                raise NotationError(f"{text!r}: a roll is two dice, as in roll:3,5", "notation")
            for d in dice:
                if not 1 <= d <= 6:
                    raise NotationError(f"{text!r}: a die shows 1 to 6, not {d}", "notation")
            return cls("roll", dice=dice)
        parts = []
        for piece in word.split(","):
            match = _PART_RE.match(piece)
            if not match:
                raise NotationError(
                    f"{piece or text!r} is not a Savoy move: write from-to cells (a4-c4), parts separated by "
                    "commas (a4-c4,g4-h4), several pieces on one route as 3xg7-j7, or pass",
                    "notation",
                )
            count_text, src, dst, quals = match.groups()
            count = int(count_text) if count_text else 1
            if count < 1:
                raise NotationError(f"{piece!r}: the number of pieces must be at least 1", "notation")
            for cell in (src, dst):
                _check_cell(cell, piece)
            via, steps = "", 0
            for qual in filter(None, quals.split("/")):
                if qual.isdigit():
                    if steps:
                        raise NotationError(f"{piece!r} gives the number of steps twice", "notation")
                    steps = int(qual)
                    if steps < 1:
                        raise NotationError(f"{piece!r}: a route has at least 1 step", "notation")
                else:
                    _check_cell(qual, piece)
                    if via:
                        raise NotationError(f"{piece!r} gives the direction twice", "notation")
                    if CELL_ID[qual] not in RAY_BY_FIRST[CELL_ID[src]]:
                        raise NotationError(
                            f"{piece!r}: {qual} is not next to {src} along the path, so it cannot name a direction "
                            f"(from {src} a piece can step to {_names(RAY_BY_FIRST[CELL_ID[src]])})", "notation")
                    via = qual
            if src == dst and not steps:
                raise NotationError(f"{piece!r} does not move: the two cells are the same", "notation")
            parts.append(Part(src, dst, via, steps, count, bool(via), bool(steps)))
        return cls("turn", _group(parts))


PASS = SavoyMove("pass")


def _check_cell(cell: str, context: str) -> None:
    if cell not in CELL_ID:
        raise NotationError(
            f"{context!r}: there is no cell {cell} on the Savoy board (the path runs a4 ... j4, k5, l6, l7, l8, k9, "
            "j10, i9, h8 ... h3, g2, f1, e2, d3, d4, d5, e6, f7 ... o7)", "off_board")


def _names(cells: Iterable[int]) -> str:
    return ", ".join(sorted((CELLS[c] for c in cells), key=cell_key))


def _group(parts: Iterable[Part]) -> tuple[Part, ...]:
    """Merge equal routes into one part with a count; canonical order."""
    counts: dict[Part, int] = {}
    flags: dict[Part, tuple[bool, bool]] = {}
    for p in parts:
        key = Part(p.src, p.dst, p.via, p.steps)
        counts[key] = counts.get(key, 0) + p.count
        old = flags.get(key, (False, False))
        flags[key] = (old[0] or p.show_via, old[1] or p.show_steps)
    grouped = [Part(k.src, k.dst, k.via, k.steps, n, *flags[k]) for k, n in counts.items()]
    grouped.sort(key=Part.sort_key)
    return tuple(grouped)


# --------------------------------------------------------------------------- options
@dataclass(frozen=True, slots=True)
class SavoyRules:
    """The options a game is played with, checked and frozen."""

    values: tuple[tuple[str, OptionValue], ...]

    def __getitem__(self, name: str) -> OptionValue:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def trips(self) -> str:
        return str(self["trips"])

    @property
    def pinned_away(self) -> bool:
        return bool(self["pinnedaway"])

    @property
    def draw_passes(self) -> int:
        return int(self["drawpasses"])

    @property
    def max_turns(self) -> int:
        return int(self["maxturns"])

    def as_dict(self) -> dict[str, OptionValue]:
        return dict(self.values)


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class SavoyState:
    """A Savoy position.

    `cells[c]` describes cell c (numbering of savoy_board.CELLS): 0 when empty,
    else ``sign * (2 * k + p)`` with sign +1 when R is on top and -1 for L, k the
    number of top-colour pieces and p = 1 when one piece of the other colour is
    pinned beneath them.

    `dice` is the roll in force (empty when a roll is due); `opening` is true until
    the opening roll has decided who starts; `turns` counts the players' turns
    (passes included) and `passes` the passes in a row.
    """

    rules: SavoyRules
    cells: tuple[int, ...]
    to_move: int = 0
    dice: tuple[int, ...] = ()
    opening: bool = True
    turns: int = 0
    passes: int = 0
    winner: int | None = None
    draw: str = ""
    opening_roll: tuple[int, ...] = ()
    last: SavoyMove | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None or bool(self.draw)

    def stack(self, name: str) -> str:
        """The stack on a cell, bottom to top, as letters (``"RLL"``: R pinned under two L)."""
        return stack_text(self.cells[CELL_ID[name]])


def stack_text(v: int) -> str:
    if v == 0:
        return ""
    top = 0 if v > 0 else 1
    a = abs(v)
    return (PLAYERS[1 - top] if a & 1 else "") + PLAYERS[top] * (a >> 1)


def _cell_value(stack: str, where: str) -> int:
    stack = stack.upper()
    if not stack:
        return 0
    if any(ch not in PLAYERS for ch in stack):
        raise OptionError(f"{where}: a stack is written with the letters R and L, bottom first, not {stack!r}",
                          "layout")
    top = stack[-1]
    k = len(stack) - len(stack.rstrip(top))
    rest = stack[:-k]
    if len(rest) > 1:
        raise OptionError(f"{where}: {stack!r} is not a possible stack: only one lone piece can be pinned, "
                          "under pieces of the other colour", "layout")
    sign = SIGNS[PLAYERS.index(top)]
    return sign * (2 * k + (1 if rest else 0))


def _mine(v: int, me: int) -> int:
    """Pieces of player `me` free to move on a cell with value v."""
    if v > 0 and me == 0 or v < 0 and me == 1:
        return abs(v) >> 1
    return 0


def _pieces_of(v: int, me: int) -> tuple[int, int]:
    """(all pieces of `me` on the cell, of which pinned)."""
    if v == 0:
        return 0, 0
    a = abs(v)
    if (v > 0) == (me == 0):
        return a >> 1, 0
    return (1, 1) if a & 1 else (0, 0)


def _landable(cells: Sequence[int], me: int) -> list[bool]:
    if me == 0:
        return [v >= 0 or v == -2 for v in cells]
    return [v <= 0 or v == 2 for v in cells]


def _home_count(cells: Sequence[int], me: int, pinned_away: bool) -> tuple[int, int]:
    """(pieces of `me` counting as home, pieces of `me` on the board)."""
    home, total = 0, 0
    homes = HOMES[me]
    for c, v in enumerate(cells):
        if v:
            n, pinned = _pieces_of(v, me)
            total += n
            if c in homes and not (pinned and pinned_away):
                home += n
    return home, total


def apply_net(cells: Sequence[int], me: int, net: Mapping[int, int]) -> tuple[int, ...]:
    """The board after player `me` gains net[c] pieces on each cell (negative: loses)."""
    out = list(cells)
    sign = SIGNS[me]
    for c, n in net.items():
        if not n:
            continue
        v = out[c]
        if v == 0:
            out[c] = sign * 2 * n
        elif (v > 0) == (sign > 0):
            a = abs(v)
            k = (a >> 1) + n
            if k > 0:
                out[c] = sign * (2 * k + (a & 1))
            else:
                out[c] = -sign * 2 if a & 1 else 0
        else:  # a lone enemy piece, now pinned
            out[c] = sign * (2 * n + 1)
    return tuple(out)


# --------------------------------------------------------------------------- turn generation
@lru_cache(maxsize=None)
def _dice_uses(dice: tuple[int, ...], per_die: bool) -> tuple[tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...]], ...]:
    """Ways one piece can use some of `dice`: (dice counts used per distinct value, length,
    alternative lists of intermediate stops)."""
    values = tuple(sorted(set(dice)))
    have = tuple(dice.count(v) for v in values)
    uses = []
    if len(values) == 1:
        d = values[0]
        for k in range(1, (1 if per_die else have[0]) + 1):
            stops = (tuple(d * j for j in range(1, k)),) if k > 1 else ()
            uses.append(((k,), k * d, stops))
    else:
        a, b = values
        uses.append(((1, 0), a, ()))
        uses.append(((0, 1), b, ()))
        if not per_die:
            uses.append(((1, 1), a + b, ((a,), (b,))))
    return tuple(uses)


@dataclass(frozen=True, slots=True)
class Trip:
    """One piece's trip: from `src` along ray `ray` of that cell for `length` steps."""

    src: int
    ray: int
    length: int
    dst: int
    used: tuple[int, ...]  # dice used, counted per distinct die value

    @property
    def via(self) -> int:
        return RAYS[self.src][self.ray][2][0]


def _trips_from(c: int, land: Sequence[bool], uses: tuple,
                check_stops: bool) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """(ray, length, dst, dice used) of every trip from cell c legal on its own (see trip_options)."""
    for r, (_, _, ray) in enumerate(RAYS[c]):
        n = len(ray)
        for used, length, stop_sets in uses:
            if length > n:
                continue
            dst = ray[length - 1]
            if not land[dst] or dst == c:  # blocked, or circling back (a null move)
                continue
            if check_stops and stop_sets and not any(
                    all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                continue
            yield r, length, dst, used


def trip_options(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                 land: Sequence[bool] | None = None, sources: Iterable[int] | None = None) -> list[Trip]:
    """Every single trip of one piece of `me` with some of the dice, legal on its own."""
    land = _landable(cells, me) if land is None else land
    uses = _dice_uses(dice, mode == "dice")
    check_stops = mode == "checked"
    return [Trip(c, r, length, dst, used)
            for c in (range(len(cells)) if sources is None else sources) if _mine(cells[c], me)
            for r, length, dst, used in _trips_from(c, land, uses, check_stops)]


def _number_routes() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, int, int, int], ...]]:
    """Number every (cell, ray, length) a piece could travel in the order its part is written in a move
    (Part.sort_key for one piece), so that sorting trip numbers sorts the parts of a turn."""
    keyed = sorted(((RANK[c], RANK[ray[k]], RANK[ray[0]], k + 1), c, r, k + 1)
                   for c, rays in enumerate(RAYS) for r, (_, _, ray) in enumerate(rays) for k in range(len(ray)))
    number = [[[0] * len(ray) for _, _, ray in rays] for rays in RAYS]
    routes = []
    for i, (_, c, r, length) in enumerate(keyed):
        number[c][r][length - 1] = i
        ray = RAYS[c][r][2]
        routes.append((c, ray[length - 1], ray[0], length))
    return tuple(tuple(map(tuple, rays)) for rays in number), tuple(routes)


# ROUTE_NUMBER[cell][ray][length - 1]: the trip's number; ROUTES[number] = (src, dst, via, length)
ROUTE_NUMBER, ROUTES = _number_routes()
# 8 ** cell. A turn has at most 4 trips, so the sum of WEIGHT[dst] - WEIGHT[src] over them (base 8,
# digits -4..4) is zero only when the cells left and the cells reached are the same: the board is unchanged
WEIGHT: tuple[int, ...] = tuple(1 << (3 * c) for c in range(len(CELLS)))
_PARTS: dict[tuple[int, int, bool, bool], tuple[Part, str]] = {}


def _part(number: int, count: int, show_via: bool, show_steps: bool) -> tuple[Part, str]:
    """The Part for `count` pieces on route `number` and its text (shared: parts are frozen values)."""
    key = (number, count, show_via, show_steps)
    entry = _PARTS.get(key)
    if entry is None:
        src, dst, via, length = ROUTES[number]
        part = Part(CELLS[src], CELLS[dst], CELLS[via], length, count, show_via, show_steps)
        entry = _PARTS[key] = (part, str(part))
    return entry


# A turn found by the generators: (route numbers in notation order, pips, pieces brought home, whether a
# route is taken more than once)
_Found = tuple[tuple[int, ...], int, int, bool]


def _turns_per_piece(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                     land: Sequence[bool]) -> list[_Found]:
    """Every board-changing multiset of trips, one per piece, the dice allow (readings checked/jump).

    The dice left are one number: how many of a double (or the one opening die), or for two different
    dice a bit mask (1: the smaller, 2: the larger), so a trip's cost is subtracted from it either way.
    Trips are taken in the order of their numbers, so each multiset is met once, already sorted.
    """
    uses = _dice_uses(dice, False)
    check_stops = mode == "checked"
    double = len(set(dice)) == 1
    homes = HOMES[me]
    movable = [_mine(v, me) for v in cells]
    trips = sorted(
        (ROUTE_NUMBER[c][r][length - 1], c, used[0] if double else used[0] | used[1] << 1, length,
         WEIGHT[dst] - WEIGHT[c], (dst in homes) - (c in homes))
        for c in range(len(cells)) if movable[c]
        for r, length, dst, used in _trips_from(c, land, uses, check_stops))
    start = len(dice) if double else 3
    # fitting[left] = indices of the trips the dice left can pay for
    fitting = [[i for i, t in enumerate(trips) if (t[2] <= left if double else not t[2] & ~left)]
               for left in range(start + 1)]
    found: list[_Found] = []

    def extend(first: int, left: int, last_src: int, run: int, pips: int, change: int, home: int,
               chosen: tuple[int, ...], repeated: bool) -> None:
        row = fitting[left]
        for i in row[bisect_left(row, first):]:
            number, src, cost, length, delta, gain = trips[i]
            if src != last_src:
                moved = 1  # the trips of one cell are consecutive: count the pieces leaving it
            elif run < movable[src]:
                moved = run + 1
            else:
                continue
            again = repeated or i == first and run > 0
            combo = chosen + (number,)
            p, ch, h = pips + length, change + delta, home + gain
            if ch:
                found.append((combo, p, h, again))
            if left > cost:
                extend(i, left - cost, src, moved, p, ch, h, combo, again)

    extend(0, start, -1, 0, 0, 0, 0, (), False)
    return found


def _turns_per_die(cells: Sequence[int], me: int, dice: tuple[int, ...], land: Sequence[bool],
                   need: int) -> list[_Found]:
    """Reading ``-trips=dice``: every board-changing multiset of one-die steps of any piece (pieces may
    move again) that can be played in some order, each die once, stopping once `need` more pieces are
    home (the game is won).

    A multiset's board and dice left do not depend on the order its steps were played in, so each is
    expanded once (`seen`, keyed by a sum of one base-8 digit per step).
    """
    values = sorted(set(dice))
    double = len(values) == 1
    costs = ((values[0], 1),) if double else ((values[0], 1), (values[1], 2))
    homes = HOMES[me]
    free = [_mine(v, me) for v in cells]
    steps: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
    digits: dict[int, int] = {}
    seen: set[int] = set()
    found: list[_Found] = []
    played: list[int] = []

    def steps_from(c: int, d: int) -> list[tuple[int, int, int, int, int]]:
        out = steps.get((c, d))
        if out is None:
            out = steps[(c, d)] = []
            for r, length, dst, _ in _trips_from(c, land, _dice_uses((d,), True), False):
                number = ROUTE_NUMBER[c][r][length - 1]
                digit = digits.setdefault(number, 1 << (3 * len(digits)))
                out.append((digit, number, dst, WEIGHT[dst] - WEIGHT[c], (dst in homes) - (c in homes)))
        return out

    def extend(key: int, left: int, pips: int, change: int, home: int, repeated: bool, where: list[int]) -> None:
        for d, cost in costs:
            if not (cost <= left if double else cost & left):
                continue
            rest = left - cost
            for c in where:
                if not free[c]:
                    continue
                for digit, number, dst, delta, gain in steps_from(c, d):
                    k = key + digit
                    if k in seen:
                        continue
                    seen.add(k)
                    again = repeated or number in played
                    played.append(number)
                    p, ch, h = pips + d, change + delta, home + gain
                    if ch:
                        found.append((tuple(sorted(played)), p, h, again))
                    if rest and h < need:
                        free[c] -= 1
                        free[dst] += 1
                        extend(k, rest, p, ch, h, again, where if dst in where else where + [dst])
                        free[c] += 1
                        free[dst] -= 1
                    played.pop()

    extend(0, len(dice) if double else 3, 0, 0, 0, False, [c for c in range(len(cells)) if free[c]])
    return found


class TurnTable:
    """The legal moves of one state, with what parsing and explaining need (built when first asked)."""

    def __init__(self, moves: list[SavoyMove], max_pips: int, winning: int) -> None:
        self.moves = moves
        self.max_pips = max_pips  # the most pips a board-changing turn can use (0: must pass)
        self.winning = winning  # how many legal moves win at once

    @cached_property
    def members(self) -> set[SavoyMove]:
        return set(self.moves)

    @cached_property
    def by_cells(self) -> dict[tuple, list[SavoyMove]]:
        by_cells: dict[tuple, list[SavoyMove]] = {}
        for m in self.moves:
            by_cells.setdefault(_cells_key(m), []).append(m)
        return by_cells


def _minus_count(item: tuple[int, int]) -> int:
    return -item[1]


def _cells_key(move: SavoyMove) -> tuple:
    return tuple(sorted((p.src, p.dst) for p in move.parts for _ in range(p.count)))


def build_turns(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules) -> TurnTable:
    """All legal turns for `me` with `dice` on `cells`, sorted by their text."""
    home, total = _home_count(cells, me, rules.pinned_away)
    need = total - home  # pieces still to bring home: a turn bringing them all wins
    land = _landable(cells, me)
    if rules.trips == "dice":
        found = _turns_per_die(cells, me, dice, land, need)
    else:
        found = _turns_per_piece(cells, me, dice, rules.trips, land)
    best = max((pips for _, pips, _, _ in found), default=0)
    # routes that compete for the same from-to decide what the text of their parts must say
    rivals: dict[tuple[int, int], list[int]] = {}
    for number in set().union(*(numbers for numbers, pips, gain, _ in found if pips == best or gain == need)):
        src, dst, _, _ = ROUTES[number]
        rivals.setdefault((src, dst), []).append(number)
    show: dict[int, tuple[bool, bool]] = {}
    for numbers in rivals.values():
        if len(numbers) == 1:
            flags = (False, False)
        elif len({ROUTES[n][3] for n in numbers}) == len(numbers):
            flags = (False, True)
        elif len({ROUTES[n][2] for n in numbers}) == len(numbers):
            flags = (True, False)
        else:
            flags = (True, True)
        for n in numbers:
            show[n] = flags
    text_of = {n: _part(n, 1, *flags)[1] for n, flags in show.items()}.__getitem__
    part_of = {n: _part(n, 1, *flags)[0] for n, flags in show.items()}.__getitem__
    texts: list[str] = []
    parts: list[tuple[Part, ...]] = []
    winning = 0
    for numbers, pips, gain, repeated in found:
        if pips != best and gain != need:
            continue
        winning += gain == need
        if not repeated:
            texts.append(",".join(map(text_of, numbers)))
            parts.append(tuple(map(part_of, numbers)))
            continue
        # several pieces on one route make one part with a count, written first (the numbers are sorted)
        runs: list[tuple[int, int]] = []
        for n in numbers:
            if runs and runs[-1][0] == n:
                runs[-1] = (n, runs[-1][1] + 1)
            else:
                runs.append((n, 1))
        runs.sort(key=_minus_count)
        pairs = [_part(n, k, *show[n]) for n, k in runs]
        texts.append(",".join([text for _, text in pairs]))
        parts.append(tuple([part for part, _ in pairs]))
    order = sorted(range(len(texts)), key=texts.__getitem__)
    return TurnTable([SavoyMove("turn", parts[i]) for i in order], best, winning)


def can_move(cells: tuple[int, ...], me: int, dice: tuple[int, ...], mode: str) -> bool:
    """Whether `me` has any board-changing turn with `dice` (cheap: no full enumeration)."""
    if mode == "jump":  # a long trip may jump where no single die can land
        return bool(trip_options(cells, me, dice, mode))
    # With intermediate stops checked (or per die), a turn exists iff one die can be played.
    land = _landable(cells, me)
    return any(trip_options(cells, me, (d,), mode, land) for d in sorted(set(dice)))


def dead_position(cells: tuple[int, ...], mode: str) -> bool:
    """Neither player has a legal turn for any of the 21 rolls."""
    for me in (0, 1):
        for roll in ROLLS:
            dice = roll if roll[0] != roll[1] else roll * 2
            if can_move(cells, me, dice, mode):
                return False
    return True


# --------------------------------------------------------------------------- game
class SavoyGame(Game[SavoyState, SavoyMove]):
    name = "savoy"
    title = "Savoy"
    summary = ("A dice race round a figure-of-eight: bring all your pieces home, pinning lone enemy pieces "
               "and jumping over blocks; crossings allow shortcuts.")
    designer = "Cameron Browne"
    players = PLAYERS
    OPTIONS = (
        IntOption("stack", DEFAULT_PIECES, 1, MAX_PIECES,
                  "pieces each, stacked on the cell farthest from their home (the default start)"),
        IntOption("even", 0, 0, MAX_PIECES,
                  "pieces each, spread evenly over the home area farthest from their home (0: not used); "
                  "a remainder goes to the farthest cells"),
        IntOption("step", 0, 0, MAX_PIECES,
                  "pieces each, in steps h, h+1, h+2 over the home area farthest from their home "
                  "(a multiple of 3; 0: not used)"),
        ChoiceOption("steptall", "far", ("far", "near"),
                     "reading for -step: the tallest stack on the far end cell (far) or the nearest (near)"),
        ChoiceOption("trips", "checked", ("checked", "jump", "dice"),
                     "reading: checked = one straight trip per piece, every die's stop a legal landing; "
                     "jump = only the end of the trip counts; dice = each die a separate move (backgammon style)"),
        FlagOption("pinnedaway", "reading: a pinned piece on its home cell does not count as home (as in Plakoto)"),
        IntOption("drawpasses", 10, 2, 1000, "house rule: the game is drawn after this many passes in a row"),
        IntOption("maxturns", 1000, 10, 100_000, "house rule: the game is drawn after this many turns"),
    )

    # random play wanders both ways and almost never finishes a default game: playouts use a shorter limit
    playout_options: Mapping[str, object] = {"maxturns": 40}

    #: how many turn tables `table` keeps (most recently used)
    CACHED_TABLES = 16

    def __init__(self) -> None:
        self._cache: dict[tuple, TurnTable] = {}

    def dice(self, state: SavoyState) -> tuple[int, ...]:
        """The roll in force: one die for the opening move, two, or four for a double; empty when a roll
        is due."""
        return state.dice

    # -- options -----------------------------------------------------------------
    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        checked = opts.validate(self.OPTIONS, values)
        setups = [name for name in ("even", "step") if checked[name]]
        if len(setups) > 1:
            raise OptionError("-even and -step are two different starts: give only one of them", "option_conflict")
        if setups and checked["stack"] != DEFAULT_PIECES:
            raise OptionError(f"-stack and -{setups[0]} are two different starts: give only one of them",
                              "option_conflict")
        if checked["step"] and int(checked["step"]) % 3:
            raise OptionError(
                f"option -step={checked['step']} cannot be spread in steps h, h+1, h+2 over three cells: "
                "use a multiple of 3 (3, 6, 9, 12, 15)", "option_range")
        return checked

    def _initial(self, options: dict[str, OptionValue]) -> SavoyState:
        rules = SavoyRules(tuple((spec.name, options[spec.name]) for spec in self.OPTIONS))
        cells = [0] * len(CELLS)
        for me in (0, 1):
            for name, height in zip(START_NAMES[me], start_heights(options)):
                if height:
                    cells[CELL_ID[name]] = SIGNS[me] * 2 * height
        return SavoyState(rules, tuple(cells))

    def options_of(self, state: SavoyState) -> dict[str, OptionValue]:
        return state.rules.as_dict()

    def position(self, layout: str, to_move: int | str = 0, dice: Sequence[int] = (),
                 options: Mapping[str, object] | None = None) -> SavoyState:
        """A position for tests and puzzles: ``"a4=RRRRR l7=R f7=LL d4=RL"`` (stacks bottom first;
        ``RL`` is R pinned under L), the player to move (0/1 or "R"/"L") and the dice in force
        (empty: a roll is due). Raises OptionError naming what is wrong."""
        rules = self.new(options).rules
        cells = [0] * len(CELLS)
        for item in layout.split():
            name, eq, stack = item.partition("=")
            name = name.lower()
            if not eq or name not in CELL_ID:
                raise OptionError(f"{item!r}: write each stack as cell=letters, e.g. a4=RRR or d4=RL", "layout")
            cells[CELL_ID[name]] = _cell_value(stack, item)
        if isinstance(to_move, str):
            if to_move.upper() not in PLAYERS:
                raise OptionError(f"the player to move is R or L, not {to_move!r}", "layout")
            to_move = PLAYERS.index(to_move.upper())
        dice = tuple(dice)
        if dice and (len(dice) not in (1, 2, 4) or any(not 1 <= d <= 6 for d in dice)):
            raise OptionError(f"dice {dice} are not a roll: one die (opening), two, or a double as four", "layout")
        if len(dice) == 2 and dice[0] == dice[1]:
            dice = dice * 2
        return SavoyState(rules, tuple(cells), to_move, tuple(sorted(dice)), opening=False)

    # -- moves -------------------------------------------------------------------
    def is_chance(self, state: SavoyState) -> bool:
        return not state.over and not state.dice

    def random_chance(self, state: SavoyState, rng: random.Random) -> SavoyMove:
        if not self.is_chance(state):
            raise IllegalMoveError("no roll is due: the dice in force must be played first", "not_chance")
        a, b = rng.randrange(1, 7), rng.randrange(1, 7)
        if state.opening:
            return SavoyMove("roll", dice=(a, b))
        return SavoyMove("roll", dice=(min(a, b), max(a, b)))

    def table(self, state: SavoyState) -> TurnTable:
        """The legal turns in a state where a player must move.

        Cached per board, player, dice and reading (not per state: a search meets the same board again
        at other turn counts, and after other turns), for the few most recently used (not more: a big
        table is many objects for the garbage collector to walk)."""
        rules = state.rules
        key = (state.cells, state.to_move, state.dice, rules.trips, rules.pinned_away)
        cache = self._cache
        table = cache.pop(key, None)
        if table is None:
            table = build_turns(state.cells, state.to_move, state.dice, rules)
            if len(cache) >= self.CACHED_TABLES:
                del cache[next(iter(cache))]
        cache[key] = table  # most recent last
        return table

    def legal_moves(self, state: SavoyState) -> list[SavoyMove]:
        if state.over:
            return []
        if not state.dice:
            if state.opening:
                return [SavoyMove("roll", dice=(a, b)) for a in range(1, 7) for b in range(1, 7)]
            return [SavoyMove("roll", dice=roll) for roll in ROLLS]
        moves = self.table(state).moves
        return list(moves) if moves else [PASS]

    def parse_move(self, text: str, state: SavoyState) -> SavoyMove:
        move = SavoyMove.parse(text)
        if move.kind == "roll" and not state.opening and state.dice == ():
            return SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind != "turn" or state.over or not state.dice:
            return move
        found = self._matches(state, move)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            listed = " or ".join(str(m) for m in found[:12]) + (" ..." if len(found) > 12 else "")
            raise AmbiguousMoveError(
                f"{text.strip()!r} fits {len(found)} legal moves: {listed}; name the route by its number of "
                "steps and/or the first cell stepped onto (h4-h7/3, l7-d4/l6)", "ambiguous")
        return move  # not legal: apply() says why

    def _matches(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
        table = self.table(state)
        if move in table.members and all(p.resolved for p in move.parts):
            return [m for m in table.by_cells.get(_cells_key(move), ()) if m == move]
        return [m for m in table.by_cells.get(_cells_key(move), ()) if _fits(move, m)]

    def resolve(self, state: SavoyState, move: SavoyMove) -> SavoyMove:
        """The legal move meant by `move` in `state`; raises IllegalMoveError (or AmbiguousMoveError)
        saying why it is refused."""
        if not isinstance(move, SavoyMove):
            raise IllegalMoveError(f"{move!r} is not a Savoy move", "illegal")
        if state.over:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        if not state.dice:
            if move.kind != "roll":
                who = "both players" if state.opening else PLAYERS[state.to_move]
                raise IllegalMoveError(f"{move}: the dice must be rolled first ({who} to roll)", "roll_due")
            if len(move.dice) != 2 or any(not 1 <= d <= 6 for d in move.dice):
                raise IllegalMoveError(f"{move}: a roll is two dice from 1 to 6", "bad_roll")
            return move if state.opening else SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind == "roll":
            raise IllegalMoveError(
                f"{move}: the dice are already rolled ({_dice_text(state.dice)}); {PLAYERS[state.to_move]} "
                "must move", "not_chance")
        table = self.table(state)
        if move.kind == "pass":
            if table.moves:
                raise IllegalMoveError(
                    f"pass: there is no voluntary passing and {PLAYERS[state.to_move]} can move with "
                    f"{_dice_text(state.dice)}, e.g. {table.moves[0]}", "must_move")
            return PASS
        if not table.moves:
            raise IllegalMoveError(
                f"{move}: {PLAYERS[state.to_move]} has no legal move with {_dice_text(state.dice)} and must pass",
                "must_pass")
        found = self._matches(state, move)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousMoveError(
                f"{move} fits {len(found)} legal moves: {' or '.join(str(m) for m in found[:12])}", "ambiguous")
        raise self.explain(state, move)

    def check_legal(self, state: SavoyState, move: SavoyMove) -> None:
        self.resolve(state, move)

    def apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        return self._apply(state, self.resolve(state, move))

    def _apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        rules = state.rules
        if move.kind == "roll":
            if state.opening:
                r, l = move.dice
                if r == l:
                    return SavoyState(rules, state.cells, state.to_move, (), True, state.turns, state.passes,
                                      None, "", move.dice, move)
                first = 0 if r > l else 1
                return SavoyState(rules, state.cells, first, (max(r, l),), False, state.turns, state.passes,
                                  None, "", move.dice, move)
            a, b = sorted(move.dice)
            dice = (a, a, a, a) if a == b else (a, b)
            return SavoyState(rules, state.cells, state.to_move, dice, False, state.turns, state.passes,
                              None, "", state.opening_roll, move)
        me = state.to_move
        turns = state.turns + 1
        if move.kind == "pass":
            cells, passes = state.cells, state.passes + 1
        else:
            net: dict[int, int] = {}
            for p in move.parts:
                src, dst = CELL_ID[p.src], CELL_ID[p.dst]
                net[src] = net.get(src, 0) - p.count
                net[dst] = net.get(dst, 0) + p.count
            cells, passes = apply_net(state.cells, me, net), 0
        winner, draw = None, ""
        if move.kind == "turn":
            # the mover wins when their last piece is home; under -pinnedaway a turn that frees an
            # opponent's piece pinned on its home can also complete the opponent's home
            for player in (me, 1 - me) if rules.pinned_away else (me,):
                home, total = _home_count(cells, player, rules.pinned_away)
                if total and home == total:
                    winner = player
                    break
        if winner is None:
            if move.kind == "pass" and dead_position(cells, rules.trips):
                draw = "house rule: dead position, neither player can move with any roll"
            elif passes >= rules.draw_passes:
                draw = f"house rule: {passes} passes in a row"
            elif turns >= rules.max_turns:
                draw = f"house rule: the turn limit ({rules.max_turns} turns) is reached"
        return SavoyState(rules, cells, 1 - me, (), False, turns, passes, winner, draw, state.opening_roll, move)

    # -- explaining refusals ---------------------------------------------------------
    def explain(self, state: SavoyState, move: SavoyMove) -> IllegalMoveError:
        """Why a turn that is not among the legal moves is refused."""
        me, rules = state.to_move, state.rules
        who, other = PLAYERS[me], PLAYERS[1 - me]
        dice = state.dice
        mode = rules.trips
        table = self.table(state)
        land = _landable(state.cells, me)
        sources = Counter(p.src for p in move.parts for _ in range(p.count))
        for src, n in sources.items():
            v = state.cells[CELL_ID[src]]
            free = _mine(v, me)
            if not free:
                if _pieces_of(v, me)[1]:
                    return IllegalMoveError(f"{move}: the {who} piece on {src} is pinned by {other} and cannot "
                                            "move until every piece on top has left", "pinned")
                if any(p.dst == src for p in move.parts):
                    return IllegalMoveError(
                        f"{move}: no {who} piece is on {src} at the start of the turn, and a piece makes one trip "
                        "a turn (it cannot stop and go on in another part)", "one_trip")
                return IllegalMoveError(f"{move}: there is no {who} piece on {src}", "no_piece")
            if n > free and mode != "dice":
                return IllegalMoveError(
                    f"{move}: {n} pieces leave {src} but only {free} {who} piece{'s' if free > 1 else ''} "
                    f"can move from there (each piece makes one trip a turn)", "too_many")
        lengths = sorted({length for _, length, _ in _dice_uses(dice, mode == "dice")})
        chosen: list[int] = []
        for p in move.parts:
            src, dst = CELL_ID[p.src], CELL_ID[p.dst]
            routes = [(r, k + 1) for r, (_, _, ray) in enumerate(RAYS[src]) for k, c in enumerate(ray) if c == dst
                      and (not p.via or ray[0] == CELL_ID[p.via]) and (not p.steps or k + 1 == p.steps)]
            label = f"{p.src}-{p.dst}"
            if not routes:
                if any(c == dst for ray in RAYS[src] for c in ray):
                    return IllegalMoveError(f"{move}: no route from {p.src} to {p.dst} fits {str(p)!r}", "no_route")
                return IllegalMoveError(
                    f"{move}: {p.dst} is not on a straight line from {p.src}: a piece keeps one direction for its "
                    "whole trip and may not turn at a crossing", "no_route")
            fitting = [(r, n) for r, n in routes if n in lengths]
            if not fitting:
                steps = " or ".join(str(n) for n in sorted({n for _, n in routes}))
                plural = "" if steps == "1" else "s"
                why = ""
                if min(n for _, n in routes) > max(lengths):
                    why = " (a piece keeps one direction for its whole trip and may not turn at a crossing)"
                return IllegalMoveError(
                    f"{move}: {label} is {steps} step{plural} along the path, but with {_dice_text(dice)} a piece "
                    f"moves {_or_list(lengths)} steps{why}", "dice")
            if not land[dst]:
                return IllegalMoveError(
                    f"{move}: {p.dst} holds {stack_text(state.cells[dst])}: a piece may not land on a stack of two "
                    "or more topped by the other colour (it may jump over it)", "blocked")
            good = None
            for r, n in fitting:
                ray = RAYS[src][r][2]
                if mode != "checked":
                    good = n
                    break
                stop_sets = [s for u, length, s in _dice_uses(dice, False) if length == n][0]
                if not stop_sets or any(all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                    good = n
                    break
            if good is None:
                r, n = fitting[0]
                ray = RAYS[src][r][2]
                stops = sorted({s for u, length, sets in _dice_uses(dice, False) if length == n
                                for ss in sets for s in ss})
                blocked = ", ".join(f"{CELLS[ray[s - 1]]} (after {s})" for s in stops if not land[ray[s - 1]])
                return IllegalMoveError(
                    f"{move}: {label} would stop on a blocked cell where a die ends: {blocked}; each die's stop "
                    "must be a legal landing", "blocked_stop")
            chosen.extend([good] * p.count)
        if not _dice_fit(chosen, dice, mode == "dice"):
            return IllegalMoveError(
                f"{move}: the parts need {'+'.join(str(n) for n in chosen)} pips, more than the roll "
                f"{_dice_text(dice)} gives (each die is used whole, once)", "too_many_pips")
        srcs = sorted(p.src for p in move.parts for _ in range(p.count))
        dsts = sorted(p.dst for p in move.parts for _ in range(p.count))
        if srcs == dsts:
            return IllegalMoveError(
                f"{move}: the turn must change the board (a piece may not circle back or swap places)", "no_change")
        pips = sum(chosen)
        if pips < table.max_pips:
            return IllegalMoveError(self._max_pips_reason(state, move, pips, table), "max_pips")
        if mode == "dice":
            return IllegalMoveError(
                f"{move}: the steps cannot be played one die at a time in any order (a piece must be on the cell "
                "when its step begins)", "order")
        return IllegalMoveError(f"{move} is not a legal move here", "illegal")

    def _max_pips_reason(self, state: SavoyState, move: SavoyMove, pips: int, table: TurnTable) -> str:
        dice = state.dice
        best = table.max_pips
        example = next((m for m in table.moves if m.pips == best), table.moves[0])
        if len(set(dice)) == 2 and best == max(dice) and pips == min(dice):
            return (f"{move}: only one die can be played, so it must be the larger ({max(dice)}), e.g. {example}")
        return (f"{move} uses {pips} pips, but {best} can be used with {_dice_text(dice)} and the most possible "
                f"must be used, e.g. {example}")

    # -- helpers for a scene building a turn part by part ---------------------------
    def continuations(self, state: SavoyState, chosen: Sequence[Part]) -> list[Part]:
        """Single-piece parts that extend the `chosen` single-piece parts towards a legal move."""
        if state.over or not state.dice:
            return []
        want = Counter(_single(p) for p in chosen)
        nxt: set[Part] = set()
        for m in self.table(state).moves:
            have = Counter(_single(p) for p in m.parts for _ in range(p.count))
            if all(have[k] >= n for k, n in want.items()):
                for k in have - want:
                    nxt.add(k)
        return sorted(nxt, key=Part.sort_key)

    def completed(self, state: SavoyState, chosen: Sequence[Part]) -> SavoyMove | None:
        """The legal move made of exactly the `chosen` parts, if it is one."""
        if state.over or not state.dice:
            return None
        move = SavoyMove("turn", _group(_single(p) for p in chosen))
        table = self.table(state)
        for m in table.by_cells.get(_cells_key(move), ()):
            if m == move:
                return m
        return None

    def dice_used(self, state: SavoyState, parts: Sequence[Part]) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Which dice each piece's trip in `parts` uses, and the dice left (for showing a turn)."""
        left = list(state.dice)
        per: list[tuple[int, ...]] = []
        for p in parts:
            for _ in range(p.count):
                use = _take(left, p.steps)
                if use is None:
                    raise IllegalMoveError(f"{p}: the dice {_dice_text(state.dice)} do not cover it", "dice")
                for d in use:
                    left.remove(d)
                per.append(use)
        return per, tuple(left)

    def after(self, state: SavoyState, parts: Sequence[Part]) -> tuple[int, ...]:
        """The board after some single-piece parts of a turn in progress (for drawing it)."""
        net: dict[int, int] = {}
        for p in parts:
            net[CELL_ID[p.src]] = net.get(CELL_ID[p.src], 0) - p.count
            net[CELL_ID[p.dst]] = net.get(CELL_ID[p.dst], 0) + p.count
        return apply_net(state.cells, state.to_move, net)

    # -- who and how ---------------------------------------------------------------
    def to_move(self, state: SavoyState) -> int | None:
        return None if state.over or not state.dice else state.to_move

    def outcome(self, state: SavoyState) -> Outcome | None:
        if state.winner is not None:
            _, total = _home_count(state.cells, state.winner, False)
            return Outcome(state.winner, f"{PLAYERS[state.winner]} has all {total} piece{'s' if total > 1 else ''} home")
        if state.draw:
            return Outcome(None, state.draw)
        return None

    def scores(self, state: SavoyState) -> tuple[int, ...]:
        """Pieces home per player."""
        return tuple(_home_count(state.cells, p, state.rules.pinned_away)[0] for p in (0, 1))

    def pips(self, state: SavoyState) -> tuple[int, int]:
        """Fewest pips each player still needs to bring every piece home (changing direction between turns)."""
        return tuple(sum(_pieces_of(v, p)[0] * HOME_DISTANCE[p][c] for c, v in enumerate(state.cells))
                     for p in (0, 1))  # type: ignore[return-value]

    def pip_counts(self, state: SavoyState) -> tuple[int, int]:
        """pbmserv's pip count: the path still to run to the far end, summed (234 each at the start)."""
        return tuple(sum(_pieces_of(v, p)[0] * PATH_PIPS[p][c] for c, v in enumerate(state.cells))
                     for p in (0, 1))  # type: ignore[return-value]

    def leader(self, state: SavoyState) -> int | None:
        result = self.outcome(state)
        if result is not None:
            return result.winner
        r, l = self.pips(state)
        return None if r == l else (0 if r < l else 1)

    # -- presentation ---------------------------------------------------------------
    def render_text(self, state: SavoyState) -> str:
        at = {GRID[name]: c for c, name in enumerate(CELLS)}
        lines = ["     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(15))]
        for row in range(10, 0, -1):
            body = ""
            for x in range(15):
                c = at.get((x, row))
                if c is None:
                    body += "    "
                    continue
                v = state.cells[c]
                if v == 0:
                    body += ".   "
                else:
                    top = PLAYERS[0 if v > 0 else 1]
                    mark = f"{top}{abs(v) >> 1}" + (PLAYERS[1 if v > 0 else 0].lower() if abs(v) & 1 else "")
                    body += f"{mark:<4}"
            lines.append(f"{row:>3}  {body.rstrip()}")
        lines.append("     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(15)))
        r, l = self.pip_counts(state)
        lines.append(f"R home: m7 n7 o7 (pips {r})   L home: a4 b4 c4 (pips {l})   "
                     "R3 = three R pieces; L1r = L pinning an R piece")
        lines.append(self._status(state))
        return "\n".join(lines)

    def _status(self, state: SavoyState) -> str:
        result = self.outcome(state)
        if result is not None:
            return "Game over: " + ("draw" if result.is_draw else f"{PLAYERS[result.winner]} wins") + f" ({result.reason})"
        if state.opening and not state.dice:
            tie = f" (tie {state.opening_roll[0]}-{state.opening_roll[1]}, roll again)" if state.opening_roll else ""
            return "Opening roll: one die each, the higher moves first" + tie
        if not state.dice:
            return f"{PLAYERS[state.to_move]} to roll"
        return f"{PLAYERS[state.to_move]} to move with {_dice_text(state.dice)}"

    def roll_note(self, state: SavoyState) -> str | None:
        """A sentence when the dice in force cannot all be used (or not at all), for the scene."""
        if state.over or not state.dice:
            return None
        table = self.table(state)
        dice = state.dice
        total = sum(dice)
        who = PLAYERS[state.to_move]
        if not table.moves:
            return f"{who} cannot move with {_dice_text(dice)}: no piece has a legal landing, so {who} must pass"
        if table.max_pips >= total:
            return None
        if len(set(dice)) == 2 and table.max_pips == max(dice):
            return f"Only one die can be played, so {who} must play the larger ({max(dice)})"
        if len(set(dice)) == 2 and table.max_pips == min(dice):
            return f"Only the {min(dice)} can be played: the {max(dice)} has no legal landing"
        return f"Only {table.max_pips} of the {total} pips can be used: the rest have no legal landing"

    def details(self, state: SavoyState) -> dict[str, Any]:
        r_pips, l_pips = self.pips(state)
        r_count, l_count = self.pip_counts(state)
        home = self.scores(state)
        if state.over:
            phase = "over"
        elif not state.dice:
            phase = "opening roll" if state.opening else "roll"
        else:
            phase = "move"
        info: dict[str, Any] = {
            "phase": phase,
            "dice": list(state.dice),
            "opening_roll": list(state.opening_roll),
            "to_roll": None if phase not in ("roll",) else PLAYERS[state.to_move],
            "pips_to_home": {"R": r_pips, "L": l_pips},
            "pip_count": {"R": r_count, "L": l_count},
            "home": {"R": home[0], "L": home[1]},
            "stacks": {CELLS[c]: stack_text(v) for c, v in enumerate(state.cells) if v},
            "pinned": sorted((CELLS[c] for c, v in enumerate(state.cells) if abs(v) & 1), key=cell_key),
            "turns": state.turns,
            "passes_in_a_row": state.passes,
            "turn_limit": state.rules.max_turns,
            "reading": state.rules.trips,
        }
        if phase == "move":
            table = self.table(state)
            info["max_pips"] = table.max_pips
            info["must_pass"] = not table.moves
            info["note"] = self.roll_note(state)
        return info


def start_heights(options: Mapping[str, OptionValue]) -> list[int]:
    """Heights on the three start cells, farthest from home first."""
    if options["even"]:
        n = int(options["even"])
        return [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    if options["step"]:
        h = (int(options["step"]) - 3) // 3
        heights = [h + 2, h + 1, h]
        return heights if options["steptall"] == "far" else heights[::-1]
    return [int(options["stack"]), 0, 0]


def _single(p: Part) -> Part:
    return Part(p.src, p.dst, p.via, p.steps, 1, p.show_via, p.show_steps)


def _fits(written: SavoyMove, legal: SavoyMove) -> bool:
    """Whether the written move (routes maybe unstated) can mean the legal move."""
    groups: dict[tuple[str, str], list[Part]] = {}
    for p in written.parts:
        groups.setdefault((p.src, p.dst), []).extend([p] * p.count)
    have: dict[tuple[str, str], list[Part]] = {}
    for p in legal.parts:
        have.setdefault((p.src, p.dst), []).extend([p] * p.count)
    for key, items in groups.items():
        routes = have.get(key, [])
        if len(routes) != len(items):
            return False
        if all(not p.via and not p.steps for p in items):
            continue
        if not any(all((not w.via or w.via == r.via) and (not w.steps or w.steps == r.steps)
                       for w, r in zip(items, perm)) for perm in set(permutations(routes))):
            return False
    return True


def _take(dice: list[int], steps: int) -> tuple[int, ...] | None:
    """Dice from `dice` adding up to `steps` (one die, or equal dice, or the two dice)."""
    if steps in dice:
        return (steps,)
    if len(set(dice)) == 1 and dice and steps % dice[0] == 0 and steps // dice[0] <= len(dice):
        return (dice[0],) * (steps // dice[0])
    if len(dice) == 2 and sum(dice) == steps:
        return tuple(dice)
    return None


def _dice_fit(lengths: list[int], dice: tuple[int, ...], per_die: bool) -> bool:
    left = list(dice)
    for n in sorted(lengths, reverse=True):
        use = _take(left, n) if not per_die else ((n,) if n in left else None)
        if use is None:
            return False
        for d in use:
            left.remove(d)
    return True


def _dice_text(dice: Sequence[int]) -> str:
    if len(dice) == 4:
        return f"double {dice[0]}"
    return "-".join(str(d) for d in dice) if len(dice) > 1 else f"a {dice[0]}"


def _or_list(values: Sequence[int]) -> str:
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


SAVOY = SavoyGame()
