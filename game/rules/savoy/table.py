"""The table of a position's legal turns (`TurnTable`) and how it is written: each legal turn, found by the
generators as route numbers, becomes a `SavoyMove` whose parts show a route's direction or steps only
where two routes compete for the same cells (`_assemble`).

Also the small machinery of work done in units (`Steps`, `run_steps`): listing the turns of a two-colour
seat can take most of a second, so the generators yield between units of well under a millisecond and a
frame loop spreads them over frames (`SavoyGame.prepare`).
"""

from __future__ import annotations

from functools import cached_property
from heapq import merge
from typing import Generator, Mapping, Sequence, TypeVar

from ..savoy_board import SAVOY_BOARD, SavoyBoard
from .notation import Part, SavoyMove, _route_flags, _single

_PARTS: dict[tuple[SavoyBoard, int, int, bool, bool], tuple[Part, str]] = {}


def _part(number: int, count: int, show_via: bool, show_steps: bool,
          board: SavoyBoard = SAVOY_BOARD) -> tuple[Part, str]:
    """The Part for `count` pieces on route `number` and its text (shared: parts are frozen values)."""
    key = (board, number, count, show_via, show_steps)
    entry = _PARTS.get(key)
    if entry is None:
        src, dst, via, length = board.routes[number]
        cells = board.cells
        part = Part(cells[src], cells[dst], cells[via], length, count, show_via, show_steps)
        entry = _PARTS[key] = (part, str(part))
    return entry


#: the cells a turn changes: (cell, value after) in cell order
CellChanges = tuple[tuple[int, int], ...]


class TurnTable:
    """The legal moves of one state, with what parsing and explaining need (built when first asked)."""

    def __init__(self, moves: list[SavoyMove], max_pips: int, winning: int,
                 ordered: frozenset[SavoyMove] = frozenset(),
                 played: Mapping[SavoyMove, CellChanges] | None = None,
                 ordered_places: Sequence[int] | None = None) -> None:
        self.moves = moves
        self.max_pips = max_pips  # the most pips a board-changing turn can use (0: must pass)
        self.winning = winning  # how many legal moves win at once
        # the moves written in their order of play, because other orders of their parts leave other boards
        # (or none: the board unchanged); the others' parts may be played in any legal order
        self.ordered = ordered
        # the cells a turn changes, where listing found them by playing its parts in order (a seat of two
        # colours whose parts touch a common cell): playing such a turn again is the slow part of applying it
        self.played: Mapping[SavoyMove, CellChanges] = played or {}
        # the places in `moves` of the moves in `ordered` (found from them when not given)
        self.ordered_places = ordered_places

    @cached_property
    def members(self) -> set[SavoyMove]:
        return set(self.moves)

    @cached_property
    def by_cells(self) -> dict[tuple, list[SavoyMove]]:
        run_steps(self.index_steps())
        return self.__dict__["by_cells"]

    @cached_property
    def index(self) -> "PartIndex":
        """What a turn built part by part needs (`SavoyGame.continuations`): see `PartIndex`."""
        run_steps(self.index_steps())
        return self.__dict__["index"]

    def index_steps(self) -> Steps[None]:
        """Builds `index` and `by_cells` in units (a frame loop's, while the dice tumble: a table of 60,000
        turns takes a few tenths of a second)."""
        if "index" in self.__dict__:
            return
        parts: list[Part] = []  # the single-piece parts, by number
        numbers: dict[Part, int] = {}
        singles: list[tuple[int, ...]] = []
        containing: dict[int, list[int]] = {}
        unordered: set[int] = set()
        by_cells: dict[tuple, list[SavoyMove]] = {}
        # a table's parts are shared objects (see `_part`), a few hundred: each one's single-piece part and
        # cells worked out once (hashing a Part, a dataclass, is what takes the time)
        seen: dict[int, tuple[tuple[int, ...], tuple[tuple[str, str], ...]]] = {}
        ordered = self.ordered_places
        if ordered is None:
            ordered = [k for k, m in enumerate(self.moves) if m in self.ordered]
        in_order = set(ordered)
        for k, m in enumerate(self.moves):
            if k % UNIT == UNIT - 1:
                yield
            pieces: tuple[int, ...] = ()
            cells: tuple[tuple[str, str], ...] = ()
            for p in m.parts:
                known = seen.get(id(p))
                if known is None:
                    single = _single(p)
                    number = numbers.setdefault(single, len(parts))
                    if number == len(parts):
                        parts.append(single)
                    known = seen[id(p)] = ((number,) * p.count, ((p.src, p.dst),) * p.count)
                pieces += known[0]
                cells += known[1]
            singles.append(pieces)
            for number in set(pieces):
                containing.setdefault(number, []).append(k)
            if k not in in_order:
                unordered.update(pieces)
            by_cells.setdefault(tuple(sorted(cells)), []).append(m)
        self.__dict__["index"] = PartIndex(parts, numbers, singles, containing, unordered, frozenset(in_order))
        self.__dict__["by_cells"] = by_cells


class PartIndex:
    """The legal turns by their single-piece parts, each part a number (`parts`, `numbers`): each turn's parts
    (`singles`, by its place in the table's moves; a part moving two pieces is there twice), the turns having
    each part (`containing`), the parts of the turns whose parts may be played in any order (`unordered`)
    and the places of the others (`ordered`)."""

    def __init__(self, parts: list[Part], numbers: dict[Part, int], singles: list[tuple[int, ...]],
                 containing: dict[int, list[int]], unordered: set[int], ordered: frozenset[int]) -> None:
        self.parts = parts
        self.numbers = numbers
        self.singles = singles
        self.containing = containing
        self.unordered = frozenset(parts[n] for n in unordered)
        self.ordered = ordered

    def turns_with(self, chosen: Sequence[Part]) -> list[tuple[int, list[Part]]]:
        """The turns having all the single-piece parts `chosen` (as many times as chosen), each with its other
        parts: (its place, those parts). Without `chosen`, only the turns whose order of play matters."""
        parts = self.parts
        if not chosen:
            return [(k, [parts[n] for n in self.singles[k]]) for k in sorted(self.ordered)]
        wanted = [self.numbers.get(part) for part in chosen]
        if None in wanted:
            return []
        places = min((self.containing[n] for n in set(wanted)), key=len)
        found = []
        for k in places:
            rest = list(self.singles[k])
            try:
                for n in wanted:
                    rest.remove(n)
            except ValueError:
                continue
            found.append((k, [parts[n] for n in rest]))
        return found


def _minus_count(item: tuple[int, int]) -> int:
    return -item[1]


def _cells_key(move: SavoyMove) -> tuple:
    return tuple(sorted((p.src, p.dst) for p in move.parts for _ in range(p.count)))


_T = TypeVar("_T")


# Work done in small units: a generator yielding (None) between units and returning its result. Listing
# the turns of a two-colour seat (Savoya for two) can take most of a second on a spread-out double, so
# `build_turn_steps` does it in units of well under a millisecond that a frame loop can spread over frames
# (`SavoyGame.prepare`); `build_turns` runs them all at once.
Steps = Generator[None, None, _T]
#: units of work (trips tried, multisets played, turns written) between two yields
UNIT = 64
#: the same for work a thousand times lighter (a turn looked at, not played)
BIG_UNIT = 1024


def release(items: list | dict) -> Steps[None]:
    """Empty `items` (a listing's working list or dict) a unit at a time: freeing a hundred thousand objects
    at once, as a generator's locals are when it returns, takes tens of milliseconds."""
    while items:
        if isinstance(items, dict):
            for _ in range(min(BIG_UNIT, len(items))):
                items.popitem()
        else:
            del items[-BIG_UNIT:]
        yield


def run_steps(steps: Steps[_T]) -> _T:
    """The result of `steps`, run to the end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


# A legal turn to write: (route numbers, sorted unless the order of play matters, whether they are written
# in that order, whether a route is taken more than once, whether the turn wins)
_Legal = tuple[tuple[int, ...], bool, bool, bool]


def _assemble(legal: Sequence[_Legal], best: int, board: SavoyBoard,
              played: Mapping[int, CellChanges] | None = None) -> Steps[TurnTable]:
    """The table of the `legal` turns, written in notation and sorted by their text; `played` gives the cells
    some of them change (by their place in `legal`: `TurnTable.played`)."""
    routes = board.routes
    # routes that compete for the same from-to decide what the text of their parts must say
    rivals: dict[tuple[int, int], list[int]] = {}
    used: set[int] = set()
    for k, (numbers, _, _, _) in enumerate(legal):
        if k % BIG_UNIT == 0:
            yield
        used.update(numbers)
    for number in used:
        src, dst, _, _ = routes[number]
        rivals.setdefault((src, dst), []).append(number)
    show = {n: _route_flags({(routes[m][2], routes[m][3]) for m in numbers})
            for numbers in rivals.values() for n in numbers}
    text_of = {n: _part(n, 1, *flags, board)[1] for n, flags in show.items()}.__getitem__
    part_of = {n: _part(n, 1, *flags, board)[0] for n, flags in show.items()}.__getitem__
    texts: list[str] = []
    parts: list[tuple[Part, ...]] = []
    winning = 0
    in_order: list[int] = []
    for k, (numbers, ordered, repeated, won) in enumerate(legal):
        if k % UNIT == 0:
            yield
        winning += won
        if ordered:
            in_order.append(k)
        if not repeated:
            texts.append(",".join(map(text_of, numbers)))
            parts.append(tuple(map(part_of, numbers)))
            continue
        # several pieces on one route make one part with a count, written first (the numbers are sorted)
        pairs = _grouped_parts(numbers, show, board, ordered)
        texts.append(",".join([text for _, text in pairs]))
        parts.append(tuple([part for part, _ in pairs]))
    # sorted by text: runs of BIG_UNIT texts sorted a unit each, then merged (tens of thousands of texts sorted
    # at once are tens of milliseconds)
    runs = []
    for k in range(0, len(texts), BIG_UNIT):
        yield
        runs.append(sorted(range(k, min(k + BIG_UNIT, len(texts))), key=texts.__getitem__))
    order = runs[0] if len(runs) == 1 else merge(*runs, key=texts.__getitem__)
    moves: list[SavoyMove] = []
    changes: dict[SavoyMove, CellChanges] = {}
    played = played or {}
    written_in_order = set(in_order)
    places: list[int] = []
    for k, i in enumerate(order):
        if k % BIG_UNIT == 0:
            yield
        move = SavoyMove("turn", parts[i])
        moves.append(move)
        if i in played:
            changes[move] = played[i]
        if i in written_in_order:
            places.append(k)
    ordered = frozenset(SavoyMove("turn", parts[k]) for k in in_order)
    yield from release(texts)
    return TurnTable(moves, best, winning, ordered, changes, places)


def _grouped_parts(numbers: Sequence[int], show: Mapping[int, tuple[bool, bool]], board: SavoyBoard,
                   ordered: bool) -> list[tuple[Part, str]]:
    """The parts (and texts) of a turn's routes: pieces on one route make one part with a count, written
    first; if `ordered`, the routes stay in their order and only runs of one route are merged."""
    if ordered:
        runs: list[list[int]] = []
        for n in numbers:
            if runs and runs[-1][0] == n:
                runs[-1][1] += 1
            else:
                runs.append([n, 1])
        return [_part(n, k, *show[n], board) for n, k in runs]
    counts: dict[int, int] = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    items = sorted(counts.items(), key=_minus_count)
    return [_part(n, k, *show[n], board) for n, k in items]
