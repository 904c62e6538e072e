"""What the new-game page offers: every option's values, and only combinations the game accepts.

The page asks `OptionChoices` for its settings: the variant (another board, Truchet's ``-hex``), each
option in force, and the number of players. Each value is offered with the reason it cannot be picked
now, if any: the game's own `check_options` refuses the options it would make (Savoy's Spread and
Stepped starts together), or the game's scene cannot show it yet (`not_shown`, from the registry). A
stepper skips the numbers that would be refused (Stepped start goes 0, 3, 6...) and offers sensible
steps where its range is wide (a turn limit of 0..100,000 goes 0, 100, 200, 500, 1000...).

Pure logic, no pygame: tests walk it to check that nothing the page offers is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Mapping

from game.app.ui.option_words import Words, plain_reason, value_words, words_for
from game.rules.base import Game
from game.rules.errors import RulesError
from game.rules.options import ChoiceOption, FlagOption, IntOption, Option, OptionValue, chosen

#: the key of the variant setting (its values: PLAIN or a variant's switch name)
VARIANT = "variant"
PLAIN = "plain"
#: the option that says how many play, offered with the seats rather than among the options
PLAYERS = "players"
#: why a value the rules allow is not offered (the registry's `not_shown`)
NOT_YET = "not in the app yet"
#: a stepper whose range has more numbers than this offers steps (1, 2, 5, 10, 20, 50...)
MAX_DENSE = 40


@dataclass(frozen=True)
class Choice:
    value: OptionValue
    label: str
    #: why it cannot be picked now (None: it can)
    refused: str | None = None


@dataclass(frozen=True)
class Setting:
    key: str
    label: str
    help: str
    value: OptionValue
    #: the value as the player reads it
    value_text: str
    #: a stepper (- and +) rather than a row of buttons
    stepper: bool
    #: a row's buttons; a stepper's two neighbours (down, up), None where there is no value that way
    choices: tuple[Choice | None, ...]

    def reasons(self) -> list[str]:
        """Why some choices cannot be picked, one line per reason (values that share one are named together)."""
        grouped: dict[str, list[str]] = {}
        for choice in self.choices:
            if choice is not None and choice.refused:
                grouped.setdefault(choice.refused, []).append(choice.label)
        if self.stepper:
            return list(grouped)
        return [f"{', '.join(labels)}: {reason}" for reason, labels in grouped.items()]


def _listed(value: OptionValue, values: Collection[OptionValue]) -> bool:
    """`value` is among `values` (True is not 1 here)."""
    return any(type(v) is type(value) and v == value for v in values)


def nice_steps(low: int, high: int) -> list[int]:
    """Every number up to 10, then 20, 50, 100, 200, 500... within low..high, and both ends."""
    found = {low, high}
    found.update(range(max(low, 0), min(high, 10) + 1))
    base = 10
    while base <= high:
        found.update(n for n in (base, 2 * base, 5 * base) if low <= n <= high)
        base *= 10
    return sorted(found)


def offered(spec: Option, words: Words) -> list[OptionValue]:
    """The values a control of `spec` offers, in order (before any is refused)."""
    if isinstance(spec, FlagOption):
        return [False, True]
    if isinstance(spec, ChoiceOption):
        return list(spec.choices)
    steps = words_for(spec, words).steps
    if steps:
        numbers = {n for n in steps if spec.low <= n <= spec.high}
    elif spec.high - spec.low <= MAX_DENSE:
        numbers = set(range(spec.low, spec.high + 1))
    else:
        numbers = set(nice_steps(spec.low, spec.high))
    numbers.add(spec.default)
    return sorted(n for n in numbers if not spec.odd_only or n % 2)


class OptionChoices:
    def __init__(self, game: Game, words: Words | None = None,
                 not_shown: Mapping[str, Collection[OptionValue]] | None = None) -> None:
        self.game = game
        self.words: Words = words or {}
        self.not_shown = not_shown or {}
        self.every: tuple[Option, ...] = (*game.OPTIONS, *(spec for v in game.VARIANT_OPTIONS for spec in v))
        self.switches = [variant[0] for variant in game.VARIANT_OPTIONS]

    # -- what is in force ----------------------------------------------------------------
    def in_force(self, values: Mapping[str, OptionValue]) -> tuple[Option, ...]:
        return chosen(self.game.OPTIONS, values, self.game.VARIANT_OPTIONS)

    def variant(self, values: Mapping[str, OptionValue]) -> str:
        """The switch name of the variant in force, or PLAIN."""
        return next((s.name for s in self.switches if values.get(s.name)), PLAIN)

    def spec(self, values: Mapping[str, OptionValue], key: str) -> Option | None:
        """The option called `key` in force with `values`, or None."""
        return next((spec for spec in self.in_force(values) if spec.name == key), None)

    def has_players(self) -> bool:
        return len(self.game.player_counts) > 1 and any(spec.name == PLAYERS for spec in self.game.OPTIONS)

    # -- changing one thing -------------------------------------------------------------
    def pick(self, values: Mapping[str, OptionValue], key: str, value: OptionValue) -> dict[str, OptionValue]:
        """The options with `key` set to `value`; OptionError (from the game) when they are refused."""
        if key == VARIANT:
            return self._switch(values, str(value))
        return self.game.check_options({**values, key: value})

    def _switch(self, values: Mapping[str, OptionValue], switch: str) -> dict[str, OptionValue]:
        """The options of variant `switch` (or the plain game), keeping the values both lists share."""
        base: dict[str, OptionValue] = {} if switch == PLAIN else {switch: True}
        specs = self.in_force(base)
        kept = dict(base)
        for spec in specs:
            if spec.name in values and spec.name != switch:
                try:
                    kept[spec.name] = spec.check(values[spec.name])
                except RulesError:
                    pass  # (a square board's size on the hex board): the variant's default
        try:
            return self.game.check_options(kept)
        except RulesError:
            return self.game.check_options(base)

    def refusal(self, values: Mapping[str, OptionValue], key: str, value: OptionValue) -> str | None:
        """Why `key` cannot be set to `value` now, in the player's words; None when it can."""
        if key == VARIANT and value != PLAIN and _listed(True, self.not_shown.get(str(value), ())) or (
                key != VARIANT and _listed(value, self.not_shown.get(key, ()))):
            return NOT_YET
        try:
            self.pick(values, key, value)
        except RulesError as error:
            return plain_reason(str(error), self.every, self.words)
        return None

    # -- the page's settings -------------------------------------------------------------------
    def settings(self, values: Mapping[str, OptionValue]) -> list[Setting]:
        """The variant (when the game has one) and every option in force but the number of players."""
        found = []
        if self.switches:
            found.append(self._variant_setting(values))
        switch_names = {s.name for s in self.switches}
        for spec in self.in_force(values):
            if spec.name in switch_names or (spec.name == PLAYERS and self.has_players()):
                continue
            found.append(self.setting(spec, values))
        return found

    def players(self, values: Mapping[str, OptionValue]) -> Setting | None:
        """How many play, when the game offers a choice."""
        if not self.has_players():
            return None
        spec = next(spec for spec in self.game.OPTIONS if spec.name == PLAYERS)
        value = values[PLAYERS]
        choices = tuple(Choice(n, str(n), self.refusal(values, PLAYERS, n)) for n in self.game.player_counts)
        words = words_for(spec, self.words)
        return Setting(PLAYERS, words.label, words.help, value, str(value), False, choices)

    def setting(self, spec: Option, values: Mapping[str, OptionValue]) -> Setting:
        words = words_for(spec, self.words)
        value = values[spec.name]
        text = value_words(spec, value, self.words)
        if isinstance(spec, IntOption):
            return Setting(spec.name, words.label, words.help, value, text, True,
                           (self._neighbour(spec, values, -1), self._neighbour(spec, values, +1)))
        choices = tuple(Choice(v, value_words(spec, v, self.words), self.refusal(values, spec.name, v))
                        for v in offered(spec, self.words))
        return Setting(spec.name, words.label, words.help, value, text, False, choices)

    def _neighbour(self, spec: IntOption, values: Mapping[str, OptionValue], direction: int) -> Choice | None:
        """The next value `direction` of the current one that can be picked (refused ones are skipped);
        when every value that way is refused, the nearest, with its reason; None at the end."""
        current = int(values[spec.name])  # type: ignore[arg-type]
        ahead = [v for v in offered(spec, self.words) if (int(v) - current) * direction > 0]
        if direction < 0:
            ahead.reverse()
        label = "-" if direction < 0 else "+"
        first: Choice | None = None
        for v in ahead:
            reason = self.refusal(values, spec.name, v)
            if reason is None:
                return Choice(v, label)
            first = first or Choice(v, label, reason)
        return first

    def _variant_setting(self, values: Mapping[str, OptionValue]) -> Setting:
        first = words_for(self.switches[0], self.words)
        plain = first.values.get(False, "Standard")
        choices = [Choice(PLAIN, plain, self.refusal(values, VARIANT, PLAIN))]
        for switch in self.switches:
            words = words_for(switch, self.words)
            choices.append(Choice(switch.name, words.values.get(True, words.label),
                                  self.refusal(values, VARIANT, switch.name)))
        on = self.variant(values)
        text = next(c.label for c in choices if c.value == on)
        return Setting(VARIANT, first.label, first.help, on, text, False, tuple(choices))
