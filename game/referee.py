"""Replay and judge a game without graphics.

    python -m game.referee GAME [OPTIONS...] --moves "M1 M2 ..." [--json]
    python -m game.referee --record FILE [--moves "..."] [--json]
    python -m game.referee GAME --moves "..." --resign PLAYER

GAME is a registered game (``star``); OPTIONS are its pbmserv challenge flags
(``-size=5``, ``-maxi``). The moves are in the game's notation, separated by
spaces. Prints the board, whose turn it is, the scores, the result and the
legal moves; ``--json`` prints one JSON object instead (keys: game, options,
flags, to_move, over, winner, draw, result, reason, scores, leader, legal,
moves, ply, board, details, roll, roll_due, seed, players, winners, resigned; with ``--ai``
also ai_level, ai_move, ai_stats, ai_reason).

Games for more than two: ``players`` lists the seats in turn order (userid1 first), the names
``to_move``, ``winner``, ``leader`` and the keys of ``scores`` use; ``winners`` lists every winning
seat (partners who win together). The number of players is a game option, ``-players=3``.

Resigning is no move of any game: ``--resign X`` has player X resign after the
moves (a record says so in its ``[Resigned "X"]`` header, which replays the
same way). The other player wins (``reason`` "X resigned", ``resigned`` "X";
``resigned`` is null in a game nobody resigned) and no move is legal after.
Only games of two players can be resigned.

Dice games: a roll is written in the moves like any move, ``roll:3,5`` (see
the README for each game's roll syntax); any roll due and not written is
drawn from the game's seed, ``--seed N`` (else the record's ``[Seed]``
header, else a random seed), reported as ``seed``: the n-th roll of a game
depends on its seed and n alone, so the same seed gives the same dice. The
roll in force is ``roll`` in the JSON, and ``legal`` lists the moves for it.
``--save`` writes the seed into the record.

``--analyse`` adds ``analysis`` (game.ai.analysis): one entry per position of the game (``ply``,
``to_move``, ``chance``, ``over``, ``chances`` (each player's win chance, 0..1, by name), ``best``
(the computer's move where it prefers another than the one played), ``move``, ``loss``, ``forced``),
and ``swings`` (the moves where the mover's chance fell most: ``ply``, ``player``, ``move``, ``best``,
``loss``); the text ends with a summary of it.

``--ai LEVEL`` (1-4) also asks the computer opponent (``game.ai``) for the move
it would play now: ``ai_move`` (in notation) and ``ai_stats`` (its search
figures) in the JSON, a line in the text. ``--ai-seed N`` seeds its choices (0
by default: the same position, level and seed give the same move). Where there
is no move to choose (the game is over, or dice are due), ``ai_move`` and
``ai_stats`` are null and ``ai_reason`` says why.

Exit status: 0 when every move was read and legal; 2 for a malformed or
illegal move (the message names its number, the move and why), an unknown
game or option, or a corrupt record.

This command is a public contract: flags and JSON keys are only ever added.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Sequence

from .rules import GAMES, get_game
from .rules.errors import RulesError
from .rules.history import MAX_PLIES, GameHistory, check_seed, too_long
from .rules.reading import quote, whole_number
from .rules.record import read_record, result_text, write_record

EXIT_OK, EXIT_REFUSED = 0, 2
PATH_QUOTE = 120  # a file name is quoted longer than a bad move would be
ROLL_PREFIX = "roll:"
_GAME_FLAG = re.compile(r"^-[A-Za-z][\w-]*(=.*)?$")
#: the most a record file may hold (bytes): a game of MAX_PLIES moves takes a few hundred kB
MAX_RECORD_BYTES = 4_000_000
#: characters no text file holds (a tab, line and page breaks aside): a file with one is not a record
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


class Refusal(Exception):
    """A refused input: message plus the fields the JSON error object carries."""

    def __init__(self, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.fields = fields


def split_arguments(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """Separate single-dash game options (``-size=5``) from the referee's own arguments."""
    own, game_flags = [], []
    expects_value = False
    for arg in argv:
        if not expects_value and _GAME_FLAG.match(arg) and not arg.startswith("--"):
            game_flags.append(arg)
        else:
            own.append(arg)
            expects_value = arg in ("--moves", "--record", "--seed", "--save", "--resign", "--ai", "--ai-seed")
            continue
        expects_value = False
    return own, game_flags


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.referee",
        description="Replay a game from its moves or a record and judge it: board, turn, scores, result, legal moves.",
        epilog=f"games: {', '.join(sorted(GAMES))}. Game options are the pbmserv flags, e.g. -size=5 -maxi.",
    )
    parser.add_argument("game", nargs="?", help="the game's name (optional with --record)")
    parser.add_argument("--moves", default="", help='moves separated by spaces, e.g. "C3 swap D4 pass pass"')
    parser.add_argument("--record", metavar="FILE", help="a game record to replay first ('-' reads standard input)")
    parser.add_argument("--seed", type=number_argument, default=None,
                        help="the game's seed: the dice not written in the moves come from it")
    parser.add_argument("--save", metavar="FILE", help="write the resulting game record to FILE")
    parser.add_argument("--resign", metavar="PLAYER", help="PLAYER (X, O, R...) resigns after the moves")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--ai", metavar="LEVEL", type=number_argument, default=None,
                        help="also give the move the computer would play now at LEVEL (1-4)")
    parser.add_argument("--ai-seed", metavar="N", type=number_argument, default=0,
                        help="seed of the computer's choices (default 0)")
    parser.add_argument("--analyse", action="store_true",
                        help="also analyse the game: each position's win chances, the computer's preferred moves, "
                             "the biggest swings")
    return parser


def number_argument(text: str) -> int:
    """Every number the referee reads (``--seed``, ``--ai``, ``--ai-seed``): a whole number of at most 18
    ASCII digits, as in records and options (no other script's digits, no underscores: Python's `int`
    takes both); argparse reports anything else."""
    try:
        return check_seed(whole_number(text))
    except RulesError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number of at most 18 digits (0-9)") from None


seed_argument = number_argument  # its earlier name


def read_text(path: str) -> str:
    """The record at `path` ('-' for standard input) as text; Refusal when it is larger than any record
    (at most MAX_RECORD_BYTES are read: ``/dev/zero`` ends), not UTF-8, or not text (control characters
    such as NUL)."""
    try:
        if path == "-" and not hasattr(sys.stdin, "buffer"):
            data = sys.stdin.read(MAX_RECORD_BYTES + 1).encode("utf-8", "surrogatepass")  # replaced by text
        elif path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as source:
                data = source.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise Refusal(f"cannot read the record {quote(path, PATH_QUOTE)}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise Refusal(f"record {quote(path, PATH_QUOTE)} is larger than any game record ({MAX_RECORD_BYTES:,} "
                      "bytes at most)", record=path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refusal(f"record {quote(path, PATH_QUOTE)} is not UTF-8 text (byte {error.start + 1} cannot be read); "
                      "a record is plain text", record=path) from None
    control = _CONTROL.search(text)
    if control:
        raise Refusal(f"record {quote(path, PATH_QUOTE)} is not a text file (character {control.start() + 1:,} is "
                      f"{quote(control.group())}); a record is plain text", record=path)
    return text


def ai_opinion(history: GameHistory, level: int, seed: int) -> dict[str, Any]:
    """The computer's move now (``ai_move``, ``ai_stats``), or why there is none (``ai_reason``)."""
    from .ai import AIError, Search

    outcome = history.outcome()
    if outcome is not None and history.ended_early:  # (the rules alone do not know of it)
        return {"ai_move": None, "ai_stats": None, "ai_reason": f"the game is over: {outcome.reason}"}
    try:
        search = Search(history.game, history.state, level, seed)
    except AIError as error:
        return {"ai_move": None, "ai_stats": None, "ai_reason": str(error)}
    move = search.run()
    return {"ai_move": str(move), "ai_stats": search.stats(), "ai_reason": None}


def judge(args: argparse.Namespace, game_flags: list[str]) -> GameHistory:
    if args.record:
        text = read_text(args.record)
        try:
            history = read_record(text)
        except RulesError as error:
            raise Refusal(f"record {quote(args.record, PATH_QUOTE)}: {error}", record=args.record,
                          line=getattr(error, "line", None)) from None
        if args.game and get_game(args.game) is not history.game:
            raise Refusal(f"the record is a game of {history.game.name}, not {quote(args.game)}")
        if game_flags:
            raise Refusal("game options come from the record; do not give them as well")
        if args.seed is not None:
            history.seed = args.seed  # the dice still to come follow --seed
    else:
        if not args.game:
            raise Refusal(f"name a game ({', '.join(sorted(GAMES))}) or give --record FILE")
        game = get_game(args.game)
        history = GameHistory(game, game.options_from_flags(game_flags), seed=args.seed)
    first = len(history.moves) + 1
    moves = args.moves.split()
    if len(history.moves) + len(moves) > MAX_PLIES:  # refused before any is played
        raise Refusal(f"--moves: {too_long()}", key="too_long")
    for offset, text in enumerate(moves):
        number = first + offset
        if not text.lower().startswith(ROLL_PREFIX):
            history.roll_if_due()  # a roll not written in the moves comes from the seed
        try:
            history.play(text)
        except RulesError as error:
            raise Refusal(
                f"move {number} {quote(text)}: {error}", move_number=number, move=text, reason=str(error),
                key=error.key,
            ) from None
    if args.resign is not None:
        resign(history, args.resign)
    history.roll_if_due()
    return history


def resign(history: GameHistory, name: str) -> None:
    """``--resign NAME``: that player resigns now; Refusal naming the players or why not."""
    players = history.game.seat_names(history.start)
    if name not in players:
        raise Refusal(f"--resign {quote(name)}: name a player of {history.game.name}: {' or '.join(players)}",
                      key="resign")
    try:
        history.resign(players.index(name))
    except RulesError as error:
        raise Refusal(f"--resign {quote(name)}: {error}", key=error.key) from None


def report(history: GameHistory, seed: int | None = None) -> dict[str, Any]:
    game, state = history.game, history.state
    outcome = history.outcome()  # the rules' verdict, or a resignation
    ended_early = history.ended_early  # resigned, or at the bound of moves: the rules alone do not know
    to_move = None if ended_early else game.to_move(state)
    leader = game.leader(state)
    names = game.seat_names(state)
    return {
        "game": game.name,
        "options": history.options,
        "flags": game.flags(history.options),
        "to_move": None if to_move is None else names[to_move],
        "over": outcome is not None,
        "winner": None if outcome is None or outcome.winner is None else names[outcome.winner],
        "draw": bool(outcome is not None and outcome.winner is None),
        "result": result_text(history),
        "reason": None if outcome is None else outcome.reason,
        "scores": dict(zip(names, game.scores(state))),
        "leader": None if leader is None else names[leader],
        "legal": [] if ended_early else [str(move) for move in game.legal_moves(state)],
        "moves": history.notation(),
        "ply": len(history.moves),
        "board": game.render_text(state).splitlines(),
        "details": game.details(state),
        "roll": list(game.dice(state)),
        "roll_due": game.is_chance(state) and outcome is None,
        "seed": seed,
        "players": list(names),
        "winners": [] if outcome is None else [names[seat] for seat in outcome.winning_seats],
        "resigned": names[history.resigned] if history.resigned is not None else None,
    }


def format_text(history: GameHistory, info: dict[str, Any]) -> str:
    game = history.game
    flags = " ".join(info["flags"]) or "default options"
    lines = [f"{game.title} ({flags})", "", game.render_text(history.state), ""]
    if len(info["players"]) != 2 or game.player_counts != (2,):
        lines.append("Players (in turn order): " + ", ".join(info["players"]))
    if info["moves"]:
        lines.append("Moves: " + " ".join(f"{i}. {m}" for i, m in enumerate(info["moves"], 1)))
    scores = ", ".join(f"{name} {score}" for name, score in info["scores"].items())
    if info["over"]:
        if info["draw"]:
            verdict = "a draw"
        elif len(info["winners"]) > 1:
            verdict = " and ".join(info["winners"]) + " win"
        else:
            verdict = f"{info['winner']} wins"
        lines.append(f"Game over: {verdict} ({info['reason']}).")
    else:
        lines.append(f"To move: {info['to_move']}")
    if info["roll"]:
        lines.append("Roll in force: " + ", ".join(map(str, info["roll"])))
    standing = info["details"].get("standing")
    lines.append(f"Scores: {scores}" + (f" ({standing})" if standing else ""))
    lines.append(f"Legal moves ({len(info['legal'])}): {' '.join(info['legal']) or '-'}")
    if "ai_move" in info:
        level = info["ai_level"]
        if info["ai_move"] is None:
            lines.append(f"Computer (level {level}): no move to choose: {info['ai_reason']}")
        else:
            stats = info["ai_stats"]
            lines.append(f"Computer (level {level}) would play: {info['ai_move']} "
                         f"({stats['iterations']} steps, {stats['seconds']:.2f} s)")
    if "analysis" in info:
        from .ai.analysis import summary_lines

        lines += summary_lines(info["analysis"])
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    own, game_flags = split_arguments(list(sys.argv[1:] if argv is None else argv))
    args = build_parser().parse_args(own)
    try:
        if args.ai is not None:
            from .ai.search import check_level

            try:
                check_level(args.ai)
            except RulesError as error:
                raise Refusal(f"--ai {args.ai}: {error}") from None
        history = judge(args, game_flags)
        if args.save:
            save(args.save, history)
    except (Refusal, RulesError) as error:
        fields = getattr(error, "fields", {})
        print(f"referee: {error}", file=sys.stderr)
        if args.json:
            print(json.dumps({"error": str(error), **fields}))
        return EXIT_REFUSED
    info = report(history, history.seed)  # reported so that any roll can be drawn again
    if args.ai is not None:
        info.update(ai_level=args.ai, **ai_opinion(history, args.ai, args.ai_seed))
    if args.analyse:
        from .ai.analysis import analyse, named

        info["analysis"] = named(analyse(history))
    print(json.dumps(info) if args.json else format_text(history, info))
    return EXIT_OK


def save(path: str, history: GameHistory) -> None:
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(write_record(history))
    except OSError as error:
        raise Refusal(f"cannot write the record {quote(path, PATH_QUOTE)}: {error.strerror or error}",
                      save=path) from None


if __name__ == "__main__":
    sys.exit(main())
