"""know for four players (../shared/specs/know.md 2.12, designs 15 and 16): two Conjunctions, Red and Blue,
each player moving one Bard, one Fool and one Herald of a colour and stripe; turns go clockwise round the
board; the Conjunction resolves and wins together."""

import json

import pytest

from game import referee
from game.rules import IllegalMoveError, OptionError
from game.rules.know import KNOW, MOVE, PATH_ROLL, POST_MOVE, POST_ROLL, SEAT_NAMES_4, SEATS_4, owner, striped
from game.rules.playout import random_game
from game.rules.record import read_record, result_text, write_record

FOUR = {"players": 4}
NEAR = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
        "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}


def play(state, *texts):
    for text in texts:
        state = KNOW.play(state, text)[1]
    return state


def test_seats_and_options():
    state = KNOW.new(FOUR)
    assert KNOW.seat_names(state) == ("Red striped", "Blue striped", "Blue plain", "Red plain")
    assert KNOW.player_counts == (2, 3, 4) and KNOW.seat_names(KNOW.new()) == ("Red", "Blue")
    assert len(KNOW.scores(state)) == 4
    with pytest.raises(OptionError):
        KNOW.new({"players": 4, "version": "symmetric"})
    assert KNOW.flags(KNOW.options_of(state)) == ["-players=4"]


def test_opening_roll_one_die_each_the_highest_seat_begins():
    state = KNOW.new(FOUR)
    assert KNOW.roll_shape(state) == (1, 1, 1, 1) and len(KNOW.legal_moves(state)) == 6 ** 4
    tie = play(state, "roll:6/2/6/1")
    assert KNOW.is_chance(tie) and "everyone rolls again" in tie.note
    begun = play(tie, "roll:3/2/5/5".replace("5/5", "6/1"))  # Blue plain (seat 2) rolled highest
    assert begun.seat == 2 and begun.player == 1
    kept = play(KNOW.new({**FOUR, "conservation": True}), "roll:2/6/1/3")  # the roll is played as cast
    assert kept.seat == 1 and kept.dice == (6,) and KNOW.to_move(kept) == 1


def test_each_seat_moves_its_own_stripe_and_turns_go_clockwise():
    history = random_game(KNOW, {**FOUR, "limit": 40}, seed=4)
    order = []
    for state, move in zip(history.states, history.moves):
        seat = KNOW.to_move(state)
        if seat is None:
            continue
        colour, stripe = ((0, True), (1, True), (1, False), (0, False))[seat]
        if move.kind == "move" and state.phase == MOVE:
            piece = state.at(move.src)
            assert owner(piece) == colour and striped(piece) == stripe
        for legal in KNOW.legal_moves(state):
            if legal.kind == "move":
                piece = state.at(legal.src)
                assert (owner(piece), striped(piece)) == (colour, stripe)
    for state, after in zip(history.states, history.states[1:]):
        if after.turn != state.turn:  # a turn ends: the next seat clockwise, or after a lost Path the contender
            mover, bonus, rival, rival_bonus = after.contest or (0, 0, 0, 0)
            lost = state.phase == PATH_ROLL and rival + rival_bonus > mover + bonus
            order.append((state.seat, lost))
    assert len(order) > 8 and any(lost for _, lost in order)
    for (a, lost), (b, _) in zip(order, order[1:]):
        assert b == (KNOW.next_seat(KNOW.new(FOUR).opts, a, 1 - SEATS_4[a][0]) if lost else (a + 1) % 4)


def test_a_conjunction_resolves_and_wins_together():
    # Red plain (seat 3) moves its Bard 8.2-8.0: Red resolves; Blue catches up, played by its next seat
    state = KNOW.position(NEAR, phase=MOVE, dice=(2,), options=FOUR, seat=3)
    with pytest.raises(IllegalMoveError):  # Red striped may not move Red plain's Bard
        play(KNOW.position(NEAR, phase=MOVE, dice=(2,), options=FOUR, seat=0), "8.2-8.0")
    resolved = play(state, "8.2-8.0")
    assert resolved.resolved == 0 and resolved.phase == POST_ROLL and resolved.seat == 1
    assert KNOW.leader(resolved) == 0
    caught = play(resolved, "roll:1")
    assert caught.phase == POST_MOVE and KNOW.to_move(caught) == 1
    # the catch-up moves any unconnected Blue piece (here Blue plain's Herald)
    over = play(caught, "pass")
    result = KNOW.outcome(over)
    assert result.winner == 0 and result.winning_seats == (0, 3)
    history_like = type("H", (), {"game": KNOW, "state": over, "outcome": lambda self: KNOW.outcome(over)})()
    assert result_text(history_like) == "Red striped+Red plain"
    assert KNOW.scores(over)[0] == KNOW.scores(over)[3] and KNOW.scores(over)[1] == KNOW.scores(over)[2]


def test_records_and_the_referee_carry_the_four_seats(capsys):
    history = random_game(KNOW, {**FOUR, "limit": 30}, seed=2)
    text = write_record(history)
    assert '[Players "Red striped,Blue striped,Blue plain,Red plain"]' in text and "-players=4" in text
    assert read_record(text).state == history.state
    assert referee.main(["know", "-players=4", "-limit=30", "--seed", "2", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["players"] == list(SEAT_NAMES_4) and list(info["scores"]) == list(SEAT_NAMES_4)
    assert info["to_move"] in SEAT_NAMES_4 and info["winners"] == []
