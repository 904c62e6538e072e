"""Typed options from the pbmserv challenge flags."""

import pytest

from game.rules import GAMES, get_game
from game.rules.errors import OptionError
from game.rules.options import ChoiceOption, FlagOption, IntOption, parse_flags, to_flags, validate
from game.rules.star import STAR


def test_star_flags():
    assert STAR.options_from_flags([]) == {"size": 6, "maxi": False}
    assert STAR.options_from_flags(["-size=7", "-maxi"]) == {"size": 7, "maxi": True}
    assert STAR.options_from_flags(["--SIZE=3"]) == {"size": 3, "maxi": False}
    assert STAR.flags({"size": 7, "maxi": True}) == ["-size=7", "-maxi"]
    assert STAR.flags({"size": 6, "maxi": False}) == []


@pytest.mark.parametrize("flags, fragment", [
    (["-size=2"], "-size=2 is out of range: it must be 3..14"),
    (["-size=15"], "-size=15 is out of range: it must be 3..14"),
    (["-size=big"], "needs a whole number in 3..14"),
    (["-size"], "needs a value"),
    (["-colour=red"], "unknown option '-colour'; this game's options are: -size, -maxi"),
    (["maxi"], "is not an option"),
    (["-maxi=perhaps"], "is a switch"),
])
def test_bad_flags_name_the_problem(flags, fragment):
    with pytest.raises(OptionError) as error:
        STAR.options_from_flags(flags)
    assert fragment in str(error.value)


def test_validate_dict_options():
    assert STAR.check_options({"size": 9}) == {"size": 9, "maxi": False}
    with pytest.raises(OptionError, match="unknown option '-board'"):
        STAR.new({"board": 9})
    with pytest.raises(OptionError, match="out of range"):
        STAR.new({"size": 1})
    with pytest.raises(OptionError, match="whole number"):
        STAR.new({"size": True})


def test_odd_and_choice_options():
    specs = (IntOption("size", 7, 5, 11, odd_only=True), ChoiceOption("draw", "offer", ("offer", "auto")),
             FlagOption("fast"))
    assert parse_flags(specs, ["-size=9", "-draw=AUTO", "-fast"]) == {"size": 9, "draw": "auto", "fast": True}
    with pytest.raises(OptionError, match="odd numbers only"):
        parse_flags(specs, ["-size=8"])
    with pytest.raises(OptionError, match="one of offer, auto"):
        validate(specs, {"draw": "never"})
    assert to_flags(specs, {"size": 7, "draw": "auto", "fast": False}) == ["-draw=auto"]


def test_registry():
    assert get_game("Star") is STAR
    assert set(GAMES) >= {"star"}
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        get_game("chess")


def test_variants_replace_the_option_list_while_their_switch_is_on():
    plain = (IntOption("size", 7, 3, 9, odd_only=True), ChoiceOption("draw", "offer", ("offer", "auto")))
    big = (FlagOption("big"), IntOption("size", 20, 10, 30), ChoiceOption("draw", "offer", ("offer", "auto")),
           IntOption("zones", 2, 1, 4))
    other = (FlagOption("tiny"), IntOption("size", 2, 1, 2))
    variants = (big, other)
    assert validate(plain, {}, variants) == {"size": 7, "draw": "offer"}  # no switch among the values
    assert validate(plain, {"big": False, "size": 5}, variants) == {"size": 5, "draw": "offer"}
    assert validate(plain, {"big": True}, variants) == {"big": True, "size": 20, "draw": "offer", "zones": 2}
    assert parse_flags(plain, ["-big", "-size=12", "-zones=3"], variants) == {
        "big": True, "size": 12, "draw": "offer", "zones": 3}
    assert to_flags(plain, {"big": True, "size": 20, "draw": "auto", "zones": 2}, variants) == ["-big", "-draw=auto"]
    assert to_flags(plain, {"size": 9, "draw": "offer"}, variants) == ["-size=9"]
    for flags, fragment in ((["-big", "-size=9"], "-size=9 is out of range: it must be 10..30"),
                            (["-size=12"], "-size=12 is out of range: it must be 3..9"),
                            (["-zones=2"], "option '-zones' belongs to -big: give -big too"),
                            (["-big", "-tiny"], "-big and -tiny are different games"),
                            (["-huge"], "this game's options are: -size, -draw, -big, -zones, -tiny")):
        with pytest.raises(OptionError) as error:
            parse_flags(plain, flags, variants)
        assert fragment in str(error.value), flags
