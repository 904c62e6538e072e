"""Taps on every game's board, unzoomed on a small phone (360x640), posted as real finger events: a tap off a
legal target's middle but within a finger's reach of it acts on that target at once (the move is played,
the part added, the piece chosen); a tap between two close targets asks which (the lens), plays nothing,
and the answer acts on the one chosen. (The decision itself: tests/test_targets.py.)"""

from __future__ import annotations

import math

import pytest

from app_helpers import answer_lens, tap
from game.app.ui.targets import FINGER_REACH, decide
from tap_situations import situations

SMALL_PHONE = (360, 640)
GAMES = [("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None), ("savoya", {"players": 2}),
         ("savoya", {"players": 4}), ("know", None), ("know", {"players": 3}), ("know", {"players": 4}),
         ("truchet", None), ("truchet", {"hex": True})]


def snapshot(scene) -> tuple:
    """What a tap may change: the moves played and the move being built."""
    name = scene.game.name
    if name == "truchet":
        return (len(scene.history.moves), tuple(scene.sources), scene.pending, scene.via, scene.target, scene.flip,
                tuple(sorted(scene.parts.items())), tuple(sorted(scene.draft.items())))
    if name in ("savoy", "savoya"):
        return len(scene.history.moves), scene.selected, tuple(scene.parts), tuple(scene.route_choices)
    if name == "know":
        return len(scene.history.moves), scene.selected, tuple(scene.pending)
    return (len(scene.history.moves),)


def acted_on(scene, key, before: tuple) -> bool:
    """The scene did what `key` means: played the move, added the part, chose the piece, built on."""
    name = scene.game.name
    if name == "star":
        return scene.history.notation()[-1] == scene.state.board.names[key]
    if name in ("savoy", "savoya"):
        what, cell = key
        if what == "piece":
            return scene.selected == cell
        return bool(scene.parts and scene.parts[-1].dst == cell) or (
            bool(scene.route_choices) and all(p.dst == cell for p in scene.route_choices))
    if name == "know":
        from game.rules.know import board
        names = board().names
        if len(scene.history.moves) > before[0]:
            return scene.history.moves[-1].dst == names[key]
        return scene.selected == key or any(m.dst == names[key] for m in scene.pending)
    return snapshot(scene) != before  # Truchet: the move played, or the build taken a step on


def spy(scene, monkeypatch) -> list:
    taken: list = []
    real = scene.take_target

    def take(key):
        taken.append(key)
        real(key)

    monkeypatch.setattr(scene, "take_target", take)
    return taken


def off_middle(targets, target) -> tuple[float, float] | None:
    """A point off `target`'s middle (and out of its own drawn area where it can be), still clearly on it."""
    for reach in (FINGER_REACH - 2, FINGER_REACH * 0.7, FINGER_REACH * 0.5, 10):
        if reach < target.size * 0.6:
            continue
        for k in range(16):
            a = 2 * math.pi * k / 16
            point = (target.at[0] + reach * math.cos(a), target.at[1] + reach * math.sin(a))
            if decide(targets, point).chosen == target.key:
                return point
    return None


@pytest.mark.parametrize("name,options", GAMES, ids=lambda v: str(v))
def test_a_tap_within_a_fingers_reach_of_a_legal_target_acts_on_it_at_once(name, options, monkeypatch):
    for app, scene in situations(SMALL_PHONE, name, options):
        targets = scene.shown_targets()
        legal = [t for t in targets if t.rank == 0 and (len(targets) == 1 or t.rank == min(u.rank for u in targets))]
        found = next(((t, p) for t in legal if (p := off_middle(targets, t)) is not None), None)
        if found is None:
            continue
        target, point = found
        before = snapshot(scene)
        taken = spy(scene, monkeypatch)
        tap(app, point)
        assert taken == [target.key] and scene.lens is None
        assert acted_on(scene, target.key, before), (target, scene.message)
        assert math.dist(point, target.at) >= 10  # (off its middle)
        return
    pytest.fail("no legal target was found to tap")


@pytest.mark.parametrize("name,options", GAMES, ids=lambda v: str(v))
def test_a_tap_between_two_close_targets_asks_and_the_answer_acts(name, options, monkeypatch):
    for app, scene in situations(SMALL_PHONE, name, options):
        targets = scene.shown_targets()
        pairs = [(a, b) for k, a in enumerate(targets) for b in targets[k + 1:]
                 if a.rank == b.rank and math.dist(a.at, b.at) < 2 * FINGER_REACH]
        for a, b in pairs:
            middle = ((a.at[0] + b.at[0]) / 2, (a.at[1] + b.at[1]) / 2)
            asked = decide(targets, middle)
            if {a.key, b.key} <= {t.key for t in asked.between}:
                break
        else:
            continue
        before = snapshot(scene)
        taken = spy(scene, monkeypatch)
        tap(app, middle)
        assert scene.lens is not None and {a.key, b.key} <= set(scene.lens.keys), scene.message
        assert taken == [] and snapshot(scene) == before  # nothing played, nothing chosen: asked
        answer_lens(app, b.key)
        assert taken == [b.key] and scene.lens is None
        assert acted_on(scene, b.key, before), (b, scene.message)
        return
    pytest.fail("no two close targets were found")
