"""Why a turn is refused: `explain` names the first rule a written turn breaks (no piece there, a pinned
piece, no straight route, a blocked landing or die's stop, the dice, the board unchanged, the most pips),
in a sentence that quotes the turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from ..errors import IllegalMoveError
from ..reading import quote
from .legality import written_readings
from .notation import SavoyMove, _dice_text, _or_list
from .readings import as_written
from .stacks import stacks_of
from .state import SavoyState
from .trips import _dice_fit, _dice_uses
from .turns_two_colours import _in_written_order, all_orders, play_order


#: the most pips a board-changing turn can use in the position, and a turn using them (None: none); asked
#: only when a refusal comes down to the pips (for a seat of two colours it is a search)
BestTurn = Callable[[], tuple[int, SavoyMove | None]]


def refusal(state: SavoyState, move: SavoyMove, best_turn: BestTurn) -> IllegalMoveError:
    """Why a turn that is not among the legal moves is refused. Every rule but the most pips is checked on
    the turn alone; for the most pips, `best_turn` says what can be done."""
    me, rules = state.to_move, state.rules
    board = rules.board
    stacks = stacks_of(board)
    cell_id, cells, rays, letters = board.cell_id, board.cells, board.rays, board.colours
    colours = rules.seats[me]
    dice = state.dice
    mode = rules.trips
    if len(colours) > 1:
        why = _order_refusal(state, move, best_turn)
        if why is not None:
            return why
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
        top, _, pinned = stacks.layers(v)
        if pinned in colours and top in colours:  # the seat's piece pinned under its other colour: freed in turn
            free += 1
            who = "of its"
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
    best, example = best_turn()
    if pips < best:
        return IllegalMoveError(_max_pips_reason(state, move, pips, best, example), "max_pips")
    if mode == "dice":
        return IllegalMoveError(
            f"{move}: the steps cannot be played one die at a time in any order (a piece must be on the cell "
            "when its step begins)", "order")
    return IllegalMoveError(f"{move} is not a legal move here", "illegal")


def _max_pips_reason(state: SavoyState, move: SavoyMove, pips: int, best: int, example: SavoyMove | None) -> str:
    dice = state.dice
    if len(set(dice)) == 2 and best == max(dice) and pips == min(dice):
        return (f"{move}: only one die can be played, so it must be the larger ({max(dice)}), e.g. {example}")
    return (f"{move} uses {pips} pips, but {best} can be used with {_dice_text(dice)} and the most possible "
            f"must be used, e.g. {example}")


def _order_refusal(state: SavoyState, move: SavoyMove, best_turn: BestTurn) -> IllegalMoveError | None:
    """Why the turn of a seat moving several colours is refused when its parts can be played in some order
    (one after another, each on the board the ones before it left): the board they leave, or the pips.
    None when no order plays them: the checks part by part say why."""
    rules, cells = state.rules, state.cells
    board, colours, dice = rules.board, rules.seats[state.to_move], state.dice
    playable = []
    for trips in written_readings(move, board):
        if _dice_fit([length for _, _, length in trips], dice, rules.trips == "dice"):
            results = all_orders(cells, colours, dice, rules, trips)
            if results:
                playable.append((trips, results))
    if not playable:
        return None
    for trips, results in playable:
        if play_order(cells, colours, dice, rules, _in_written_order(move, trips, board)) == cells:
            changing = [order for after, order in results.items() if after != cells]
            hint = (f"; played as {as_written(move, changing[0], board, ordered=True)} it changes the board"
                    if changing else "")
            return IllegalMoveError(f"{move}: played in the order written, the turn leaves the board as it was, and "
                                    f"a turn must change the board{hint}", "no_change")
    if all(set(results) == {cells} for _, results in playable):
        return IllegalMoveError(f"{move}: the turn must change the board, and in every order its parts can be "
                                "played they leave it as it was", "no_change")
    pips = max(sum(length for _, _, length in trips) for trips, _ in playable)
    best, example = best_turn()
    if pips < best:
        return IllegalMoveError(_max_pips_reason(state, move, pips, best, example), "max_pips")
    return None
