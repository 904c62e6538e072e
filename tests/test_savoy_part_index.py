"""The turn built part by part on the board (`continuations`, `completed`) reads the table's index of turns by
their parts (`TurnTable.index`), held here to the plain scan of every legal turn it replaced.

The scan took 1.4-1.8 s on two-player Savoya's spread-out doubles (50,000-70,000 turns), in the frame after
every tap on the board; with the index, built while the dice tumble (`SavoyGame.prepare_play`, a unit at a
time), a tap takes milliseconds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules.playout import random_game
from game.rules.savoy import SAVOY, Part
from game.rules.savoy.notation import _single
from game.rules.savoy.table import _cells_key, run_steps
from game.rules.savoya import SAVOYA

# issue 20's positions: a piece pinned under its own seat's other colour, and a double (turns written in
# their order of play)
PINNED = [("j2=BBBB j5=B a6=RRRRRR o10=LLLLLL j11=BT d12=T f14=TTTT", "Silver", (6, 6)),
          ("j1=TTTTTT j2=R a6=RRRR f6=L j6=RL o10=LLLL f15=BBBBBB", "Gold", (4, 4))]


def scanned_continuations(game, state, chosen):
    """The scan the index replaced: every legal turn looked at."""
    want = Counter(_single(p) for p in chosen)
    table = game.table(state)
    nxt: set[Part] = set()
    for m in table.moves:
        have = Counter(_single(p) for p in m.parts for _ in range(p.count))
        if all(have[k] >= n for k, n in want.items()):
            if m in table.ordered:
                nxt.update(k for k in have - want if k not in nxt and game._in_order(state, m, [*chosen, k]))
            else:
                nxt.update(have - want)
    return sorted(nxt, key=Part.sort_key)


def positions(game, options, seeds, plies=60):
    """States with dice to play from seeded random games (every third one)."""
    found = []
    for seed in seeds:
        history = random_game(game, {**game.playout_options, **options}, seed, max_moves=plies)
        found += [s for s in history.states[::3] if not s.over and s.dice and not s.opening][:6]
    return found


CASES = {
    "savoy": lambda: positions(SAVOY, {}, range(4)),
    "savoya for two": lambda: positions(SAVOYA, {"players": 2}, range(4))
    + [SAVOYA.position(layout, seat, dice, {"players": 2}) for layout, seat, dice in PINNED],
    "savoya for three": lambda: positions(SAVOYA, {"players": 3}, range(3)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_parts_offered_are_those_a_scan_of_every_turn_offers(case):
    game = SAVOYA if case.startswith("savoya") else SAVOY
    rng = random.Random(3)
    checked = ordered = 0
    for state in CASES[case]():
        table = game.table(state)
        ordered += bool(table.ordered)
        assert table.by_cells == {key: [m for m in table.moves if _cells_key(m) == key]
                                  for key in dict.fromkeys(map(_cells_key, table.moves))}
        for _ in range(2):  # two walks through the turn, a part at a time
            chosen: list[Part] = []
            while True:
                offered = game.continuations(state, chosen)
                assert offered == scanned_continuations(game, state, chosen), (str(state), chosen)
                checked += 1
                done = game.completed(state, chosen) if chosen else None
                if done is not None:
                    assert done in table.members
                if not offered:
                    break
                chosen.append(rng.choice(offered))
            # a part no turn has: nothing offered
            assert game.continuations(state, [*chosen, Part("a1", "a2", "a2", 1)]) == []
    assert checked > 40
    if case == "savoya for two":
        assert ordered  # turns whose order of play matters were among them


def test_the_index_is_built_in_small_units_while_the_dice_tumble():
    """`prepare_play` lists the turns and builds the index a unit at a time; `continuations` then finds both."""
    game = type(SAVOYA)()
    state = game.position(*PINNED[0][:1], PINNED[0][1], PINNED[0][2], {"players": 2})
    units = sum(1 for _ in game.prepare_play(state))
    table = game.table(state)
    assert units > 1 and "index" in table.__dict__ and "by_cells" in table.__dict__
    assert run_steps(table.index_steps()) is None  # (built once)
    assert game.continuations(state, []) == scanned_continuations(game, state, [])
