"""Savoy's notation: the parts of a turn (`Part`), a move (`SavoyMove`: a turn, a roll or ``pass``),
reading a move's text on a board (`parse_move_text`), and the small pieces of writing moves and dice
that the rest of the package shares (which route qualifiers a part must show, dice as words).

A turn's text lists its parts separated by commas, ``a4-c4,g4-h4``; ``3xg7-j7`` moves three pieces along
one route; ``/l6`` (the first cell stepped onto) and ``/9`` (the steps) name a route where the cells alone
do not. Parts are kept in a canonical order (most pieces first, then by cell), so two texts listing the
same parts in another order are the same move, except where a seat moving two colours plays its parts in
an order that matters (Savoya for two; see turns_two_colours.py): then the written order is kept.

>>> str(SavoyMove.parse("3xg7-j7,e4-b4"))
'3xg7-j7,e4-b4'
>>> str(SavoyMove.parse("e4-b4, 3xG7-J7"))
'3xg7-j7,e4-b4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Literal, Sequence

from ..errors import NotationError
from ..reading import excerpt, quote, show_number, whole_number
from ..savoy_board import SAVOY_BOARD, SavoyBoard, cell_key

# cells in notation order (column, then row): the canonical order of a move's parts
NAME_RANK: dict[str, int] = SAVOY_BOARD.name_rank
RANK: tuple[int, ...] = SAVOY_BOARD.rank


_PART_RE = re.compile(r"^(?:([0-9]+)x)?([a-z][0-9]{1,2})-([a-z][0-9]{1,2})((?:/[a-z0-9]+)*)$", re.ASCII)
_ROLL_RE = re.compile(r"^roll:([0-9]+(?:,[0-9]+)*)$", re.ASCII)
#: A turn uses at most four dice (a double), each piece at least one: so at most four pieces move,
#: each at most 24 steps.
MAX_TRIPS = 4
MAX_STEPS = 24
TRIPS_LIMIT = "a turn moves at most four pieces (one for each die of a double)"


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
        return (-self.count, cell_key(self.src), cell_key(self.dst), cell_key(self.via) if self.via else ("", -1),
                self.steps)


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
        return parse_move_text(text)


def parse_move_text(text: str, board: SavoyBoard = SAVOY_BOARD, ordered: bool = False) -> SavoyMove:
    """Read a move's text on `board` (any case); raises NotationError naming what is wrong.

    The parts of a turn are put in canonical order, unless `ordered`: then they stay as written (where
    the order of play changes the board, see `build_turns`), equal routes merged at their first place.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
    word = "".join(text.split()).lower()
    if not word:
        raise NotationError("an empty move: write parts like a4-c4,g4-h4, a roll like roll:3,5, or pass",
                            "notation")
    if word == "pass":
        return PASS_MOVE
    if word.startswith("roll"):
        match = _ROLL_RE.match(word)
        if not match:
            raise NotationError(f"{quote(text)} is not a roll: write it as roll:3,5 (two dice, 1 to 6)",
                                "notation")
        values = match.group(1).split(",")
        most = max(board.seats)
        if len(values) != 2 and not 2 <= len(values) <= most:
            raise NotationError(f"{quote(text)}: a roll is two dice, as in roll:3,5"
                                + (f", or one die per player for the opening roll ({most} at most)"
                                   if most > 2 else ""), "notation")
        dice = tuple(whole_number(d) or 0 for d in values)
        for d in dice:
            if not 1 <= d <= 6:
                raise NotationError(f"{quote(text)}: a die shows 1 to 6, not {show_number(d)}", "notation")
        return SavoyMove("roll", dice=dice)
    pieces = word.split(",")
    if len(pieces) > MAX_TRIPS:
        raise NotationError(f"{quote(text)} has {len(pieces)} parts: {TRIPS_LIMIT}", "notation")
    parts = []
    for piece in pieces:
        match = _PART_RE.match(piece)
        if not match:
            raise NotationError(
                f"{quote(piece or text)} is not a {board.title} move: write from-to cells (a4-c4), parts separated by "
                "commas (a4-c4,g4-h4), several pieces on one route as 3xg7-j7, or pass",
                "notation",
            )
        count_text, src, dst, quals = match.groups()
        count = whole_number(count_text) if count_text else 1
        if not count or count < 1:
            raise NotationError(f"{quote(piece)}: the number of pieces must be at least 1", "notation")
        if count > MAX_TRIPS:
            raise NotationError(f"{quote(piece)} moves {show_number(count)} pieces: {TRIPS_LIMIT}", "notation")
        for cell in (src, dst):
            _check_cell(cell, piece, board)
        via, steps = "", 0
        for qual in filter(None, quals.split("/")):
            if qual.isdigit():
                if steps:
                    raise NotationError(f"{quote(piece)} gives the number of steps twice", "notation")
                steps = whole_number(qual) or 0
                if not 1 <= steps <= MAX_STEPS:
                    raise NotationError(
                        f"{quote(piece)}: a route has 1 to {MAX_STEPS} steps (four dice of 6 at most)", "notation")
            else:
                _check_cell(qual, piece, board)
                if via:
                    raise NotationError(f"{quote(piece)} gives the direction twice", "notation")
                if board.cell_id[qual] not in board.ray_by_first[board.cell_id[src]]:
                    raise NotationError(
                        f"{quote(piece)}: {qual} is not next to {src} along the path, so it cannot name a "
                        f"direction (from {src} a piece can step to "
                        f"{_names(board.ray_by_first[board.cell_id[src]], board)})",
                        "notation")
                via = qual
        if src == dst and not steps:
            raise NotationError(f"{quote(piece)} does not move: the two cells are the same", "notation")
        parts.append(Part(src, dst, via, steps, count, bool(via), bool(steps)))
    if sum(p.count for p in parts) > MAX_TRIPS:
        raise NotationError(f"{quote(text)} moves {sum(p.count for p in parts)} pieces: {TRIPS_LIMIT}",
                            "notation")
    return SavoyMove("turn", _group(parts, ordered))


PASS = SavoyMove("pass")
PASS_MOVE = PASS


def well_formed(move: SavoyMove, board: SavoyBoard) -> SavoyMove:
    """`move` as a move of `board`: a turn is the value its text, every route qualifier shown, reads back as
    (its parts in the order given, each part's text flags kept); a roll's dice must be whole numbers (their
    values are the rules' to judge). A move object built elsewhere may not be one: another board's (a Savoya
    move given to Savoy: the error names the cell), or one with a bad count, cell, route or dice, is refused
    with a NotationError quoting it before any rule looks inside it."""
    try:
        if move.kind == "pass":
            return PASS_MOVE
        if move.kind == "roll":
            dice = tuple(move.dice)
            if all(type(d) is int for d in dice):
                return SavoyMove("roll", dice=dice)
            raise ValueError(dice)
        if move.kind != "turn":
            raise ValueError(move.kind)
        text = ",".join(str(Part(p.src, p.dst, p.via, p.steps, p.count, True, True)) for p in move.parts)
        again = parse_move_text(text, board, ordered=True)
        routes = [(p.src, p.dst, p.via, p.steps) for p in move.parts for _ in range(p.count)]
        if routes == [(p.src, p.dst, p.via, p.steps) for p in again.parts for _ in range(p.count)]:
            flags = {(p.src, p.dst, p.via, p.steps): (bool(p.show_via), bool(p.show_steps)) for p in move.parts}
            return SavoyMove("turn", tuple(Part(p.src, p.dst, p.via, p.steps, p.count,
                                                *flags[(p.src, p.dst, p.via, p.steps)]) for p in again.parts))
    except NotationError:
        raise
    except Exception:  # whatever a malformed object raises when read
        pass
    raise NotationError(f"{quote(move)} is not a well-formed {board.title} move", "notation")


def _check_cell(cell: str, context: str, board: SavoyBoard = SAVOY_BOARD) -> None:
    if cell not in board.cell_id:
        if board is SAVOY_BOARD:
            where = ("the path runs a4 ... j4, k5, l6, l7, l8, k9, j10, i9, h8 ... h3, g2, f1, e2, d3, d4, d5, e6, "
                     "f7 ... o7")
        else:
            where = (f"columns a-{chr(ord('a') + board.width - 1)}, rows 1-{board.height}; the strands run "
                     + "; ".join(f"{strand[0]} ... {strand[-1]}" for strand in board.strands))
        raise NotationError(
            f"{quote(context)}: there is no cell {excerpt(cell)} on the {board.title} board ({where})", "off_board")


def _names(cells: Iterable[int], board: SavoyBoard = SAVOY_BOARD) -> str:
    return ", ".join(sorted((board.cells[c] for c in cells), key=cell_key))


def _group(parts: Iterable[Part], ordered: bool = False) -> tuple[Part, ...]:
    """Merge equal routes into one part with a count; canonical order (if `ordered`: the order given, only
    runs of one route merged)."""
    if ordered:
        runs: list[Part] = []
        for p in parts:
            if runs and (runs[-1].src, runs[-1].dst, runs[-1].via, runs[-1].steps) == (p.src, p.dst, p.via, p.steps):
                last = runs[-1]
                runs[-1] = Part(p.src, p.dst, p.via, p.steps, last.count + p.count, last.show_via or p.show_via,
                                last.show_steps or p.show_steps)
            else:
                runs.append(p)
        return tuple(runs)
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


def _route_flags(routes: set[tuple[int, int]]) -> tuple[bool, bool]:
    """Whether a part must show its direction and/or its steps, given the (first cell, steps) routes that
    compete for its two cells: the steps when they tell the routes apart, else the direction, else both."""
    if len(routes) == 1:
        return False, False
    if len({length for _, length in routes}) == len(routes):
        return False, True
    if len({via for via, _ in routes}) == len(routes):
        return True, False
    return True, True


def _single(p: Part) -> Part:
    return Part(p.src, p.dst, p.via, p.steps, 1, p.show_via, p.show_steps)


def _parts_fit(move: SavoyMove, wanted: Sequence[Part]) -> bool:
    """Whether `move`'s pieces can be matched one to one with the written single-piece parts `wanted` (same
    cells, and the route's first cell and steps where written)."""
    have = [_single(p) for p in move.parts for _ in range(p.count)]

    def match(i: int, free: list[Part]) -> bool:
        if i == len(wanted):
            return True
        w = wanted[i]
        for k, h in enumerate(free):
            if (h.src, h.dst) == (w.src, w.dst) and (not w.via or w.via == h.via) and (
                    not w.steps or w.steps == h.steps) and match(i + 1, free[:k] + free[k + 1:]):
                return True
        return False

    fit = len(have) == len(wanted) and match(0, have)
    del match  # (it refers to itself through its closure: a reference cycle otherwise, left for the garbage collector)
    return fit


def _dice_text(dice: Sequence[int]) -> str:
    if len(dice) == 4:
        return f"double {dice[0]}"
    return "-".join(str(d) for d in dice) if len(dice) > 1 else f"a {dice[0]}"


def _or_list(values: Sequence[int]) -> str:
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]
