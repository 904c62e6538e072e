"""The pygame-ce app: one async frame loop, a scene stack and one input layer.

`game.app.main.amain` is the entry for both the desktop (`python -m game`)
and the browser build (pygbag stages ``web/main.py`` calling it). Rules live
in `game.rules`; scenes here only draw states and turn input into moves.
"""
