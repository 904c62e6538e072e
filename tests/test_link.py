"""Game links: every game round-trips through a link, with its seed and extra headers, and every kind of
damage gets a RecordError that says so."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.errors import RecordError
from game.rules.link import (MAX_LINK, PREFIX, history_from_link, link_for, link_from_record, record_from_link)
from game.rules.playout import random_game
from game.rules.record import write_record


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_round_trips_through_a_link(name, seed):
    game = GAMES[name]
    history = random_game(game, dict(game.playout_options), seed, max_moves=120)
    link = link_for(history, {"Seats": ",".join(["Human"] * len(game.players))})
    again = history_from_link("https://example.org/games/index.html#" + link)
    assert write_record(again) == write_record(history)  # moves, options, seed and result
    if game.has_chance:
        assert again.seed == history.seed
    assert '[Seats "' in record_from_link(link)
    assert set(link) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


def test_a_link_is_much_shorter_than_its_record():
    history = random_game(GAMES["savoy"], {"maxturns": 200}, 5)
    record = write_record(history)
    assert len(link_for(history)) < len(record) / 2


def test_the_dice_of_a_link_come_from_its_seed():
    game = GAMES["savoy"]
    history = random_game(game, {"maxturns": 10}, 9)
    again = history_from_link(link_for(history))
    while again.moves and not str(again.moves[-1]).startswith("roll:"):
        again.undo()
    rolled = str(again.moves[-1])
    again.undo()
    again.roll()
    assert str(again.moves[-1]) == rolled  # the same roll again: a new link cannot re-roll


def packed(text: str) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return PREFIX + base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).rstrip(b"=").decode()


@pytest.mark.parametrize(("link", "words"), [
    ("", "not a game link"),
    ("https://example.org/#", "not a game link"),
    ("g2.abcd", "not a game link"),
    ("g1.abc$def", "characters a link cannot have"),
    ("g1.a", "cut short"),
    ("g1.AAAA", "damaged"),
    ("g1.____", "cannot be unpacked"),
    ("g1." + "A" * (MAX_LINK + 1), "too long"),
    (packed('[Game "star"]\n\n1. C3')[:-6], "damaged"),
    (packed("x" * 5_000_000), "more than a game record can be"),
    (packed("\n\nC3"), "no [Game"),
    (packed('[Game "chess"]\n\ne4'), "unknown game"),
    (packed('[Game "star"]\n[Options "-size=5"]\n\nC3\nC3'), "move 2 'C3'"),
])
def test_a_damaged_link_says_what_is_wrong(link, words):
    with pytest.raises(RecordError, match=words.replace("[", r"\[").replace("$", r"\$")):
        history_from_link(link)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_no_text_crashes_the_reader(text):
    try:
        history_from_link(text)
    except RecordError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_any_cut_or_changed_character_is_refused_or_reads_a_legal_game(seed, cut):
    history = random_game(GAMES["star"], {"size": 4}, seed % 50)
    link = link_for(history)
    damaged = link[: max(len(PREFIX), len(link) - cut)]
    try:
        again = history_from_link(damaged)
    except RecordError:
        return
    assert again.game is history.game  # only a cut at a move boundary can still read, as a shorter game
