"""A three- and a four-player Solipsistic Path played by tap in the app (issue 25, design 19): the contest names
the two sides who roll, and a lost contest hands the turn to the contender."""

from __future__ import annotations

from app_helpers import PHONE, point, press, shot
from test_app_know import open_scene, space

import pytest

from game.rules.know import KNOW


@pytest.mark.parametrize("size, touch", [(PHONE, True), ((1280, 800), False)])
def test_three_player_path_contest_names_both_rollers_and_a_loss_passes_to_the_contender(size, touch):
    # the Heralds' piece on 2.2a contends 2.1a with the Bards' on 2.0; the Fools are not party to it
    start = KNOW.position({"h*": "2.2a"}, 0, options={"players": 3})
    app, scene = open_scene(size, start, dice=(1, 3))
    point(app, space(scene, "2.0"), touch)
    point(app, space(scene, "2.1a"), touch)
    assert scene.state.phase == "path-roll" and scene.state.contender == 2
    assert scene.button("roll").hint == "Bards and Heralds"
    assert [scene.card_moving(seat) for seat in range(3)] == [True, False, True]
    tag = "phone" if touch else "desktop"
    shot(app, f"know3_path_contest_{tag}")
    press(app, "roll", touch=touch)  # Bards 1+0 against Heralds 3+4
    assert "forfeit" in scene.state.note and scene.state.player == 2
    assert scene.game.seat_label(scene.state) == "Heralds"
    shot(app, f"know3_path_lost_{tag}")


def test_four_player_lost_path_goes_to_the_contending_seat():
    start = KNOW.position({"b": "14.2a"}, options={"players": 4}, seat=3)
    app, scene = open_scene(PHONE, start, dice=(1, 6))
    point(app, space(scene, "14.0"), True)
    point(app, space(scene, "14.1a"), True)
    press(app, "roll", touch=True)  # Red 1+0 against Blue 6+4
    assert scene.state.seat == 1 and "forfeit" in scene.state.note
    shot(app, "know4_path_lost_phone")
