"""Typed game options, declared once per game from the pbmserv challenge flags.

A game declares ``OPTIONS = (IntOption("size", 6, 3, 14, "..."), FlagOption("maxi", "..."))``;
`parse_flags` turns ``["-size=7", "-maxi"]`` into ``{"size": 7, "maxi": True}``
and refuses anything unknown or out of range with a message naming it.

A *variant* is another whole list of options, switched on by its first option (a `FlagOption`, off
by default): Truchet's ``-hex`` board has its own sizes and default size, so its list holds its own
``size``. While the switch is off the game's plain options are in force and the switch does not
appear among the values at all (the plain game's option values are as they were before the variant
existed); while it is on, the values are those of the variant's list, the switch included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence, Union

from .errors import OptionError
from .reading import quote, show_number, whole_number

OptionValue = Union[int, bool, str]


@dataclass(frozen=True)
class IntOption:
    name: str
    default: int
    low: int
    high: int
    help: str = ""
    odd_only: bool = False

    def describe_range(self) -> str:
        odd = " (odd numbers only)" if self.odd_only else ""
        return f"{self.low}..{self.high}{odd}"

    def check(self, value: object) -> int:
        """The value as a number in range; text must be ASCII digits (see `reading.whole_number`)."""
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value
        else:
            number = whole_number(value) if isinstance(value, str) else None
        if number is None:
            raise OptionError(
                f"option -{self.name} needs a whole number in {self.describe_range()}, got {quote(value)}",
                "option_type",
            )
        if not self.low <= number <= self.high or (self.odd_only and number % 2 == 0):
            raise OptionError(
                f"option -{self.name}={show_number(number)} is out of range: it must be {self.describe_range()}",
                "option_range",
            )
        return number


@dataclass(frozen=True)
class FlagOption:
    name: str
    help: str = ""
    default: bool = False

    def check(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option -{self.name} is a switch (on or off), got {quote(value)}", "option_type")


@dataclass(frozen=True)
class ChoiceOption:
    """An option taking one word from a fixed list (house-rule readings and the like)."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str = ""

    def check(self, value: object) -> str:
        if isinstance(value, str) and value.lower() in self.choices:
            return value.lower()
        raise OptionError(
            f"option -{self.name} must be one of {', '.join(self.choices)}, got {quote(value)}", "option_choice"
        )


Option = Union[IntOption, FlagOption, ChoiceOption]


def defaults(specs: Iterable[Option]) -> dict[str, OptionValue]:
    return {spec.name: spec.default for spec in specs}


Variants = Sequence[Sequence[Option]]


def chosen(specs: Iterable[Option], values: Mapping[str, object] | None,
           variants: Variants = ()) -> tuple[Option, ...]:
    """The option list in force for `values`: the variant whose switch is on, else `specs`."""
    values = _mapping(values)
    on = [variant for variant in variants if variant[0].name in values and variant[0].check(values[variant[0].name])]
    if len(on) > 1:
        names = " and ".join(f"-{variant[0].name}" for variant in on)
        raise OptionError(f"{names} are different games: give only one of them", "option_conflict")
    return tuple(on[0]) if on else tuple(specs)


def validate(specs: Iterable[Option], values: Mapping[str, object] | None,
             variants: Variants = ()) -> dict[str, OptionValue]:
    """Complete `values` with defaults and check each; unknown names are refused.

    With `variants`, the list in force is the one whose switch is on (see the module docstring); a
    switch given as off is dropped, and an option that only a variant has is refused while it is off.
    """
    specs = tuple(specs)
    values = _mapping(values)
    in_force = chosen(specs, values, variants)
    by_name = {spec.name: spec for spec in in_force}
    switches = {variant[0].name: variant for variant in variants}
    result = defaults(in_force)
    for name, value in (values or {}).items():
        if name not in by_name:
            if name in switches:
                continue  # a variant switched off: the plain game
            owner = next((variant[0].name for variant in variants if any(s.name == name for s in variant)), None)
            if owner is not None:
                raise OptionError(f"option {quote('-' + name)} belongs to -{owner}: give -{owner} too",
                                  "option_unknown")
            raise OptionError(_unknown(name, _every(specs, variants)), "option_unknown")
        result[name] = by_name[name].check(value)
    return result


def parse_flags(specs: Iterable[Option], flags: Iterable[str], variants: Variants = ()) -> dict[str, OptionValue]:
    """Read pbmserv challenge flags such as ``-size=7`` or ``-maxi``."""
    specs = tuple(specs)
    every = _every(specs, variants)
    by_name: dict[str, Option] = {}
    for spec in every:
        by_name.setdefault(spec.name, spec)
    values: dict[str, object] = {}
    if isinstance(flags, (str, bytes)) or not isinstance(flags, Iterable):
        raise OptionError(f"options are a list of flags such as ['-size=5'], not {quote(flags)}", "option_syntax")
    for flag in flags:
        if not isinstance(flag, str):
            raise OptionError(f"{quote(flag)} is not an option: options are texts such as -size=5", "option_syntax")
        text = flag.strip()
        if not text.startswith("-") or len(text) < 2:
            raise OptionError(f"{quote(flag)} is not an option: options look like -name or -name=value",
                              "option_syntax")
        name, has_value, raw = text.lstrip("-").partition("=")
        name = name.lower()
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(_unknown(name, every), "option_unknown")
        if isinstance(spec, FlagOption):
            values[name] = raw if has_value else True
        elif not has_value or raw == "":
            raise OptionError(f"option -{name} needs a value, as in -{name}={spec.default}", "option_syntax")
        else:
            values[name] = raw
    return validate(specs, values, variants)


def _mapping(values: object) -> Mapping[str, object]:
    """`values` as option values by name; OptionError quoting it when it is not a mapping of names."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        raise OptionError(f"options are values by name, such as {{'size': 5}}, not {quote(values)}", "option_syntax")
    for name in values:
        if not isinstance(name, str):
            raise OptionError(f"an option's name is a text such as 'size', not {quote(name)}", "option_syntax")
    return values


def to_flags(specs: Iterable[Option], values: Mapping[str, OptionValue],
             variants: Variants = ()) -> list[str]:
    """The canonical flags for `values`: only those that differ from the default (of the variant in force)."""
    flags = []
    for spec in chosen(specs, values, variants):
        value = values.get(spec.name, spec.default)
        if value == spec.default:
            continue
        if isinstance(spec, FlagOption):
            flags.append(f"-{spec.name}" if value else f"-{spec.name}=off")
        else:
            flags.append(f"-{spec.name}={value}")
    return flags


def _every(specs: tuple[Option, ...], variants: Variants) -> tuple[Option, ...]:
    """`specs` and then the options only variants have, each name once."""
    found = list(specs)
    names = {spec.name for spec in specs}
    for variant in variants:
        for spec in variant:
            if spec.name not in names:
                names.add(spec.name)
                found.append(spec)
    return tuple(found)


def _unknown(name: str, specs: tuple[Option, ...]) -> str:
    known = ", ".join(f"-{spec.name}" for spec in specs) or "none"
    return f"unknown option {quote('-' + name if isinstance(name, str) else name)}; this game's options are: {known}"
