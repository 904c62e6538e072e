"""The new-game page speaks to players and offers every playable combination, nothing else.

Every option of every game has a plain name and an explanation; what the page lets a player pick is
never refused by the game's `check_options` (its reachable choices are walked), and what it refuses is
refused by the game (or not shown by the game's scene yet); steppers skip numbers the game refuses and
step wide ranges sensibly; the seats follow the number of players; a refused Start's message covers
nothing. Screenshots of each game's page at four sizes go to tests/screenshots/ (newgame_<game>_<size>_*).
"""

from __future__ import annotations

import re
from collections import deque

import pygame
import pytest

from app_helpers import SCREENSHOTS, click, new_app, press, pump, shot, top
from game.app.games.registry import BOARDS, GAME_SCENES, NOT_SHOWN, OPTION_WORDS
from game.app.games.truchet.rules_page import HEX_TRUCHET_RULES
from game.app.screens.new_game import NewGameScene
from game.app.screens.option_choices import NOT_YET, PLAIN, VARIANT, OptionChoices
from game.app.ui import theme
from game.app.ui.option_words import plain_reason
from game.rules import GAMES
from game.rules.errors import OptionError
from game.rules.options import ChoiceOption, FlagOption, IntOption
from test_text_sizes import recorder  # noqa: F401 (the fixture: every font size drawn)

SIZES = [(360, 640), (390, 844), (800, 600), (1280, 720)]


def every_spec(game):
    return [*game.OPTIONS, *(spec for variant in game.VARIANT_OPTIONS for spec in variant)]


def open_page(size, name: str, not_shown=None, unfold: bool = True, **kwargs) -> tuple:
    """The new-game page of `name` on a headless app, as the menu opens it, its rules options unfolded
    (a press on their line) unless `unfold` is False."""
    app = new_app(size)
    page = NewGameScene(app, GAMES[name], GAME_SCENES.get(name), words=OPTION_WORDS.get(name),
                        not_shown=NOT_SHOWN.get(name) if not_shown is None else not_shown, boards=BOARDS, **kwargs)
    app.push(page)
    pump(app)
    if unfold:
        press(app, "options")
        page.scroll_by(-page.scroll)
        pump(app)
    return app, page


# ----------------------------------------------------------------------------- words
@pytest.mark.parametrize("name", list(GAMES))
def test_every_option_has_a_plain_name_and_an_explanation(name):
    game = GAMES[name]
    words = OPTION_WORDS[name]
    _, page = open_page((1280, 720), name)
    for spec in every_spec(game):
        entry = words[spec.name]
        assert entry.label and entry.help, spec.name
        assert not re.search(r"(?<![\w-])-[a-z]", entry.help), f"{spec.name}: a flag in {entry.help!r}"
        assert len(theme.wrap(entry.help, 20, 336)) <= 3, f"{spec.name}: more than three lines on a phone"
        if isinstance(spec, ChoiceOption):  # each choice has its words (the flags' names mean nothing)
            assert set(entry.values) >= set(spec.choices), spec.name
    # the page shows them: each control under its plain name and explanation
    shown = {control.key: control.setting for control in page.controls}
    for spec in game.OPTIONS:
        if spec.name in shown:
            assert (shown[spec.name].label, shown[spec.name].help) == (words[spec.name].label, words[spec.name].help)
    assert set(shown) | {"players"} >= {spec.name for spec in game.OPTIONS}


def test_a_refusal_is_worded_as_the_page_names_the_options():
    savoy = GAMES["savoy"]
    words = OPTION_WORDS["savoy"]
    with pytest.raises(OptionError) as refused:
        savoy.check_options({"even": 3, "step": 3})
    assert plain_reason(str(refused.value), tuple(savoy.OPTIONS), words) == \
        "Spread start and Stepped start are two different starts: give only one of them"
    assert plain_reason("option -pinnedaway=on is wrong", tuple(savoy.OPTIONS), words) == "Pinned at home Not home is wrong"


# ----------------------------------------------------------------------------- what can be picked
def reachable(choices: OptionChoices, limit: int = 1500):
    """The option values the page can reach from the defaults by pressing what it lets the player press
    (breadth first, at most `limit`), with every refused choice met on the way."""
    game = choices.game
    start = game.check_options({})
    seen = {tuple(sorted(start.items()))}
    queue = deque([start])
    refused = []
    while queue and len(seen) < limit:
        values = queue.popleft()
        yield values, refused
        settings = choices.settings(values)
        count = choices.players(values)
        for setting in settings + ([count] if count else []):
            for choice in setting.choices:
                if choice is None:
                    continue
                if choice.refused is not None:
                    refused.append((values, setting.key, choice.value, choice.refused))
                    continue
                after = choices.pick(values, setting.key, choice.value)
                key = tuple(sorted(after.items()))
                if key not in seen:
                    seen.add(key)
                    queue.append(after)


@pytest.mark.parametrize("shown", ["as the scenes show it", "every value the rules allow"])
@pytest.mark.parametrize("name", list(GAMES))
def test_nothing_the_page_offers_is_refused_and_what_it_refuses_is_refusable(name, shown):
    game = GAMES[name]
    not_shown = NOT_SHOWN.get(name, {}) if shown == "as the scenes show it" else {}
    choices = OptionChoices(game, OPTION_WORDS[name], not_shown)
    states = 0
    refused: list = []
    for values, refused in reachable(choices):
        assert game.check_options(values) == values  # every pickable combination plays
        states += 1
    assert states > 10
    for values, key, value, reason in refused:
        if reason == NOT_YET:
            assert value in not_shown.get(key, ()) or (key == VARIANT and value != PLAIN)
            continue
        assert key != VARIANT, reason  # a variant is refused only while its scene cannot show it
        with pytest.raises(OptionError):  # the page refuses only what the game refuses
            game.check_options({**values, key: value})


def test_the_known_conflicts_cannot_be_picked():
    savoy = OptionChoices(GAMES["savoy"], OPTION_WORDS["savoy"])
    values = GAMES["savoy"].check_options({"even": 3})
    step = savoy.setting(next(s for s in GAMES["savoy"].OPTIONS if s.name == "step"), values)
    up = step.choices[1]
    assert up is not None and up.refused and "Spread start and Stepped start" in up.refused
    values = GAMES["savoy"].check_options({})
    step = savoy.setting(next(s for s in GAMES["savoy"].OPTIONS if s.name == "step"), values)
    assert step.choices[1].value == 3 and step.choices[1].refused is None  # 1 and 2 are skipped
    know = OptionChoices(GAMES["know"], OPTION_WORDS["know"])
    count = know.players(GAMES["know"].check_options({"nets": True}))
    assert [c.refused is None for c in count.choices] == [True, False, True]
    assert "Nets: not played by three" in count.reasons()[0]
    four = GAMES["know"].check_options({"players": 4})
    version = know.setting(GAMES["know"].OPTIONS[0], four)
    assert [c.refused is None for c in version.choices] == [True, False]


def test_steppers_skip_refused_numbers_and_step_wide_ranges():
    app, page = open_page((390, 844), "savoy")
    seen = [page.values["step"]]
    while page.button("step-plus").enabled:
        press(app, "step-plus")
        seen.append(page.values["step"])
    assert seen == [0, 3, 6, 9, 12, 15]
    assert not page.button("stack-minus").enabled and not page.button("even-plus").enabled
    stack = next(c for c in page.controls if c.key == "stack")
    assert stack.setting.reasons() == ["Stacked start and Stepped start are two different starts: "
                                       "give only one of them"]
    app, page = open_page((390, 844), "know")
    seen = [page.values["limit"]]
    for _ in range(6):
        press(app, "limit-plus")
        seen.append(page.values["limit"])
    assert seen == [0, 50, 100, 200, 300, 500, 1000]
    assert next(c for c in page.controls if c.key == "limit").setting.value_text == "1000"
    press(app, "limit-minus")
    assert page.values["limit"] == 500
    for _ in range(5):
        press(app, "limit-minus")
    assert page.values["limit"] == 0 and not page.button("limit-minus").enabled
    assert next(c for c in page.controls if c.key == "limit").setting.value_text == "Off"
    press(app, "start")
    assert top(app).history.options["limit"] == 0


def test_the_truchet_board_is_a_choice_and_keeps_what_both_boards_share():
    app, page = open_page((390, 844), "truchet", not_shown={"hex": (True,)})
    assert not page.button("variant-hex").enabled  # a scene that cannot draw it: offered, disabled, said why
    variant = next(c for c in page.controls if c.key == VARIANT)
    assert variant.setting.reasons() == [f"Hexagonal: {NOT_YET}"]
    app, page = open_page((390, 844), "truchet", not_shown={})
    press(app, "setup-single")
    press(app, "size-plus")
    press(app, "variant-hex")
    assert page.values == GAMES["truchet"].check_options({"hex": True, "setup": "single"})
    assert page.button("variant-hex").selected and page.values["size"] == 4
    while page.button("size-plus").enabled:
        press(app, "size-plus")
    assert page.values["size"] == 6
    press(app, "variant-plain")
    assert page.values == GAMES["truchet"].check_options({"setup": "single"})
    # the app plays the hex board: the page offers it as the rules do, and Start opens it
    app, page = open_page((390, 844), "truchet")
    assert page.button("variant-hex").enabled
    press(app, "variant-hex")
    shot(app, "newgame_truchet_hex_390x844")
    press(app, "rules")  # the rules of the board chosen
    assert top(app).page is HEX_TRUCHET_RULES
    app.pop()
    press(app, "start")
    assert top(app).state.hex and top(app).state.size == 4


# ----------------------------------------------------------------------------- players and seats
def test_the_seats_follow_the_number_of_players():
    game = GAMES["savoya"]
    app, page = open_page((390, 844), "savoya")
    assert [b.name for b in page.count_control.buttons] == ["players-2", "players-3", "players-4"]
    assert len(page.seat_rows) == 2 and page.seat_names == game.seat_names(game.new({}))
    press(app, "players-3")
    assert page.values["players"] == 3 and page.button("players-3").selected
    assert page.seat_names == game.seat_names(game.new({"players": 3})) and len(page.seat_rows) == 3
    assert page.seats == ["Human", "Computer 3", "Computer 3"]  # a seat added is the computer's
    press(app, "seat1-human")
    press(app, "seat2-level1")
    press(app, "players-4")
    assert len(page.seat_rows) == 4 and page.seats == ["Human", "Human", "Computer 1", "Computer 3"]
    assert page.seat_names == game.seat_names(game.new({"players": 4}))
    rows = page.seat_rows
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))  # one under another
    press(app, "players-2")
    assert page.seats == ["Human", "Human"] and len(page.seat_rows) == 2
    # know offers its counts the same way; counts a scene cannot show are disabled, saying so
    app, page = open_page((390, 844), "know", not_shown={"players": (3, 4)})
    assert not page.button("players-3").enabled and not page.button("players-4").enabled
    assert page.count_control.setting.reasons() == [f"3, 4: {NOT_YET}"]
    app, page = open_page((390, 844), "know", not_shown={})
    press(app, "players-4")
    assert page.seat_names == GAMES["know"].seat_names(GAMES["know"].new({"players": 4}))
    assert not page.button("version-symmetric").enabled


# ----------------------------------------------------------------------------- a refused Start
def visible_buttons(page):
    """The buttons on screen, each as the part of it that is shown (what scrolls is cut to the viewport)."""
    fixed = page.fixed_buttons
    return [(b.name, b.rect if b in fixed else b.rect.clip(page.viewport)) for b in page.buttons
            if b.rect.width and (b in fixed or page.viewport.colliderect(b.rect))]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refused_start_says_why_where_it_covers_nothing(size, monkeypatch):
    app, page = open_page(size, "savoya")
    press(app, "players-4")
    monkeypatch.setattr(page, "scene_class", None)  # a game the app has no scene for: Start is refused
    press(app, "start")
    assert top(app) is page and "cannot be played in the app yet" in page.error
    screen = app.surface.get_rect()
    assert screen.contains(page.error_rect) and page.error_rect.height >= theme.px(20)
    for name, shown in visible_buttons(page):
        assert not page.error_rect.colliderect(shown), name
    assert not page.error_rect.colliderect(page.viewport)
    shot(app, f"newgame_refused_{size[0]}x{size[1]}")
    # a long reason, at the bottom of a long page: still clear of everything
    long = "these options are refused for a reason that takes a good many words to tell, " * 3
    app, page = open_page(size, "savoy")
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, touch=False))
    pump(app)
    with monkeypatch.context() as patch:
        patch.setattr(GAMES["savoy"], "check_options", lambda values=None: (_ for _ in ()).throw(OptionError(long)))
        click(app, page.start.rect.center)
    assert page.error == long
    for name, shown in visible_buttons(page):
        assert not page.error_rect.colliderect(shown), name
    assert not page.error_rect.colliderect(page.viewport) and screen.contains(page.error_rect)
    assert page.viewport.contains(page.seat_rows[-1]) or page.scroll == page.max_scroll()
    shot(app, f"newgame_refused_long_{size[0]}x{size[1]}")
    click(app, page.button("trips-jump").rect.center if page.viewport.contains(page.button("trips-jump").rect)
          else page.seat_buttons[-1][1].rect.center)
    assert page.error == "" and page.error_rect.height == 0  # the next press takes it away


# ----------------------------------------------------------------------------- fits and reads
def page_positions(app, page):
    """Scroll from the top to the end of the page, a viewport at a time; yields at each position."""
    page.scroll_by(-page.scroll)
    pump(app)
    while True:
        yield page.scroll
        if page.scroll >= page.max_scroll():
            return
        page.scroll_by(max(40, page.viewport.height - 60))
        pump(app)


SETUPS = {  # options that bring out the page's reasons and extra rows
    "savoy": {"values": {"even": 3}, "seats": ("Human", "Computer 2")},
    "savoya": {"values": {"players": 3}, "seats": ("Human", "Computer 3", "Computer 1")},
    "know": {"values": {"nets": True}},
    "truchet": {},
    "star": {"seats": ("Computer 4", "Human")},
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(GAMES))
def test_the_page_fits_reads_and_is_pictured(name, size, recorder):
    w, h = size
    phone = w < 600
    tag = f"newgame_{name}_{w}x{h}"
    # as it opens: who plays, the folded rules options and Start, on one screen for two players
    app, page = open_page(size, name, unfold=False)
    screen = app.surface.get_rect()
    assert not page.options_open and all(not b.rect.width for c in page.controls for b in c.buttons)
    if len(page.seats) == 2 and page.count_control is None:
        assert page.max_scroll() == 0
    assert page.viewport.contains(page.seat_rows[-1]) or page.max_scroll()
    shot(app, f"{tag}_folded")
    # unfolded (with options that bring out the page's reasons and extra rows), scrolled to its end
    app, page = open_page(size, name, **SETUPS[name])
    screen = app.surface.get_rect()
    positions = 0
    for scroll in page_positions(app, page):
        positions += 1
        recorder.drawn.clear()
        app.draw()
        px, words = min(recorder.drawn)
        assert px >= theme.MIN_TEXT_PX, f"{words!r} drawn at {px} px"
        for button in page.buttons:
            if button.rect.width and (button in page.fixed_buttons or page.viewport.colliderect(button.rect)):
                assert screen.contains(button.rect), button.name
                if phone:
                    assert min(button.rect.size) >= theme.MIN_TOUCH, button.name
        blocks = [c.rect for c in page.controls] + page.seat_rows + [page.options_row.rect]
        assert not any(a.colliderect(b) for i, a in enumerate(blocks) for b in blocks[i + 1:])  # nothing overlaps
        assert all(screen.left <= r.left and r.right <= screen.right for r in blocks)
        if positions == 1:
            shot(app, f"{tag}_top")
    shot(app, f"{tag}_end")
    if page.max_scroll():
        assert positions > 1 and page.scroll == page.max_scroll()
        assert page.viewport.contains(page.controls[-1].rect)  # the end of the page can be reached
    assert (SCREENSHOTS / f"{tag}_end.png").exists()


def test_the_seat_that_moves_first_is_the_one_the_game_starts_with():
    """Truchet's O lays the first tiles, Star's X plays first; in a game with dice a roll decides."""
    for name, first in (("truchet", "O"), ("star", "X"), ("savoy", None)):
        app, page = open_page((390, 844), name)
        state = GAMES[name].new(page.values)
        assert page.first_seat == GAMES[name].to_move(state)
        assert (page.seat_names[page.first_seat] if page.first_seat is not None else None) == first


def test_a_number_can_be_typed_and_one_the_game_refuses_is_not_taken():
    from app_helpers import key, scroll_into_view, tap, type_text

    app, page = open_page((390, 844), "know")
    limit = next(c for c in page.controls if c.key == "limit")
    press(app, "limit-plus")  # (brings it into view)
    tap(app, limit.value_box.center)
    assert limit.typed == ""
    type_text(app, "75a", enter=False)
    assert limit.typed == "75"
    shot(app, "newgame_know_typing_390x844")
    type_text(app, "0")  # letters are not typed; Enter takes the number
    assert page.values["limit"] == 750 and limit.typed is None and not limit.note
    tap(app, limit.value_box.center)
    type_text(app, "9999999")  # at most as many digits as the largest number: 999999, out of range
    assert page.values["limit"] == 750
    assert limit.note == "Turn limit 999999 is out of range: it must be 0..100000"
    shot(app, "newgame_know_typed_refused_390x844")
    press(app, "limit-plus")  # the steppers go on from a typed number
    assert page.values["limit"] == 1000 and not limit.note
    tap(app, limit.value_box.center)
    type_text(app, "12", enter=False)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_ESCAPE)  # Esc drops the typing, and leaves the page where it is
    assert page.values["limit"] == 1000 and top(app) is page
    app, page = open_page((390, 844), "savoy")
    step = next(c for c in page.controls if c.key == "step")
    scroll_into_view(app, "step-plus")
    tap(app, step.value_box.center)
    type_text(app, "4", enter=False)
    tap(app, (step.rect.left + 5, step.rect.top + 5))  # a tap elsewhere takes it (or says why not)
    assert page.values["step"] == 0 and "use a multiple of 3" in step.note
    tap(app, step.value_box.center)
    type_text(app, "9")
    assert page.values["step"] == 9
