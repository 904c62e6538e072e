"""Truchet's options as the new-game page shows them (see `game.app.ui.option_words`)."""

from __future__ import annotations

from game.app.ui.option_words import OptionWords, Words

WORDS: Words = {
    "hex": OptionWords("Board", "Square: Truchet as published; Hexagonal: our design of the hex board its "
                                "inventor left unfinished.", {False: "Square", True: "Hexagonal"}),
    "size": OptionWords("Board size", "Tiles along each side of the board."),
    "setup": OptionWords("Laying the tiles", "In turns: O lays half the tiles, X the other half, O the centre "
                                             "one; One move: the first move lays them all.",
                         {"turns": "In turns", "single": "One move"}),
    "draw": OptionWords("Quiet draw", "After the quiet turns below: Claim lets the player to move take a "
                                      "draw; Automatic ends the game drawn; Off: proven draws only.",
                        {"claim": "Claim", "auto": "Automatic", "off": "Off"}),
    "quiet": OptionWords("Quiet turns", "Turns in a row without a capture before the quiet draw applies."),
}
