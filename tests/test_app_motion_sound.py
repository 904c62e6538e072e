"""Moves slide and sound: every game's pieces slide to where they move for a fifth of a second of frames
(a press or a key finishes the slide and still acts), review, undo and loading never slide; each move
asks for its sound (a move, a capture, the end), muting is remembered, and the sound files are small
Ogg files that pygame reads. Screenshots mid-slide: tests/screenshots/motion_<game>_<phone|desktop>.png."""

from __future__ import annotations

import math
from pathlib import Path

from script_loader import load_script
from app_helpers import DESKTOP, MAX_FRAMES, Dice, PHONE, click, hover, key, new_app, press, pump, shot, top, type_text

import pygame
import pytest

from game.app.games.know.scene import KnowScene
from game.app.games.savoy.scene import SavoyScene
from game.app.games.star.scene import StarScene
from game.app.games.truchet.scene import TruchetScene
from game.app.play.motion import MOTION_SECONDS, Motion, point_along
from game.app.saves.exchange import link_text
from game.app.saves.saved_game import SavedGame
from game.app.saves.settings import NAME as SETTINGS_NAME
from game.app.saves.storage import Storage
from game.app.screens.game_actions import GameActionsScene
from game.app.screens.game_over import GameOverScene
from game.app.screens.menu import MenuScene
from game.app.ui.sound import NAMES, SOUND_DIR, Sounds
from game.rules.history import GameHistory
from game.rules.know import KNOW
from game.rules.savoy import SAVOY
from game.rules.star import STAR
from game.rules.truchet import TRUCHET, X

FRAME = 1 / 60
SIZES = {"phone": PHONE, "desktop": DESKTOP}
CAPTURE_TILES = "rlr" "lrl" "rll"  # the seed's first capture picture (as in test_app_truchet)


# ------------------------------------------------------------------------------ stand-ins and set-ups
class Mixer:
    """A stand-in for pygame.mixer that records the sounds played (`fail`: there is no audio device)."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.ready = False
        self.played: list[str] = []

    def get_init(self):
        return (22050, -16, 1) if self.ready else None

    def init(self) -> None:
        if self.fail:
            raise pygame.error("No available audio device")
        self.ready = True

    def Sound(self, path: str) -> "FakeSound":  # noqa: N802 (pygame's name)
        return FakeSound(self, Path(path).stem)

    def stop(self) -> None:
        pass


class FakeSound:
    def __init__(self, mixer: Mixer, name: str) -> None:
        self.mixer, self.name = mixer, name

    def set_volume(self, volume: float) -> None:
        pass

    def play(self) -> None:
        self.mixer.played.append(self.name)


def listen(app) -> Mixer:
    """The app's sounds go to a recording stand-in from now on."""
    mixer = Mixer()
    app.sound = Sounds(app.settings, mixer=mixer)
    return mixer


def push(app, scene):
    app.push(scene)
    pump(app)
    return scene


def ready(name: str, size=DESKTOP):
    """A scene of `name` where typing the returned move (a real one, through the entry) makes pieces move."""
    app = new_app(size)
    if name == "star":
        scene = push(app, StarScene(app, STAR))
        return app, scene, "D5"
    if name == "savoy":
        start = SAVOY.position("a4=RRR c4=L g4=L o7=LLL", "R", (2, 4))
        scene = push(app, SavoyScene(app, SAVOY, start=start, rng=Dice([])))
        return app, scene, "a4-g4"  # via c4 (a lone L: a legal landing) to pin the L on g4
    if name == "truchet":
        start = TRUCHET.position(CAPTURE_TILES, x={"a3": 2, "b4": 1}, o={"b3": 1, "d2": 2}, to_move=X)
        scene = push(app, TruchetScene(app, TRUCHET, start=start, seed=1))
        return app, scene, "a3,b4-b3"  # two stacks merge onto b3, taking the O piece there
    scene = push(app, KnowScene(app, KNOW, seed=3))
    scene.roll_seconds = 0
    for _ in range(40):  # the opening rolls, until a piece can move
        state = scene.state
        if KNOW.is_chance(state):
            scene.play(scene.next_roll())
            continue
        moves = [m for m in KNOW.legal_moves(state) if m.kind == "move"]
        if moves:
            pump(app)
            return app, scene, str(max(moves, key=lambda m: str(m)))
        scene.play(KNOW.legal_moves(state)[0])
    raise AssertionError("know never offered a piece move")


def picture(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.surface, "RGB")


# ------------------------------------------------------------------------------ the slide
@pytest.mark.parametrize("name", ["star", "savoy", "truchet", "know"])
@pytest.mark.parametrize("tag", ["phone", "desktop"])
def test_a_move_slides_for_a_fifth_of_a_second_of_frames_then_shows_the_new_position(name, tag):
    app, scene, move = ready(name, SIZES[tag])
    type_text(app, move)
    assert scene.history.notation()[-1] == move, scene.message
    motion = scene.motion
    assert motion is not None and motion.move == scene.history.moves[-1] and not motion.done
    assert motion.elapsed == pytest.approx(FRAME)  # one frame (the one that played it) has passed
    frame = scene.motion_frame()
    assert frame is not None and frame.slides
    for slide in frame.slides:  # each piece is on its way: not yet where it goes (nor, moving, where it was)
        here = point_along(slide.path, frame.progress)
        if len(slide.path) > 1:
            assert here not in (slide.path[0], slide.path[-1])
            assert math.dist(here, slide.path[0]) < math.dist(slide.path[0], slide.path[-1])
    # mid-slide: the board is not yet the new position (the pieces are drawn on their way)
    motion.elapsed = motion.seconds / 4
    shot(app, f"motion_{name}_{tag}")
    mid = picture(app)
    frames = 0
    while scene.motion is not None:
        app.step(FRAME)
        frames += 1
        assert frames < 60, "the slide never ended"
    assert frames == math.ceil((MOTION_SECONDS * 3 / 4) / FRAME - 1e-9)  # the rest of 0.2 s of frames
    after = picture(app)
    assert after != mid
    scene.motion = Motion(motion.before, motion.move, seconds=motion.seconds, elapsed=motion.seconds)
    assert scene.motion_frame() is None and picture(app) == after  # done: the position itself
    scene.motion = None


def test_a_press_during_the_slide_finishes_it_and_is_still_played():
    app, scene, _ = ready("star")
    names = scene.state.board.names
    first, second = names[10], names[20]
    click(app, scene.layout_board.centers[10])
    assert scene.history.notation() == [first] and scene.motion is not None
    hover(app, scene.layout_board.centers[30])  # the pointer passing leaves it going
    assert scene.motion is not None and scene.motion.move.cell == first
    click(app, scene.layout_board.centers[20])  # a click at once: the first slide ends, the click plays
    assert scene.history.notation() == [first, second]
    assert scene.motion is not None and scene.motion.move.cell == second and scene.motion.elapsed == pytest.approx(FRAME)
    key(app, pygame.K_F3)  # a key during the slide: it ends, and the key does what it does
    assert scene.motion is None and scene.show_coords
    type_text(app, names[30])
    assert scene.motion is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo: never slides, and ends the slide under way
    assert scene.motion is None and scene.history.notation() == [first, second]


def test_the_computers_moves_slide_too():
    app = new_app(DESKTOP)
    scene = push(app, StarScene(app, STAR, seats=("Human", "Computer 1")))
    scene.computer_pause = 0
    click(app, scene.layout_board.centers[12])
    for _ in range(MAX_FRAMES):  # until the computer places a stone (its answer to the first may be a swap)
        moves = scene.history.moves
        if len(moves) % 2 == 0 and moves[-1].kind == "place":
            break
        if len(moves) % 2 == 0:  # the computer swapped: the person places again
            cell = next(k for k, c in enumerate(scene.state.cells) if not c)
            click(app, scene.layout_board.centers[cell])
            continue
        app.step(FRAME)
    assert len(scene.history.moves) % 2 == 0 and scene.history.moves[-1].kind == "place", scene.message
    motion = scene.motion
    assert motion is not None and motion.move == scene.history.moves[-1] and motion.before == scene.history.states[-2]
    assert scene.flash_move == motion.move  # marked on the board once it has arrived
    pump(app, 20)
    assert scene.motion is None


def test_savoy_pieces_slide_as_each_part_is_chosen_and_the_confirmed_turn_does_not_slide_again():
    start = SAVOY.position("h4=R a4=R o7=LL", "R", (2, 4))
    app = new_app(DESKTOP)
    scene = push(app, SavoyScene(app, SAVOY, start=start, rng=Dice([])))
    geo = scene.layout_board
    click(app, geo.centre("a4"))
    target = sorted(scene.targets("a4"))[0]
    click(app, geo.centre(target))
    if scene.route_choices:
        press(app, "route0")
    assert scene.parts and scene.motion is not None
    (slide,) = scene.motion_frame().slides
    assert math.dist(slide.path[0], geo.centre("a4")) < 0.01
    assert math.dist(slide.path[-1], geo.centre(scene.parts[0].dst)) < 0.01
    assert len(slide.path) > 2  # along the route's curve, not straight across
    pump(app, 15)
    assert scene.motion is None
    while scene.done is None or scene.conts:  # finish the turn part by part
        src = sorted(scene.sources())[0]
        click(app, geo.centre(src))
        click(app, geo.centre(sorted(scene.targets(src))[0]))
        if scene.route_choices:
            press(app, "route0")
        pump(app, 15)
    press(app, "play")
    assert scene.history.moves[-1].kind == "turn"
    assert scene.motion is None  # its pieces are where they went already


def test_a_savoy_piece_that_moves_twice_with_dice_trips_slides_once_along_both_trips():
    start = SAVOY.position("a4=R o7=LL", "R", (2, 3), options={"trips": "dice"})
    app = new_app(DESKTOP)
    scene = push(app, SavoyScene(app, SAVOY, {"trips": "dice"}, start=start, rng=Dice([])))
    before = scene.shown_board()
    type_text(app, "a4-d4,d4-e2")
    geo = scene.layout_board
    frame = scene.motion_frame()
    (slide,) = frame.slides  # one piece, not two
    assert math.dist(slide.path[0], geo.centre("a4")) < 0.01 and math.dist(slide.path[-1], geo.centre("e2")) < 0.01
    assert min(math.dist(p, geo.centre("d4")) for p in slide.path) < 0.01
    cells = scene.state.rules.board.cell_id
    assert frame.base[cells["a4"]] == 0 and frame.base[cells["e2"]] == 0 and frame.base[cells["d4"]] == 0
    # the same whatever order the parts come in
    first, second = scene.history.moves[-1].parts
    base, slides = scene.slides(before, type(scene.history.moves[-1])("turn", (second, first)))
    assert base == frame.base and len(slides) == 1 and slides[0].path == slide.path


def test_review_undo_and_loading_never_slide_but_redo_and_a_link_with_the_other_players_move_do(tmp_path):
    storage = Storage(tmp_path)
    app = new_app(DESKTOP, storage)
    scene = push(app, StarScene(app, STAR))
    for k in (5, 15, 25):
        click(app, scene.layout_board.centers[k])
    pump(app, 20)
    assert scene.motion is None
    scene.review(1)
    assert scene.motion is None
    key(app, pygame.K_RIGHT)
    assert scene.reviewing and scene.motion is None
    scene.end_review()
    assert scene.motion is None
    mixer = listen(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.motion is None and len(scene.history.moves) == 2 and mixer.played == []  # undo: silent
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.motion is not None and scene.motion.move == scene.history.moves[-1]
    assert mixer.played == ["move"]  # redo sounds as the move did
    pump(app, 20)
    # loading the game kept: its position shows at once
    again = new_app(DESKTOP, storage)
    press(again, "resume")
    resumed = top(again)
    assert isinstance(resumed, StarScene) and len(resumed.history.moves) == 3 and resumed.motion is None
    # the other player's move comes by link: it slides in on the game kept here
    theirs = GameHistory(STAR, resumed.history.options)
    for move in scene.history.notation() + [STAR.legal_moves(resumed.state)[0]]:
        theirs.play(move)
    linked = new_app(DESKTOP, storage)
    assert linked.stack[0].open_text(link_text(theirs, resumed.save_id)) is None
    opened = top(linked)
    assert isinstance(opened, StarScene) and len(opened.history.moves) == 4
    assert opened.motion is not None and opened.motion.move == opened.history.moves[-1]


def test_the_last_move_slides_on_under_the_game_over_screen():
    app = new_app(DESKTOP)
    start = TRUCHET.position(CAPTURE_TILES, x={"a3": 2, "b4": 1}, o={"b3": 1}, to_move=X)
    scene = push(app, TruchetScene(app, TRUCHET, start=start, seed=1))
    scene.capture_seconds = 0  # (else the game-over card waits for the taken stack to fade)
    type_text(app, "a3,b4-b3")  # the last O piece taken
    assert isinstance(top(app), GameOverScene)
    assert scene.motion is not None and scene.motion.elapsed == pytest.approx(FRAME)
    pump(app, 5)
    assert scene.motion is not None and scene.motion.elapsed == pytest.approx(6 * FRAME)
    pump(app, 10)
    assert scene.motion is None  # the frames under the card moved it on


# ------------------------------------------------------------------------------ sounds
def test_each_move_asks_for_its_sound_move_capture_or_end_and_none_for_the_dice():
    app, scene, move = ready("star")
    mixer = listen(app)
    type_text(app, move)
    assert mixer.played == ["move"]
    app, scene, move = ready("savoy")
    mixer = listen(app)
    type_text(app, move)  # it pins the L on g4
    assert mixer.played == ["capture"]
    scene.rng, scene.roller.seconds = Dice([3, 4]), 0
    press(app, "roll")
    assert scene.history.moves[-1].kind == "roll" and mixer.played == ["capture"]  # the dice are silent
    app, scene, move = ready("truchet")
    mixer = listen(app)
    type_text(app, move)
    assert mixer.played == ["capture"]
    # the last O pieces taken: the game ends
    start = TRUCHET.position(CAPTURE_TILES, x={"a3": 2, "b4": 1}, o={"b3": 1}, to_move=X)
    scene = push(app, TruchetScene(app, TRUCHET, start=start, seed=1))
    scene.capture_seconds = 0
    type_text(app, "a3,b4-b3")
    assert mixer.played == ["capture", "end"]
    # a resignation ends a game too
    app = new_app(DESKTOP)
    mixer = listen(app)
    star = push(app, StarScene(app, STAR))
    star.resign(0)
    assert mixer.played == ["end"]


def test_muted_nothing_plays_and_the_switch_is_remembered_after_a_restart(tmp_path):
    storage = Storage(tmp_path)
    app = new_app(PHONE, storage)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.button("sound").label == "Sound: on"
    press(app, "sound", touch=True)
    assert menu.button("sound").label == "Sound: off" and app.sound.muted
    assert storage.load(SETTINGS_NAME) is not None
    shot(app, "motion_menu_sound_off_phone")
    again = new_app(PHONE, storage)  # the app started again: still muted
    assert again.sound.muted and top(again).button("sound").label == "Sound: off"
    mixer = Mixer()
    again.sound = Sounds(again.settings, mixer=mixer)
    scene = push(again, StarScene(again, STAR))
    type_text(again, "D5")
    assert mixer.played == []
    # the game's More sheet has the switch too
    press(again, "more", touch=True)
    sheet = top(again)
    assert isinstance(sheet, GameActionsScene) and sheet.button("sound").label == "Sound: off"
    press(again, "sound", touch=True)
    assert not again.sound.muted and sheet.button("sound").label == "Sound: on"
    shot(again, "motion_more_sheet_sound_phone")
    press(again, "close", touch=True)
    type_text(again, "E5")
    assert mixer.played == ["move"]
    third = new_app(PHONE, storage)
    assert not third.sound.muted


def test_damaged_settings_give_the_defaults_and_are_written_over(tmp_path):
    storage = Storage(tmp_path)
    for text in ("{not json", "[1, 2]", '{"sound": "loud"}', "\u00ff"):
        (tmp_path / SETTINGS_NAME).write_text(text, encoding="utf-8")
        app = new_app(DESKTOP, storage)
        assert not app.sound.muted
    (tmp_path / SETTINGS_NAME).write_bytes(b"\xff\xfe")  # not UTF-8
    app = new_app(DESKTOP, storage)
    assert not app.sound.muted
    press(app, "sound")
    assert new_app(DESKTOP, storage).sound.muted


def test_no_audio_device_and_a_page_before_its_first_touch_are_silent_and_safe():
    settings = new_app(DESKTOP).settings
    broken = Mixer(fail=True)
    sounds = Sounds(settings, mixer=broken)
    assert sounds.play("move") is False and sounds.failed
    assert sounds.play("end") is False  # not tried again
    page = Mixer()
    sounds = Sounds(settings, mixer=page, wait_for_input=True)
    assert sounds.play("move") is False and page.played == [] and not page.ready
    sounds.unlock()
    assert sounds.play("move") is True and page.played == ["move"]
    missing = Sounds(settings, mixer=Mixer(), folder=Path("/nonexistent"))
    assert missing.play("capture") in (True, False)  # a stand-in reads no file; it never raises
    # the real app in a "browser": silent until the first press, which unlocks it
    app = new_app(DESKTOP, browser=True)
    assert app.sound.waiting
    click(app, (5, 5))
    assert not app.sound.waiting


def test_the_sound_files_are_small_oggs_that_pygame_reads():
    for name in NAMES:
        path = SOUND_DIR / f"{name}.ogg"
        data = path.read_bytes()
        assert data[:4] == b"OggS" and b"vorbis" in data[:64], name
        assert 1000 < len(data) < 8000, (name, len(data))
    if not pygame.mixer.get_init():
        try:
            pygame.mixer.init()
        except pygame.error:
            pytest.skip("no audio driver here, not even the dummy one")
    lengths = {name: pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg")).get_length() for name in NAMES}
    assert 0.05 < lengths["move"] < 0.2 and 0.05 < lengths["capture"] < 0.3 and 0.3 < lengths["end"] < 1.0
    app = new_app(DESKTOP)
    assert app.sound.play("move") and set(app.sound.loaded) == set(NAMES)  # the real mixer, dummy driver


def test_the_web_build_packs_the_sounds():
    build_web = load_script("build/build_web.py")
    staged = {p.as_posix() for p in build_web.staged_sources()}
    assert {f"game/app/assets/sounds/{name}.ogg" for name in NAMES} <= staged


def load_make_sounds():
    return load_script("build/make_sounds.py")


def test_the_committed_sounds_are_what_make_sounds_synthesises(tmp_path, capsys):
    make_sounds = load_make_sounds()
    made = make_sounds.synthesise()
    assert set(made) == set(NAMES)
    for name, samples in made.items():
        assert max(abs(v) for v in samples) == pytest.approx(0.8)
        assert abs(samples[-1]) < 0.01  # faded out: no click at the end
    if not pygame.mixer.get_init():
        try:
            pygame.mixer.init()
        except pygame.error:
            pytest.skip("no audio driver here, not even the dummy one")
    for name, samples in made.items():
        committed = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg")).get_length()
        assert committed == pytest.approx(len(samples) / make_sounds.RATE, abs=0.02), name
    try:
        import soundfile  # noqa: F401
    except ImportError:  # the app's own environment: the script says what it needs, and writes nothing
        assert make_sounds.main(["--out", str(tmp_path)]) == 1
        assert "soundfile" in capsys.readouterr().err and not list(tmp_path.iterdir())
    else:
        assert make_sounds.main(["--out", str(tmp_path)]) == 0
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.ogg" for n in NAMES)
