"""know notation: round trips, precise errors, and parsing against a position."""

import pytest

from game.rules.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from game.rules.know import KNOW, MOVE, KnowMove, board

ROUND_TRIPS = [
    "14.0-14.1a", "1.0b-2.2a/5", "roll:4", "roll:3,5", "roll:4/2", "roll:1,2/6,6",
    "errand:2.0", "errand:2.0/3", "path:2.1a>2.2a", "nopath", "pass", "15.3-0.3",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_round_trip(text):
    move = KnowMove.parse(text)
    assert str(move) == text
    assert eval(repr(move), {"KnowMove": KnowMove}) == move


@pytest.mark.parametrize("text, canonical", [
    ("14.0 - 14.1A", "14.0-14.1a"), ("ROLL:4/2", "roll:4/2"), ("Pass", "pass"), ("errand: 1.0B", "errand:1.0b"),
    ("path:2.1a-2.2a", "path:2.1a>2.2a"), ("roll: 3, 5", "roll:3,5"), ("02.0-2.1a", "2.0-2.1a"),
])
def test_lenient_reading(text, canonical):
    assert str(KnowMove.parse(text)) == canonical


@pytest.mark.parametrize("text, fragment", [
    ("", "not a know move"), ("e4", "not a know move"), ("16.0-1.0a", "no space 16.0"),
    ("2.0-2.1", "no space 2.1"), ("0.0a-0.1", "no space 0.0a"), ("roll:7", "die values 1 to 6"),
    ("roll:", "die values"), ("roll:3//4", "die values"), ("errand:", "errand:1.0b"), ("path:2.0", "path:2.1a>2.2a"),
    ("2.0-2.1a/7", "not a know move"),
])
def test_notation_errors(text, fragment):
    with pytest.raises(NotationError) as error:
        KnowMove.parse(text)
    assert fragment in str(error.value)
    assert error.value.key in ("notation", "off_board")


def test_non_text_refused():
    with pytest.raises(NotationError):
        KnowMove.parse(42)  # type: ignore[arg-type]


def test_every_space_name_parses():
    for name in board().names:
        assert KnowMove.parse(f"{name}-{name}").src == name


def test_standard_moves_accept_the_die_in_force():
    state = KNOW.position({}, phase=MOVE, dice=(3,))
    assert KNOW.parse_move("2.0-2.2b/3", state) == KnowMove.parse("2.0-2.2b")
    with pytest.raises(IllegalMoveError) as error:
        KNOW.apply(state, KNOW.parse_move("2.0-2.2b/5", state))
    assert "no die" in str(error.value)


def test_symmetric_die_is_filled_in_when_unique():
    state = KNOW.position({}, phase=MOVE, dice=(2, 3), options={"version": "symmetric"})
    assert str(KNOW.parse_move("2.0-2.2a", state)) == "2.0-2.2a/2"
    assert str(KNOW.parse_move("2.0-2.2b", state)) == "2.0-2.2b/3"


def test_symmetric_ambiguous_move_lists_the_choices():
    state = KNOW.position({}, phase=MOVE, dice=(3, 5), options={"version": "symmetric"})
    texts = {str(m) for m in KNOW.legal_moves(state)}
    doubled = sorted(t[:-2] for t in texts if t.endswith("/3") and t[:-2] + "/5" in texts)
    assert doubled, "some destination is reachable with both dice"
    with pytest.raises(AmbiguousMoveError) as error:
        KNOW.parse_move(doubled[0], state)
    assert f"{doubled[0]}/3" in str(error.value) and f"{doubled[0]}/5" in str(error.value)
