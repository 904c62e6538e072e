"""Who plays each side: a person at this device, or the computer at one of its levels.

A seat is a short text, written as in the ``[Seats "..."]`` header of a saved game: ``Human`` (a person
at this device), ``Computer N`` with N the computer's level (1-4, `game.ai.LEVELS`), or ``Remote`` (a
person playing at a distance: in a game played by links, every side but the one this device plays). A plain ``Computer`` (the
saves of earlier versions) is the computer at the default level. `parse_seat` gives the one
spelling the app keeps; anything else is refused with a message saying what a seat may be.

The players are named from the seats alone (`person_words`), so the menu's list of games in progress and
the game's own screens say the same: ``You``, ``Player 2``, ``Computer (level 3)``.
"""

from __future__ import annotations

from typing import Sequence

from game.ai import DEFAULT_LEVEL, LEVELS
from game.rules.reading import quote

HUMAN = "Human"
COMPUTER = "Computer"
REMOTE = "Remote"
#: the seats the new-game page offers (a game becomes one played at a distance when it comes by link)
SEAT_KINDS = (HUMAN, COMPUTER)
#: what a seat may be, in words (for messages)
SEAT_WORDS = f"{HUMAN}, {COMPUTER} or {COMPUTER} {min(LEVELS)}-{max(LEVELS)} (or {REMOTE}, in a game by link)"


def computer(level: int = DEFAULT_LEVEL) -> str:
    """The seat of the computer playing at `level`."""
    if level not in LEVELS:
        raise ValueError(f"a computer level is one of {', '.join(map(str, LEVELS))}, not {quote(level)}")
    return f"{COMPUTER} {level}"


def parse_seat(text: str) -> str:
    """The seat written `text`, in the app's spelling; ValueError naming what a seat may be."""
    words = text.strip().split()
    if words in ([HUMAN], [REMOTE]):
        return words[0]
    if words == [COMPUTER]:
        return computer()
    if len(words) == 2 and words[0] == COMPUTER and words[1] in {str(level) for level in LEVELS}:
        return computer(int(words[1]))
    raise ValueError(f"a seat is one of {SEAT_WORDS}, not {quote(text)}")


def level_of(seat: str) -> int | None:
    """The computer's level in `seat`, or None for a person (here or at a distance)."""
    seat = parse_seat(seat)
    return None if seat in (HUMAN, REMOTE) else int(seat.split()[1])



def link_seats(count: int, here: Sequence[int]) -> tuple[str, ...]:
    """The seats of a game opened from a link: a person at this device for the seats in `here` (the side
    whose turn it is), every other at a distance."""
    return tuple(HUMAN if person in here else REMOTE for person in range(count))


# -- who plays, in words (every screen names the players so) -------------------------------------
def person_words(seats: Sequence[str], person: int) -> str:
    """The player at seat `person` of `seats`: ``You`` (the one person at this device), ``Player 2``
    (people sharing the device, numbered as they sat down) or ``Computer (level 3)``."""
    seat = seats[person]
    level = level_of(seat)
    if level is not None:
        return f"Computer (level {level})"
    if seat == REMOTE:
        return "Other player" if list(seats).count(REMOTE) == 1 else f"Player {person + 1}"
    return "You" if list(seats).count(HUMAN) == 1 else f"Player {person + 1}"


def players_words(seats: Sequence[str], names: Sequence[str]) -> str:
    """Who plays, side by side: ``R You vs L Computer (level 3)``; three or four ``R You · B Computer
    (level 2) · L Player 3``, or ``R, B, L: three people on this device``."""
    if len(names) > 2 and all(seat == HUMAN for seat in seats):
        return f"{', '.join(names)}: {len(names)} people on this device"
    joiner = " vs " if len(names) == 2 else " · "
    return joiner.join(f"{name} {person_words(seats, person)}" for person, name in enumerate(names))


def turn_words(seats: Sequence[str], names: Sequence[str], persons: Sequence[int], colours: Sequence[int],
               verb: str) -> str:
    """Whose turn it is: `colours` (sides; their players `persons`) are to `verb` (move, roll): ``your move
    (R)``, ``L to roll: Computer``, ``everyone to roll``."""
    if not colours:
        return ""
    if len(colours) > 1:
        return f"{'both' if len(colours) == 2 else 'everyone'} to {verb}"
    colour, person = colours[0], persons[0]
    who = person_words(seats, person)
    if who == "You":
        return f"your {verb} ({names[colour]})"
    return f"{names[colour]} to {verb}: {'Computer' if level_of(seats[person]) is not None else who}"
