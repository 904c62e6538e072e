"""Which target a tap means (game/app/ui/targets.py): the nearest candidate within a finger's reach, a
question between two it is not clearly nearer, nothing out of reach; a click is precise. And the lens that
asks: each choice is a fingertip wide and a tap on it takes it."""

from __future__ import annotations

import math

import pygame
import pytest

import app_helpers  # noqa: F401  (headless SDL)
from game.app.ui.lens import Lens
from game.app.ui.targets import (FINGER, FINGER_REACH, FINGER_SLOP, Target, closest_pair, decide, effective_reach,
                                 guarded)

A, B = Target("a", (100.0, 100.0)), Target("b", (125.0, 100.0))  # 25 px apart, as Savoy's cells on a phone


def test_a_tap_takes_the_nearest_candidate_within_reach():
    assert decide([A, B], (100, 100)).chosen == "a"
    assert decide([A, B], (100, 100 + FINGER_REACH - 1)).chosen == "a"     # off to the side: still a finger away
    assert decide([A, B], (100, 100 + FINGER_REACH + 1)).kind == "nothing"  # out of reach
    assert decide([A, B], (128, 104)).chosen == "b"


def test_between_two_targets_it_asks_and_never_guesses():
    middle = decide([A, B], (112.5, 100))
    assert middle.kind == "ask" and {t.key for t in middle.between} == {"a", "b"}
    # clearly nearer one: at least FINGER_SLOP px from the line halfway between them
    assert decide([A, B], (112.5 - FINGER_SLOP, 90)).chosen == "a"
    assert decide([A, B], (112.5 - FINGER_SLOP + 1, 90)).kind == "ask"
    # two targets closer than twice the slop are asked about even for a tap right on one (know: 13 px apart)
    near = [Target(1, (0.0, 0.0)), Target(2, (13.0, 0.0))]
    assert decide(near, (0, 0)).kind == "ask" and decide(near, (13, 0)).kind == "ask"


def test_a_large_target_is_reached_anywhere_in_its_own_area():
    big = Target("big", (0.0, 0.0), size=60)
    assert decide([big], (55, 0)).chosen == "big"
    assert decide([big], (61, 0)).kind == "nothing"


def test_the_targets_of_the_chosen_piece_come_before_other_pieces():
    target = Target("to", (0.0, 0.0))
    piece = Target("piece", (25.0, 0.0), rank=1)
    assert decide([target, piece], (10, 0)).chosen == "to"    # nearer the target: the targets alone decide
    assert decide([target, piece], (25, 0)).chosen == "piece"  # right on another piece: never taken for the target
    assert decide([target, piece], (14, 0)).kind == "ask"      # nearer the piece, but not clearly
    assert decide([piece], (25, 3)).chosen == "piece"          # no target near: the pieces decide


def test_the_chosen_piece_is_reached_only_by_a_tap_on_it():
    target = Target("to", (0.0, 0.0))
    chosen = Target("chosen", (13.0, 0.0), size=6, rank=1, exact=True)
    assert decide([target, chosen], (5, 0)).chosen == "to"          # nearer the target
    assert decide([target, chosen], (10, 0)).kind == "ask"          # on the piece, but a target close beside
    assert decide([target, chosen], (16, 0)).chosen == "chosen"     # clearly on the piece
    assert decide([chosen], (25, 0)).kind == "nothing"              # beside it: not taken for it


def test_a_click_is_precise_and_never_asks():
    cells = [Target("a", (100.0, 100.0), 12.0), Target("b", (125.0, 100.0), 12.0)]
    assert decide(cells, (112, 100), touch=False).chosen == "a"
    assert decide(cells, (113, 100), touch=False).chosen == "b"
    assert decide(cells, (100, 120), touch=False).kind == "nothing"


def test_the_measures():
    lone = [Target("x", (0.0, 0.0))]
    assert effective_reach(lone, "x") == pytest.approx(FINGER_REACH, abs=0.1)
    pair = [A, B]
    assert effective_reach(pair, "a") == pytest.approx(25 / 2 - FINGER_SLOP, abs=0.1)
    assert guarded(pair, "a") and guarded(pair, "b")  # where a's area ends within a fingertip, it asks
    assert closest_pair(pair) == 25 and closest_pair(lone) == math.inf


def test_the_lens_magnifies_the_choices_to_a_fingertip_apart_and_takes_a_tap_on_one():
    near = [Target(1, (200.0, 400.0)), Target(2, (213.0, 400.0))]
    lens = Lens(near, (206, 400), pygame.Rect(0, 0, 390, 844))
    spots = lens.spots()
    assert math.dist(spots[0].at, spots[1].at) >= FINGER
    assert all(spot.size >= FINGER / 2 for spot in spots)
    assert lens.frame.bottom < 400 - 22  # above the finger, which would hide it
    assert all(lens.view.collidepoint(spot.at) for spot in spots)
    assert lens.choose(spots[1].at) == 2 and lens.choose(spots[0].at) == 1
    assert not lens.inside((206, 400))
    # no room above (a tap near the top): below the finger
    low = Lens(near, (206, 60), pygame.Rect(0, 0, 390, 844))
    assert low.frame.top > 60
