"""The computer opponent with more than two seats: know for 3 and 4 players (max-n MCTS,
game/ai/know_ai.py and mcts.py) and Savoya for 2, 3 and 4 (game/ai/savoya_ai.py).

Legality and determinism for every player count, the know move that completes Resolution when
the partner's pieces make the rest of the pattern (four players: the Conjunction wins), the
Savoya move that brings the last piece home, and short seeded matches at the smallest budget.
Strength is build/bench_ai.py --multi's job.
"""

from __future__ import annotations

import random

import pytest

from game.ai import Search, best_move
from game.ai.arena import BASELINES, ai_player, play_match
from game.ai.know_ai import evaluate as know_evaluate
from game.ai.savoya_ai import evaluate as savoya_evaluate
from game.rules import GAMES
from game.rules.know import KNOW, MOVE, POST_ROLL, SEATS_4
from game.rules.playout import random_game
from game.rules.savoya import SAVOYA

SEATINGS = [("know", 2), ("know", 3), ("know", 4), ("savoya", 2), ("savoya", 3), ("savoya", 4)]

# Red's Fools on the ambiguous corners, Heralds on the Second tier, Bards on 0.0 and 8.2: the plain
# Bard's 8.2-8.0 (two jumps) connects the Bards on the Rim, completing Red's Resolution
NEAR = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
        "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}


def decisions(name: str, players: int, count: int, plies: int = 120) -> list:
    """Decision positions (more than one legal move) spread over seeded random games."""
    game = GAMES[name]
    found = []
    seed = 0
    while len(found) < count and seed < 10 * count:
        history = random_game(game, {"players": players}, seed, max_moves=plies)
        states = [s for s in history.states
                  if game.outcome(s) is None and not game.is_chance(s) and len(game.legal_moves(s)) > 1]
        if states:
            found.append(states[(seed * 7 + 3) % len(states)])
        seed += 1
    assert found
    return found


@pytest.mark.parametrize("name, players", SEATINGS)
def test_every_chosen_move_is_legal(name, players):
    game = GAMES[name]
    for number, state in enumerate(decisions(name, players, 3, plies=40 if (name, players) == ("savoya", 2) else 120)):
        for level in (1, 2):
            move = best_move(game, state, level, seed=number)
            assert move in game.legal_moves(state), f"{name} {players}p level {level}: {move} is illegal"
            game.apply(state, move)  # the rules accept it


@pytest.mark.parametrize("name, players", SEATINGS)
def test_same_seed_same_move_however_the_time_is_sliced(name, players):
    game = GAMES[name]
    state = decisions(name, players, 1, plies=60)[0]
    moves = set()
    for seconds in (0.0, 0.003, 10.0):
        search = Search(game, state, 2, seed=5)
        while not search.step(seconds):
            pass
        moves.add(search.best())
    assert len(moves) == 1


def test_values_are_per_seat_and_partners_share_theirs():
    bards, fools, heralds = know_evaluate(KNOW.position(options={"players": 3}))
    # the Bards start on the ambiguous corners, two First tier connections made: only the Second is missing
    assert bards > fools == heralds and bards + fools + heralds == pytest.approx(1.0)
    four = KNOW.position({**NEAR, "h": "13.0a"}, player=0, seat=3, phase=MOVE, dice=(2,), options={"players": 4})
    values = know_evaluate(four)
    assert len(values) == 4
    for seat, (colour, _) in enumerate(SEATS_4):  # each seat holds its Conjunction's chance
        partner = next(s for s, (c, _) in enumerate(SEATS_4) if c == colour and s != seat)
        assert values[seat] == values[partner]
    assert values[0] > values[1]  # Blue's Herald is far from its target: Red is ahead


@pytest.mark.parametrize("level", [2, 3])
def test_four_players_the_move_that_completes_the_conjunctions_resolution(level):
    # Red plain (seat 3) moves; its Bard's 8.2-8.0 completes the pattern the partner's striped pieces
    # (Fool on 2.0, Herald on 1.2a, Bard on 0.0) are part of: Red Resolves, and both Red seats win
    state = KNOW.position(NEAR, player=0, seat=3, phase=MOVE, dice=(2,), options={"players": 4})
    assert KNOW.to_move(state) == 3
    search = Search(KNOW, state, level, seed=1)
    chosen = search.run()
    assert str(chosen) == "8.2-8.0"
    after = KNOW.apply(state, chosen)
    assert after.resolved == 0 and after.phase == POST_ROLL
    assert search.stats()["value"] > 0.6  # seat 3 counts the Conjunction's Resolution as its own win
    # Blue's catch-up rolls a 6 (no connection): the game ends, won by both Red seats
    over = KNOW.play(after, "roll:6")[1]
    assert KNOW.outcome(over).winning_seats == (0, 3)


def test_three_players_a_side_completes_its_first_and_second_tier_connections():
    # the Bards' side: Red's on 2.0 and Blue's on 10.0 are connected on ambiguous corners (a First tier
    # connection); Red's other Bard stands on 1.2a, whose correspondent 9.2a is one jump from Blue's other
    # Bard on 9.1a: with a 1, 9.1a-9.2a adds the Second tier connection and Resolves
    state = KNOW.position({"B*": "2.0", "b": "10.0", "B": "1.2a", "b*": "9.1a"}, player=0, phase=MOVE, dice=(1,),
                          options={"players": 3})
    legal = [str(m) for m in KNOW.legal_moves(state)]
    assert "9.1a-9.2a" in legal
    chosen = best_move(KNOW, state, 3, seed=0)
    assert str(chosen) == "9.1a-9.2a"
    assert KNOW.apply(state, chosen).resolved == 0


def test_savoya_evaluation_gives_every_seat_a_chance():
    for players in (2, 3, 4):
        state = SAVOYA.new({"players": players})
        seats = state.rules.seats
        values = savoya_evaluate(state.cells, seats, 0, False)
        assert len(values) == players and sum(values) == pytest.approx(1.0)
        assert values[0] == max(values)  # a symmetric start: the seat on roll is ahead by its tempo
        assert values[0] > values[-1]
    near = SAVOYA.position("m10=RRRRR l10=R o10=LLLLLL j1=TTTTTT f15=BBBBBB", "R", options={"players": 4})
    values = savoya_evaluate(near.cells, near.rules.seats, 0, False)
    assert values[0] > 0.9  # one piece a step from home, on roll


@pytest.mark.parametrize("players", [2, 3, 4])
def test_savoya_the_turn_that_brings_the_last_piece_home_is_played(players):
    layout = {2: "m10=RRRRRR k6=L a6=LLLLL j1=TTTTTT f15=BBBBBB",
              3: "m10=RRRRR l10=R h8=LLLLLL f15=BBBBBB",
              4: "m10=RRRRR l10=R h8=LLLLLL j1=TTTTTT f15=BBBBBB"}[players]
    # two players: Gold's R pieces are home and L's last piece on k6 is 8 steps from c6; else R's last
    # piece on l10 is 3 steps from o10
    state = SAVOYA.position(layout, 0, dice=(3, 5), options={"players": players})
    winning = [m for m in SAVOYA.legal_moves(state) if SAVOYA.outcome(SAVOYA.apply(state, m)) is not None]
    assert winning, "the position must offer a winning turn"
    for level in (1, 3):
        chosen = best_move(SAVOYA, state, level, seed=level)
        after = SAVOYA.apply(state, chosen)
        assert SAVOYA.outcome(after) is not None and SAVOYA.outcome(after).winner == 0


@pytest.mark.parametrize("name, players, opponent, max_plies", [
    ("know", 3, "random", 2500),
    ("know", 4, "greedy", 2500),
    ("savoya", 2, "engine", 100),  # (a part: two-player Savoya games are long, and slow to list when spread)
    ("savoya", 3, "greedy", 2500),
])
def test_short_seeded_matches_at_the_smallest_budget(name, players, opponent, max_plies):
    game = GAMES[name]
    engine = ai_player(1)
    seats = (0, 3) if (name, players) == ("know", 4) else (players - 1,)
    other = ai_player(1) if opponent == "engine" else BASELINES[opponent]
    lineup = [engine if seat in seats else other for seat in range(players)]
    first = play_match(game, lineup, {"players": players}, seed=3, max_plies=max_plies)
    if max_plies >= 2500:
        assert first.finished, first.reason
    if first.winner is None:
        assert first.winners == ()
    else:
        assert first.winner in first.winners and len(first.winners) == (2 if players == 4 and name == "know" else 1)
    again = play_match(game, lineup, {"players": players}, seed=3, max_plies=max_plies)
    assert again.history.notation() == first.history.notation()  # a seeded match replays exactly
    if name == "know":  # random play never resolves: the engine's side wins
        assert set(first.winners) == set(seats), first.reason


def test_engines_play_every_seat_in_a_four_player_game():
    rng = random.Random(0)
    lineup = [ai_player(1)] * 4
    result = play_match(SAVOYA, lineup, {"players": 4}, seed=rng.randrange(100), max_plies=4000)
    assert result.finished and result.winner is not None
    assert SAVOYA.outcome(result.history.state).winner == result.winner
