"""Savoya's rules (game/rules/savoya.py, ../shared/specs/savoya.md): seats and turn order for 2-4 players,
the opening roll, Design 12's "differently coloured" blocks and pins among one player's own colours,
winning, the house rules, notation, the spec's opening-5 note, and the fast turn generator held to the
plain one that plays every trip in order."""

import dataclasses
import random

import pytest

from game.rules import GAMES, IllegalMoveError, OptionError
from game.rules.playout import random_game
from game.rules.record import read_record, write_record
from game.rules.savoy import ROLLS, _home_count, _turns_in_order, written_readings
from game.rules.savoya import SAVOYA as G
from game.rules.savoya_board import SAVOYA_BOARD as BOARD

START = "a6=RRRRRR o10=LLLLLL j1=TTTTTT f15=BBBBBB"


def moves(state):
    return [str(m) for m in G.legal_moves(state)]


def play(state, text):
    return G.apply(state, G.parse_move(text, state))


def test_registered_with_seats_for_two_to_four():
    assert GAMES["savoya"] is G and G.player_counts == (2, 3, 4) and G.has_chance
    for count, names in ((2, ("Gold", "Silver")), (3, ("R", "B", "L")), (4, ("R", "B", "L", "T"))):
        state = G.new({"players": count})
        assert G.seat_names(state) == names
        assert G.scores(state) == (0,) * count and len(G.pips(state)) == count
    # three players: no T pieces; every start has six of each colour present
    three = G.new({"players": 3})
    assert three.stack("j1") == "" and three.stack("a6") == "RRRRRR" and three.stack("f15") == "BBBBBB"
    assert G.new({}).stack("j1") == "TTTTTT"
    with pytest.raises(OptionError):
        G.new({"players": 5})


def test_start_options_per_colour():
    even = G.new({"even": 6, "players": 4})
    assert [even.stack(n) for n in ("a6", "b6", "c6", "m10", "j2", "f13")] == ["RR"] * 3 + ["LL", "TT", "BB"]
    step = G.new({"step": 6})
    assert [step.stack(n) for n in ("a6", "b6", "c6", "o10", "n10", "m10")] == ["RRR", "RR", "R", "LLL", "LL", "L"]
    assert G.new({"step": 6, "steptall": "near"}).stack("c6") == "RRR"


def test_opening_roll_one_die_per_seat_highest_first_then_seat_order():
    state = G.new({"players": 4})
    assert len(G.legal_moves(state)) == 6 ** 4
    tie = play(state, "roll:3,6,2,6")  # two players tie for the highest: everyone rolls again
    assert tie.opening and not tie.dice and tie.opening_roll == (3, 6, 2, 6)
    low_tie = play(tie, "roll:2,6,5,2")  # a tie below the highest does not matter: B (seat 1) starts
    assert not low_tie.opening and G.to_move(low_tie) == 1 and low_tie.dice == (6,)
    assert moves(low_tie) == ["f15-f9"]
    order = []
    state = play(low_tie, "f15-f9")
    for _ in range(4):
        order.append(G.seat_names(state)[state.to_move])
        state = G.apply(state, G.random_chance(state, random.Random(1)))
        state = G.apply(state, G.legal_moves(state)[0])
    assert order == ["L", "T", "R", "B"]
    with pytest.raises(IllegalMoveError):
        play(G.new({"players": 3}), "roll:3,5")  # the opening roll of three is three dice
    with pytest.raises(IllegalMoveError):
        play(low_tie, "roll:3,5,1")  # later rolls are two dice


def test_two_players_gold_moves_both_colours_silver_the_others():
    state = G.position(START, "Gold", (1, 2))
    assert moves(state) == ["a6-b6,a6-c6", "a6-b6,o10-m10", "a6-c6,o10-n10", "a6-d6", "o10-l10", "o10-m10,o10-n10"]
    silver = G.position(START, "Silver", (5,))
    assert moves(silver) == ["f15-f10", "j1-j6"]


def test_own_stack_of_the_other_colour_blocks_and_can_be_jumped():
    # Design 12: Gold's R may not land on Gold's own LL; it may jump over it
    state = G.position("d6=R f6=LL", "Gold", (2, 1))
    landing = [m for m in moves(state) if "d6-f6" in m.split(",")]
    assert landing and all("f6-" in m for m in landing)  # only once an L piece has left f6
    assert "d6-g6" in moves(state)
    with pytest.raises(IllegalMoveError) as refused:
        play(G.position("d6=R f6=LL", "Gold", (2,)), "d6-f6")
    assert refused.value.key == "blocked"
    # an L piece leaving first opens the cell: the R piece then pins the L left behind, Gold's own
    after = play(state, "f6-e6,d6-f6")
    assert after.stack("f6") == "LR" and after.stack("e6") == "L"


def test_self_pin_is_legal_and_forced_when_it_is_the_only_move():
    # the R stack on a6 can only move 5 to f6, where Gold's own lone L stands; the L's own 5-step
    # landings are blocked by T stacks (and a6 holds two R)
    state = G.position("a6=RR f6=L k6=TT j4=TT f11=TT", "Gold", (5,))
    assert moves(state) == ["a6-f6"]
    after = play(state, "a6-f6")
    assert after.stack("f6") == "LR" and G.details(after)["pinned"] == ["f6"]
    # pinned under Gold's own R, the L piece cannot move until the R piece leaves
    pinned = G.position("f6=LR", "Gold", (1,))
    assert len(moves(pinned)) == 4 and all(play(pinned, m).stack("f6") == "L" for m in moves(pinned))


def test_order_of_play_decides_who_pins_whom():
    # R (d6, 2 steps) and L (g6, 1 step) can both land on the empty f6: the second to land pins the first
    state = G.position("d6=R g6=L", "Gold", (1, 2))
    listed = moves(state)
    assert "d6-f6,g6-f6" in listed and "g6-f6,d6-f6" in listed
    assert play(state, "d6-f6,g6-f6").stack("f6") == "RL"  # R first, L pins it
    assert play(state, "g6-f6,d6-f6").stack("f6") == "LR"
    for text in ("d6-f6,g6-f6", "g6-f6,d6-f6"):
        assert str(G.parse_move(text, state)) == text


def test_the_first_player_home_wins_at_once_with_no_places():
    state = G.position("l10=R m10=RRRRR a6=B", "R", (1, 3), {"players": 3})
    assert "l10-m10" in moves(state)  # the win uses one die; the other lapses
    won = play(state, "l10-m10")
    result = G.outcome(won)
    assert won.over and result.winner == 0 and result.places == () and result.winning_seats == (0,)
    assert result.reason == "R has all 6 pieces home"
    # two players: Gold wins only with both colours home
    half = G.position("l10=R m10=RRRRR o10=L", "Gold", (1,))
    assert not play(half, "l10-m10").over
    both = G.position("l10=R m10=RRRRR a6=L", "Gold", (1,))
    assert G.outcome(play(both, "l10-m10")).winner == 0


def test_house_rules_scale_with_the_players():
    for count in (2, 3, 4):
        rules = G.new({"players": count}).rules
        assert (rules.draw_passes, rules.max_turns) == (5 * count, 500 * count)
    assert G.new({"drawpasses": 7, "maxturns": 50}).rules.draw_passes == 7
    for bad in ({"drawpasses": 1}, {"maxturns": 9}):
        with pytest.raises(OptionError):
            G.new(bad)
    # passes in a row draw at 5 per player: R, shut in on a6 behind six B stacks, must pass
    blocked = "a6=R b6=BB c6=BB d6=BB e6=BB f6=BB g6=BB o10=L"
    state = G.position(blocked, "R", (1, 2), {"players": 3})
    assert moves(state) == ["pass"]
    assert not play(dataclasses.replace(state, passes=13), "pass").over
    after = play(dataclasses.replace(state, passes=14), "pass")
    assert after.over and G.outcome(after).reason == "house rule: 15 passes in a row"
    assert not play(dataclasses.replace(G.position(blocked, "R", (1, 2), {"players": 4}), passes=14), "pass").over
    assert play(dataclasses.replace(state, turns=1499), "pass").over  # 500 turns per player


def test_notation_round_trip_and_cells_up_to_row_15():
    for seed in range(6):
        history = random_game(G, {"players": 2 + seed % 3, "maxturns": 12}, seed=seed)
        for state in history.states:
            if state.over or not state.dice:
                continue
            for move in G.legal_moves(state)[:60]:
                assert G.parse_move(str(move), state) == move
    with pytest.raises(Exception) as bad:
        G.parse_move("a16-b6", G.position(START, "Gold", (3,)))
    assert "Savoya board" in str(bad.value)


def test_records_carry_the_seats():
    for count in (2, 3, 4):
        history = random_game(G, {"players": count, "maxturns": 10}, seed=count)
        text = write_record(history)
        names = ",".join(G.seat_names(history.start))
        assert (f'[Players "{names}"]' in text) == (count > 2) and (count == 2 or f"-players={count}" in text)
        again = read_record(text)
        assert again.notation() == history.notation() and again.state == history.state
    tampered = text.replace('[Players "R,B,L,T"]', '[Players "R,B,L"]')
    with pytest.raises(Exception) as refused:
        read_record(tampered)
    assert "players" in str(refused.value)


def _exposure(count, opener, die):
    """The chance (out of 36) that the next seat can land on the piece the opener's single die moved, for
    each of the opener's legal moves."""
    state = dataclasses.replace(G.new({"players": count}), to_move=opener, dice=(die,), opening=False)
    found = []
    for move in G.legal_moves(state):
        after = G.apply(state, move)
        target = move.parts[0].dst
        chance = 0
        for roll in ROLLS:
            rolled = G.apply(after, G.parse_move(f"roll:{roll[0]},{roll[1]}", after))
            if any(part.dst == target for m in G.legal_moves(rolled) if m.kind == "turn" for part in m.parts):
                chance += 1 if roll[0] == roll[1] else 2
        found.append(chance)
    return found


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_opening_5_note(count):
    """Spec 2.5: only an opening 5 lands where the next player can pin it at once (6-3, 5-4 or double 3:
    5/36); with three players L's 5 is safe, its attacker T being absent."""
    for opener in range(count):
        for die in range(1, 7):
            exposed = _exposure(count, opener, die)
            letters = "".join(BOARD.colours[c] for c in G.new({"players": count}).rules.seats[opener])
            if die == 5 and not (count == 3 and letters == "L"):
                assert exposed == [5] * len(exposed), (count, letters, die)
            else:
                assert exposed == [0] * len(exposed), (count, letters, die)


def _reference(state):
    """The plain generator's legal turns: {(sorted route numbers, board after)}."""
    rules = state.rules
    colours = rules.seats[state.to_move]
    home, total = _home_count(state.cells, state.to_move, rules.pinned_away, BOARD, colours)
    found = _turns_in_order(state.cells, colours, state.dice, rules.trips, rules.pinned_away, BOARD, home, total)
    best = max((f[2] for f in found), default=0)
    return {(f[1], f[4]) for f in found if f[2] == best or f[3]}


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "jump"}, {"players": 2, "stack": 3}, {"players": 2, "pinnedaway": True},
                                     {"players": 3}, {"players": 4, "trips": "jump"}])
def test_fast_turns_match_the_plain_generator(options):
    for seed in range(3):
        history = random_game(G, {**options, "maxturns": 24}, seed=seed)
        for state in history.states[1::4]:
            if state.over or not state.dice:
                continue
            listed = set()
            for move in G.legal_moves(state):
                if move.kind != "turn":
                    continue
                (trips,) = [t for t in written_readings(move, BOARD)][:1]
                numbers = tuple(sorted(BOARD.route_number[src][r][length - 1] for src, r, length in trips))
                listed.add((numbers, G.apply(state, move).cells))
            assert listed == _reference(state)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "jump"}, {"players": 2, "trips": "dice"},
                                     {"players": 2, "pinnedaway": True, "stack": 3}])
def test_a_two_colour_turn_checked_alone_agrees_with_the_table(options):
    """Records of two-player games are replayed turn by turn without building every legal turn: the turn
    read alone must be the table's own move, text and all, and a turn the table lacks must be refused."""
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        history = random_game(G, {**options, "maxturns": 16}, seed=seed)
        for state in history.states[1::3]:
            if state.over or not state.dice:
                continue
            G._readings.clear()
            legal = G.legal_moves(state)
            texts = {str(m) for m in legal}
            for move in rng.sample(legal, min(12, len(legal))):
                if move.kind != "turn":
                    continue
                written = G.parse_move(str(move), state)
                alone = G._readings_alone(state, dataclasses.replace(written))
                assert alone is None or [str(m) for m in alone] == [str(move)]
                checked += alone is not None
                # the same parts with one destination moved a cell on: legal only if the table has it
                part = move.parts[-1]
                board_cells = BOARD.cells
                for other in BOARD.neighbours[BOARD.cell_id[part.dst]]:
                    text = str(move).rsplit(part.dst, 1)[0] + board_cells[other]
                    try:
                        bent = G.parse_move(text, state)
                    except Exception:
                        continue
                    found = G._readings_alone(state, bent)
                    if found is not None:
                        assert [str(m) for m in found] == [str(m) for m in G._table_readings(state, bent)]
                        assert {str(m) for m in found} <= texts
    assert checked > 20


def _states_with_dice(options, seeds=range(3), maxturns=30):
    for seed in seeds:
        for state in random_game(G, {**options, "maxturns": maxturns}, seed=seed).states:
            if not state.over and state.dice:
                yield state


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "dice"}, {"players": 3}])
def test_the_turns_listed_in_small_units_are_the_turns_listed_at_once(options):
    """`prepare` builds the table a unit at a time (a frame loop spreads it over frames); the table it
    leaves is the one `legal_moves` then answers with, and the one built at once."""
    split = 0
    for state in list(_states_with_dice(options))[::3]:
        G._cache.clear()
        units = sum(1 for _ in G.prepare(state))
        prepared = G.table(state)
        assert len(G._cache) == 1  # table() found it: nothing was built again
        G._cache.clear()
        assert [str(m) for m in prepared.moves] == [str(m) for m in G.table(state).moves]
        assert (prepared.max_pips, prepared.winning) == (G.table(state).max_pips, G.table(state).winning)
        split += units > 1
    assert split or options["players"] > 2  # two colours' turns do take several units
    assert list(G.prepare(G.new({"players": 2}))) == []  # no dice yet: nothing to list
