"""The garbage collector and a search stepped a slice per frame.

A decision at the higher levels keeps 100,000 to 200,000 objects alive for a second or two: two-player
Savoya's table of legal turns (a `SavoyMove` and its tuple of parts for each of up to 67,579 turns) and
the boards judged. CPython's full collections walk every live object the collector tracks: with those
alive, 40-100 ms in whatever frame one falls (two to six falls in one decision, measured on
build/bench_savoya.py's positions), and in the browser's WebAssembly slower still.

So a frame loop hosting a search (the app's `App.step`, and the benchmarks that stand in for it)
calls `settle` at the end of each frame: the young garbage is collected (the objects made since the
last call), and the survivors are frozen (`gc.freeze`), which sets them aside from every later
collection. The collector then only ever walks what one frame made. Frozen objects are still freed by
reference counting as usual; what freezing can keep alive is a reference cycle frozen while in use
and dropped later (a screen closed, for one): `thaw` puts everything back, collects it all once and
freezes what lives. The host calls it where the pause of one full collection is acceptable (the app:
after a screen was closed, at the first quiet moment, when no screen is working and nothing was pressed for
half a second: it walks everything that lives, 12-40 ms on leaving a game, and over 100 ms while
two-player Savoya's computer thinks about a spread-out double).

The engines make no reference cycles in their work (tests/test_ai_work.py checks that a decision
leaves none), so during a search `settle` finds nothing to free and `thaw` finds only the host's own.
"""

from __future__ import annotations

import gc


def settle() -> int:
    """End of a frame: collect what the last frames left as garbage (the young generations, which hold
    everything made since the last call), then freeze the survivors. The number of objects freed."""
    found = gc.collect(1)
    gc.freeze()
    return found


def thaw() -> int:
    """Put the frozen objects back, collect everything once (a full collection: its pause grows with
    what lives), and freeze the survivors again. The number of objects freed."""
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found
