"""Who plays each side: a person at this device, or the computer at one of its levels.

A seat is a short text, written as in the ``[Seats "..."]`` header of a saved game: ``Human``, or
``Computer N`` with N the computer's level (1-4, `game.ai.LEVELS`). A plain ``Computer`` (the
saves of earlier versions) is the computer at the default level. `parse_seat` gives the one
spelling the app keeps; anything else is refused with a message saying what a seat may be.
"""

from __future__ import annotations

from game.ai import DEFAULT_LEVEL, LEVELS
from game.rules.reading import quote

HUMAN = "Human"
COMPUTER = "Computer"
SEAT_KINDS = (HUMAN, COMPUTER)
#: what a seat may be, in words (for messages)
SEAT_WORDS = f"{HUMAN}, {COMPUTER} or {COMPUTER} {min(LEVELS)}-{max(LEVELS)}"


def computer(level: int = DEFAULT_LEVEL) -> str:
    """The seat of the computer playing at `level`."""
    if level not in LEVELS:
        raise ValueError(f"a computer level is one of {', '.join(map(str, LEVELS))}, not {quote(level)}")
    return f"{COMPUTER} {level}"


def parse_seat(text: str) -> str:
    """The seat written `text`, in the app's spelling; ValueError naming what a seat may be."""
    words = text.strip().split()
    if words == [HUMAN]:
        return HUMAN
    if words == [COMPUTER]:
        return computer()
    if len(words) == 2 and words[0] == COMPUTER and words[1] in {str(level) for level in LEVELS}:
        return computer(int(words[1]))
    raise ValueError(f"a seat is one of {SEAT_WORDS}, not {quote(text)}")


def level_of(seat: str) -> int | None:
    """The computer's level in `seat`, or None for a person."""
    seat = parse_seat(seat)
    return None if seat == HUMAN else int(seat.split()[1])

