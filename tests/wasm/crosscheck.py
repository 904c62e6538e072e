"""The Python side of the WebAssembly cross-check: the same code runs in CPython and in Pyodide.

`run(plan)` plays seeded random games of every game in `game.rules.GAMES`, for
option sets derived from each game's OPTIONS (and VARIANT_OPTIONS), and returns plain JSON-able data
(records, scores, winners, final positions). tests/test_wasm.py runs it once in
the test's own CPython and once in Pyodide (headless Chromium, and Node) and
asserts both answers are identical.

Standard library only; it must run on CPython 3.11 and on Pyodide's 3.14.
Nothing here depends on the time, the platform or hash order, so the only
differences left between two runs are real differences between the runtimes.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

#: What the cross-check plays by default: for every option set, the plain
#: seeds with uniform random moves, and the long seeds with ``pass_weight``
#: (passes chosen rarely, so the games run long).
DEFAULT_PLAN: dict[str, Any] = {"seeds": [1, 2], "long_seeds": [7], "pass_weight": 0.05,
                              "max_moves": 600}


def _int_extremes(spec: Any, game: Any = None) -> list[int]:
    """The lowest and highest value an IntOption accepts (odd ones when it wants odd numbers); for the
    number of players (``players``) every count the game is played by, so each is played."""
    if spec.name == "players" and game is not None:
        return list(game.player_counts)
    values = []
    for value, step in ((spec.low, 1), (spec.high, -1)):
        while spec.odd_only and value % 2 == 0:
            value += step
        values.append(value)
    return values


def option_sets(game: Any) -> list[dict[str, Any]]:
    """Option sets that cover a game's OPTIONS, derived from their declarations.

    The defaults; each IntOption at its low and high end (the number of players: every count the game is
    played by); each flag switched away from its default; each choice of a ChoiceOption; and, when there are
    flags, all flags switched together, alone and with each integer extreme.
    (For Star: size 3, 6 and 14, each with and without -maxi.) Then the same
    for each of the game's VARIANT_OPTIONS (another board, such as Truchet's
    -hex), with the variant's switch on in every set. Any combination the game
    refuses is left out.
    """
    fixed = dict(getattr(game, "playout_options", {}))  # e.g. a turn limit so random games end
    sets: list[dict[str, Any]] = []
    lists = [(tuple(game.OPTIONS), {})] + [(tuple(variant[1:]), {variant[0].name: True})
                                          for variant in getattr(game, "VARIANT_OPTIONS", ())]
    for specs, switch in lists:
        _derive(game, specs, {**switch, **fixed}, sets)
    return sets


def _derive(game: Any, specs: tuple[Any, ...], fixed: dict[str, Any], sets: list[dict[str, Any]]) -> None:
    """Add the option sets of one list of options (see `option_sets`), `fixed` set in each."""
    from game.rules.errors import OptionError
    from game.rules.options import ChoiceOption, FlagOption, IntOption

    base = {**{spec.name: spec.default for spec in specs}, **fixed}

    def add(values: dict[str, Any]) -> None:
        values = {**values, **fixed}
        check = getattr(game, "check_options", None)
        if check is not None:
            try:
                check(values)
            except OptionError:  # a combination the game refuses (know's -nets with three players, say)
                return
        if values not in sets:
            sets.append(values)

    ints = [spec for spec in specs if isinstance(spec, IntOption) and spec.name not in fixed]
    flags = [spec for spec in specs if isinstance(spec, FlagOption)]
    choices = [spec for spec in specs if isinstance(spec, ChoiceOption)]
    add(dict(base))
    for spec in ints:
        for value in _int_extremes(spec, game):
            add({**base, spec.name: value})
    for spec in flags:
        add({**base, spec.name: not spec.default})
    for spec in choices:
        for choice in spec.choices:
            add({**base, spec.name: choice})
    if flags:
        all_flags = {**base, **{spec.name: not spec.default for spec in flags}}
        add(all_flags)
        for spec in ints:
            for value in _int_extremes(spec, game):
                add({**all_flags, spec.name: value})


def play_one(game: Any, options: dict[str, Any], seed: int, pass_weight: float | None,
             max_moves: int = 10_000) -> dict[str, Any]:
    """One seeded random game, summarised; a failure becomes data naming the exception."""
    from game.rules.playout import random_game, summary
    from game.rules.record import read_record

    entry: dict[str, Any] = {"game": game.name, "options": options, "seed": seed, "pass_weight": pass_weight}
    try:
        history = random_game(game, options, seed, max_moves=max_moves, pass_weight=pass_weight)
        entry.update(summary(history))
        state = history.state
        entry["moves"] = len(history.moves)
        entry["position"] = game.render_text(state)
        entry["details"] = json.loads(json.dumps(game.details(state), sort_keys=True, default=str))
        outcome = game.outcome(state)
        entry["reason"] = None if outcome is None else outcome.reason
        entry["replays"] = read_record(entry["record"]).state == state
    except Exception as error:  # reported as data so both runtimes can be compared and the test can name it
        entry["error"] = f"{type(error).__name__}: {error}"
    return entry


def source_digests() -> dict[str, str]:
    """sha256 of the sources this runtime imported (``game/__init__.py`` and ``game/rules/**.py``), by path."""
    import game

    top = Path(game.__file__).parent
    files = [top / "__init__.py"] + [path for path in (top / "rules").rglob("*.py") if "__pycache__" not in path.parts]
    return {
        path.relative_to(top.parent).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(files)
    }


def run(plan: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the plan's games for every registered game; returns the results and the runtime's facts."""
    from game.rules import GAMES

    plan = {**DEFAULT_PLAN, **(plan or {})}
    started = time.perf_counter()
    results = []
    for name in sorted(GAMES):
        game = GAMES[name]
        for options in option_sets(game):
            for seed in plan["seeds"]:
                results.append(play_one(game, options, seed, None, plan["max_moves"]))
            for seed in plan["long_seeds"]:
                results.append(play_one(game, options, seed, plan["pass_weight"], plan["max_moves"]))
    return {
        "runtime": {
            "version": sys.version,
            "version_info": list(sys.version_info[:3]),
            "platform": sys.platform,
            "implementation": platform.python_implementation(),
            "game_package": str(Path(__import__("game").__file__).parent),
        },
        "sources": source_digests(),
        "seconds": round(time.perf_counter() - started, 3),
        "results": results,
    }


def run_json(plan_json: str = "{}") -> str:
    """`run` with the plan and the answer as JSON text (the form the JavaScript side passes)."""
    return json.dumps(run(json.loads(plan_json)), sort_keys=True)


if __name__ == "__main__":
    print(run_json(sys.argv[1] if len(sys.argv) > 1 else "{}"))
