"""What a game's options are called on the new-game page: a plain name and a one-line explanation.

The rules name their options as pbmserv's challenge flags (``-pinnedaway``, ``-sopath``); players
read `OptionWords` instead. Each game keeps its table beside its scene
(`game/app/games/<game>/options.py`), and the registry hands the tables to the menu. An option
missing from a table falls back to its flag name and the rules' help text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from game.rules.options import ChoiceOption, FlagOption, IntOption, Option, OptionValue


@dataclass(frozen=True)
class OptionWords:
    label: str
    help: str
    #: the words on the buttons of a choice or a switch (a switch's keys are False and True), and the
    #: words a number is shown with where it means something else (``{0: "Off"}``)
    values: Mapping[OptionValue, str] = field(default_factory=dict)
    #: the numbers a stepper offers, for options whose range is too wide to step through one by one
    steps: tuple[int, ...] = ()


#: the options' words of one game, by option name
Words = Mapping[str, OptionWords]


def words_for(spec: Option, words: Words) -> OptionWords:
    """The words of `spec`: its table entry, else its flag name and the rules' help."""
    found = words.get(spec.name)
    return found if found is not None else OptionWords(spec.name.capitalize(), spec.help)


def value_words(spec: Option, value: OptionValue, words: Words) -> str:
    """`value` of `spec` as a player reads it (a button's label, or a stepper's number)."""
    found = words_for(spec, words).values
    if value in found and not (isinstance(spec, IntOption) and isinstance(value, bool)):
        return found[value]
    if isinstance(spec, FlagOption):
        return "On" if value else "Off"
    if isinstance(spec, ChoiceOption):
        return str(value).capitalize()
    return str(value)


_FLAG = re.compile(r"(?<![\w-])-([a-z]+)(?:=([\w.]+))?")


def plain_reason(message: str, specs: tuple[Option, ...], words: Words) -> str:
    """A rules message about options (``-even and -step are two different starts``) with each flag
    written as the player sees it (``Spread start and Stepped start ...``)."""
    by_name = {spec.name: spec for spec in specs}

    def name(match: re.Match[str]) -> str:
        spec = by_name.get(match.group(1))
        if spec is None:
            return match.group(0)
        label = words_for(spec, words).label
        raw = match.group(2)
        if raw is None:
            return label
        try:
            value = spec.check(raw)
        except ValueError:
            return f"{label} {raw}"
        return f"{label} {value_words(spec, value, words)}"

    text = _FLAG.sub(name, message.removeprefix("option "))
    return text[:1].upper() + text[1:]
