"""Plain-text game records: write, read back, refuse corrupt ones with the line and reason."""

import pytest

from game.rules.errors import RecordError
from game.rules.history import GameHistory
from game.rules.record import read_record, write_record
from game.rules.star import STAR

GAME = """\
# a finished Maxi-Star game
[Game "star"]
[Options "-size=3 -maxi"]
[Result "O"]

1. C1
2. swap
3. D1
4. A4
5. D2
6. pass
7. D3
8. pass
9. pass
"""


def test_recorded_game_replays():
    history = read_record(GAME)
    assert history.notation() == ["C1", "swap", "D1", "A4", "D2", "pass", "D3", "pass", "pass"]
    assert history.options == {"size": 3, "maxi": True}
    result = STAR.outcome(history.state)
    assert result.winner == 1  # O built D1-D2-D3 (4) against X's corners C1 and A4 (1 each)
    assert STAR.scores(history.state) == (1, 4)


def test_write_then_read_gives_the_same_game():
    history = GameHistory(STAR, {"size": 5})
    for move in "C3 D4 E5 pass B6".split():
        history.play(move)
    again = read_record(write_record(history))
    assert again.notation() == history.notation()
    assert again.states == history.states


def test_unnumbered_moves_are_accepted():
    history = read_record('[Game "star"]\n[Options "-size=3"]\nC1\nD1\n')
    assert history.notation() == ["C1", "D1"]


@pytest.mark.parametrize("text, fragment", [
    ("1. C1\n", "no [Game"),
    ('[Game "chess"]\n', 'line 1: unknown game'),
    ('[Game "star"]\n[Options "-size=99"]\n', "line 2: option -size=99 is out of range"),
    ('[Game "star"]\n[Options "-size=3"]\n1. C1\n2. C1\n', "line 4: move 2 'C1': C1 is already taken by X"),
    ('[Game "star"]\n[Options "-size=3"]\n1. C1\n3. D1\n', "line 4: move number 3 out of order: expected 2"),
    ('[Game "star"]\n1. F1\n2. !!\n', "line 3: move 2 '!!'"),
    ('[Game "star"]\n1. C1\n[Result "X"]\n', "line 3: headers must come before the moves"),
    ('[Game star]\n', "line 1: malformed header"),
    ('[Game "star"]\n[Game "star"]\n', "line 2: the Game header is given twice"),
    ('[Game "star"]\n[Result "X"]\n1. pass\n2. pass\n', "line 2: the record says the result is 'X' but the moves give 'draw'"),
    ('[Game "star"]\n1.\n', "line 2: move 1 is missing"),
])
def test_corrupt_records_are_refused_with_line_and_reason(text, fragment):
    with pytest.raises(RecordError) as error:
        read_record(text)
    assert fragment in str(error.value)
