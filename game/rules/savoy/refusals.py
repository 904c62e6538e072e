"""Why a turn is refused: `explain` names the first rule a written turn breaks (no piece there, a pinned
piece, no straight route, a blocked landing or die's stop, the dice, the board unchanged, the most pips),
in a sentence that quotes the turn.
"""

from __future__ import annotations

from collections import Counter

from ..errors import IllegalMoveError
from ..reading import quote
from .notation import SavoyMove, _dice_text, _or_list
from .stacks import stacks_of
from .state import SavoyState
from .table import TurnTable
from .trips import _dice_fit, _dice_uses


def refusal(state: SavoyState, move: SavoyMove, table: TurnTable) -> IllegalMoveError:
    """Why a turn that is not among the legal moves is refused."""
    me, rules = state.to_move, state.rules
    board = rules.board
    stacks = stacks_of(board)
    cell_id, cells, rays, letters = board.cell_id, board.cells, board.rays, board.colours
    colours = rules.seats[me]
    dice = state.dice
    mode = rules.trips
    # each part moves a piece of the seat's colour on top of its source (the seat's first colour if none)
    colour_of = {p.src: next((c for c in colours if stacks.free(state.cells[cell_id[p.src]], c)), colours[0])
                 for p in move.parts}
    lands = {c: stacks.landable(state.cells, c) for c in colours}
    sources = Counter(p.src for p in move.parts for _ in range(p.count))
    for src, n in sources.items():
        v = state.cells[cell_id[src]]
        colour = colour_of[src]
        who = letters[colour]
        free = stacks.free(v, colour)
        if not free:
            pinned = next((c for c in colours if stacks.pieces(v, c)[1]), None)
            if pinned is not None:
                top = stacks.layers(v)[0]
                return IllegalMoveError(f"{move}: the {letters[pinned]} piece on {src} is pinned by "
                                        f"{letters[top]} and cannot move until every piece on top has left",
                                        "pinned")
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
        src, dst = cell_id[p.src], cell_id[p.dst]
        land = lands[colour_of[p.src]]
        routes = [(r, k + 1) for r, (_, _, ray) in enumerate(rays[src]) for k, c in enumerate(ray) if c == dst
                  and (not p.via or ray[0] == cell_id[p.via]) and (not p.steps or k + 1 == p.steps)]
        label = f"{p.src}-{p.dst}"
        if not routes:
            if any(c == dst for ray in rays[src] for c in ray):
                return IllegalMoveError(f"{move}: no route from {p.src} to {p.dst} fits {quote(str(p))}",
                                        "no_route")
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
                f"{move}: {p.dst} holds {stacks.text(state.cells[dst], letters)}: a piece may not land on a "
                f"stack of two or more topped by {'the other' if len(letters) == 2 else 'another'} colour "
                "(it may jump over it)", "blocked")
        good = None
        for r, n in fitting:
            ray = rays[src][r][2]
            if mode != "checked":
                good = n
                break
            stop_sets = [s for u, length, s in _dice_uses(dice, False) if length == n][0]
            if not stop_sets or any(all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                good = n
                break
        if good is None:
            r, n = fitting[0]
            ray = rays[src][r][2]
            stops = sorted({s for u, length, sets in _dice_uses(dice, False) if length == n
                            for ss in sets for s in ss})
            blocked = ", ".join(f"{cells[ray[s - 1]]} (after {s})" for s in stops if not land[ray[s - 1]])
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
        return IllegalMoveError(_max_pips_reason(state, move, pips, table), "max_pips")
    if mode == "dice":
        return IllegalMoveError(
            f"{move}: the steps cannot be played one die at a time in any order (a piece must be on the cell "
            "when its step begins)", "order")
    return IllegalMoveError(f"{move} is not a legal move here", "illegal")



def _max_pips_reason(state: SavoyState, move: SavoyMove, pips: int, table: TurnTable) -> str:
    dice = state.dice
    best = table.max_pips
    example = next((m for m in table.moves if m.pips == best), table.moves[0])
    if len(set(dice)) == 2 and best == max(dice) and pips == min(dice):
        return (f"{move}: only one die can be played, so it must be the larger ({max(dice)}), e.g. {example}")
    return (f"{move} uses {pips} pips, but {best} can be used with {_dice_text(dice)} and the most possible "
            f"must be used, e.g. {example}")

