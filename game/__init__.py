"""Abstract board games: Savoy, Star, know and Truchet.

`game.rules` is the pure-Python rules core (standard library only, shared by
the desktop app, the browser build and the tests); `game.app` holds the
pygame-ce scenes.
"""

__version__ = "0.1.0"
