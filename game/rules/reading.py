"""Reading what players and files write: whole numbers and short quotations.

Two rules hold for every notation, record, save and option of every game:

* Only the ASCII digits 0-9 are digits. Python's `int` and `str.isdigit`
  also accept other scripts' digits (``'١٤'``) and superscripts (``'²'``),
  and `int` refuses numbers of more than 4,300 digits with its own
  ValueError; `whole_number` does neither.
* A message quotes at most a short excerpt of what it refuses (`quote`), so
  a megabyte of bad input gives a one-line message, not a megabyte one.

>>> whole_number("0042"), whole_number("-5"), whole_number("²"), whole_number("--5")
(42, -5, None, None)
>>> whole_number("9" * 5000) == TOO_LARGE, whole_number("0" * 5000 + "7")
(True, 7)
>>> quote("a4-c4")
"'a4-c4'"
>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
"""

from __future__ import annotations

import re

#: The longest excerpt a message quotes, in characters.
QUOTE_LIMIT = 32
#: Numbers with more digits than this are read as TOO_LARGE: no count, option, move number or seed
#: the games use comes anywhere near it.
MAX_DIGITS = 18
TOO_LARGE = 10 ** MAX_DIGITS

_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)


def whole_number(text: str, signed: bool = True) -> int | None:
    """`text` (surrounding spaces aside) as a whole number written in ASCII digits, with a leading
    minus sign when `signed`; None when it is not one. A number too long to be meant (more than
    MAX_DIGITS digits) reads as TOO_LARGE (or -TOO_LARGE), which every range check refuses."""
    if not isinstance(text, str):
        return None
    word = text.strip()
    if not _NUMBER.fullmatch(word) or (word.startswith("-") and not signed):
        return None
    digits = word.lstrip("-").lstrip("0") or "0"  # leading zeros too count towards int()'s digit limit
    sign = -1 if word.startswith("-") else 1
    if len(digits) > MAX_DIGITS:
        return sign * TOO_LARGE
    return sign * int(digits)


def show_number(value: int) -> str:
    """A number for a message: written out unless it is too long to be meant."""
    return str(value) if abs(value) < TOO_LARGE else ("-" if value < 0 else "") + "a number too large to use"


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` itself when short, else its first `limit` characters and "..." (for a name shown bare)."""
    return text if len(text) <= limit else text[:limit] + "..."


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` quoted for a message as ``repr`` does, cut to `limit` characters with the full length
    given when it is longer."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool):
        return show_number(value)
    else:
        try:
            text = repr(value)
        except ValueError:  # an int inside with more digits than Python will write
            text = f"<{type(value).__name__}>"
        if len(text) > limit:
            return text[:limit] + "..."
        return text
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '...'!r} ({len(text):,} characters)"
