"""Two-player Savoya's hardest positions (not a test): a double with the pieces spread out, where a seat of two
colours has 40,000 to 70,000 legal turns.

    .venv/bin/python build/bench_savoya.py [--level 3] [--no-ai] [--positions N]

For each position (`POSITIONS`: the doubles with the most single-die trips met in seeded random games 0-39), in
processor time, so that other programs running do not count, each with the rules' caches empty (a new game
object), as when a person types a move or the computer starts to think:

- listing every legal turn (what a search and the board's tap hints ask for first);
- a typed move read and played (`parse_move`, then `apply`) without the list: a legal one, and refused ones
  (a legal move with its last part one cell off, the same move without its last part (too few pips), ``pass``),
  with the longest refusal and the reason the rules give for it;
- the computer's decision at ``--level`` (default 3), stepped 8 ms at a time as the app does (each step ended as
  the app ends a frame, `game.ai.frames.settle`): its processor time in all (listing the turns included), the
  longest step, the longest unit of work (wall-clock, and in processor time, which leaves out other programs'
  time but not Python's garbage collector), and the move.

Figures depend on the machine and its load; compare runs on the same machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Search, frames  # noqa: E402
from game.rules import RulesError  # noqa: E402
from game.rules.savoya import SavoyaGame  # noqa: E402

#: (seat to move, the double's die, layout): found by listing the turns of every double in the states of
#: seeded random games 0-39 (two players, -maxturns=200) with the most single-die trips (35-38); the first
#: has the most legal turns met (67,579)
POSITIONS = [
    ("Silver", 2, "d6=B g6=R l8=B l9=B l13=R h11=T h10=LB h8=B d3=L d8=T e10=R j3=T j4=T j7=R j11=LL i12=T "
                  "d12=B c12=L b9=L c8=R f8=T f15=R"),
    ("Silver", 1, "a6=RR b6=R c6=R d6=B h6=T l10=LT l12=R h10=T h8=L h4=B d9=T e10=L f10=B j11=LB g12=T d12=B "
                  "c12=R g8=L i8=B m8=L f7=T"),
    ("Gold", 1, "f6=R l10=L l11=L j15=R h3=R e2=T d9=L f10=L g10=B j10=T n10=T j4=L j7=L j11=B i12=B f12=TR "
                "e12=T f8=R g8=T k8=R n7=B f11=B f15=B"),
    ("Gold", 2, "f6=BR g6=R h6=R j6=L h10=L h9=R h4=L d4=R d8=R e10=B i10=B k10=L n10=LT j1=T j5=TT j8=L "
                "e12=B b9=T n5=B k4=T f15=B"),
]


def cpu(call: Callable[[], Any]) -> tuple[float, Any]:
    """The processor seconds `call` takes, and what it returns (or the error it raises)."""
    start = time.process_time()
    try:
        result = call()
    except RulesError as error:
        result = error
    return time.process_time() - start, result


def position(seat: str, die: int, layout: str) -> tuple[SavoyaGame, Any]:
    """A new game object (its caches empty) and the position."""
    game = SavoyaGame()
    return game, game.position(layout, seat, (die, die), {"players": 2})


def typed(seat: str, die: int, layout: str, text: str) -> tuple[float, Any]:
    """`text` read and played in the position with the rules' caches empty: seconds, the state or the error."""
    game, state = position(seat, die, layout)
    return cpu(lambda: game.apply(state, game.parse_move(text, state)))


def near_misses(game: SavoyaGame, move: Any) -> list[str]:
    """Refused texts near a legal move: its last part ending a cell further on, the move without it, pass."""
    board = game.board
    *first, last = str(move).split(",")
    dst = board.cell_id[move.parts[-1].dst]
    off = [",".join([*first, last.split("/")[0].rsplit("-", 1)[0] + "-" + board.cells[c]])
           for c in sorted(board.neighbours[dst])]
    return off[:2] + ([",".join(first)] if first else []) + ["pass"]


def rules_figures(seat: str, die: int, layout: str) -> None:
    game, state = position(seat, die, layout)
    listing, moves = cpu(lambda: game.legal_moves(state))
    move = moves[len(moves) // 2]
    accepted, after = typed(seat, die, layout, str(move))
    ok = "" if not isinstance(after, RulesError) else f" (REFUSED: {after})"
    refusals = [(text, *typed(seat, die, layout, text)) for text in near_misses(game, move)]
    wrong = [text for text, _, result in refusals if not isinstance(result, RulesError)]
    text, slowest, error = max(refusals, key=lambda row: row[1])
    print(f"{seat} {die}-{die}: {len(moves):,} legal turns, listed in {listing:.2f} s; typed and played: "
          f"legal {accepted * 1e3:.0f} ms{ok}, {len(refusals)} refused in {sum(r[1] for r in refusals) * 1e3:.0f} ms, "
          f"longest {slowest * 1e3:.0f} ms ({text!r}: {error})" + (f"; ACCEPTED {wrong}" if wrong else ""),
          flush=True)


def decision(seat: str, die: int, layout: str, level: int) -> None:
    game, state = position(seat, die, layout)
    start = time.process_time()
    search = Search(game, state, level, seed=1)
    longest, steps = time.process_time() - start, 1
    while True:
        step = time.process_time()
        done = search.step(0.008)
        frames.settle()  # as the app ends each frame
        longest, steps = max(longest, time.process_time() - step), steps + 1
        if done:
            break
    report = search.stats()
    print(f"{seat} {die}-{die}: level {level} decides in {time.process_time() - start:.2f} s ({steps} steps of 8 ms, "
          f"longest {longest * 1e3:.0f} ms, longest unit {report['longest_step'] * 1e3:.0f} ms, in processor time "
          f"{report['cpu_longest_step'] * 1e3:.0f} ms): {search.best()}",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", type=int, default=3, choices=(1, 2, 3, 4), help="the computer's level (default 3)")
    parser.add_argument("--no-ai", action="store_true", help="the rules' figures only")
    parser.add_argument("--positions", type=int, default=len(POSITIONS), metavar="N",
                        help=f"the first N positions only (default all {len(POSITIONS)})")
    args = parser.parse_args(argv)
    positions = POSITIONS[:max(1, args.positions)]
    print(f"Python {sys.version.split()[0]}; processor seconds, caches empty")
    for seat, die, layout in positions:
        rules_figures(seat, die, layout)
    if not args.no_ai:
        for seat, die, layout in positions:
            decision(seat, die, layout, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
