"""Star's options as the new-game page shows them (see `game.app.ui.option_words`)."""

from __future__ import annotations

from game.app.ui.option_words import OptionWords, Words

WORDS: Words = {
    "size": OptionWords("Board size", "Cells along each of the star's three long sides (6 is the usual board)."),
    "maxi": OptionWords("Scoring", "All chains: each chain scores the outside cells it touches, less 2; "
                                   "Maxi-Star: only your best chain counts.",
                        {False: "All chains", True: "Maxi-Star"}),
}
