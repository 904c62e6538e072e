"""Savoy's and Savoya's options as the new-game page shows them (see `game.app.ui.option_words`)."""

from __future__ import annotations

from game.app.ui.option_words import OptionWords, Words

WORDS: Words = {
    "stack": OptionWords("Stacked start", "Pieces each, in one stack on the cell farthest from home "
                                          "(the usual start)."),
    "even": OptionWords("Spread start", "Instead, this many pieces each, spread evenly over the three cells "
                                        "farthest from home.", {0: "Off"}),
    "step": OptionWords("Stepped start", "Instead, stacks rising one by one (h, h+1, h+2) over the three cells "
                                         "farthest from home.", {0: "Off"}),
    "steptall": OptionWords("Tallest step", "With a stepped start: the tallest stack on the board's end cell, "
                                            "or on the one nearest home.", {"far": "End cell", "near": "Nearest"}),
    "trips": OptionWords("Using the dice", "Checked: a piece using several dice must be able to land where "
                                           "each one ends; Jump: only its last cell counts; Each die: a move "
                                           "per die.",
                         {"checked": "Checked", "jump": "Jump", "dice": "Each die"}),
    "pinnedaway": OptionWords("Pinned at home", "A piece pinned on its own home cell counts as home, or "
                                                "not (as in Plakoto).", {False: "Is home", True: "Not home"}),
    "drawpasses": OptionWords("Draw after passes", "The game is a draw after this many passes in a row "
                                                   "(pieces pinning each other can lock a game)."),
    "maxturns": OptionWords("Turn limit", "The game is a draw after this many turns, so that every game ends."),
}

#: Savoya: Savoy's options for one to four colours, its draw rules scaled to the players
SAVOYA_WORDS: Words = {
    **WORDS,
    "players": OptionWords("Players", "2: Gold moves R and L, Silver T and B; 3 or 4: each player moves "
                                      "one colour (R, B, L, T)."),
    "stack": OptionWords("Stacked start", "Pieces of each colour, in one stack on the cell farthest from "
                                          "home (the usual start)."),
    "even": OptionWords("Spread start", "Instead, this many pieces of each colour, spread evenly over the "
                                        "three cells farthest from home.", {0: "Off"}),
    "step": OptionWords("Stepped start", "Instead, stacks rising one by one (h, h+1, h+2) over the three cells "
                                         "farthest from home.", {0: "Off"}),
    "drawpasses": OptionWords("Draw after passes", "The game is a draw after this many passes in a row.",
                              {0: "5 each"}),
    "maxturns": OptionWords("Turn limit", "The game is a draw after this many turns, so that every game ends.",
                            {0: "500 each"}),
}
