"""Games for more than two players through the shared machinery: seeded random games of every player count
replayed by the referee (from the record and from the moves), and the generic computer opponent choosing
a legal move in them."""

import json
import random

import pytest

from game import referee
from game.ai import generic_ai
from game.ai.baselines import margin
from game.ai.search import Report
from game.rules import GAMES
from game.rules.playout import random_game
from game.rules.record import result_text, write_record

CASES = [("savoya", {"players": 2, "maxturns": 20}, 1), ("savoya", {"players": 3, "maxturns": 30}, 2),
         ("savoya", {"players": 4, "maxturns": 30}, 3), ("know", {"players": 3, "limit": 40}, 5),
         ("know", {"players": 4, "limit": 40}, 4)]


@pytest.mark.parametrize("name, options, seed", CASES)
def test_seeded_random_games_of_every_player_count_through_the_referee(name, options, seed, tmp_path, capsys):
    game = GAMES[name]
    history = random_game(game, options, seed)
    names = list(game.seat_names(history.state))
    assert len(names) == options["players"]
    path = tmp_path / "game.txt"
    path.write_text(write_record(history))
    assert referee.main(["--record", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["players"] == names and list(info["scores"]) == names
    assert info["moves"] == history.notation() and info["result"] == result_text(history)
    outcome = game.outcome(history.state)
    if outcome is not None and outcome.winner is not None:
        assert info["winners"] == [names[s] for s in outcome.winning_seats] and info["winner"] == info["winners"][0]
    # the same game from its moves and seed: the rolls not written come from the seed
    flags = game.flags(history.options)
    turns = " ".join(m for m in history.notation() if not m.startswith("roll:"))
    assert referee.main([name, *flags, "--seed", str(seed), "--moves", turns, "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["moves"] == history.notation() and again["board"] == info["board"]


@pytest.mark.parametrize("name, options", [("savoya", {"players": 2, "stack": 3}), ("savoya", {"players": 3}),
                                           ("savoya", {"players": 4}), ("know", {"players": 3}),
                                           ("know", {"players": 4})])
def test_the_generic_engine_plays_every_seat_count(name, options):
    game = GAMES[name]
    history = random_game(game, {**options, **game.playout_options}, seed=5, max_moves=6)
    history.roll_if_due()
    state = history.state
    assert game.to_move(state) is not None
    thinking = generic_ai.think(game, state, 1, random.Random(1), Report())
    try:
        while True:
            next(thinking)
    except StopIteration as stop:
        move = stop.value
    assert move in game.legal_moves(state)
    assert margin(game, game._apply(state, move), game.to_move(state)) is not None


@pytest.mark.parametrize("name, options", [("savoya", {"players": 3, "maxturns": 20}),
                                           ("know", {"players": 4, "limit": 30})])
def test_game_links_carry_the_seats(name, options):
    from game.rules.link import history_from_link, link_for, record_from_link

    game = GAMES[name]
    history = random_game(game, options, seed=6)
    link = link_for(history)
    names = ",".join(game.seat_names(history.state))
    assert f'[Players "{names}"]' in record_from_link(link)
    again = history_from_link(link)
    assert again.state == history.state and game.seat_names(again.state) == game.seat_names(history.state)
