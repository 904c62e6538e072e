"""The pygame-ce app: one async frame loop, a scene stack and one input layer.

`game.app.main.amain` is the entry for both the desktop (`python -m game`)
and the browser build (pygbag stages ``web/main.py`` calling it). Rules live
in `game.rules`; scenes here only draw states and turn input into moves.

Where things are (each line imports only from the lines below it, and from
`game.rules` and `game.ai`; tests/test_app_imports.py checks it):

- ``main.py``: the shell. The window, the scene stack, the frame loop and the
  desktop/browser entry points; it builds the menu and hands it the games.
- ``screens/menu.py``, ``screens/new_game.py``: the menu and the new-game page
  (they get the game scenes from the shell, never import a game).
- ``games/registry.py``: which scene plays which game, and the boards the menu offers.
- ``games/<game>/``: one package per game: ``scene.py`` (play it), ``view.py``
  (draw a position), ``rules_page.py`` (its rules explained), and as data its
  options' words (``options.py``) and its boards on the menu (``boards.py``).
- ``play/``: what every game scene is built from: ``game_scene.py``
  (GameScene: history, seats, saving, the computer's turns and hints; every
  game's frame goes through its `update`), ``seating.py`` (who plays each
  side, in words; the sides played at a distance), ``panels.py`` (PanelScene: the
  cards, status, typed-move entry, Hint/Pause, message and move list; every
  game's input goes through its `handle`), ``computer.py`` (a `game.ai`
  search stepped a slice per frame), ``dice.py``, and ``lesson.py`` with
  ``lesson_scene.py`` (every game's lessons, data in ``games/<game>/lessons.py``,
  played on the game's own scene).
- ``screens/game_over.py``, ``screens/rules.py``, ``screens/scrolling.py``:
  the screens a game opens (its result, its rules) and the base of pages that
  scroll.
- ``ui/``: the building blocks of every screen: ``scene.py`` (the scene
  lifecycle and `Host`, the app as a scene sees it), ``input.py`` (events
  become intents), ``widgets.py``, ``theme.py``, ``drawing.py``, and the data
  types the games' tables are made of (``option_words.py``, ``boards.py``).
- ``saves/``: the games in progress kept between sessions (``storage.py``,
  ``saved_game.py``), the seats (``seats.py``) and the settings (``settings.py``),
  no pygame.

A scene is handed the app it lives in, typed by `game.app.ui.scene.Host`;
nothing below the shell imports ``main.py``. The package ``__init__`` files
import nothing, so importing one module never loads its neighbours.
"""
