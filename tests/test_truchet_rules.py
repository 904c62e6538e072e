"""Truchet set-up, turns, flips, captures, results and refusals (seed 004, ../shared/specs/truchet.md)."""

import random

import pytest

from game.rules.errors import IllegalMoveError
from game.rules.history import GameHistory
from game.rules.truchet import DRAW, O, RANDOM, TRUCHET, X, TruchetMove, regions

X_HALF = "l" * 24  # 7x7: each player's typed placement is 24 letters


def setup_history(options=None, moves=(X_HALF, X_HALF, "r")):
    history = GameHistory(TRUCHET, options)
    for move in moves:
        history.play(move)
    return history


def pos(tiles, x=None, o=None, to_move=X, **kw):
    return TRUCHET.position(tiles, x=x, o=o, to_move=to_move, **kw)


def play(state, *texts):
    for text in texts:
        state = TRUCHET.apply(state, TRUCHET.parse_move(text, state))
    return state


def refused(state, text, fragment, key=None):
    with pytest.raises(IllegalMoveError, match=fragment) as info:
        TRUCHET.apply(state, TRUCHET.parse_move(text, state))
    if key is not None:
        assert info.value.key == key
    return info.value


# --------------------------------------------------------------------------- set-up
def test_o_places_first_then_x_then_o_the_centre():
    history = GameHistory(TRUCHET)
    state = history.state
    assert TRUCHET.to_move(state) == O and not state.playing
    assert TRUCHET.legal_moves(state) == [RANDOM]  # 2**24 typed placements are not listed
    history.play("l" * 24)
    assert TRUCHET.to_move(history.state) == X
    history.play("r" * 24)
    assert TRUCHET.to_move(history.state) == O
    assert [str(m) for m in TRUCHET.legal_moves(history.state)] == ["random", "l", "r"]
    history.play("r")
    state = history.state
    assert state.playing and TRUCHET.to_move(state) == X  # "O placed the last tile, so X makes the first piece move"
    geo = state.board
    # O's letters fill the top rows and the right half of the middle row, X's the rest but the centre
    assert state.tile("ab78") == "l" and state.tile("gh45") == "l"
    assert state.tile("ab12") == "r" and state.tile("cd45") == "r"
    assert state.tile("de45") == "r"
    assert "." not in state.tiles
    # twelve pieces each on their nearest own-colour junctions
    assert state.pieces(X) == state.pieces(O) == 12
    assert all(state.stacks[j] == 1 for j in geo.homes[X])
    assert all(state.stacks[j] == -1 for j in geo.homes[O])


def test_typed_letters_are_placed_in_the_players_own_order():
    o_letters = "r" + "l" * 20 + "rlr"  # O: ab78 first ... then ef45 fg45 gh45
    x_letters = "l" + "r" * 20 + "lrl"  # X: ab12 first ... then ab45 bc45 cd45
    state = setup_history(moves=(o_letters, x_letters, "l")).state
    assert state.tile("ab78") == "r" and state.tile("bc78") == "l"
    assert (state.tile("ef45"), state.tile("fg45"), state.tile("gh45")) == ("r", "l", "r")
    assert state.tile("ab12") == "l" and state.tile("bc12") == "r"
    assert (state.tile("ab45"), state.tile("bc45"), state.tile("cd45")) == ("l", "r", "l")
    assert state.tile("de45") == "l"


def test_wrong_number_of_letters_is_refused():
    history = GameHistory(TRUCHET)
    with pytest.raises(IllegalMoveError, match=r"places 24 tiles, so it needs 24 letters l/r \(got 5\)"):
        history.play("rllrl")
    history = setup_history(moves=(X_HALF, X_HALF))
    with pytest.raises(IllegalMoveError, match="places 1 tile, so it needs 1 letter"):
        history.play("lr")


def test_stack_moves_wait_for_the_tiles():
    with pytest.raises(IllegalMoveError, match="O places 24 tiles now: write random or 24 letters") as info:
        GameHistory(TRUCHET).play("a1-b2")
    assert info.value.key == "setup"
    history = setup_history()
    with pytest.raises(IllegalMoveError, match="the tiles are all placed"):
        history.play("random")
    with pytest.raises(IllegalMoveError, match="the tiles are all placed"):
        history.play("l")


def test_random_placement_is_drawn_and_recorded():
    history = GameHistory(TRUCHET)
    history.play("random")
    state = history.state
    assert TRUCHET.is_chance(state) and TRUCHET.to_move(state) is None
    with pytest.raises(IllegalMoveError, match="drawn first"):
        history.play("l" * 24)
    rolled = history.roll_if_due(random.Random(5))
    assert len(rolled) == 1 and rolled[0].drawn and len(rolled[0].letters) == 24
    assert str(rolled[0]).startswith("roll:")
    assert history.state.tiles.count(".") == 25 and TRUCHET.to_move(history.state) == X
    # the same seed draws the same tiles
    again = GameHistory(TRUCHET)
    again.play("random")
    assert again.roll_if_due(random.Random(5)) == rolled


def test_a_draw_is_refused_unless_asked_for():
    with pytest.raises(IllegalMoveError, match="drawn only after a player asks for random"):
        GameHistory(TRUCHET).play("roll:" + "l" * 24)
    history = GameHistory(TRUCHET)
    history.play("random")
    with pytest.raises(IllegalMoveError, match="needs 24 letters"):
        history.play("roll:lr")


def test_the_centre_draw_lists_its_two_outcomes():
    history = setup_history(moves=(X_HALF, X_HALF, "random"))
    assert [str(m) for m in TRUCHET.legal_moves(history.state)] == ["roll:l", "roll:r"]
    history.play("roll:r")
    assert history.state.playing and history.state.tile("de45") == "r"


def test_small_board_lists_every_typed_placement():
    state = TRUCHET.new({"size": 3})
    moves = TRUCHET.legal_moves(state)
    assert moves[0] == RANDOM and len(moves) == 1 + 16
    assert {m.letters for m in moves[1:]} == {f"{a}{b}{c}{d}" for a in "lr" for b in "lr" for c in "lr" for d in "lr"}


def test_single_setup_places_every_tile_in_one_move():
    history = GameHistory(TRUCHET, {"size": 5, "setup": "single"})
    assert TRUCHET.to_move(history.state) == O
    with pytest.raises(IllegalMoveError, match="needs 25 letters"):
        history.play("l" * 12)
    history.play("r" * 12 + "l" * 13)  # row 1 first, column a first
    state = history.state
    assert state.playing and TRUCHET.to_move(state) == X
    assert state.tile("ab12") == "r" and state.tile("de56") == "l"
    assert state.pieces(X) == state.pieces(O) == 6


def test_no_flip_during_setup():
    state = GameHistory(TRUCHET).state
    assert TRUCHET.flippable(state) == []


# --------------------------------------------------------------------------- the seed's capture pictures
def test_seed_merge_capture():
    # an X single above and an X 2-stack left of c4 merge onto it, capturing the O single there;
    # c4 is O's colour, and 3 > 1
    state = pos("r" * 49, x={"c5": 1, "b4": 2}, o={"c4": 1, "g7": 1})
    move = TRUCHET.parse_move("b4,c5-c4", state)
    assert move in TRUCHET.legal_moves(state)
    assert TRUCHET.captures(state, move) == ["c4"]
    after = TRUCHET.apply(state, move)
    assert after.stack("c4") == 3 and after.stack("b4") == 0 and after.stack("c5") == 0
    assert after.pieces(O) == 1 and after.pieces(X) == 3
    assert after.quiet == 0 and TRUCHET.to_move(after) == O


def test_seed_split_capture_of_equal_height_on_an_enemy_junction():
    # an X 4-stack splits one down, two right and one up; the two capture an O 2-stack on d4, X's colour
    state = pos("r" * 49, x={"c4": 4}, o={"d4": 2, "g7": 1})
    assert state.board.colour[state.board.index["d4"]] == X
    after = play(state, "c4-c3,2xd4,c5")
    assert (after.stack("c3"), after.stack("d4"), after.stack("c5"), after.stack("c4")) == (1, 2, 1, 0)
    assert after.pieces(O) == 1 and after.quiet == 0


def test_a_stack_on_its_own_colour_needs_a_taller_capturer():
    # O 2-stack on e4, O's colour: X's two pieces cannot take it, three can
    state = pos("r" * 49, x={"d4": 4}, o={"e4": 2, "g7": 1})
    error = refused(state, "d4-d3,2xe4,d5", "cannot capture the O 2-stack on e4", "capture_height")
    assert "only a taller stack" in str(error)
    after = play(state, "d4-d3,3xe4")
    assert after.stack("e4") == 3 and after.pieces(O) == 1


def test_merge_needs_a_taller_stack_on_the_enemys_own_colour():
    state = pos("r" * 49, x={"b4": 1, "c5": 1}, o={"c4": 2, "g7": 1})
    refused(state, "b4,c5-c4", r"the merged stack \(2 high\) cannot capture the O 2-stack on c4", "capture_height")
    # on X's colour the same two pieces do take a 2-stack
    state = pos("r" * 49, x={"c4": 1, "d5": 1}, o={"d4": 2, "g7": 1})
    assert play(state, "c4,d5-d4").stack("d4") == 2


def test_o_captures_by_the_same_rules():
    # an O 2-stack splits onto an X single standing on a2, O's colour: equal height suffices
    state = pos("r" * 49, x={"a2": 1, "h1": 1}, o={"a3": 2}, to_move=O)
    assert state.board.colour[state.board.index["a2"]] == O
    after = play(state, "a3-a2,b3")
    assert after.stack("a2") == -1 and after.stack("b3") == -1 and after.pieces(X) == 1


# --------------------------------------------------------------------------- steps
ALL_R3 = "r" * 9  # size 3, every band lower-left to upper-right: regions are the diagonals


def test_step_within_the_region():
    state = pos(ALL_R3, x={"a1": 1}, o={"d1": 1})
    steps = [str(m) for m in TRUCHET.legal_moves(state) if m.flip is None]
    assert steps == ["a1-b2", "a1-c3", "a1-d4"]
    after = play(state, "a1-d4")
    assert after.stack("d4") == 1 and after.stack("a1") == 0 and after.quiet == 1


def test_step_cannot_jump_over_a_stack():
    state = pos(ALL_R3, x={"a1": 1}, o={"c3": 1, "d1": 1})
    refused(state, "a1-d4", "the way from a1 to d4 is blocked by other stacks", "blocked")
    refused(state, "a1-c3", "c3 is occupied: a step goes to an empty junction", "occupied")
    refused(state, "a1-c1", "c1 is not in the region of a1", "other_region")


def test_step_refusals_name_the_stack():
    state = pos(ALL_R3, x={"a1": 1}, o={"d1": 1})
    refused(state, "b2-c3", "there is no stack on b2", "no_stack")
    refused(state, "d1-c2", "the stack on d1 is O's", "not_yours")


def test_the_whole_stack_steps():
    state = pos(ALL_R3, x={"a1": 3}, o={"d1": 1})
    assert play(state, "a1-c3").stack("c3") == 3


# --------------------------------------------------------------------------- flips
def test_flip_then_step_through_the_new_region():
    state = pos(ALL_R3, x={"a1": 1}, o={"d1": 1})
    # flipping bc12 turns its band b1-c2 into b2-c1, joining c1 and d2 to a1's region
    after = play(state, "bc12:a1-d2")
    assert after.tile("bc12") == "l" and after.stack("d2") == 1
    assert TRUCHET.regions(state, "bc12") == regions(3, after.tiles)


def test_pinned_tiles_cannot_flip():
    state = pos(ALL_R3, x={"a1": 1, "c3": 1}, o={"d1": 1})
    refused(state, "ab12:a1-b2", "tile ab12 cannot be flipped: it is pinned by the stack on a1", "pinned")
    refused(state, "cd12:a1-b2", "pinned by the stack on d1", "pinned")
    refused(state, "bc23:a1-b2", "pinned by the stack on c3", "pinned")
    assert set(TRUCHET.flippable(state)) == {"bc12", "ab23", "ab34"}
    state = pos(ALL_R3, x={"b2": 1, "c3": 1}, o={"d1": 1})
    refused(state, "bc23:b2-a1", "pinned by the stacks on b2, c3", "pinned")


def test_a_flipped_tile_may_be_flipped_back():
    state = pos(ALL_R3, x={"a1": 1}, o={"b1": 1, "d1": 1})
    after = play(state, "ab34:a1-c3")
    assert after.tile("ab34") == "l"
    back = play(after, "ab34:b1-c2")
    assert back.tile("ab34") == "r"


def test_flip_keeps_every_junction_one_colour():
    # model the physical tile: a face (which colour its band has) and an orientation; the engine's letter
    # is the orientation, and turning a tile over must leave every corner the colour of its junction
    state = pos(ALL_R3, x={"a1": 1}, o={"b1": 1, "d1": 1})
    geo = state.board
    after = play(state, "ab34:a1-c3")
    t = geo.tile_index["ab34"]
    bl, br, tl, tr = geo.corners[t]
    band = (tl, br) if after.tiles[t] == "l" else (bl, tr)
    assert geo.colour[band[0]] == geo.colour[band[1]]
    # the band now has the colour the cut-off corners had before: the tile was turned over
    old_band = (bl, tr)
    assert geo.colour[band[0]] != geo.colour[old_band[0]]


# --------------------------------------------------------------------------- merges
def test_merge_of_adjacent_stacks():
    state = pos("r" * 49, x={"c3": 1, "c5": 1, "b4": 1}, o={"g7": 1})
    after = play(state, "c3,c5-c4")
    assert after.stack("c4") == 2 and after.stack("c3") == 0 and after.stack("b4") == 1
    after = play(state, "c3,b4,c5-c4")
    assert after.stack("c4") == 3


def test_merge_refusals():
    state = pos("r" * 49, x={"c3": 3, "c5": 2, "b4": 1, "c4": 1, "e5": 1}, o={"g7": 1})
    refused(state, "c3,c5-c4", "cannot land on c4: it holds your own stack", "friendly")
    refused(state, "c3,b4-d4", "c3 is not orthogonally next to d4", "not_adjacent")
    refused(state, "c5,e5-d4", "c5 is not orthogonally next to d4", "not_adjacent")
    state = pos("r" * 49, x={"c3": 3, "c5": 2}, o={"g7": 1})
    refused(state, "c3,c5-c4", "the merged stack would be 5 high: stacks may not exceed 4", "too_tall")
    refused(state, "c3,g7-c4", "the stack on g7 is O's", "not_yours")


def test_merge_after_a_move_within_the_region():
    # all 'r' on 7x7: a1's region is the long diagonal a1-b2-...-h8; target b3 (O's colour) has the
    # neighbours b2, a3, c3 and b4, so a1 may move to b2 and merge there with c3
    state = pos("r" * 49, x={"a1": 1, "c3": 1}, o={"g7": 1})
    after = play(state, "a1>b2,c3-b3")
    assert after.stack("b3") == 2 and after.stack("a1") == 0 and after.stack("c3") == 0
    # the move within the region follows the region and the emptiness rules
    blocked = pos("r" * 49, x={"a1": 1, "c3": 1, "b2": 1}, o={"g7": 1})
    refused(blocked, "a1>b2,c3-b3", "a1 cannot move to b2: it is occupied", "occupied")
    refused(state, "a1>a2,c3-b3", "a2 is not in the region of a1", "other_region")


def test_a_merge_written_without_its_needed_premove_explains():
    state = pos("r" * 49, x={"a1": 1, "e5": 1}, o={"g7": 1})
    # a1 can reach d4, next to e4, along the diagonal: the move is completed
    assert str(TRUCHET.parse_move("a1,e5-e4", state)) == "a1>d4,e5-e4"
    # f6, next to e6, is on the same diagonal but behind e5: nothing fits
    refused(state, "a1,e5-e6", "a1 is not orthogonally next to e6.*may first move within its region", "not_adjacent")


# --------------------------------------------------------------------------- splits
def test_split_into_adjacent_junctions():
    state = pos("r" * 49, x={"b4": 3}, o={"g7": 1})
    after = play(state, "b4-b3,2xa4")  # the seed's example
    assert after.stack("b3") == 1 and after.stack("a4") == 2 and after.stack("b4") == 0
    after = play(state, "b4-b3,a4,c4")
    assert [after.stack(n) for n in ("b3", "a4", "c4")] == [1, 1, 1]


def test_split_refusals():
    state = pos("r" * 49, x={"b4": 3, "a4": 1, "c2": 1}, o={"g7": 1})
    refused(state, "b4-b3,a5", "must split entirely: the parts written add up to 2 .write 2x", "split_total")
    refused(state, "b4-b3,3xc4", "must split entirely: the parts written add up to 4", "split_total")
    refused(state, "b4-b3,2xa4", "cannot land on a4: it holds your own stack", "friendly")
    refused(state, "b4-b3,2xb2", "b2 is not orthogonally next to b4", "not_adjacent")
    refused(state, "c2-c1,c3", "the stack on c2 is a single piece", "too_small")


def test_split_after_a_move_within_the_region():
    # all 'r': b4's region is a3-b4-c5-d6-e7-f8; move to d6 first, then split around it
    state = pos("r" * 49, x={"b4": 2}, o={"g7": 1})
    after = play(state, "b4>d6-d5,c6")
    assert after.stack("d5") == 1 and after.stack("c6") == 1 and after.stack("b4") == 0 and after.stack("d6") == 0
    refused(state, "b4>d6-d5,b3", "b3 is not orthogonally next to d6", "not_adjacent")


def test_stacks_never_exceed_four():
    state = pos("r" * 49, x={"c3": 2, "c5": 2, "b4": 1}, o={"g7": 1})
    assert all(not (m.kind == "merge" and m.destinations == ("c4",) and len(m.origins) == 3)
               for m in TRUCHET.legal_moves(state))
    refused(state, "b4,c3,c5-c4", "would be 5 high", "too_tall")


# --------------------------------------------------------------------------- results
def test_win_when_the_opponent_has_no_pieces():
    state = pos("r" * 49, x={"c5": 1, "b4": 2}, o={"c4": 1})
    after = play(state, "b4,c5-c4")
    result = TRUCHET.outcome(after)
    assert result.winner == X and result.reason == "O has no pieces left"
    assert TRUCHET.legal_moves(after) == [] and TRUCHET.to_move(after) is None
    refused(after, "c4-b5,2xc3", "the game is over", "game_over")


def test_win_when_the_opponent_cannot_move():
    # size 3, all 'r': d1 is a corner no band touches, and its only tile is pinned by the piece itself
    state = pos(ALL_R3, x={"a1": 1}, o={"d1": 1}, to_move=O)
    result = TRUCHET.outcome(state)
    assert result.winner == X and result.reason == "O cannot move a stack"
    # the same position with X to move goes on
    assert TRUCHET.outcome(pos(ALL_R3, x={"a1": 1}, o={"d1": 1})) is None


def test_trapped_by_enemy_stacks():
    # O's only piece on b2 (region a1-b2-c3-d4) with X on a1 and c3 blocking both ways
    state = pos(ALL_R3, x={"a1": 1, "c3": 1}, o={"b2": 1}, to_move=O)
    assert TRUCHET.outcome(state).reason == "O cannot move a stack"


def test_proven_draw_one_piece_each_on_different_colours():
    state = pos(ALL_R3, x={"a1": 1}, o={"b1": 1})
    result = TRUCHET.outcome(state)
    assert result.is_draw and "neither side can win" in result.reason
    # on the same colour one could trap the other: no proven draw
    assert TRUCHET.outcome(pos(ALL_R3, x={"a1": 1}, o={"c1": 1})) is None
    # a 2-stack can still split: no proven draw
    assert TRUCHET.outcome(pos(ALL_R3, x={"a1": 2}, o={"b1": 1})) is None


def test_draw_claim_after_quiet_turns():
    state = pos("r" * 49, x={"a1": 1, "c1": 1}, o={"h8": 1, "f8": 1}, quiet=49)
    assert DRAW not in TRUCHET.legal_moves(state)
    refused(state, "draw", r"after 50 turns in a row without a capture \(so far 49\)", "no_draw")
    state = play(state, "a1-b2")
    assert state.quiet == 50 and DRAW in TRUCHET.legal_moves(state)
    assert TRUCHET.details(state)["draw_claimable"]
    drawn = play(state, "draw")
    result = TRUCHET.outcome(drawn)
    assert result.is_draw and "claimed after 50 turns" in result.reason


def test_draw_rule_options():
    auto = pos("r" * 49, x={"a1": 1, "c1": 1}, o={"h8": 1, "f8": 1}, quiet=20, options={"draw": "auto", "quiet": 20})
    assert TRUCHET.outcome(auto).is_draw and "house rule" in TRUCHET.outcome(auto).reason
    refused(pos("r" * 49, x={"a1": 1, "c1": 1}, o={"h8": 1, "f8": 1}, quiet=20, options={"draw": "auto", "quiet": 30}),
            "draw", "draws are automatic", "no_draw")
    off = pos("r" * 49, x={"a1": 1, "c1": 1}, o={"h8": 1, "f8": 1}, quiet=999, options={"draw": "off"})
    assert TRUCHET.outcome(off) is None and DRAW not in TRUCHET.legal_moves(off)
    refused(off, "draw", "only proven draws", "no_draw")


def test_quiet_counter_resets_on_capture():
    state = pos("r" * 49, x={"c5": 1, "b4": 2, "h2": 1}, o={"c4": 1, "g7": 1}, quiet=7)
    assert play(state, "h2-g1").quiet == 8
    assert play(state, "b4,c5-c4").quiet == 0


# --------------------------------------------------------------------------- presentation
def test_render_text():
    state = pos(ALL_R3, x={"a1": 2}, o={"d4": 1})
    assert TRUCHET.render_text(state).splitlines() == [
        " 4  -   +   -   o",
        "      /   /   /",
        " 3  +   -   +   -",
        "      /   /   /",
        " 2  -   +   -   +",
        "      /   /   /",
        " 1  x2  -   +   -",
        "    a   b   c   d",
    ]


def test_details():
    state = pos(ALL_R3, x={"a1": 2}, o={"b1": 1, "d4": 1})
    info = TRUCHET.details(state)
    assert info["phase"] == "play"
    assert info["stacks"] == {"a1": "X2", "b1": "O1", "d4": "O1"}
    assert info["pieces"] == {"X": 2, "O": 2}
    assert info["captured"] == {"X": 0, "O": 0}
    assert {"owner": "X", "junctions": ["a1", "b2", "c3", "d4"]} in info["regions"]
    assert info["flippable"] == ["cd12", "ab23", "bc23", "cd23", "ab34", "bc34"]
    setup = TRUCHET.details(TRUCHET.new())
    assert setup["phase"] == "setup" and setup["placement"]["by"] == "O"
    assert len(setup["placement"]["tiles"]) == 24


def test_scores_and_leader_count_pieces():
    state = pos(ALL_R3, x={"a1": 2}, o={"b1": 1, "d4": 2})
    assert TRUCHET.scores(state) == (2, 3) and TRUCHET.leader(state) == O


def test_position_refuses_bad_input():
    from game.rules.errors import NotationError

    with pytest.raises(NotationError, match="n\\*n letters"):
        TRUCHET.position("rr")
    with pytest.raises(NotationError, match="no junction z9"):
        TRUCHET.position(ALL_R3, x={"z9": 1})
    with pytest.raises(IllegalMoveError, match="1 to 4 pieces"):
        TRUCHET.position(ALL_R3, x={"a1": 5})
    with pytest.raises(IllegalMoveError, match="two stacks on a1"):
        TRUCHET.position(ALL_R3, x={"a1": 1}, o={"A1": 1})


def test_apply_never_mutates_its_input():
    state = pos("r" * 49, x={"c5": 1, "b4": 2}, o={"c4": 1, "g7": 1})
    copy = (state.tiles, state.stacks, state.quiet, state.ply, hash(state))
    for move in TRUCHET.legal_moves(state)[::7]:
        TRUCHET.apply(state, move)
    assert (state.tiles, state.stacks, state.quiet, state.ply, hash(state)) == copy


@pytest.mark.parametrize("move, fragment", [
    (TruchetMove("merge", (("c5", None),), (("c4", 0),)), "a merge brings two or more stacks"),
    (TruchetMove("split", (("c4", None),), (("c3", 4),)), "a split shares one stack"),
    (TruchetMove("split", (("c4", None),), (("c3", 4), ("c5", 0))), "at least one piece each"),
    (TruchetMove("step", (("c5", "c6"),), (("d6", 0),)), "a step moves one stack straight"),
    (TruchetMove("merge", (("c5", "d5"), ("b4", "b5")), (("c4", 0),)), "at most one moving first"),
    (TruchetMove("merge", (("c5", None), ("c5", None)), (("c4", 0),)), "named twice"),
    (TruchetMove("step", (("c5", None),), (("z9", 0),)), "no junction z9"),
    (TruchetMove("step", (("c5", None),), (("d6", 0),), flip="zz12"), "no tile zz12"),
    ("not a move", "is not a Truchet move"),
])
def test_hand_built_moves_are_refused_not_crashed(move, fragment):
    state = pos("r" * 49, x={"c5": 1, "b4": 2}, o={"c4": 1, "g7": 1})
    with pytest.raises(IllegalMoveError, match=fragment):
        TRUCHET.apply(state, move)


def test_hand_built_placement_letters_are_checked():
    with pytest.raises(IllegalMoveError, match="letters l and r"):
        TRUCHET.apply(TRUCHET.new({"size": 3}), TruchetMove("tiles", letters="lrxl"))
