"""Game links: a whole game record in a short, URL-safe text, to play at a distance with no server.

A link's text is ``g1.`` followed by the record, compacted (no move numbers, no blank lines, no
comments, no Result header: the replay decides the result) and compressed with raw DEFLATE, in
unpadded URL-safe base64. Headers travel with it: the game, its options, the dice seed (so the dice of
a game cannot be re-rolled by making a new link) and any others the writer adds (the app's seats).
A page's address carries it after ``#``; `record_from_link` accepts the bare text or a whole address.

Reading a link never trusts it: a damaged one (cut short, altered, too large, not ours) gets a
RecordError saying so, and the record inside is replayed and checked like any other.

>>> text = link_from_record('[Game "star"]\\n[Options "-size=5"]\\n\\n1. C3\\n2. swap\\n')
>>> text.startswith("g1.") and all(c.isalnum() or c in "-_." for c in text)
True
>>> print(record_from_link("https://example.org/play/#" + text), end="")
[Game "star"]
[Options "-size=5"]
<BLANKLINE>
1. C3
2. swap
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from .errors import RecordError
from .history import MAX_PLIES, GameHistory, too_long
from .record import header_line, read_record, split_record, write_record

PREFIX = "g1."
#: Longest link text read (characters): far more than any real game needs.
MAX_LINK = 200_000
#: Largest record a link may unpack to (bytes): stops a small link that inflates to gigabytes. A game of
#: MAX_PLIES moves of the longest notation (Savoya's four-part turns) takes about 300 kB.
MAX_RECORD = 1_000_000
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def link_from_record(text: str) -> str:
    """The link text (without ``#``) for a record's text."""
    record = split_record(text)
    lines = [_header(name, value) for name, (_, value) in record.headers.items() if name != "result"]
    compact = "\n".join(lines + [""] + [move for _, move in record.moves])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(compact.encode("utf-8")) + packer.flush()
    return PREFIX + base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _header(name: str, value: str) -> str:
    """A header line with its usual capitalisation (records keep names in lower case once read)."""
    return header_line(name[:1].upper() + name[1:], value)


def link_for(history: GameHistory, headers: dict[str, str] | None = None) -> str:
    """The link text for a game in progress, with extra headers (such as the app's seats)."""
    text = write_record(history)
    extra = "".join(header_line(name, value) + "\n" for name, value in (headers or {}).items())
    return link_from_record(extra + text)


def record_from_link(link: str) -> str:
    """The record a link carries (move lines numbered again); RecordError when the link is damaged."""
    if not isinstance(link, str):
        raise RecordError("a game link is text")
    text = link.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    if len(text) > MAX_LINK:
        raise RecordError(f"the game link is too long ({len(text):,} characters)", key="link")
    if not text.startswith(PREFIX):
        raise RecordError("this is not a game link (it should start with g1.)", key="link")
    body = text[len(PREFIX):]
    if not _BASE64URL.fullmatch(body) or len(body) % 4 == 1:
        raise RecordError("the game link is damaged: it holds characters a link cannot have, or is cut short",
                          key="link")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(data, MAX_RECORD + 1)  # never more than that is inflated
        if len(raw) > MAX_RECORD or unpacker.unconsumed_tail:
            raise RecordError(f"the game link holds more than a game record can be ({MAX_RECORD:,} bytes)",
                              key="link")
        if not unpacker.eof:
            raise RecordError("the game link is damaged: it is cut short", key="link")
        compact = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise RecordError("the game link is damaged: it cannot be unpacked", key="link") from None
    heads, _, moves = compact.partition("\n\n")
    numbered = []
    for move in moves.split("\n"):
        if move:
            if len(numbered) == MAX_PLIES:  # refused before anything is replayed
                raise RecordError(f"the game link: {too_long()}", key="too_long")
            numbered.append(f"{len(numbered) + 1}. {move}")
    return heads + "\n\n" + "".join(line + "\n" for line in numbered)


def history_from_link(link: str) -> GameHistory:
    """The game a link carries, replayed and checked; RecordError (naming the move) when it is refused."""
    return read_record(record_from_link(link))
