"""Truchet notation: the seed's syntax examples, round trips, and precise refusals."""

import pytest

from game.rules.errors import AmbiguousMoveError, NotationError
from game.rules.truchet import TRUCHET, TruchetMove

CANONICAL = [
    # the seed's syntax section
    "random",
    "rllrl",
    "bc34:a1-d6",
    "c3,c5-c4",
    "b4-b3,2xa4",
    # the spec's readings for pre-moves
    "a1>c3,c5-c4",
    "b4>d4-d3,2xc4",
    # more shapes
    "a1-d6",
    "ab12:b4-b3,2xa4",
    "c3,b4,d4,c5-c4",
    "b4-a4,c4,b5",
    "b4-b3,a4,c4,b5",
    "d4-d3,3xc4",
    "a10-b11",
    "ab910:a9-b10",
    "draw",
    "roll:rl",
    "roll:l",
    "l",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_round_trip(text):
    move = TruchetMove.parse(text)
    assert str(move) == text
    assert repr(move) == f"TruchetMove.parse({text!r})"
    assert TruchetMove.parse(str(move)) == move


def test_seed_examples_mean_what_the_seed_says():
    flip_step = TruchetMove.parse("bc34:a1-d6")
    assert flip_step.kind == "step" and flip_step.flip == "bc34"
    assert flip_step.origins == ("a1",) and flip_step.destinations == ("d6",)
    merge = TruchetMove.parse("c3,c5-c4")
    assert merge.kind == "merge" and merge.origins == ("c3", "c5") and merge.destinations == ("c4",)
    assert merge.flip is None and merge.premove is None
    split = TruchetMove.parse("b4-b3,2xa4")
    assert split.kind == "split" and split.origins == ("b4",)
    assert split.targets == (("b3", 1), ("a4", 2))
    assert TruchetMove.parse("random").kind == "random"
    placement = TruchetMove.parse("rllrl")
    assert placement.kind == "tiles" and placement.letters == "rllrl" and not placement.drawn


def test_premove_readings():
    merge = TruchetMove.parse("a1>c3,c5-c4")
    assert merge.premove == ("a1", "c3") and merge.origins == ("a1", "c5")
    split = TruchetMove.parse("b4>d4-d3,2xc4")
    assert split.premove == ("b4", "d4") and split.destinations == ("d3", "c4")


@pytest.mark.parametrize("written, canonical", [
    ("C5,C3-C4", "c3,c5-c4"),  # sources in board order
    ("b4-2xa4,b3", "b4-b3,2xa4"),  # split parts in board order: row 3 before row 4
    (" b4 - b3 , 2x a4 ", "b4-b3,2xa4"),
    ("b4-1xb3,2xa4", "b4-b3,2xa4"),
    ("BC34:A1-D6", "bc34:a1-d6"),
    ("c5,a1>c3-c4", "a1>c3,c5-c4"),
    ("RLLRL", "rllrl"),
    ("Random", "random"),
    ("ROLL:LR", "roll:lr"),
])
def test_any_order_and_case_is_read(written, canonical):
    assert str(TruchetMove.parse(written)) == canonical


@pytest.mark.parametrize("text, fragment", [
    ("", "empty move"),
    ("a1", "not a Truchet move"),
    ("a1-b2-c3", "not a Truchet move"),
    ("z-b2", "not a source junction"),
    ("a1-", "not a destination"),
    ("a0-b1", "rows are numbered from 1"),
    ("a1-b0,c1", "rows are numbered from 1"),
    ("a1-0xb2,c1", "at least one piece"),
    ("a1,a1-a2", "source junction is written twice"),
    ("b2-a2,a2", "destination junction is written twice"),
    ("a1,c1-b1,b2", "not both"),
    ("a1,c1-2xb1", "no height is written"),
    ("a1>a3,c1>c3-b1", "only one of the merging stacks"),
    ("b4-2xa4", "at least two junctions"),
    ("a1>b2-d6", "a step goes straight"),
    ("bd34:a1-d6", "'bd34' is not a tile"),
    ("b34:a1-d6", "not a tile"),
    ("roll:", "roll: followed by letters"),
    ("roll:lrx", "roll: followed by letters"),
    ("rlrx", "not a Truchet move"),
    ("pass", "not a Truchet move"),
])
def test_malformed_moves_are_refused_with_the_reason(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        TruchetMove.parse(text)


def test_non_text_is_refused():
    with pytest.raises(NotationError, match="must be text"):
        TruchetMove.parse(None)  # type: ignore[arg-type]


def _play_position():
    return TRUCHET.position("r" * 49, x={"b4": 3, "c3": 1, "c5": 1}, o={"g7": 1})


@pytest.mark.parametrize("text, fragment", [
    ("a1-j9", "no junction j9 on the 7x7 board (a1-h8)"),
    ("i1-a1", "no junction i1"),
    ("gh89:a1-b2", "no tile gh89 on the 7x7 board"),
    ("hi12:a1-b2", "no tile hi12"),
])
def test_names_off_the_board(text, fragment):
    with pytest.raises(NotationError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        TRUCHET.parse_move(text, _play_position())


def test_parse_move_fills_in_the_only_premove():
    # size 3, every tile 'r': a2's region is a2-b3-c4; target c3 has the neighbours c2, b3, d3 and c4
    state = TRUCHET.position("r" * 9, x={"a2": 1, "c2": 1}, o={"d4": 1})
    # a2's region (all 'r'): a2-b3-c4; target c3 (X colour) has neighbours c2, b3, d3, c4
    # a2 may first move to b3 or c4, both next to c3: two readings -> ambiguous
    with pytest.raises(AmbiguousMoveError, match=r"a2>b3,c2-c3 or a2>c4,c2-c3"):
        TRUCHET.parse_move("a2,c2-c3", state)
    # with c4 occupied only b3 fits
    state = TRUCHET.position("r" * 9, x={"a2": 1, "c2": 1}, o={"c4": 1})
    assert str(TRUCHET.parse_move("a2,c2-c3", state)) == "a2>b3,c2-c3"


def test_parse_move_fills_in_a_pre_split_move():
    # X 2-stack on a1 (all 'r': region a1-b2-c3-d4); a split to c2 and c4 needs a move to c3 first,
    # the only junction next to both
    state = TRUCHET.position("r" * 9, x={"a1": 2}, o={"a4": 1})
    assert str(TRUCHET.parse_move("a1-c2,c4", state)) == "a1>c3-c2,c4"
    # b1 and a2 are next to a1 itself: nothing to fill in
    assert str(TRUCHET.parse_move("a1-b1,a2", state)) == "a1-b1,a2"
    # c2 and b3 are both next to b2 and to c3, two possible junctions to move to first
    with pytest.raises(AmbiguousMoveError, match="say where the stack first moves"):
        TRUCHET.parse_move("a1-c2,b3", state)
