"""Arena benchmark of the computer opponent (not a test): seeded matches, win rates and timing.

    python build/bench_ai.py [GAME ...] [-n GAMES] [--level 3] [--ladder 2,3,4] [--only random,greedy,ladder]
                             [--max-plies N] [--seed S] [--slice SECONDS] [--jobs N] [--json] [--progress]
    python build/bench_ai.py --wasm [GAME ...] [--level 3] [--positions N] [--analyse [--analyse-plies N]]
    python build/bench_ai.py --multi [know savoya] [--players 2,3,4] [-n GAMES] [--only random,greedy,ladder]
    python build/bench_ai.py GAME ... --only self [--level 3] [-n GAMES] [--max-plies N] [--records DIR]
    python build/bench_ai.py --calibrate [CASE ...] [-n GAMES] [--analysis-level L] [--progress]

For every game in `game.rules.GAMES` (default options; or the games named), with whatever engine
`game.ai.engine_for` finds for it:

- level 3 (``--level``) against uniform random and against the 1-ply greedy baseline;
- each level of ``--ladder`` against the level below it;
- with ``--only self``, the level against itself, one game per seed: how long the games run (median,
  90th percentile and longest, in plies counting the rolls as the arena does), how many end at a turn
  limit, and the longest games by seed; an engine that will not finish a won game shows here.

Every match is seat-balanced: each seed is played twice with the seats swapped (for dice
games this is the "twice per seed" of issue 11; the dice come from the seed). A line per match
gives the games won, drawn and lost by the first-named player, those ending at a turn limit
(the arena's ``--max-plies`` cap, or a game's own house rule, e.g. Savoy's ``-maxturns``), its
score (wins plus half the draws) with a Wilson 95% interval, and that player's decision time
(median and 95th percentile), its longest single step (one unit of work between yields) and
its longest frame (one `Search.step` call of ``--slice`` seconds, as the app makes per frame,
including the frame that starts the search). Times are wall-clock, with processor time in
brackets ("cpu"): on a busy machine the difference is other processes' time. The games are played
with the objects made before them frozen out of the garbage collector's way (`gc.freeze`), as the
app does when it starts, and each frame ends as the app's do (`game.ai.frames.settle`).

``--wasm`` runs the same searches in Pyodide (CPython 3.14 compiled to WebAssembly, the npm
package of tests/wasm, under Node; see tests/wasm/README.md) and in this CPython, on the same
positions taken from seeded random games, and prints the decision times of both, the slowdown,
the longest step, and whether both chose the same moves (they must: levels are defined by work,
never by time); with ``--analyse``, the analysis (game.ai.analysis) of a seeded game per case instead,
stepped as a scene steps it: its time, its longest frame, and whether both runtimes gave the same analysis.

``--calibrate`` has the analysis's engine play itself and prints, per case, its predicted chances in bins
against the observed win rates (see `calibration_table`), and the calibration temperature that fits best.

``--multi`` plays the games for more than two players instead (know with 3 and 4, Savoya with 2,
3 and 4): the level in one seat (in four-player know, both seats of a Conjunction) and the
opponent in every other seat, the engine's seats rotating each seed; the line ends with the
score a player at the level of the others would make by chance.

Figures depend on the machine and its load; compare runs on the same machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from game.ai import Search, frames  # noqa: E402
from game.ai.arena import BASELINES, Timing, ai_player, play_match, wilson  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.rules.base import Game  # noqa: E402
from game.rules.history import GameHistory  # noqa: E402
from game.rules.playout import random_game  # noqa: E402

#: what is measured: every game with its default options, and the variants named here
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    **{name: (name, {}) for name in GAMES},
    "truchet-hex": ("truchet", {"hex": True}),  # Hexagonal Truchet, default size
}


def case_of(name: str) -> tuple[Game, dict[str, Any]]:
    """The game and options of case `name`."""
    game, options = CASES[name]
    return GAMES[game], options


DEFAULT_GAMES = 100
DEFAULT_MAX_PLIES = 3000
READY = "bench_ai: Pyodide is ready"


# ------------------------------------------------------------------------------------------ matches
@dataclass
class MatchSpec:
    game: str
    first: str   # "3" (a level) or a baseline name
    second: str
    seeds: int   # each played twice, seats swapped
    base_seed: int
    max_plies: int
    slice_seconds: float
    #: a line on standard error after every game (a long match otherwise says nothing until it ends)
    progress: bool = False
    #: self-play: a folder to write each game's record into (to replay a long game with the referee)
    records: str | None = None


@dataclass
class MatchFigures:
    spec: MatchSpec
    won: int = 0
    drawn: int = 0
    lost: int = 0
    at_limit: int = 0
    plies: list[int] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)  # self-play: each game's seed, beside its plies
    first: Timing = field(default_factory=Timing)  # the first-named player's timing (a level's)
    second: Timing = field(default_factory=Timing)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost

    def merge(self, other: "MatchFigures") -> None:
        self.won += other.won
        self.drawn += other.drawn
        self.lost += other.lost
        self.at_limit += other.at_limit
        self.plies += other.plies
        self.seeds += other.seeds
        self.first.merge(other.first)
        self.second.merge(other.second)
        self.seconds += other.seconds


def player(name: str, timing: Timing, slice_seconds: float) -> Any:
    return BASELINES[name] if name in BASELINES else ai_player(int(name), timing, slice_seconds, frames.settle)


def at_turn_limit(finished: bool, reason: str) -> bool:
    return not finished or "turn limit" in reason


def game_done(spec: MatchSpec, seed: int, seat: int, figures: "MatchFigures", plies: int) -> None:
    frames.thaw()  # (the game's objects, frozen frame by frame as the app's are, collected between games)
    if spec.progress:
        print(f"{spec.game} {label(spec.first)} vs {label(spec.second)}: seed {seed} seat {seat}, {plies} plies;"
              f" so far {figures.won} won {figures.drawn} drawn {figures.lost} lost", file=sys.stderr, flush=True)


def play_seeds(spec: MatchSpec, seeds: Sequence[int]) -> MatchFigures:
    """The games of `spec` for `seeds` (each twice, seats swapped)."""
    game, options = case_of(spec.game)
    figures = MatchFigures(spec)
    first = player(spec.first, figures.first, spec.slice_seconds)
    second = player(spec.second, figures.second, spec.slice_seconds)
    start = time.perf_counter()
    for seed in seeds:
        for seat in (0, 1):
            players = [first, second] if seat == 0 else [second, first]
            result = play_match(game, players, options, seed=seed, max_plies=spec.max_plies)
            figures.plies.append(result.plies)
            if at_turn_limit(result.finished, result.reason):
                figures.at_limit += 1
            if result.winner is None:
                figures.drawn += 1
            elif result.winner == seat:
                figures.won += 1
            else:
                figures.lost += 1
            game_done(spec, seed, seat, figures, result.plies)
    figures.seconds = time.perf_counter() - start
    return figures


def play_self(spec: MatchSpec, seeds: Sequence[int]) -> MatchFigures:
    """Self-play: one game per seed, the level in both seats (swapping them would replay the same game);
    "won" counts the first seat's wins. `MatchFigures.seeds` keeps each game's seed beside its plies."""
    game, options = case_of(spec.game)
    figures = MatchFigures(spec)
    both = player(spec.first, figures.first, spec.slice_seconds)
    start = time.perf_counter()
    for seed in seeds:
        result = play_match(game, [both] * game.player_count(game.check_options(options)), options, seed=seed,
                            max_plies=spec.max_plies)
        figures.plies.append(result.plies)
        figures.seeds.append(seed)
        if spec.records:
            from game.rules.record import write_record

            folder = Path(spec.records)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{spec.game}-level{spec.first}-seed{seed}.txt").write_text(write_record(result.history),
                                                                                  encoding="utf-8")
        if at_turn_limit(result.finished, result.reason):
            figures.at_limit += 1
        if result.winner is None:
            figures.drawn += 1
        elif result.winner == 0:
            figures.won += 1
        else:
            figures.lost += 1
        game_done(spec, seed, 0, figures, result.plies)
    figures.seconds = time.perf_counter() - start
    return figures


def self_row(figures: MatchFigures) -> dict[str, Any]:
    """A self-play line: the summary plus the spread of game lengths and the longest games."""
    row = summary(figures)
    row["kind"] = "self"
    plies = figures.plies
    row["p90_plies"] = percentile(plies, 0.9)
    row["max_plies"] = max(plies) if plies else 0
    row["longest"] = sorted(zip(plies, figures.seeds), reverse=True)[:5]
    return row


def format_self(row: dict[str, Any], limit: int) -> str:
    longest = ", ".join(f"seed {seed}: {plies}" for plies, seed in row["longest"])
    return (f"{row['game']:8} {row['first']:>7} self-play {row['games']:4} games: {row['at_turn_limit']:3} at turn "
            f"limit ({limit} plies) | first seat {row['won']} won {row['drawn']} drawn {row['lost']} lost | plies "
            f"median {row['median_plies']:g}, p90 {row['p90_plies']:g}, max {row['max_plies']:g} | longest: {longest}"
            f" | {format_timing(row)} | {row['seconds']:.0f} s")


def as_in_the_app(play: Any, spec: Any, seeds: Sequence[int]) -> Any:
    """`play(spec, seeds)` with the objects made so far (modules, functions, the games' boards) set aside
    from the garbage collector's full collections, as the app does when it starts (game/app/main.py amain);
    the computer's players then freeze what each frame keeps (`game.ai.frames.settle`), as the app's frames
    do. Without it every full collection walks them too (tens of milliseconds in a unit of the computer's
    work): a longest step the app never shows."""
    gc.collect()
    gc.freeze()
    try:
        return play(spec, seeds)
    finally:
        gc.unfreeze()


def run_match(spec: Any, jobs: int, play: Any = None) -> MatchFigures:
    """`play(spec, seeds)` (default `play_seeds`) over the spec's seeds, in `jobs` processes (see
    `as_in_the_app`)."""
    play = play or play_seeds
    seeds = list(range(spec.base_seed, spec.base_seed + spec.seeds))
    if jobs <= 1:
        return as_in_the_app(play, spec, seeds)
    chunks = [seeds[k::jobs] for k in range(jobs) if seeds[k::jobs]]
    total = None
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(as_in_the_app, [play] * len(chunks), [spec] * len(chunks), chunks):
            if total is None:
                total = part
            else:
                total.merge(part)
    return total


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def label(name: str) -> str:
    return f"level {name}" if name.isdigit() else name


def timing_figures(timing: Timing) -> dict[str, Any]:
    """Decision times and the longest step and frame of one player, as printed."""
    return {
        "decisions": len(timing.decisions),
        "decision_median_s": round(statistics.median(timing.decisions), 4) if timing.decisions else 0.0,
        "decision_p95_s": round(percentile(timing.decisions, 0.95), 4),
        "cpu_decision_median_s": round(statistics.median(timing.cpu_decisions), 4) if timing.cpu_decisions else 0.0,
        "cpu_decision_p95_s": round(percentile(timing.cpu_decisions, 0.95), 4),
        "longest_step_ms": round(timing.longest_step * 1000, 2),
        "cpu_longest_step_ms": round(timing.cpu_longest_step * 1000, 2),
        "longest_frame_ms": round(timing.longest_frame * 1000, 2),
        "cpu_longest_frame_ms": round(timing.cpu_longest_frame * 1000, 2),
    }


def summary(figures: MatchFigures) -> dict[str, Any]:
    games = figures.games
    score = figures.won + figures.drawn / 2
    low, high = wilson(score, games)
    return {
        "kind": "match", "game": figures.spec.game, "first": label(figures.spec.first), "second": label(figures.spec.second),
        "games": games, "won": figures.won, "drawn": figures.drawn, "lost": figures.lost,
        "at_turn_limit": figures.at_limit, "score": round(score / games, 4) if games else 0.0,
        "wilson95": [round(low, 4), round(high, 4)],
        "median_plies": statistics.median(figures.plies) if figures.plies else 0,
        **timing_figures(figures.first),
        "second_timing": timing_figures(figures.second) if figures.spec.second.isdigit() else None,
        "seconds": round(figures.seconds, 1),
    }


def format_timing(row: dict[str, Any]) -> str:
    if not row["decisions"]:
        return ""
    return (f"decisions ({row['decisions']}) median {row['decision_median_s']:.3f} s "
            f"(cpu {row['cpu_decision_median_s']:.3f}), p95 {row['decision_p95_s']:.3f} s "
            f"(cpu {row['cpu_decision_p95_s']:.3f}); longest step {row['longest_step_ms']:.1f} ms "
            f"(cpu {row['cpu_longest_step_ms']:.1f}), frame {row['longest_frame_ms']:.1f} ms "
            f"(cpu {row['cpu_longest_frame_ms']:.1f})")


def format_line(row: dict[str, Any]) -> str:
    timing = format_timing(row)
    low, high = row["wilson95"]
    return (f"{row['game']:8} {row['first']:>7} vs {row['second']:<7} {row['games']:4} games: "
            f"{row['won']:3} won {row['drawn']:3} drawn {row['lost']:3} lost {row['at_turn_limit']:3} at turn limit | "
            f"score {100 * row['score']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}] | "
            f"median {row['median_plies']:g} plies | {timing} | {row['seconds']:.0f} s")


def match_specs(args: argparse.Namespace) -> list[MatchSpec]:
    seeds = (args.games_per_match + 1) // 2
    specs = []
    for name in args.game or list(CASES):
        level = str(args.level)
        if "random" in args.only:
            specs.append(MatchSpec(name, level, "random", seeds, args.seed, args.max_plies, args.slice, args.progress))
        if "greedy" in args.only:
            specs.append(MatchSpec(name, level, "greedy", seeds, args.seed, args.max_plies, args.slice, args.progress))
        if "ladder" in args.only:
            for upper in args.ladder:
                specs.append(MatchSpec(name, str(upper), str(upper - 1), seeds, args.seed, args.max_plies, args.slice,
                                       args.progress))
    return specs


def self_specs(args: argparse.Namespace) -> list[MatchSpec]:
    """``--only self``: the level against itself, ``-n`` games (one per seed)."""
    if "self" not in args.only:
        return []
    return [MatchSpec(name, str(args.level), str(args.level), args.games_per_match, args.seed, args.max_plies,
                      args.slice, args.progress, args.records) for name in args.game or list(CASES)]


# ------------------------------------------------------------------------------------------ three and four players
# Games for more than two (and Savoya for two, on its own board): the engine at one seat (with four
# players in know, both seats of one Conjunction, partners winning together) against a baseline or a
# level in every other seat, the engine's seats rotating round the table each seed, so every seat is
# played. "won" counts the games the engine's seats win; by chance alone that is one game in the
# number of sides (players, or 2 Conjunctions).
MULTI: tuple[tuple[str, int], ...] = (("know", 3), ("know", 4), ("savoya", 2), ("savoya", 3), ("savoya", 4))


@dataclass
class MultiSpec:
    game: str
    players: int
    first: str   # the engine's level
    second: str  # every other seat: a baseline name or a level
    seeds: int   # each played once per seating of the engine
    base_seed: int
    max_plies: int
    slice_seconds: float


def engine_seatings(name: str, players: int) -> list[tuple[int, ...]]:
    """The seats the engine takes in turn: each seat, or with four players in know each Conjunction."""
    if name == "know" and players == 4:
        from game.rules.know import KnowGame, KnowOptions

        return [KnowGame.seats_of(KnowOptions(players=4), colour) for colour in (0, 1)]
    return [(seat,) for seat in range(players)]


def play_multi(spec: MultiSpec, seeds: Sequence[int]) -> MatchFigures:
    game = GAMES[spec.game]
    figures = MatchFigures(spec)  # type: ignore[arg-type]
    timing = Timing()
    engine = player(spec.first, timing, spec.slice_seconds)
    other = player(spec.second, Timing(), spec.slice_seconds)
    start = time.perf_counter()
    for seed in seeds:
        for seats in engine_seatings(spec.game, spec.players):
            players = [engine if seat in seats else other for seat in range(spec.players)]
            result = play_match(game, players, {"players": spec.players}, seed=seed, max_plies=spec.max_plies)
            figures.plies.append(result.plies)
            if at_turn_limit(result.finished, result.reason):
                figures.at_limit += 1
            if result.winner is None:
                figures.drawn += 1
            elif set(result.winners) & set(seats):
                figures.won += 1
            else:
                figures.lost += 1
    figures.seconds = time.perf_counter() - start
    figures.decisions = timing.decisions
    figures.cpu_decisions = timing.cpu_decisions
    figures.longest_step = timing.longest_step
    figures.longest_frame = timing.longest_frame
    figures.cpu_longest_frame = timing.cpu_longest_frame
    return figures


def multi_specs(args: argparse.Namespace) -> list[MultiSpec]:
    """`--multi`: per game and player count, the level against random and greedy (and the ladder)."""
    specs = []
    for name, players in MULTI:
        if args.game and name not in args.game or args.players and players not in args.players:
            continue
        seatings = len(engine_seatings(name, players))
        seeds = max(1, -(-args.games_per_match // seatings))
        for opponent in [b for b in ("random", "greedy") if b in args.only]:
            specs.append(MultiSpec(name, players, str(args.level), opponent, seeds, args.seed, args.max_plies,
                                   args.slice))
        if "ladder" in args.only:
            for upper in args.ladder:
                specs.append(MultiSpec(name, players, str(upper), str(upper - 1), seeds, args.seed, args.max_plies,
                                       args.slice))
    return specs


def multi_row(figures: MatchFigures) -> dict[str, Any]:
    spec = figures.spec
    row = summary(figures)
    row["game"] = f"{spec.game}/{spec.players}p"  # type: ignore[attr-defined]
    row["players"] = spec.players  # type: ignore[attr-defined]
    row["by_chance"] = round(1 / len(engine_seatings(spec.game, spec.players)), 4)  # type: ignore[attr-defined]
    return row


# ------------------------------------------------------------------------------------------ calibration
# "Positions the engine calls 0.8 are won about 80% of the time in its own self-play": the analysis's
# engine (game.ai.analysis, at its level) plays itself, every position it meets is judged as an analysis
# judges it (the same searches, seeded alike), and each seat's chance at each position is set beside
# whether that seat won. Positions of one game are not independent, so a bin's sampling error is
# clustered by game (the spread of the per-game sums of its residuals), and never taken below the binomial
# error of its mean prediction over the number of games in the bin.
CALIBRATION_CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "savoy": ("savoy", {}),
    "savoya/2p": ("savoya", {"players": 2}),
    "savoya/3p": ("savoya", {"players": 3}),
    "savoya/4p": ("savoya", {"players": 4}),
    "star": ("star", {}),
    "star-maxi": ("star", {"maxi": True}),
    "know/2p": ("know", {}),
    "know/3p": ("know", {"players": 3}),
    "know/4p": ("know", {"players": 4}),
    "truchet": ("truchet", {}),
    "truchet-hex": ("truchet", {"hex": True}),
}
DEFAULT_CALIBRATION = ("savoy", "savoya/2p", "star", "know/2p", "truchet", "truchet-hex")
BINS = 10


@dataclass
class CalibrationSpec:
    case: str
    seeds: int
    base_seed: int
    max_plies: int
    level: int | None  # None: the analysis's own level for the game
    progress: bool = False


@dataclass
class CalibrationFigures:
    """Per finished game: every (raw chances, result per seat) of its positions; and the games cut off."""

    spec: CalibrationSpec
    games: list[list[tuple[tuple[float, ...], tuple[float, ...]]]] = field(default_factory=list)
    unfinished: int = 0
    plies: list[int] = field(default_factory=list)
    seconds: float = 0.0
    sides: int = 2

    def merge(self, other: "CalibrationFigures") -> None:
        self.games += other.games
        self.unfinished += other.unfinished
        self.plies += other.plies
        self.seconds += other.seconds


def calibration_game(spec: CalibrationSpec, seed: int) -> tuple[list[tuple[float, ...]], Any, int]:
    """One self-play game of the analysis's engine: the raw chances of every position it judged (forced
    ones and finished ones aside), the final history and its number of sides."""
    from game.ai.analysis import exact, judge_position, method_for

    name, options = CALIBRATION_CASES[spec.case]
    game = GAMES[name]
    history = GameHistory(game, options, seed=seed)
    judged: list[tuple[float, ...]] = []
    method = method_for(game)
    while game.outcome(history.state) is None and len(history.moves) < spec.max_plies:
        state = history.state
        work = judge_position(game, state, seed, len(history.moves), spec.level)
        while True:
            try:
                next(work)
            except StopIteration as stop:
                judgement = stop.value
                break
        if judgement.raw is not None and not judgement.forced:
            judged.append(judgement.raw)
        if game.is_chance(state):
            history.roll()
        else:
            history.play(judgement.best)
    sides = method.sides(history.state) if method.sides is not None else len(game.seat_names(history.state))
    return judged, history, sides


def play_calibration(spec: CalibrationSpec, seeds: Sequence[int]) -> CalibrationFigures:
    from game.ai.analysis import exact

    figures = CalibrationFigures(spec)
    start = time.perf_counter()
    for seed in seeds:
        judged, history, sides = calibration_game(spec, seed)
        figures.sides = sides
        figures.plies.append(len(history.moves))
        game = history.game
        if game.outcome(history.state) is None:
            figures.unfinished += 1
        else:
            result = exact(game, history.state, sides)
            figures.games.append([(raw, result) for raw in judged])
        if spec.progress:
            print(f"calibration {spec.case}: seed {seed}, {len(history.moves)} plies, {len(judged)} positions",
                  file=sys.stderr, flush=True)
    figures.seconds = time.perf_counter() - start
    return figures


def calibration_table(games: Sequence[Sequence[tuple[tuple[float, ...], tuple[float, ...]]]],
                      temperature: float) -> list[dict[str, Any]]:
    """Per bin of predicted chance (every seat of every position): count, mean predicted, observed win
    rate and its standard error clustered by game."""
    from game.ai.analysis import calibrated

    per_bin: list[list[tuple[int, float, float]]] = [[] for _ in range(BINS)]
    for g, game in enumerate(games):
        for raw, result in game:
            for p, y in zip(calibrated(raw, temperature), result):
                per_bin[min(BINS - 1, int(p * BINS))].append((g, p, y))
    rows = []
    for b, items in enumerate(per_bin):
        n = len(items)
        if not n:
            rows.append({"bin": [b / BINS, (b + 1) / BINS], "count": 0})
            continue
        predicted = sum(p for _, p, _ in items) / n
        observed = sum(y for _, _, y in items) / n
        sums: dict[int, float] = {}
        for g, _, y in items:
            sums[g] = sums.get(g, 0.0) + (y - observed)
        # (at least a binomial error over the games in the bin: a bin whose games all ended alike has
        # clustered error 0, which says nothing about a chance of 1%)
        se = max((sum(v * v for v in sums.values()) ** 0.5) / n, (predicted * (1 - predicted) / len(sums)) ** 0.5)
        rows.append({"bin": [b / BINS, (b + 1) / BINS], "count": n, "games": len(sums),
                     "predicted": round(predicted, 4), "observed": round(observed, 4), "se": round(se, 4),
                     "within_2se": abs(predicted - observed) <= 2 * se})
    return rows


def log_loss(games: Sequence[Sequence[tuple[tuple[float, ...], tuple[float, ...]]]], temperature: float) -> float:
    from game.ai.analysis import calibrated

    total, count = 0.0, 0
    for game in games:
        for raw, result in game:
            for p, y in zip(calibrated(raw, temperature), result):
                p = min(1 - 1e-6, max(1e-6, p))
                total -= y * math.log(p) + (1 - y) * math.log(1 - p)
                count += 1
    return total / max(1, count)


def fit_temperature(games: Sequence[Sequence[tuple[tuple[float, ...], tuple[float, ...]]]]) -> float:
    """The temperature of least log-loss (a grid, then a finer one about the best)."""
    best = min((t / 20 for t in range(4, 101)), key=lambda t: log_loss(games, t))
    return min((best + k / 200 for k in range(-10, 11) if best + k / 200 > 0), key=lambda t: log_loss(games, t))


def calibration_rows(figures: CalibrationFigures) -> dict[str, Any]:
    from game.ai.analysis import case_key, method_for, temperature_for

    spec = figures.spec
    name, options = CALIBRATION_CASES[spec.case]
    game = GAMES[name]
    key = case_key(game, game.new(options))
    level = spec.level or method_for(game).level
    current = temperature_for(key)
    games = figures.games
    fitted = fit_temperature(games) if games else current
    return {
        "kind": "calibration", "case": spec.case, "key": key, "level": level, "games": len(games),
        "unfinished": figures.unfinished, "positions": sum(len(g) for g in games),
        "median_plies": statistics.median(figures.plies) if figures.plies else 0,
        "temperature": current, "log_loss": round(log_loss(games, current), 4), "table": calibration_table(games, current),
        "fitted_temperature": round(fitted, 3), "fitted_log_loss": round(log_loss(games, fitted), 4),
        "fitted_table": calibration_table(games, fitted), "seconds": round(figures.seconds, 1),
    }


def format_calibration(row: dict[str, Any]) -> str:
    def table(rows: list[dict[str, Any]]) -> list[str]:
        out = ["    bin        count games predicted observed    se  within 2se"]
        for r in rows:
            low, high = r["bin"]
            if not r["count"]:
                out.append(f"    {low:.1f}-{high:.1f}  {0:6}")
                continue
            out.append(f"    {low:.1f}-{high:.1f}  {r['count']:6} {r['games']:5}   {r['predicted']:.3f}    {r['observed']:.3f}"
                       f"  {r['se']:.3f}  {'yes' if r['within_2se'] else 'NO'}")
        return out

    agree = sum(r.get("within_2se", False) for r in row["table"])
    filled = sum(1 for r in row["table"] if r["count"])
    lines = [f"calibration {row['case']} (analysis level {row['level']}, temperature {row['temperature']:g}): "
             f"{row['games']} self-play games ({row['unfinished']} unfinished, median {row['median_plies']:g} plies), "
             f"{row['positions']} positions, every seat's chance; log-loss {row['log_loss']:.4f}; "
             f"{agree}/{filled} bins within 2 se | {row['seconds']:.0f} s"]
    lines += table(row["table"])
    if abs(row["fitted_temperature"] - row["temperature"]) >= 0.01:
        agree = sum(r.get("within_2se", False) for r in row["fitted_table"])
        lines.append(f"  fitted temperature {row['fitted_temperature']:g} (log-loss {row['fitted_log_loss']:.4f}; "
                     f"{agree}/{filled} bins within 2 se):")
        lines += table(row["fitted_table"])
    return "\n".join(lines)


def calibration_specs(args: argparse.Namespace) -> list[CalibrationSpec]:
    return [CalibrationSpec(case, args.games_per_match, args.seed, args.max_plies, args.analysis_level, args.progress)
            for case in (args.game or DEFAULT_CALIBRATION)]


# ------------------------------------------------------------------------------------------ WebAssembly
def positions(game: Game, count: int, seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """`count` decision positions spread over seeded random games of `game` (with `options`)."""
    found: list[Any] = []
    k = 0
    while len(found) < count and k < 10 * count:
        history = random_game(game, {**game.playout_options, **(options or {})}, seed + k, max_moves=400)
        k += 1
        states = [s for s in history.states
                  if game.outcome(s) is None and not game.is_chance(s) and len(game.legal_moves(s)) > 1]
        if states:
            found.append(states[(k * 7) % len(states)])
    return found


def run(plan: dict[str, Any]) -> dict[str, Any]:
    """Run `plan` here: per game, a search at `level` on each position; the moves and timings.

    The same function runs in CPython and in Pyodide (see `wasm_measure`)."""
    out: dict[str, Any] = {"runtime": {"version": sys.version, "platform": sys.platform}, "games": {}}
    if plan.get("announce"):  # tell the other side this runtime is up (see `run_both`)
        print(READY, flush=True)
    if plan.get("analyse"):
        return {**out, "games": {name: analyse_timed(name, plan) for name in plan["games"]}}
    for name in plan["games"]:
        game, options = case_of(name)
        rows = []
        for i, state in enumerate(positions(game, plan["positions"], plan["seed"], options)):
            start = time.perf_counter()
            search = Search(game, state, plan["level"], seed=i)
            longest_frame = max(time.perf_counter() - start, stepped(search, plan["slice"]))
            seconds = time.perf_counter() - start
            stats = search.stats()
            rows.append({"move": str(search.best()), "seconds": seconds, "longest_step": stats["longest_step"],
                         "longest_frame": longest_frame, "iterations": stats["iterations"]})
        out["games"][name] = rows
    return out


def stepped(work: Any, slice_seconds: float) -> float:
    """Step `work` (a Search or an Analysis) `slice_seconds` at a time, as a frame would, to the end; the
    longest step in seconds."""
    longest = 0.0
    while True:
        frame = time.perf_counter()
        done = work.step(slice_seconds)
        frames.settle()
        longest = max(longest, time.perf_counter() - frame)
        if done:
            return longest


def analyse_timed(name: str, plan: dict[str, Any]) -> dict[str, Any]:
    """`--wasm --analyse`: the analysis of a seeded random game of case `name` (``analyse_plies`` moves),
    stepped ``slice`` seconds at a time as a scene would; its result, time, longest step and unit."""
    from game.ai.analysis import Analysis

    game, options = case_of(name)
    history = random_game(game, {**game.playout_options, **options}, plan["seed"], max_moves=plan["analyse_plies"])
    start = time.perf_counter()
    analysis = Analysis(history)
    longest_frame = stepped(analysis, plan["slice"])
    return {"result": analysis.result(), "seconds": time.perf_counter() - start, "longest_frame": longest_frame,
            "longest_unit": analysis.stats()["longest_unit"], "positions": len(history.states)}


def run_json(plan_json: str) -> str:
    return json.dumps(run(json.loads(plan_json)))


def pyodide_sources() -> list[str]:
    files = [REPO / "game" / "__init__.py"]
    for package in ("rules", "ai"):
        files += [p for p in (REPO / "game" / package).rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(p.relative_to(REPO).as_posix() for p in files)


def run_both(plan: dict[str, Any], timeout_s: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """`run(plan)` here and, at the same time, in the npm Pyodide under Node (tests/wasm/node_check.mjs).

    Running both at once makes them share whatever else the machine is doing, so the ratio of
    their times holds on a busy machine too (Pyodide has no processor-time clock to compare).
    """
    wasm = REPO / "tests" / "wasm"
    if not (wasm / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit(f"Pyodide is not installed: cd {wasm} && npm ci (or build/setup.sh --browser)")
    with tempfile.TemporaryDirectory(prefix="bench-ai-") as tmp:
        out = Path(tmp) / "answer.json"
        job = {"root": str(REPO), "files": pyodide_sources(), "module_file": str(Path(__file__).resolve()),
               "module": "bench_ai", "plan": {**plan, "announce": True}, "out": str(out)}
        job_file = Path(tmp) / "job.json"
        job_file.write_text(json.dumps(job), encoding="utf-8")
        with job_file.open(encoding="utf-8") as job_in:
            node = subprocess.Popen(["node", str(wasm / "node_check.mjs")], stdin=job_in,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=wasm)
        assert node.stderr is not None
        before = []  # Pyodide takes seconds to start: wait for its announcement (its print goes to stderr)
        for line in node.stderr:
            before.append(line)
            if READY in line:
                break
        native = run(plan)
        try:
            stdout, stderr = node.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            node.kill()
            raise SystemExit(f"node did not finish within {timeout_s:.0f} s") from None
        stderr = "".join(before) + stderr
        if node.returncode != 0 or not out.is_file():
            raise SystemExit(f"node failed (status {node.returncode}):\n{stderr}\n{stdout}")
        data = json.loads(out.read_text(encoding="utf-8"))
    return native, {"version": data["version"], "result": data["result"]}


def wasm_measure(args: argparse.Namespace) -> int:
    plan = {"games": args.game or list(CASES), "positions": args.positions, "level": args.level,
            "seed": args.seed, "slice": args.slice, "analyse": args.analyse, "analyse_plies": args.analyse_plies}
    native, wasm = run_both(plan, timeout_s=args.timeout)
    result = wasm["result"]
    if args.analyse:
        return wasm_analysis(plan, native, result, args.json)
    print(f"CPython {sys.version.split()[0]} vs Pyodide {wasm['version']} "
          f"(Python {result['runtime']['version'].split()[0]}, {result['runtime']['platform']}); "
          f"level {args.level}, {args.positions} positions per game")
    status = 0
    rows = []
    for name in plan["games"]:
        here, there = native["games"][name], result["games"][name]
        same = sum(a["move"] == b["move"] for a, b in zip(here, there))
        times_here = [r["seconds"] for r in here]
        times_there = [r["seconds"] for r in there]
        ratio = sum(times_there) / max(1e-9, sum(times_here))
        row = {
            "game": name, "positions": len(here), "same_moves": same,
            "cpython_median_s": round(statistics.median(times_here), 4),
            "cpython_p95_s": round(percentile(times_here, 0.95), 4),
            "pyodide_median_s": round(statistics.median(times_there), 4),
            "pyodide_p95_s": round(percentile(times_there, 0.95), 4),
            "slowdown": round(ratio, 2),
            "cpython_longest_step_ms": round(1000 * max(r["longest_step"] for r in here), 2),
            "pyodide_longest_step_ms": round(1000 * max(r["longest_step"] for r in there), 2),
            "pyodide_longest_frame_ms": round(1000 * max(r["longest_frame"] for r in there), 2),
        }
        rows.append(row)
        status |= same != len(here)
        if not args.json:
            print(f"{name:8} {row['positions']:3} positions, same moves {same}/{len(here)} | "
                  f"CPython median {row['cpython_median_s']:.3f} s p95 {row['cpython_p95_s']:.3f} s | "
                  f"Pyodide median {row['pyodide_median_s']:.3f} s p95 {row['pyodide_p95_s']:.3f} s | "
                  f"slowdown x{row['slowdown']:.2f} | longest step CPython {row['cpython_longest_step_ms']:.1f} ms, "
                  f"Pyodide {row['pyodide_longest_step_ms']:.1f} ms (frame {row['pyodide_longest_frame_ms']:.1f} ms)")
    if args.json:
        print(json.dumps(rows))
    return status


def wasm_analysis(plan: dict[str, Any], native: dict[str, Any], wasm: dict[str, Any], as_json: bool) -> int:
    """`--wasm --analyse`: the same analysis in both runtimes (it must be), its times and longest frames."""
    status = 0
    rows = []
    for name in plan["games"]:
        here, there = native["games"][name], wasm["games"][name]
        same = here["result"] == there["result"]
        status |= not same
        row = {"game": name, "positions": here["positions"], "same_analysis": same,
               "cpython_s": round(here["seconds"], 3), "pyodide_s": round(there["seconds"], 3),
               "cpython_longest_frame_ms": round(1000 * here["longest_frame"], 2),
               "pyodide_longest_frame_ms": round(1000 * there["longest_frame"], 2),
               "pyodide_longest_unit_ms": round(1000 * there["longest_unit"], 2)}
        rows.append(row)
        if not as_json:
            print(f"{name:11} analysis of {row['positions']} positions: same in both {same} | CPython "
                  f"{row['cpython_s']:.1f} s (longest frame {row['cpython_longest_frame_ms']:.1f} ms) | Pyodide "
                  f"{row['pyodide_s']:.1f} s (longest frame {row['pyodide_longest_frame_ms']:.1f} ms, unit "
                  f"{row['pyodide_longest_unit_ms']:.1f} ms)")
    if as_json:
        print(json.dumps(rows))
    return status


# ------------------------------------------------------------------------------------------ main
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="*", help=f"games to measure (default: all: {', '.join(CASES)})")
    parser.add_argument("-n", "--games-per-match", type=int, default=DEFAULT_GAMES,
                        help=f"games per match, rounded up to even (default {DEFAULT_GAMES})")
    parser.add_argument("--level", type=int, default=3, help="the level matched against the baselines (default 3)")
    parser.add_argument("--ladder", default="2,3,4", help="levels each matched against the level below (default 2,3,4)")
    parser.add_argument("--only", default="random,greedy,ladder",
                        help="matches to play: random, greedy, ladder (default all three), and self (the level "
                             "against itself, one game per seed: game lengths and turn limits)")
    parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES,
                        help=f"a game still going after this many plies counts as ending at the turn limit "
                             f"(default {DEFAULT_MAX_PLIES})")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--slice", type=float, default=0.008, help="seconds per Search.step, as the app (default 0.008)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing in parallel (timings are cleaner at 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON list instead of lines")
    parser.add_argument("--progress", action="store_true",
                        help="a line on standard error after every game of a two-player match")
    parser.add_argument("--wasm", action="store_true", help="time the searches in Pyodide under Node against CPython")
    parser.add_argument("--positions", type=int, default=20, help="--wasm: positions per game (default 20)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="--wasm: seconds allowed for the Node run")
    parser.add_argument("--analyse", action="store_true",
                        help="--wasm: time the analysis of a seeded game per case instead of searches, and check "
                             "both runtimes give the same analysis")
    parser.add_argument("--analyse-plies", type=int, default=40, help="--wasm --analyse: moves of each game (default 40)")
    parser.add_argument("--multi", action="store_true",
                        help="play the games for more than two instead (know 3-4 players, Savoya 2-4): the level "
                             "in one seat (a Conjunction in four-player know) against the baseline in the others, "
                             "rotating seats")
    parser.add_argument("--players", default="", help="--multi: only these player counts (e.g. 3,4)")
    parser.add_argument("--records", metavar="DIR", default=None,
                        help="--only self: write each game's record into DIR (GAME-levelL-seedN.txt)")
    parser.add_argument("--calibrate", action="store_true",
                        help="self-play of the analysis's engine: a table per case of the win chances it gives "
                             f"(in {BINS} bins) against the observed win rates, and the best-fitting temperature "
                             f"(cases: {', '.join(CALIBRATION_CASES)}; default {', '.join(DEFAULT_CALIBRATION)})")
    parser.add_argument("--analysis-level", type=int, default=None,
                        help="--calibrate: the search level judging positions (default: the analysis's own)")
    args = parser.parse_args(argv)
    args.players = [int(x) for x in args.players.split(",") if x.strip()]
    known = CALIBRATION_CASES if args.calibrate else CASES
    unknown = [g for g in args.game if g not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are {', '.join(known)}")
    args.ladder = [int(x) for x in args.ladder.split(",") if x.strip()] if args.ladder else []
    args.only = {x.strip() for x in args.only.split(",") if x.strip()}
    if args.only - {"random", "greedy", "ladder", "self"}:
        parser.error("--only takes random, greedy, ladder and self")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.wasm:
        return wasm_measure(args)
    rows = []
    if args.calibrate:
        for calibration in calibration_specs(args):
            row = calibration_rows(run_match(calibration, args.jobs, play_calibration))
            rows.append(row)
            if not args.json:
                print(format_calibration(row), flush=True)
        if args.json:
            print(json.dumps(rows))
        return 0
    if args.multi:
        for multi in multi_specs(args):
            row = multi_row(run_match(multi, args.jobs, play_multi))
            rows.append(row)
            if not args.json:
                print(format_line(row) + f" | by chance {100 * row['by_chance']:.0f}%", flush=True)
        if args.json:
            print(json.dumps(rows))
        return 0
    levels: dict[tuple[str, str], Timing] = {}
    for spec in match_specs(args):
        figures = run_match(spec, args.jobs)
        row = summary(figures)
        rows.append(row)
        for name, timing in ((spec.first, figures.first), (spec.second, figures.second)):
            if name.isdigit():
                levels.setdefault((spec.game, name), Timing()).merge(timing)
        if not args.json:
            print(format_line(row), flush=True)
    for spec in self_specs(args):
        figures = run_match(spec, args.jobs, play_self)
        row = self_row(figures)
        rows.append(row)
        levels.setdefault((spec.game, spec.first), Timing()).merge(figures.first)
        if not args.json:
            print(format_self(row, spec.max_plies), flush=True)
    by_level = [{"kind": "level", "game": game, "level": int(level), **timing_figures(timing)}
                for (game, level), timing in sorted(levels.items())]
    if args.json:  # the matches, then one row per game and level
        print(json.dumps(rows + by_level))
    else:
        print("per game and level, over every match it played:")
        for row in by_level:
            print(f"{row['game']:11} level {row['level']}: {format_timing(row)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
