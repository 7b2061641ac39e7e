"""The practice game's headless rules (practice/rules.py), boards written as text diagrams.

The test layout puts cell (r, c) at pixel (5 + 10 c, 5 + 10 r): a 10 px pitch.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from onestroke.coords import Geometry
from onestroke.practice.levels import Level
from onestroke.practice.rules import FrameClock, LevelPlay, PracticeGame, Rules
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path

PITCH = 10.0

SMALL = """
S . .
. # .
. . .
"""


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    width: float
    height: float


class TestLayout:
    """Grids at (0, 0) with a 10 px pitch; a hint button below, go-on and share on the complete screen."""

    def geometry(self, board: Board) -> Geometry:
        return Geometry((PITCH / 2, PITCH / 2), (PITCH, PITCH), board.rows, board.cols)

    def controls(self, screen: str) -> Mapping[str, Any]:
        return {
            "level": {"hint": Box(0, 200, 20, 20)},
            "complete": {
                "go_on": Box(40, 40, 20, 20),
                "share": Box(80, 40, 20, 20),
                "hint": Box(0, 200, 20, 20),
            },
            "ranking": {},
            "done": {},
        }[screen]


def at(cell: Cell) -> tuple[float, float]:
    return (PITCH / 2 + PITCH * cell[1], PITCH / 2 + PITCH * cell[0])


def level(text: str, number: int = 1) -> Level:
    return Level(number, Board.from_text(text), "beige")


def play(text: str, rules: Rules) -> LevelPlay:
    board_level = level(text)
    return LevelPlay(board_level, TestLayout().geometry(board_level.board), rules)


ROUTE: list[Cell] = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]


def game(text: str = SMALL, levels: int | None = None, **rules: Any) -> PracticeGame:
    return PracticeGame(TestLayout(), rules=Rules(**rules), levels=levels, level_for=lambda n: level(text, n))


def drag(
    g: PracticeGame, cells: Sequence[Cell], t: float = 0.0, frame: float = 1 / 30, release: bool = True
) -> float:
    """Press on the first cell, one cell per frame, release; returns the time after the last frame."""
    g.press(t, *at(cells[0]))
    g.frame(t + frame / 2)
    for cell in cells[1:]:
        t += frame
        g.move(t, *at(cell))
        g.frame(t + frame / 2)
    t += frame
    if release:
        g.release(t, *at(cells[-1]))
        g.frame(t + frame / 2)
    return t + frame


# -- one level ---------------------------------------------------------------------------


def test_one_cell_per_sample_clears_the_level() -> None:
    p = play(SMALL, Rules())
    assert p.press(0.0, at((0, 0))) is None and p.dragging
    ended = [p.sample(0.1 * i, at(cell)) for i, cell in enumerate(ROUTE[1:], start=1)]
    assert ended[:-1] == [None] * 6
    attempt = ended[-1]
    assert attempt is not None and attempt.cleared and attempt.reason is None
    assert list(attempt.path) == ROUTE and is_valid_path(p.board, attempt.path)
    assert attempt.seconds == pytest.approx(0.7)


def test_a_jump_over_a_cell_is_illegal_and_nothing_is_filled_in() -> None:
    p = play(SMALL, Rules())
    p.press(0.0, at((0, 0)))
    attempt = p.sample(0.1, at((0, 2)))
    assert attempt is not None and not attempt.cleared
    assert attempt.reason == "illegal move: jumped from [0, 0] to [0, 2]"
    assert list(attempt.path) == [(0, 0)]
    assert p.route == [] and not p.dragging, "clear mode wipes the path"
    assert p.sample(0.2, at((0, 1))) is None and p.route == [], "the drag is no longer followed"


def test_the_forgiving_rules_fill_in_the_skipped_cells() -> None:
    p = play(SMALL, Rules(strict=False))
    p.press(0.0, at((0, 0)))
    assert p.sample(0.1, at((0, 2))) is None
    assert p.route == [(0, 0), (0, 1), (0, 2)]


def test_a_diagonal_step_is_a_jump() -> None:
    p = play(SMALL, Rules())
    p.press(0.0, at((0, 0)))
    p.sample(0.1, at((0, 1)))
    attempt = p.sample(0.2, at((1, 2)))
    assert attempt is not None and attempt.reason == "illegal move: jumped from [0, 1] to [1, 2]"


def test_stepping_back_undoes_and_a_walked_cell_is_illegal() -> None:
    p = play(SMALL, Rules())
    p.press(0.0, at((0, 0)))
    for i, cell in enumerate([(0, 1), (0, 2), (1, 2)], start=1):
        p.sample(0.1 * i, at(cell))
    p.sample(0.5, at((0, 2)))  # back onto the previous cell
    assert p.route == [(0, 0), (0, 1), (0, 2)]
    p.sample(0.6, at((0, 1)))
    assert p.route == [(0, 0), (0, 1)]
    p.sample(0.7, at((1, 1)))  # a hole: ignored
    p.sample(0.8, at((-1, 5)))  # outside the grid: ignored
    assert p.route == [(0, 0), (0, 1)] and p.dragging
    q = play(". S .\n. . .\n", Rules())
    q.press(0.0, at((0, 1)))
    for i, cell in enumerate([(1, 1), (1, 0), (0, 0)], start=1):
        q.sample(0.1 * i, at(cell))
    attempt = q.sample(0.5, at((0, 1)))
    assert attempt is not None and attempt.reason == "illegal move: from [0, 0] onto the walked cell [0, 1]"


def test_a_jump_over_a_hole_is_illegal() -> None:
    p = play(SMALL, Rules())
    p.press(0.0, at((0, 0)))
    p.sample(0.1, at((0, 1)))
    p.sample(0.2, at((1, 1)))  # over the hole: nothing
    attempt = p.sample(0.3, at((2, 1)))
    assert attempt is not None and attempt.reason == "illegal move: jumped from [0, 1] to [2, 1]"


def test_a_press_beside_the_cat_is_recorded_and_starts_nothing() -> None:
    p = play(SMALL, Rules())
    attempt = p.press(1.0, at((2, 2)))
    assert attempt is not None and attempt.reason == "press on [2, 2], not on the cat [0, 0]"
    assert not p.dragging
    outside = p.press(1.0, (500.0, 5.0))
    assert outside is not None and outside.reason == "press outside the grid, not on the cat [0, 0]"


def test_clear_mode_wipes_the_path_on_release() -> None:
    p = play(SMALL, Rules(on_release="clear"))
    p.press(0.0, at((0, 0)))
    p.sample(0.1, at((0, 1)))
    attempt = p.release(0.2)
    assert attempt is not None and attempt.reason == "released after 2 of 8 cells"
    assert list(attempt.path) == [(0, 0), (0, 1)] and p.route == []
    assert p.press(0.3, at((0, 1))) is not None, "the cat went back to the start"


def test_keep_mode_goes_on_from_the_head_and_drags_back_to_undo() -> None:
    p = play(SMALL, Rules(on_release="keep"))
    p.press(0.0, at((0, 0)))
    for i, cell in enumerate(ROUTE[1:4], start=1):
        p.sample(0.1 * i, at(cell))
    released = p.release(0.5)
    assert released is not None and released.reason == "released after 4 of 8 cells"
    assert p.route == ROUTE[:4], "the path stays"
    refused = p.press(1.0, at((0, 0)))
    assert refused is not None and refused.reason == "press on [0, 0], not on the cat [1, 2]"
    assert p.press(2.0, at((1, 2))) is None and p.dragging
    p.sample(2.1, at((0, 2)))  # drag back: undo
    assert p.route == ROUTE[:3]
    attempt = None
    for i, cell in enumerate(ROUTE[3:], start=1):
        attempt = p.sample(2.1 + 0.1 * i, at(cell))
    assert attempt is not None and attempt.cleared and list(attempt.path) == ROUTE
    assert attempt.kept == 3 and attempt.record()["kept"] == 3
    assert attempt.seconds == pytest.approx(0.6)


def test_keep_mode_keeps_the_path_after_an_illegal_move() -> None:
    p = play(SMALL, Rules(on_release="keep"))
    p.press(0.0, at((0, 0)))
    p.sample(0.1, at((0, 1)))
    attempt = p.sample(0.2, at((2, 1)))
    assert attempt is not None and attempt.reason and attempt.reason.startswith("illegal move")
    assert p.route == [(0, 0), (0, 1)] and not p.dragging


def test_a_required_end_must_be_the_last_cell() -> None:
    p = play("S . E\n", Rules())
    p.press(0.0, at((0, 0)))
    p.sample(0.1, at((0, 1)))
    attempt = p.sample(0.2, at((0, 2)))
    assert attempt is not None and attempt.cleared
    q = play("S E .\n. . .\n", Rules())
    q.press(0.0, at((0, 0)))
    ended = None
    for i, cell in enumerate([(1, 0), (1, 1), (1, 2), (0, 2), (0, 1)], start=1):
        ended = q.sample(0.1 * i, at(cell))
    assert ended is not None and ended.cleared
    r = play("S E .\n. . .\n", Rules())
    r.press(0.0, at((0, 0)))
    for i, cell in enumerate([(0, 1), (0, 2), (1, 2), (1, 1)], start=1):
        ended = r.sample(0.1 * i, at(cell))
    ended = r.sample(0.6, at((1, 0)))
    assert ended is not None and not ended.cleared
    assert ended.reason == "every cell walked, but the path ends at [1, 0], not at the goal"


# -- frames -----------------------------------------------------------------------------


def test_moves_between_two_frames_merge_into_the_latest() -> None:
    g = game()
    g.press(0.0, *at((0, 0)))
    g.frame(0.01)
    g.move(0.02, *at((0, 1)))
    g.move(0.03, *at((0, 2)))  # both before the next frame: the game sees only (0, 2)
    g.frame(0.04)
    (record,) = g.take_records()
    assert record["reason"] == "illegal move: jumped from [0, 0] to [0, 2]"
    assert record["rules"] == "strict"


def test_one_move_per_frame_is_followed() -> None:
    g = game()
    drag(g, ROUTE)
    (record,) = g.take_records()
    assert record["cleared"] is True and record["path"] == [list(c) for c in ROUTE]


def test_the_forgiving_game_takes_every_move_at_once() -> None:
    g = game(strict=False)
    g.press(0.0, *at((0, 0)))
    g.move(0.02, *at((0, 1)))
    g.move(0.03, *at((0, 2)))
    assert g.play.route == [(0, 0), (0, 1), (0, 2)], "no frame needed"


def test_input_after_the_frame_time_waits_for_a_later_frame() -> None:
    g = game()
    g.press(0.0, *at((0, 0)))
    g.move(0.5, *at((0, 1)))
    g.frame(0.1)
    assert g.play.route == [(0, 0)]
    g.frame(0.6)
    assert g.play.route == [(0, 0), (0, 1)]


def test_a_release_flushes_the_move_before_it() -> None:
    g = game()
    drag(g, ROUTE[:-1], release=False)
    g.move(10.0, *at(ROUTE[-1]))
    g.release(10.001, *at(ROUTE[-1]))
    g.frame(10.01)
    (record,) = g.take_records()
    assert record["cleared"] is True


@pytest.mark.parametrize("stalls", [False, True])
def test_frame_clock(stalls: bool) -> None:
    clock = FrameClock(Rules(fps=30, stalls=stalls), seed=3)
    t, gaps = 0.0, []
    for _ in range(3000):  # 100 s of frames
        following = clock.following(t)
        gaps.append(following - t)
        t = following
    period = 1 / 30
    late = [gap for gap in gaps if gap > period + 1e-9]
    if not stalls:
        assert late == []
        return
    assert 30 <= len(late) <= 110, "about one stall every 1.5 s"
    assert max(late) <= period + 0.4 and max(late) > period + 0.3


def test_frame_clocks_with_the_same_seed_repeat() -> None:
    def gaps(seed: int) -> list[float]:
        clock = FrameClock(Rules(stalls=True), seed=seed)
        return [clock.following(0.0) for _ in range(500)]

    assert gaps(5) == gaps(5)
    assert gaps(5) != gaps(6)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fps": 0}, "fps must be 1 to 240"),
        ({"fps": math.nan}, "fps must be 1 to 240"),
        ({"fps": 1000}, "fps must be 1 to 240"),
        ({"on_release": "drop"}, "on_release must be keep or clear"),
    ],
)
def test_rules_refuse_nonsense(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**options)


# -- screens ------------------------------------------------------------------------------


def test_cleared_level_shows_complete_then_ranking_then_the_next_level() -> None:
    g = game()
    t = drag(g, ROUTE)
    assert g.take_records()[0]["cleared"] is True
    assert g.screen == "level", "the walked board stays a moment"
    g.frame(t + 0.31)
    assert g.screen == "complete"
    t += 1.0
    g.press(t, 90, 50)  # share
    g.release(t + 0.05, 90, 50)
    g.press(t + 0.1, 5, 205)  # hint, still showing under the veil
    g.release(t + 0.15, 5, 205)
    g.press(t + 0.2, 150, 150)  # nothing there
    g.release(t + 0.25, 150, 150)
    g.frame(t + 0.3)
    assert g.screen == "complete"
    assert g.take_records() == [
        {"stray": "share", "screen": "complete", "level": 1, "x": 90, "y": 50},
        {"stray": "hint", "screen": "complete", "level": 1, "x": 5, "y": 205},
        {"stray": "background", "screen": "complete", "level": 1, "x": 150, "y": 150},
    ]
    g.press(t + 1.0, 50, 50)  # go on
    g.release(t + 1.05, 50, 50)
    g.frame(t + 1.1)
    assert g.screen == "ranking" and g.level.number == 1
    g.press(t + 1.2, 50, 50)
    g.release(t + 1.25, 50, 50)
    g.frame(t + 1.3)
    assert g.take_records() == [{"stray": "background", "screen": "ranking", "level": 1, "x": 50, "y": 50}]
    g.frame(t + 1.06 + 0.8)
    assert g.screen == "level" and g.level.number == 2 and g.play.route == []


def test_go_on_counts_only_when_let_go_over_it() -> None:
    g = game()
    t = drag(g, ROUTE) + 1.0
    g.frame(t)
    g.press(t, 50, 50)
    g.move(t + 0.02, 95, 50)
    g.release(t + 0.05, 95, 50)
    g.frame(t + 0.1)
    assert g.screen == "complete" and g.take_records()[1:] == []


def test_a_press_on_a_control_of_the_level_screen_is_stray() -> None:
    g = game()
    g.press(0.0, 5, 205)
    g.release(0.05, 5, 205)
    g.frame(0.1)
    assert g.take_records() == [{"stray": "hint", "screen": "level", "level": 1, "x": 5, "y": 205}]


def test_the_game_is_done_after_the_wanted_levels() -> None:
    g = game(levels=1)
    t = drag(g, ROUTE) + 1.0
    g.frame(t)
    g.press(t, 50, 50)
    g.release(t + 0.05, 50, 50)
    g.frame(t + 0.1)
    assert g.done and g.cleared == 1
