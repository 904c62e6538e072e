"""``python -m game``: the app (pygame-ce). Without pygame installed, lists the games."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        from .app.main import run
    except KeyboardInterrupt:  # Ctrl-C while the app loads: nothing to save yet
        return 130
    except ImportError:
        from .rules import GAMES

        print("pygame-ce is not installed; the games are:")
        for game in GAMES.values():
            print(f"  {game.name:8} {game.title}: {game.summary}")
        return 0
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
