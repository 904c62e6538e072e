"""Dice and single trips: how one piece can use some of the dice (`_dice_uses`), the trips a piece can
make legal on their own (`trip_options`, `Trip`), how the dice are shared out among trips (`_take`,
`_dice_fit`), and whether a seat can move at all (`can_move`, `dead_position`).

A trip is one piece's straight run along one ray of its cell (one strand, one direction, never past an
end); under the default reading every point where one of its dice ends must be a legal landing. Trips are
numbered per board (`SavoyBoard.route_number`): the generators work with these numbers, and a turn's
canonical order is theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator, Sequence

from ..savoy_board import RAYS, SAVOY_BOARD, SavoyBoard
from .stacks import stacks_of

ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
TripKey = tuple[int, int, int]  # (source cell, ray of that cell, length)

def _budget(dice: tuple[int, ...]) -> tuple[int, ...]:
    """How many dice of each value (values in increasing order), as `_dice_uses` counts them."""
    values = sorted(set(dice))
    return tuple(dice.count(v) for v in values)


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
        """The first cell stepped onto (on Savoy's board; elsewhere ``board.rays[src][ray][2][0]``)."""
        return RAYS[self.src][self.ray][2][0]


def _trips_from(c: int, land: Sequence[bool], uses: tuple, check_stops: bool,
                rays: Sequence[Sequence[tuple[int, int, tuple[int, ...]]]] = RAYS,
                ) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """(ray, length, dst, dice used) of every trip from cell c legal on its own (see trip_options)."""
    for r, (_, _, ray) in enumerate(rays[c]):
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
                 land: Sequence[bool] | None = None, sources: Iterable[int] | None = None,
                 board: SavoyBoard = SAVOY_BOARD) -> list[Trip]:
    """Every single trip of one piece of colour `me` (in Savoy, the player) with some of the dice, legal on
    its own."""
    stacks = stacks_of(board)
    land = stacks.landable(cells, me) if land is None else land
    uses = _dice_uses(dice, mode == "dice")
    check_stops = mode == "checked"
    free = stacks.free
    return [Trip(c, r, length, dst, used)
            for c in (range(len(cells)) if sources is None else sources) if free(cells[c], me)
            for r, length, dst, used in _trips_from(c, land, uses, check_stops, board.rays)]


# ROUTE_NUMBER[cell][ray][length - 1]: the trip's number; ROUTES[number] = (src, dst, via, length)
# (Savoy's board; every board numbers its routes so, see SavoyBoard)
ROUTE_NUMBER, ROUTES = SAVOY_BOARD.route_number, SAVOY_BOARD.routes
# 8 ** cell. A turn has at most 4 trips, so the sum of WEIGHT[dst] - WEIGHT[src] over them (base 8,
# digits -4..4) is zero only when the cells left and the cells reached are the same: the board is unchanged
WEIGHT: tuple[int, ...] = SAVOY_BOARD.weight


def can_move(cells: tuple[int, ...], me: int, dice: tuple[int, ...], mode: str,
             board: SavoyBoard = SAVOY_BOARD) -> bool:
    """Whether colour `me` has any board-changing turn with `dice` (cheap: no full enumeration)."""
    if mode == "jump":  # a long trip may jump where no single die can land
        return bool(trip_options(cells, me, dice, mode, board=board))
    # With intermediate stops checked (or per die), a turn exists iff one die can be played.
    land = stacks_of(board).landable(cells, me)
    return any(trip_options(cells, me, (d,), mode, land, board=board) for d in sorted(set(dice)))


def dead_position(cells: tuple[int, ...], mode: str, board: SavoyBoard = SAVOY_BOARD) -> bool:
    """No player has a legal turn for any of the 21 rolls."""
    for me in range(len(board.colours)):
        for roll in ROLLS:
            dice = roll if roll[0] != roll[1] else roll * 2
            if can_move(cells, me, dice, mode, board):
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
