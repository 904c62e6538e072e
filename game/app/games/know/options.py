"""know's options as the new-game page shows them (see `game.app.ui.option_words`)."""

from __future__ import annotations

from game.app.ui.option_words import OptionWords, Words

WORDS: Words = {
    "players": OptionWords("Players", "3: each moves the four pieces of one type (Bards, Fools, Heralds); "
                                      "4: two teams, Red and Blue, each player a Bard, a Fool and a Herald."),
    "version": OptionWords("Version", "Standard: one die, one piece a turn; Symmetric: two dice, moving two "
                                      "pieces of one type.", {"standard": "Standard", "symmetric": "Symmetric"}),
    "eternal": OptionWords("Eternal cycles", "Play this many cycles, the striped pieces swapping after each "
                                             "Resolution (Off: one ordinary game).", {0: "Off"}),
    "conservation": OptionWords("Every die moves", "Bonus rule Conservation of Randomness: every die rolled "
                                                   "is played, the opening roll too."),
    "nets": OptionWords("Nets", "Bonus rule: pieces of one type on matching spaces of different quarters "
                                "may pass through influence."),
    "formal": OptionWords("Strict Resolution", "The author's unpublished rules: which tiers, spaces and "
                                               "colours each type may resolve on."),
    "score": OptionWords("Win on score", "The score (spaces influenced by connected pieces) decides the "
                                         "winner, not the first Resolution."),
    "sopath": OptionWords("Path through a wall", "A Solipsistic Path past the contended point: Literal may "
                                                 "cross only points of contention; Lenient ignores influence.",
                          {"literal": "Literal", "lenient": "Lenient"}),
    "pathneed": OptionWords("When a Path is allowed", "At any point of contention that has stood a round, or "
                                                      "only for a piece walled off from the other half.",
                            {"any": "Any time", "walled": "Walled in"}),
    "errand": OptionWords("When an Errand is allowed", "A Significant Errand for a piece boxed in by points "
                                                       "of contention, or for any piece that cannot move.",
                          {"locked": "Boxed in", "stuck": "Cannot move"}),
    "limit": OptionWords("Turn limit", "End the game after this many turns; the score decides (Off: no limit).",
                         {0: "Off"}, steps=(0, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10_000, 100_000)),
}
