"""Three and four players in the app: Savoya (2-4) and know (3, 4) in their scenes, the seat cards, the
game-over screen, and saves, links and review carrying the seats; screens of each written to
tests/screenshots/ (start, mid-game, game over at 390x844, 1280x720 and 360x640) to be looked at."""

from __future__ import annotations

import random

import pygame
import pytest

from app_helpers import DESKTOP, PHONE, Dice, new_app, open_game, pump, shot, tap, top
from game.app.games.know.scene import KnowScene
from game.app.games.know.view import draw_seat_marker
from game.app.games.registry import GAME_SCENES
from game.app.games.savoy.view import SAVOY_LOOK, piece_outline
from game.app.games.savoya.view import SAVOYA_LOOK
from game.app.games.savoya.scene import SavoyaScene
from game.app.play.panels import PanelScene
from game.app.saves.exchange import link_text, read_shared
from game.app.saves.saved_game import SavedGame, load_all, read_saved
from game.app.saves.storage import Storage
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.rules import GAMES
from game.rules.errors import RecordError
from game.rules.know import KNOW, MOVE, POST_ROLL
from game.rules.savoya import SAVOYA

PHONE_SMALL = (360, 640)
SIZES = [PHONE, DESKTOP, PHONE_SMALL]
SEATED = [("savoya2", "savoya", {"players": 2}), ("savoya3", "savoya", {"players": 3}),
          ("savoya4", "savoya", {"players": 4}), ("know3", "know", {"players": 3}), ("know4", "know", {"players": 4})]
# know by four: Red's Bard one jump from Resolving (tests/test_know_four.py)
NEAR_FOUR = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
             "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}
NEAR_THREE = {"B*": "0.1", "b*": "8.1", "B": "1.2a", "b": "9.1a", "F": "13.0a", "H": "3.0a"}


def finished(size, name: str, players: int) -> tuple:
    """A game scene whose game has just been won (the winning move played through the scene)."""
    app = new_app(size)
    if name == "savoya":
        layout = "l10=R m10=RRRRR a6=LLLLLL f15=BBBBBB" if players == 2 else "l10=R m10=RRRRR a6=B o10=LLLLLL"
        start = SAVOYA.position(layout, 0, (1, 3), {"players": players})
        scene = SavoyaScene(app, SAVOYA, {"players": players}, start=start)
        app.push(scene)
        assert scene.play("l10-m10")
        return app, scene
    if players == 4:
        start = KNOW.position(NEAR_FOUR, phase=MOVE, dice=(2,), options={"players": 4}, seat=3)
        moves = ["8.2-8.0", "roll:1", "pass"]
    else:
        start = KNOW.position(NEAR_THREE, 0, phase=MOVE, dice=(1,), options={"players": 3})
        moves = ["9.1a-9.2a"]
    scene = KnowScene(app, KNOW, {"players": players}, start=start)
    app.push(scene)
    for move in moves:
        assert scene.play(move), scene.message
    while scene.outcome() is None:  # the others' catch-up: rolls of 6, declined
        state = scene.state
        assert scene.play("roll:6" if state.phase == POST_ROLL else "pass"), scene.message
    return app, scene


# ----------------------------------------------------------------------------- seats in the scenes
@pytest.mark.parametrize("tag,name,options", SEATED, ids=lambda v: str(v))
@pytest.mark.parametrize("size", [PHONE, DESKTOP, PHONE_SMALL], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_card_per_seat_that_fits_and_one_marked_to_move(tag, name, options, size):
    app, scene = open_game(size, name, options, moves=25, seed=4)
    players = options["players"]
    assert len(scene.seats) == players and len(scene.cards) == players
    assert scene.seat_names == GAMES[name].seat_names(scene.history.start)
    width, height = size
    for a in scene.cards:  # inside the window, apart from each other and from the board
        assert pygame.Rect(0, 0, width, height).contains(a)
        assert not a.colliderect(scene.board_rect)
        assert sum(a.colliderect(b) for b in scene.cards) == 1
    if scene.game.to_move(scene.state) is not None:  # a seat decides: its card alone is marked
        marked = [seat for seat in range(players) if scene.card_moving(seat)]
        assert marked == [scene.game.to_move(scene.state)]
    if size[1] > size[0] and players > 2:  # a phone: the cards in one row
        assert len({card.top for card in scene.cards}) == 1
    if name == "know" and players == 4:  # the partners of each Conjunction side by side, joined
        partners = [seats for seats, _ in scene.card_partners()]
        assert sorted(partners) == [(0, 3), (1, 2)]
        for a, b in partners:
            first, second = sorted((scene.cards[a], scene.cards[b]), key=lambda r: r.left)
            assert first.top == second.top and 0 < second.left - first.right <= 8


def test_whose_turn_is_marked_by_a_shape_not_only_a_colour():
    """The card of the seat to move has a frame and a notch drawn in the accent colour: with the colours
    taken away (greyscale) the cards of the seat to move and of the others still differ."""
    app, scene = open_game(PHONE, "savoya", {"players": 4}, moves=25, seed=4)
    mover = scene.game.to_move(scene.state)
    assert mover is not None
    app.draw()
    grey = pygame.transform.grayscale(app.surface)
    notch = scene.cards[mover]
    other = scene.cards[(mover + 1) % 4]
    # the notch: a wedge pointing in from the left edge, level with the icon, lighter than the card
    probe = (notch.left + 3, notch.top + 14)
    same = (other.left + 3, other.top + 14)
    assert grey.get_at(probe)[0] > grey.get_at(same)[0] + 60


def test_seat_markers_differ_in_shape_or_pattern_not_hue_alone():
    """Savoya's four colours point four ways; know's four seats are two colours, each plain and striped,
    whose pieces also differ in brightness and rim; its three seats are three shapes."""
    outlines = {SAVOYA_LOOK.board.colours[c]: piece_outline(SAVOYA_LOOK.board.colours[c], (0, 0), 10)
                for c in range(4)}
    tips = {letter: max(points, key=lambda p: p[0] ** 2 + p[1] ** 2) for letter, points in outlines.items()}
    assert tips["R"][0] > 10 and tips["L"][0] < -10 and tips["T"][1] < -10 and tips["B"][1] > 10

    def luminance(rgb):
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    for look in (SAVOY_LOOK, SAVOYA_LOOK):  # a dark fill has a light rim and a light fill a dark rim
        for fill, rim in look.pieces:
            assert abs(luminance(fill) - luminance(rim)) > 60

    def picture(players: int, seat: int) -> bytes:
        surface = pygame.Surface((40, 40))
        surface.fill((0, 0, 0))
        draw_seat_marker(surface, players, seat, (20, 20), 16)
        return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGB")

    for players in (3, 4):  # every seat's marker differs from the others' with the hues taken away
        seen = [picture(players, seat) for seat in range(players)]
        assert len(set(seen)) == players


def test_savoya_two_players_your_own_other_colour_blocks_you_and_the_board_shows_it():
    app = new_app(PHONE)
    start = SAVOYA.position("d6=R f6=LLL o10=LLL j1=TTTTTT f15=BBBBBB", "Gold", (2, 1))
    scene = SavoyaScene(app, SAVOYA, {"players": 2}, start=start)
    app.push(scene)
    pump(app)
    geo = scene.layout_board
    scene.point_board(geo.centre("d6"))
    assert scene.selected == "d6"
    view = scene.view()
    assert "f6" in view.blocked and "f6" not in view.targets  # Gold's own L stack: crossed out
    assert "g6" in view.targets  # jumped over with 3
    assert "Your own L stacks on f6, o10 block this R piece (crossed out)" in scene.message
    shot(app, "savoya2_own_block_390x844")


def test_savoya_scene_names_the_seats_and_plays_the_opening_of_four():
    app, scene = open_game(PHONE, "savoya", {"players": 4})
    assert isinstance(scene, SavoyaScene) and scene.roll_colours() == (0, 1, 2, 3)
    scene.rng = Dice([2, 5, 6, 1])
    scene.start_roll()
    pump(app, 2)
    assert "R 2, B 5, L 6, T 1. Player 3 (L) starts and moves 6 alone." in scene.message
    assert scene.play_status()[0].startswith("Player 3 (L) to move with 6")
    assert [scene.card_moving(seat) for seat in range(4)] == [False, False, True, False]


# ----------------------------------------------------------------------------- the end of the game
@pytest.mark.parametrize("name,players", [("know", 4), ("know", 3), ("savoya", 3), ("savoya", 4)])
def test_game_over_names_the_winners_partners_together(name, players):
    app, scene = finished(PHONE, name, players)
    over = top(app)
    assert isinstance(over, GameOverScene)
    headline, reason, lines = over._lines()
    outcome = scene.outcome()
    if name == "know" and players == 4:
        assert outcome.winning_seats == (0, 3)
        assert headline == "Red striped and Red plain win: Player 1 and Player 4"
        assert scene.status_line()[0] == "Game over: Red striped and Red plain win"
        assert any("Red (Red striped and Red plain)" in line for line in lines)
    elif name == "know":
        assert headline == "Bards win: Player 1" and reason == "Bards Resolved"
        assert scene.status_line()[0] == "Game over: Bards win"
    else:
        assert headline == "R wins: Player 1" and outcome.places == ()
    assert len(lines) >= (2 if name == "know" and players == 4 else players)


# ----------------------------------------------------------------------------- saves, links, review
@pytest.mark.parametrize("name", ["know", "savoya"])
def test_a_saved_four_player_game_resumes_with_its_seats(name, tmp_path):
    storage = Storage(tmp_path)
    app = new_app(DESKTOP, storage)
    scene = GAME_SCENES[name](app, GAMES[name], {"players": 4}, ("Human", "Computer 2", "Human", "Computer 1"),
                              seed=5)
    app.push(scene)
    rng = random.Random(3)
    for _ in range(12):
        state = scene.state
        move = scene.history.next_roll() if scene.game.is_chance(state) else rng.choice(scene.game.legal_moves(state))
        assert scene.play(move)
    moves = scene.history.notation()
    games, notice = load_all(storage)
    assert notice == "" and len(games) == 1
    text = storage.load(games[0].name)
    assert '[Seats "Human,Computer 2,Human,Computer 1"]' in text and '[Players "' in text
    later = new_app(DESKTOP, Storage(tmp_path))  # a later session
    menu = later.stack[0]
    assert isinstance(menu, MenuScene) and "Computer 1" in later.saved_games[0].players_text
    shot(later, f"menu_saved_{name}4_1280x720")
    resumed = menu.open_game(later.saved_games[0])
    assert type(resumed) is GAME_SCENES[name] and resumed.history.notation() == moves
    assert resumed.seats == ("Human", "Computer 2", "Human", "Computer 1") and len(resumed.cards) == 4
    assert resumed.history.seed == scene.history.seed
    # a save naming three seats for four players is refused with the reason
    with pytest.raises(RecordError, match="must name 4 seats"):
        read_saved(text.replace("Human,Computer 2,Human,Computer 1", "Human,Human,Human"))


def test_a_link_of_a_three_player_savoya_opens_and_plays_on(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path / "a"))
    scene = SavoyaScene(app, SAVOYA, {"players": 3}, seed=9)
    app.push(scene)
    rng = random.Random(2)
    for _ in range(6):
        state = scene.state
        scene.play(scene.history.next_roll() if SAVOYA.is_chance(state) else rng.choice(SAVOYA.legal_moves(state)))
    link = link_text(scene.history, scene.save_id)
    other = new_app(PHONE, Storage(tmp_path / "b"))
    assert other.stack[0].open_text(link) is None
    opened = top(other)
    assert isinstance(opened, SavoyaScene) and opened.from_link and not opened.reviewing
    assert opened.seat_names == ("R", "B", "L") and len(opened.cards) == 3
    here = [opened.game.to_move(opened.state)] if opened.game.to_move(opened.state) is not None else \
        list(opened.roll_colours())
    assert [seat == "Human" for seat in opened.seats] == [c in here for c in range(3)]  # the side to move only
    assert opened.history.notation() == scene.history.notation() and opened.history.seed == 9
    shared = read_shared(link)
    assert shared.game.history.game is SAVOYA and len(shared.game.seats) == 3


@pytest.mark.parametrize("tag,name,options", SEATED, ids=lambda v: str(v))
def test_review_of_a_game_of_several_seats(tag, name, options):
    app, scene = open_game(PHONE, name, options, moves=20, seed=6)
    live = scene.history.notation()
    assert scene.review(5)
    assert scene.reviewing and len(scene.history.moves) == 5 and len(scene.cards) == options["players"]
    app.draw()  # the cards and the board of the position looked at
    assert scene.review_step(+1) and len(scene.history.moves) == 6
    scene.end_review()
    assert not scene.reviewing and scene.history.notation() == live


# ----------------------------------------------------------------------------- screens to look at
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("tag,name,options", SEATED, ids=lambda v: str(v))
def test_screens_of_games_for_several_seats(size, tag, name, options):
    where = f"{size[0]}x{size[1]}"
    app, scene = open_game(size, name, options)
    paths = [shot(app, f"{tag}_start_{where}")]
    app, scene = open_game(size, name, options, moves=34, seed=7)
    if scene.roll_due():
        scene.start_roll()
        pump(app, 2)
    geo = scene.layout_board
    if name == "savoya" and scene.sources():
        tap(app, geo.centre(sorted(scene.sources())[0]))
    elif name == "know" and scene.choosable_spaces():
        tap(app, geo.centroids[sorted(scene.choosable_spaces())[0]])
    paths.append(shot(app, f"{tag}_mid_{where}"))
    if name == "know":
        scene.show_influence = True
        paths.append(shot(app, f"{tag}_influence_{where}"))
    app, scene = finished(size, name, options["players"])
    paths.append(shot(app, f"{tag}_over_{where}"))
    app.pop()  # See board: the finished game under the cards
    paths.append(shot(app, f"{tag}_end_{where}"))
    for path in paths:
        assert pygame.image.load(str(path)).get_size() == size


def test_every_scene_is_a_panel_scene_for_any_seats():
    for name, scene_class in GAME_SCENES.items():
        assert issubclass(scene_class, PanelScene)
    app = new_app(PHONE)
    scene = SavoyaScene(app)  # two players by default: Gold and Silver, both Human
    assert scene.seat_names == ("Gold", "Silver") and scene.seats == ("Human", "Human")
    three = SavoyaScene(app, SAVOYA, {"players": 3}, ("Computer 1",))  # seats left out are people
    assert three.seats == ("Computer 1", "Human", "Human")
    assert SavedGame(three.history, three.seats).players_text == "R Computer 1 · B Human · L Human"
    assert SavedGame(three.history, ("Human",) * 3).players_text == "R, B, L: all Human"


def test_game_over_gives_places_where_the_rules_rank_the_others(monkeypatch):
    """No game here ranks the losers yet (Savoya and know end at the first winner), but where the rules give
    places (`Outcome.places`) the rows say them."""
    from test_text_sizes import Recorder
    from game.app.ui import theme
    from game.rules.base import Outcome

    app, scene = finished(DESKTOP, "savoya", 4)
    ranked = Outcome(0, "R has all 6 pieces home", places=(0, 2, 1, 3))
    monkeypatch.setattr(scene, "outcome", lambda: ranked)
    recorder = Recorder()
    monkeypatch.setattr(pygame.font, "Font", recorder.font_class)
    theme.font.cache_clear()
    try:
        app.draw()
    finally:
        monkeypatch.undo()
        theme.font.cache_clear()
    drawn = {text for _, text in recorder.drawn}
    assert "wins · Player 1" in drawn
    assert {"place 2 · Player 3", "place 3 · Player 2", "place 4 · Player 4"} <= drawn


def test_a_roll_with_many_turns_keeps_the_dice_tumbling_while_they_are_listed(monkeypatch):
    """Savoya for two lists tens of thousands of turns after some doubles (most of a second at once): the
    dice tumble, a unit of that work per frame, until the turns are listed; the roll is then played and the
    scene finds them listed (nothing is built again in one frame)."""
    import game.rules.savoy.game as savoy_rules  # where the game looks build_turn_steps up

    app = new_app(DESKTOP)
    scene = SavoyaScene(app, SAVOYA, {"players": 2}, ("Human", "Human"), seed=2)
    app.push(scene)
    rng = random.Random(2)
    for _ in range(200):  # play on until a roll due is a double with work to spread
        if scene.history.roll_due():
            after = SAVOYA.apply(scene.state, scene.history.next_roll())
            SAVOYA._cache.clear()
            units = sum(1 for _ in SAVOYA.prepare(after))
            SAVOYA._cache.clear()
            if len(after.dice) == 4 and units > 20:
                break
            scene.play(scene.history.next_roll())
        else:
            scene.play(rng.choice(SAVOYA.legal_moves(scene.state)))
    else:
        pytest.fail("no roll with turns to list in steps")
    builds = []
    real = savoy_rules.build_turn_steps
    monkeypatch.setattr(savoy_rules, "build_turn_steps", lambda *a: builds.append(a) or real(*a))
    scene.roller.seconds, scene.roller.work_seconds = 1 / 60, 0.0  # one frame's tumble; one unit a frame
    scene.start_roll()
    frames = 0
    while scene.roller.rolling:
        app.step()
        frames += 1
    assert frames >= units - 1 and scene.state.dice == after.dice and not scene.history.roll_due()
    assert len(builds) == 1  # during the tumble, never again
    assert scene.conts  # the scene offers the turns
