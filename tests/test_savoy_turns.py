"""The fast Savoy turn generator (game/rules/savoy.py, build_turns) against a slow, straightforward one.

The reference below is the generator as it was before it was made fast: every trip of every piece
listed, every multiset of trips (or, under -trips=dice, every order of single-die steps, applied to
the board one at a time), the filters written as the rules say them, each move's text from its parts,
and the moves sorted by text. The two must agree exactly (the same moves, with the same text, in the
same order, and the same most-pips figure) for every roll in positions from seeded random games of
every option set. test_savoy_reference.py checks the sets of trips against an independent brute force.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.playout import random_game
from game.rules.savoy import (
    PASS, ROLLS, SAVOY, Part, SavoyMove, _dice_uses, _home_count, _landable, _mine, apply_net, turn_boards,
)
from game.rules.savoy_board import CELLS, HOMES, RAYS


def reference_trips(cells, me, dice, mode, land):
    """(src, first cell, length, dst, dice used per distinct value) of each trip legal on its own."""
    found = []
    for c, v in enumerate(cells):
        if not _mine(v, me):
            continue
        for _, _, ray in RAYS[c]:
            for used, length, stop_sets in _dice_uses(dice, mode == "dice"):
                if length > len(ray):
                    continue
                dst = ray[length - 1]
                if not land[dst] or dst == c:
                    continue
                if mode == "checked" and stop_sets and not any(
                        all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                    continue
                found.append((c, ray[0], length, dst, used))
    return found


def per_piece(cells, me, dice, mode):
    """Every multiset of trips, one per piece, the dice pay for."""
    trips = reference_trips(cells, me, dice, mode, _landable(cells, me))
    budget = tuple(dice.count(v) for v in sorted(set(dice)))
    found = []

    def extend(start, chosen, left):
        for i in range(start, len(trips)):
            trip = trips[i]
            rest = tuple(b - u for b, u in zip(left, trip[4]))
            if min(rest) < 0 or sum(1 for t in chosen if t[0] == trip[0]) >= _mine(cells[trip[0]], me):
                continue
            found.append(chosen + [trip])
            extend(i, chosen + [trip], rest)

    extend(0, [], budget)
    return found


def per_die(cells, me, dice, pinned_away):
    """Every set of single-die steps playable one after another (a piece may step again)."""
    land = _landable(cells, me)
    total = _home_count(cells, me, pinned_away)[1]
    found, seen = [], set()

    def extend(board, left, steps):
        for d in sorted(set(left)):
            rest = list(left)
            rest.remove(d)
            for trip in reference_trips(board, me, (d,), "dice", land):
                now = sorted(steps + [trip])
                key = tuple((t[0], t[1], t[2]) for t in now)
                if key in seen:
                    continue
                seen.add(key)
                found.append(now)
                after = apply_net(board, me, {trip[0]: -1, trip[3]: 1})
                if rest and _home_count(after, me, pinned_away)[0] < total:
                    extend(after, rest, now)

    extend(tuple(cells), list(dice), [])
    return found


def reference_turns(cells, me, dice, rules):
    """The legal turns sorted by text, the most pips a board-changing turn uses, how many turns win."""
    if rules.trips == "dice":
        combos = per_die(cells, me, dice, rules.pinned_away)
    else:
        combos = per_piece(cells, me, dice, rules.trips)
    home, total = _home_count(cells, me, rules.pinned_away)
    kept = []
    for combo in combos:
        if sorted(t[0] for t in combo) == sorted(t[3] for t in combo):
            continue  # the board would not change
        pips = sum(t[2] for t in combo)
        gained = sum((t[3] in HOMES[me]) - (t[0] in HOMES[me]) for t in combo)
        kept.append((combo, pips, home + gained == total))
    best = max((pips for _, pips, _ in kept), default=0)
    chosen = [combo for combo, pips, wins in kept if pips == best or wins]
    winning = sum(1 for _, pips, wins in kept if wins)
    routes = {}
    for combo in chosen:
        for src, via, length, dst, _ in combo:
            routes.setdefault((src, dst), set()).add((via, length))
    moves = []
    for combo in chosen:
        parts = []
        for src, via, length, dst, _ in combo:
            rivals = routes[(src, dst)]
            if len(rivals) == 1:
                show = (False, False)
            elif len({n for _, n in rivals}) == len(rivals):
                show = (False, True)
            elif len({v for v, _ in rivals}) == len(rivals):
                show = (True, False)
            else:
                show = (True, True)
            parts.append(Part(CELLS[src], CELLS[dst], CELLS[via], length, 1, *show))
        moves.append(SavoyMove.turn(parts))
    return sorted(moves, key=str), best, winning


OPTION_SETS = [
    {}, {"stack": 1}, {"stack": 2}, {"stack": 3}, {"stack": 15}, {"even": 6}, {"even": 15}, {"step": 9},
    {"step": 6, "steptall": "near"}, {"trips": "jump"}, {"stack": 3, "trips": "jump"}, {"trips": "dice"},
    {"stack": 2, "trips": "dice"}, {"pinnedaway": True}, {"stack": 3, "pinnedaway": True, "trips": "dice"},
]
POSITIONS = 5  # per game, spread over it; two games per option set


def rolls_of(state):
    if state.dice:
        return [state.dice]
    if state.opening:
        return [(d,) for d in range(1, 7)]
    return [roll if roll[0] != roll[1] else roll * 2 for roll in ROLLS]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: " ".join(SAVOY.flags(SAVOY.check_options(o))) or "default")
def test_fast_generator_matches_the_reference(options):
    compared = 0
    for seed in range(2):
        history = random_game(SAVOY, dict(options, maxturns=50), seed)
        states = [state for state in history.states if not state.over]
        for state in states[::len(states) // POSITIONS + 1]:
            for dice in rolls_of(state):
                here = replace(state, dice=dice, opening=False)
                expected, best, winning = reference_turns(state.cells, state.to_move, dice, state.rules)
                expected = expected or [PASS]
                legal = SAVOY.legal_moves(here)
                assert [str(m) for m in legal] == [str(m) for m in expected]
                assert legal == expected
                table = SAVOY.table(here)
                assert (table.max_pips, table.winning) == (best, winning)
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: " ".join(SAVOY.flags(SAVOY.check_options(o))) or "default")
def test_turn_boards_are_the_boards_the_legal_turns_lead_to(options):
    """turn_boards (what the computer searches) skips writing turns in notation: it must still give the
    boards of exactly the legal turns, each once, and say when one wins."""
    compared = 0
    for seed in range(2):
        history = random_game(SAVOY, dict(options, maxturns=50), seed + 10)
        states = [state for state in history.states if not state.over]
        for state in states[::len(states) // POSITIONS + 1]:
            for dice in rolls_of(state):
                here = replace(state, dice=dice, opening=False)
                boards, winning = turn_boards(state.cells, state.to_move, dice, state.rules)
                legal = [m for m in SAVOY.legal_moves(here) if m != PASS]
                expected = {SAVOY.apply(here, m).cells for m in legal}
                assert len(boards) == len(set(boards)) == len(expected)
                assert set(boards) == expected
                assert winning == any(SAVOY.apply(here, m).over for m in legal)
                compared += 1
    assert compared > 50
