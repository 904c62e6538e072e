"""know's rules in our own words, with a diagram drawn from a real position (the rules screen shows it)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.screens.rules import RulesPage
from game.rules.know import KNOW, KnowState
from .view import KnowLayout, KnowView, draw_know

_DIAGRAM_PIECES = {"B*": "3.1a", "B": "11.1a", "F*": "15.2a", "F": "7.2a"}


@lru_cache(maxsize=1)
def _diagram_state() -> KnowState:
    return KNOW.position(_DIAGRAM_PIECES, 1)


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    layout = KnowLayout(rect)
    draw_know(surface, layout, _diagram_state(), KnowView(show_influence=True, show_threads=True))


def _caption() -> str:
    state = _diagram_state()
    pocs = KNOW.influence(state)["contention"]
    return ("Red (warm, light rim) has connected its Bards on the First tier and its Fools on the Second: each "
            "pair stands on spaces opposite through the centre. A Rim connection of the Heralds would Resolve. "
            "Tinted spaces are influenced (red, blue); the crossed purple space"
            f"{'s' if len(pocs) > 1 else ''} ({', '.join(pocs)}) "
            f"{'are points' if len(pocs) > 1 else 'is a point'} of contention. Round: Bard; triangle: Fool; "
            "square: Herald; a white band marks a striped piece.")


KNOW_RULES = RulesPage(
    credit="know was designed by Bryan Jurish (1995; rulebook v0.03, 2001, freely distributable). "
           "This page retells his rules in our own words; his rulebook is the authority.",
    sections=(
        ("The board", "Sixteen points round a circle joined by straight lines make 100 spaces, light and dark "
                      "like a chequerboard. Two spaces border each other only when they share a side. The spaces "
                      "form four tiers from the edge in: the Rim, the First tier, the Second tier and the Center "
                      "(tinted differently here). The four corner triangles belong to both the Rim and the First "
                      "tier (shown hatched)."),
        ("Pieces", "Each player (Red and Blue) has two Bards (round), two Fools (triangles) and two Heralds "
                   "(squares); one of each pair is striped. All move alike and nothing is ever captured."),
        ("Starting", "Both players roll; the higher roll begins (a tie rolls again) and rolls afresh for the "
                     "first move. Under the bonus rule Conservation of Randomness the winning roll itself is "
                     "played instead."),
        ("Moving", "Roll the die and move one of your pieces exactly that many jumps, each jump into a bordering "
                   "space, never entering a space twice. A piece may not enter or pass an occupied space, nor a "
                   "space bordering an opposing piece. If any move is possible you must move."),
        ("Influence", "A piece influences every space it borders. A space influenced by both players is a point "
                      "of contention: no piece may ever stop on one. Influence shows them on the board."),
        ("Connections and Resolution", "Your two pieces of one type are connected when they stand on opposite "
                                       "spaces through the centre (a half turn apart): imagine a thread through "
                                       "the centre pulled straight. Hold three connections at once, one on the "
                                       "Rim, one on the First tier and one on the Second, and you have Resolved "
                                       "and win. Center connections never count; a corner triangle counts as Rim "
                                       "or First."),
        ("After Resolution", "The resolver's pieces stop. The other player rolls again and again (two dice in "
                             "the Symmetric version): each die that lets an unconnected piece make a connection "
                             "(passing points of contention) may be used; the catch-up ends when a roll cannot "
                             "connect or three connections stand. If the catch-up completes a resolved pattern "
                             "too, the scores decide (equal scores draw)."),
        ("Significant Errand", "A piece hemmed in by points of contention is locked out. After your roll you may "
                               "ask for an Errand if it could make that many jumps ignoring influence. Your "
                               "opponent rolls: higher, and you move another piece; lower, and the locked-out "
                               "piece makes its move (to a free space its opponent does not influence). A tie "
                               "rolls again."),
        ("Solipsistic Path", "Before rolling you may challenge a point of contention beside one of your pieces, "
                             "if it has stood for a roll of each player. Both roll one die and add the spaces "
                             "influenced by their own pieces around it (points of contention not counted). If you "
                             "win, that piece moves your die roll, first into the challenged space and then through "
                             "contention if need be; if you lose, your turn is forfeit."),
        ("Four players", "Two Conjunctions, Red and Blue, each of two partners: Red striped, Blue striped, "
                         "Blue plain and Red plain, in turn order clockwise from the top. Each player moves the "
                         "Bard, Fool and Herald of their colour and stripe; influence, connections, Resolution "
                         "and the score are the Conjunction's, so partners win together. Their cards sit side "
                         "by side, joined by a band in their colour."),
        ("Three players", "Each player moves the four pieces of one type, both colours': Bards, Fools, Heralds "
                          "(the rules leave this version under-specified; this is the project's reading). A "
                          "space bordering another player's piece is closed to you, any two of your pieces on "
                          "opposite spaces are connected, and a connection on the First tier (or a corner) with "
                          "one on the Second tier at once Resolves; Rim connections do not count."),
        ("Symmetric version", "Roll two dice and move two different pieces, one per die, of the same type unless "
                              "the first move made a connection. Tap a die to choose it when both dice could "
                              "make the same move."),
        ("Score", "If you must count: each player scores the spaces influenced by their connected pieces, less "
                  "points of contention, plus 6 for a resolved pattern. Score shows it during play."),
        ("Writing moves", "Spaces are named wedge.tier: wedges 0 to 15 clockwise from the top, tiers 0 Rim, "
                          "1 First, 2 Second, 3 Center, a letter where a wedge has several (1.0b, 2.2c). A move "
                          "is from-to (1.0b-1.1b; 1.0b-1.1b/3 names the die). Also roll:4, errand:1.0b, "
                          "path:2.1a>2.2a, nopath and pass. Names shows the names on the board."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
    lesson="know",
)
