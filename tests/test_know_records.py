"""know records replay exactly; random games keep the rules' invariants (hypothesis)."""

from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.rules
from game.rules.errors import IllegalMoveError, RecordError
from game.rules.history import GameHistory
from game.rules.know import KNOW, OVER, Snapshot, board, owner
from game.rules.playout import random_game
from game.rules.record import read_record, write_record

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(game.rules.GAMES, "know", KNOW)


HAND_RECORD = """\
[Game "know"]
[Options ""]
[Result "*"]

# Red and Blue roll for the start: Red's 3 beats Blue's 1, and Red rolls a 3 for the first move
1. roll:3/1
2. roll:3
3. 14.0-13.1a
4. roll:2
5. 10.0-10.2a
# single steps: 13.1a borders 13.2a, 10.2a borders 11.2a
6. roll:1
7. 13.1a-13.2a
8. roll:1
9. 10.2a-11.2a
# Red's Bard steps 2 to 12.1 via 12.2
10. roll:2
11. 13.2a-12.1
"""


def test_hand_written_record_replays():
    history = read_record(HAND_RECORD)
    state = history.state
    pieces = KNOW.details(state)["pieces"]
    assert pieces["B"] == "12.1" and pieces["b"] == "11.2a"
    assert state.player == 1 and KNOW.is_chance(state) and state.turn == 5
    assert KNOW.influence(state)["contention"] == []


def test_hand_written_record_with_errors_names_the_line():
    bad = HAND_RECORD.replace("7. 13.1a-13.2a", "7. 13.1a-13.2b")
    with pytest.raises(RecordError) as error:
        read_record(bad)
    assert "line 13" in str(error.value) and "13.1a-13.2b" in str(error.value)
    with pytest.raises(RecordError) as error:
        read_record(HAND_RECORD.replace("4. roll:2", "4. roll:2/3"))
    assert "one die" in str(error.value)
    with pytest.raises(RecordError):
        read_record(HAND_RECORD.replace("3. 14.0-13.1a", "3. 14.0-13.1a-12.0"))


@pytest.mark.parametrize("name", ["know_game_standard.txt", "know_game_symmetric.txt"])
def test_stored_games_replay_exactly(name):
    text = (DATA / name).read_text()
    final = dict(item.split("=") for item in text.splitlines()[2].split(":", 1)[1].split())
    history = read_record(text)
    assert KNOW.outcome(history.state) is not None
    assert KNOW.details(history.state)["pieces"] == final
    moves = history.notation()
    assert any(m.startswith("errand:") for m in moves) and any(m.startswith("path:") for m in moves)
    assert write_record(history) == text[text.index("[Game"):]


@pytest.mark.parametrize("options", [{}, {"version": "symmetric"}, {"conservation": True, "eternal": 2},
                                     {"nets": True, "sopath": "lenient", "pathneed": "walled"}])
def test_record_round_trip(options):
    history = random_game(KNOW, {**options, "limit": 60}, seed=5)
    again = read_record(write_record(history))
    assert again.notation() == history.notation()
    assert again.state == history.state


def test_history_undo_redo():
    history = GameHistory(KNOW)
    for text in ("roll:3/1", "roll:3", "14.0-13.1a", "roll:2"):
        history.play(text)
    state = history.state
    history.undo()
    history.redo()
    assert history.state == state


def check_invariants(state, eternal):
    geo = board()
    snap = Snapshot(state.pos)
    assert len(set(state.pos)) == 12
    if not eternal:
        for piece, where in enumerate(state.pos):
            # no piece ever stands on a point of contention; opposing pieces never border each other
            assert not snap.poc >> where & 1, (geo.names[where], state.note)
            for other, there in enumerate(state.pos):
                if owner(other) != owner(piece):
                    assert there not in geo.borders[where]


OPTION_SETS = st.fixed_dictionaries({
    "version": st.sampled_from(["standard", "symmetric"]),
    "conservation": st.booleans(),
    "nets": st.booleans(),
    "sopath": st.sampled_from(["literal", "lenient"]),
    "pathneed": st.sampled_from(["any", "walled"]),
    "errand": st.sampled_from(["locked", "stuck"]),
    "eternal": st.sampled_from([0, 0, 2]),
})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, seed=st.integers(0, 10**6))
def test_random_games_keep_invariants_and_end(options, seed):
    history = random_game(KNOW, {**options, "limit": 40}, seed=seed)
    assert KNOW.outcome(history.state) is not None and history.state.phase == OVER
    for before, move, after in zip(history.states, history.moves, history.states[1:]):
        copy = {f.name: getattr(before, f.name) for f in fields(before)}
        again = KNOW.apply(before, move)
        assert again == after                                     # deterministic
        assert {f.name: getattr(before, f.name) for f in fields(before)} == copy  # input untouched
        check_invariants(after, options["eternal"])
        if not KNOW.is_chance(after) and after.phase != OVER:
            assert KNOW.legal_moves(after), after.note            # a decision always has a choice
        assert KNOW.is_chance(after) == (KNOW.to_move(after) is None and after.phase != OVER)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_legal_move_is_accepted_and_parsed_back(seed):
    history = random_game(KNOW, {"limit": 15, "version": "symmetric"}, seed=seed)
    for state in history.states:
        for move in KNOW.legal_moves(state)[:60]:
            assert KNOW.parse_move(str(move), state) == move
            KNOW.check_legal(state, move)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, seed=st.integers(0, 10**6))
def test_checking_one_move_agrees_with_the_legal_list(options, seed):
    """Replay checks each move by itself: the verdict must be membership of legal_moves, for every move
    of the player's pieces to any space with any die named, every Errand and Path, pass and nopath."""
    from game.rules.know import KnowMove

    history = random_game(KNOW, {**options, "limit": 30}, seed=seed)
    names = board().names
    for state in history.states[:: 3]:
        if KNOW.is_chance(state) or state.phase == OVER:
            continue
        legal = set(KNOW.legal_moves(state))
        labels = (None, *sorted(set(state.dice)), 6)
        mine = [names[state.pos[p]] for p in range(6 * state.player, 6 * state.player + 6)]
        candidates = [KnowMove("pass"), KnowMove("nopath")]
        candidates += [KnowMove("move", src, dst, die) for src in mine for dst in names for die in labels]
        candidates += [KnowMove("errand", src, None, die) for src in mine for die in labels]
        candidates += [KnowMove("path", src, dst) for src in mine for dst in names]
        for move in candidates:
            try:
                KNOW.check_legal(state, move)
            except IllegalMoveError:
                accepted = False
            else:
                accepted = True
            assert accepted == (move in legal), (str(move), state.phase, state.note)
