"""know for three players (../shared/specs/know.md 2.12 and design 15): each player moves the four pieces of
one type, both colours', from the usual starting spaces; influence and points of contention are between
the three sides; a player resolves with connections on both the First and the Second tier; after a
Resolution each other player catches up in turn."""

import pytest

from game.rules import OptionError
from game.rules.know import (
    KNOW, MOVE, PATH_ROLL, POST_MOVE, POST_ROLL, Snapshot, board, complete, piece_type, resolved_pattern,
)
from game.rules.playout import random_game
from game.rules.record import read_record, write_record

THREE = {"players": 3}
GEO = board()


def play(state, *texts):
    for text in texts:
        state = KNOW.play(state, text)[1]
    return state


def test_seats_and_refused_options():
    state = KNOW.new(THREE)
    assert KNOW.seat_names(state) == ("Bards", "Fools", "Heralds") and len(KNOW.scores(state)) == 3
    assert KNOW.roll_shape(state) == (1, 1, 1)
    for bad in ({"version": "symmetric"}, {"eternal": 2}, {"nets": True}, {"formal": True}, {"pathneed": "walled"}):
        with pytest.raises(OptionError):
            KNOW.new({**THREE, **bad})


def test_each_side_moves_its_type_in_turn():
    history = random_game(KNOW, {**THREE, "limit": 45}, seed=3)
    order = []
    for state in history.states:
        side = KNOW.to_move(state)
        if side is None:
            continue
        for move in KNOW.legal_moves(state):
            if move.kind == "move":
                assert piece_type(state.at(move.src)) == side
    for before, state in zip(history.states, history.states[1:]):
        if state.turn != before.turn:  # a turn ends: the next side's begins, or after a lost Path the contender's
            mover, bonus, rival, rival_bonus = state.contest or (0, 0, 0, 0)
            lost = before.phase == PATH_ROLL and rival + rival_bonus > mover + bonus
            order.append((before.player, before.contender if lost else None))
    assert len(order) > 6
    for (a, contender), (b, _) in zip(order, order[1:]):
        assert b == ((a + 1) % 3 if contender is None else contender)


def test_points_of_contention_between_three_sides():
    # Red's Bard and Red's Fool are allies with two players, opponents with three
    pieces = {"B*": "1.1a", "F*": "1.1b"}
    three = Snapshot(KNOW.position(pieces, options=THREE).pos, True)
    two = Snapshot(KNOW.position(pieces).pos)
    assert two.poc == 0 and three.poc != 0
    for space in range(100):  # a point of contention: a space two of the three sides influence
        sides = sum(mask >> space & 1 for mask in three.influence)
        assert (three.poc >> space & 1) == (sides >= 2)


def test_first_and_second_tier_connections_resolve_then_the_others_catch_up_in_turn():
    # from the start every side's four pieces stand in two opposite pairs: connected on the Rim; here the
    # Fools' and Heralds' pairs are broken, so both have a catch-up to play
    assert all(complete(KNOW.new(THREE).pos, side, True) for side in range(3))
    pieces = {"B*": "0.1", "b*": "8.1", "B": "1.2a", "b": "9.1a", "F": "13.0a", "H": "3.0a"}
    state = KNOW.position(pieces, 0, phase=MOVE, dice=(1,), options=THREE)
    assert not resolved_pattern(state.pos, 0, three=True)
    resolved = play(state, "9.1a-9.2a")  # the Bards' Second tier connection, beside the First tier one
    assert resolved_pattern(resolved.pos, 0, three=True)
    assert resolved.resolved == 0 and resolved.phase == POST_ROLL and KNOW.seat_names(resolved)[resolved.player] == "Fools"
    fools_done = play(resolved, "roll:6")
    assert fools_done.phase in (POST_ROLL, POST_MOVE)
    if fools_done.phase == POST_MOVE:
        fools_done = play(fools_done, "pass")
    assert fools_done.player == 2 and fools_done.phase == POST_ROLL  # then the Heralds
    heralds = play(fools_done, "roll:6")
    over = play(heralds, "pass") if heralds.phase == POST_MOVE else heralds
    result = KNOW.outcome(over)
    assert result.winner == 0 and result.reason == "Bards Resolved"


def test_records_replay():
    history = random_game(KNOW, {**THREE, "limit": 60}, seed=8)
    text = write_record(history)
    assert '[Players "Bards,Fools,Heralds"]' in text and "-players=3" in text
    assert read_record(text).state == history.state
