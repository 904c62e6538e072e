"""know for three and four players (issue 25; ../shared/specs/know.md design 19): the end of a three-player
game in the referee's JSON, the Solipsistic Path's age counted in sides, a lost Path passing the die to the
contender in every case, and a refused move of a partner's piece that says why."""

import json

import pytest

from game import referee
from game.rules import IllegalMoveError
from game.rules.know import KNOW, MOVE, PATH_ROLL, PREROLL, ROLL

THREE = {"players": 3}
FOUR = {"players": 4}

#: three-player games, each won by Resolution by one side (every Path offered is declined: see `declining`)
WON_BY = {
    "Bards": "roll:6/1/1 roll:6 6.0-6.2a roll:2 9.0b-9.2b roll:6 15.0b-15.2b roll:4 14.0-14.2a roll:5 roll:1",
    "Fools": "roll:2/6/1 roll:4 15.0a-0.2 roll:6 9.0a-10.2a roll:5 errand:10.0 roll:4 10.0-12.2 roll:4 7.0a-8.2 "
             "roll:4 7.0b-6.2a roll:2 errand:6.0 roll:3 2.0-3.1a roll:1 9.0b-9.1b roll:3 6.2a-7.1b roll:6 3.1a-4.3 "
             "roll:6 1.0b-2.1a roll:3 10.2a-10.2b roll:4 4.3-4.1 roll:3 2.1a-1.1b roll:5 pass roll:1 pass",
    "Heralds": "roll:4/2/3 roll:2 10.0-10.2a roll:2 1.0b-1.2b roll:4 9.0a-7.2b roll:4 2.0-3.2b roll:1 1.2b-1.2a "
               "roll:4 15.0b-15.2b roll:5 3.2b-2.2c roll:2 9.0b-9.1a roll:2 1.0a-0.1 roll:2 10.2a-10.3 "
               "roll:2 9.1a-9.2b roll:4 7.0b-8.1 roll:1 pass roll:2",
}


def play(state, *texts):
    for text in texts:
        state = KNOW.play(state, text)[1]
    return state


def declining(moves: str, options) -> str:
    """`moves` with ``nopath`` written wherever a Path is offered (the games above decline them all), so that
    they read the same whichever points of contention are old enough to be challenged."""
    state, out = KNOW.new(options), []
    for text in moves.split():
        if state.phase == PREROLL:
            state = play(state, "nopath")
            out.append("nopath")
        state = play(state, text)
        out.append(text)
    return " ".join(out)


def judge(capsys, *args):
    assert referee.main(["know", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def finish_turn(state):
    """Play the acting seat's turn to its end: decline a Path, roll 2, make the first legal move."""
    turn = state.turn
    while state.turn == turn:
        if state.phase == PREROLL:
            state = play(state, "nopath")
        elif KNOW.is_chance(state):
            state = play(state, "roll:2")
        else:
            state = KNOW.apply(state, KNOW.legal_moves(state)[0])
    return state


# ----------------------------------------------------------------------------- the end of a three-player game
@pytest.mark.parametrize("side", sorted(WON_BY))
def test_a_three_player_game_won_by_each_side_through_the_referee(side, capsys):
    """The game-over details named the winning cycle by the two-player colours: the Heralds' win raised
    IndexError (the referee crashed, with or without --json), the Fools' was called Blue."""
    moves = declining(WON_BY[side], THREE)
    info = judge(capsys, "-players=3", "--moves", moves)
    assert info["over"] and info["winner"] == side and info["winners"] == [side]
    assert info["reason"] == f"{side} Resolved"
    details = info["details"]
    assert details["cycle_results"] == [side] and details["resolved"] == side and details["leader"] == side
    assert details["resolved_pattern"][side]
    assert referee.main(["know", "-players=3", "--moves", moves]) == 0  # the text report too
    assert f"{side} Resolved" in capsys.readouterr().out


def test_four_player_cycle_results_name_the_conjunction(capsys):
    near = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
            "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}
    over = play(KNOW.position(near, phase=MOVE, dice=(2,), options=FOUR, seat=3), "8.2-8.0", "roll:1", "pass")
    assert KNOW.details(over)["cycle_results"] == ["Red"]


# ----------------------------------------------------------------------------- the Path's age, in sides
def test_a_path_waits_until_every_side_has_rolled_since_the_point_arose(capsys):
    """Issue 25's first game: the Fools' move 1.0b-1.1b makes 1.0b and 1.1a points of contention with the
    Heralds (between two types of Red's pieces: no contention in colours), and the Heralds were offered a Path
    through them at once. They may challenge them once the Bards, the Fools and they themselves have rolled."""
    moves = "roll:1/6/1 roll:2 15.0a-15.2a roll:2 15.0b-0.1 roll:2 10.0-10.2a roll:1 1.0b-1.1b"
    info = judge(capsys, "-players=3", "--moves", moves)
    assert info["to_move"] == "Heralds" and info["details"]["path_offers"] == []
    assert not any(move.startswith("path:") or move == "nopath" for move in info["legal"])
    assert info["moves"][:-1] == moves.split() and info["moves"][-1].startswith("roll:")  # the Heralds just rolled
    state = play(KNOW.new(THREE), *moves.split())
    assert state.player == 2 and state.phase == ROLL and KNOW.path_options(state) == []
    later = play(state, "roll:2", "7.0b-7.2b", "roll:2", "14.0-13.1b", "roll:2", "15.2a-14.1b")
    assert later.player == 2 and later.phase == PREROLL and {"1.0b", "1.1a"} <= set(KNOW.influence(later)["contention"])
    assert sorted(str(m) for m in KNOW.legal_moves(later)) == [
        "nopath", "path:0.1>1.1a", "path:1.0a>1.0b", "path:1.0a>1.1a"]


def test_a_creator_may_not_challenge_its_point_on_its_next_turn(capsys):
    """Issue 25's second game: the Bards' 14.0-11.1b makes 11.1a contended with the Heralds; the Bards were
    offered a Path through it on their very next turn, before they had rolled while it stood."""
    moves = "roll:2/3/3 roll:3/2/6 roll:5 9.0a-11.2a roll:5 14.0-11.1b roll:4 15.0a-14.1b roll:2 7.0b-8.1"
    info = judge(capsys, "-players=3", "--moves", moves)
    assert info["to_move"] == "Bards" and not any(move.startswith("path:") for move in info["legal"])
    state = play(KNOW.new(THREE), *moves.split())
    assert state.player == 0 and state.phase == ROLL
    heralds = play(state, "roll:2", "2.0-2.2a", "roll:2", "14.1b-13.2b")
    assert heralds.player == 2 and "path:11.2a>11.1a" in [str(m) for m in KNOW.legal_moves(heralds)]
    bards = play(heralds, "nopath", "roll:2", "1.0a-0.1")
    assert bards.player == 0 and "path:11.1b>11.1a" in [str(m) for m in KNOW.legal_moves(bards)]


def test_four_players_count_the_age_per_conjunction():
    """A point Red striped's turn leaves contended: Red plain, whose Conjunction has not rolled since, may not
    challenge it three turns later (the old count of three turns let it); Red striped may on its next turn."""
    state = KNOW.position({"b*": "2.2a", "F": "1.1b"}, phase=MOVE, dice=(2,), options=FOUR, seat=0, old_pocs=False)
    assert {"1.2b", "2.1a"} <= set(KNOW.influence(state)["contention"])
    red_plain = play(state, "1.0a-0.1", "roll:2", "7.0a-6.1b", "roll:2", "10.0-9.1b")
    assert red_plain.seat == 3 and red_plain.phase == ROLL and KNOW.path_options(red_plain) == []
    red_striped = play(red_plain, "roll:2", "14.0-13.1b")
    assert red_striped.seat == 0 and "path:2.0>2.1a" in [str(m) for m in KNOW.legal_moves(red_striped)]


# ----------------------------------------------------------------------------- a lost Path
@pytest.mark.parametrize("conservation", [False, True])
def test_a_lost_path_passes_the_die_to_the_contender_with_three(conservation):
    """The Heralds' piece on 2.2a contends 2.1a with the Bards' on 2.0 (the Fools do not touch it): the Bards
    lose the contest, and the Heralds play next, not the Fools; then the Bards, in seat order from there."""
    state = KNOW.position({"h*": "2.2a"}, 0, options={**THREE, "conservation": conservation})
    declared = play(state, "path:2.0>2.1a")
    assert declared.phase == PATH_ROLL and declared.contender == 2  # (the app names the two who roll)
    lost = play(declared, "roll:1/3")  # Bards 1+0 against Heralds 3+4
    assert "forfeit" in lost.note and lost.pos == state.pos
    assert lost.player == 2 and lost.turn == state.turn + 1
    if conservation:
        assert lost.phase == MOVE and lost.dice == (3,)  # the contest die, as rolled
    else:
        assert lost.phase in (PREROLL, ROLL) and lost.dice == () and lost.kept == ()
    assert finish_turn(lost).player == 0


@pytest.mark.parametrize("conservation", [False, True])
def test_a_lost_path_passes_the_die_to_the_contender_with_four(conservation):
    """Red plain's Bard on 14.0 challenges 14.1a, contended by Blue plain's Bard on 14.2a, and loses: the die
    goes to Blue's next seat (Blue striped), never to Red plain's partner; then Blue plain, Red plain."""
    state = KNOW.position({"b": "14.2a"}, options={**FOUR, "conservation": conservation}, seat=3)
    declared = play(state, "path:14.0>14.1a")
    assert declared.phase == PATH_ROLL and declared.contender == 1  # Blue contends (the state says so at once)
    lost = play(declared, "roll:1/6")  # Red 1+0 against Blue 6+4
    assert "forfeit" in lost.note and lost.pos == state.pos
    assert lost.seat == 1 and lost.player == 1 and KNOW.to_move(lost) in (None, 1)
    if conservation:
        assert lost.phase == MOVE and lost.dice == (6,)
    else:
        assert lost.phase in (PREROLL, ROLL) and lost.dice == ()
    assert finish_turn(lost).seat == 2


def test_a_lost_path_with_two_players_still_goes_to_the_other_player():
    state = KNOW.position({"b*": "2.2a"})
    for options, phases in (({}, (PREROLL, ROLL)), ({"conservation": True}, (MOVE,))):
        lost = play(KNOW.position({"b*": "2.2a"}, options=options), "path:2.0>2.1a", "roll:1/3")
        assert lost.player == 1 and lost.turn == state.turn + 1 and lost.phase in phases


# ----------------------------------------------------------------------------- a partner's piece
def test_moving_a_partners_piece_is_refused_saying_whose_it_is():
    near = {"F*": "2.0", "F": "10.0", "H*": "1.2a", "H": "9.2a", "B*": "0.0", "B": "8.2",
            "b*": "4.1", "b": "12.1", "f*": "5.0b", "f": "13.0b", "h*": "3.2a", "h": "11.1a"}
    state = KNOW.position(near, phase=MOVE, dice=(2,), options=FOUR, seat=0)
    assert KNOW.play(KNOW.position(near, phase=MOVE, dice=(2,), options=FOUR, seat=3), "8.2-8.0")[1].resolved == 0
    for text in ("8.2-8.0", "errand:8.2"):
        with pytest.raises(IllegalMoveError) as error:
            KNOW.play(state, text)
        message = str(error.value)
        assert "8.2 is Red plain's" in message and "partners move only their own pieces" in message, message
    walled = KNOW.position({"b": "14.2a", "f*": "2.2a"}, options=FOUR, seat=0)  # Red striped may declare a Path
    assert walled.phase == PREROLL and "path:2.0>2.1a" in [str(m) for m in KNOW.legal_moves(walled)]
    with pytest.raises(IllegalMoveError, match="14.0 is Red plain's"):
        KNOW.play(walled, "path:14.0>14.1a")
