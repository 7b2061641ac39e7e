"""Pointer planning without a display: route points, the board-area check, pacing, held signals.

The drags themselves (press, release on Ctrl-C, fail-safe) run against a real X server in
tests/e2e/test_pointer_release.py.
"""

from __future__ import annotations

import os
import signal

import pytest

from onestroke.bot.coords import Geometry, Rect
from onestroke.bot.pointer import (
    UnsafeDragError,
    check_inside,
    dwell_times,
    route_points,
    signals_deferred,
    step_interval,
)

GEOMETRY = Geometry((100.0, 200.0), (50.0, 50.0), 3, 3)


def test_route_points_pass_every_cell_centre_in_order() -> None:
    path = [(0, 0), (0, 1), (1, 1)]
    points = route_points(path, GEOMETRY.centre, substeps=4)
    assert len(points) == 1 + 4 * 2
    assert points[0] == (100.0, 200.0)
    assert points[4] == (150.0, 200.0)
    assert points[8] == (150.0, 250.0)
    assert [GEOMETRY.cell_at(*p) for p in points[::4]] == path


def test_in_between_points_never_leave_the_two_cells_they_join() -> None:
    path = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2)]
    points = route_points(path, GEOMETRY.centre, substeps=5)
    cells = [GEOMETRY.cell_at(*p) for p in points]
    assert set(cells) == set(path)
    # the cells seen along the way, without repeats, are exactly the route
    assert [c for i, c in enumerate(cells) if i == 0 or c != cells[i - 1]] == path


def test_single_substep_gives_just_the_centres() -> None:
    path = [(0, 0), (0, 1)]
    assert route_points(path, GEOMETRY.centre, substeps=1) == [(100.0, 200.0), (150.0, 200.0)]
    assert route_points([], GEOMETRY.centre) == []
    with pytest.raises(ValueError, match="substeps"):
        route_points(path, GEOMETRY.centre, substeps=0)


def test_points_inside_the_area_pass_the_check() -> None:
    check_inside(route_points([(0, 0), (0, 1), (0, 2)], GEOMETRY.centre), GEOMETRY.bounds())


def test_a_point_outside_the_area_is_refused_naming_it() -> None:
    area = Rect.from_corners(75, 175, 225, 325)
    with pytest.raises(UnsafeDragError, match=r"point 2 \(230, 200\) lies outside the board area x 75..225"):
        check_inside([(100, 200), (150, 200), (230, 200)], area)
    with pytest.raises(UnsafeDragError, match="no points"):
        check_inside([], area)


def test_area_edges_right_and_bottom_are_exclusive() -> None:
    area = Rect(0, 0, 10, 10)
    assert area.contains((0, 0)) and area.contains((9.9, 9.9))
    assert not area.contains((10, 5)) and not area.contains((5, 10)) and not area.contains((-0.1, 5))


def test_step_interval_follows_the_speed() -> None:
    assert step_interval(10, 4) == pytest.approx(0.025)
    assert step_interval(0, 4) == 0.0  # "max": no pauses
    with pytest.raises(ValueError, match="speed"):
        step_interval(-1, 4)


def test_ctrl_c_is_held_back_while_releasing_and_delivered_after() -> None:
    order: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with signals_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            order.append("release finished")  # runs: the signal waits for the block to end
        order.append("not reached")
    assert order == ["release finished"]


def test_pointer_rests_at_turns_and_at_the_end_only() -> None:
    path = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1)]
    points = route_points(path, GEOMETRY.centre, substeps=2)
    rests = dwell_times(points, interval=0.001, turn_dwell=0.02)
    turns = {points.index(GEOMETRY.centre(cell)) for cell in [(0, 2), (2, 2)]}
    assert {i for i, rest in enumerate(rests) if rest == 0.02} == turns | {len(points) - 1}
    assert all(rest == 0.001 for i, rest in enumerate(rests) if i not in turns and i != len(points) - 1)


def test_slow_drags_rest_their_interval_even_at_turns() -> None:
    points = route_points([(0, 0), (0, 1), (1, 1)], GEOMETRY.centre, substeps=1)
    assert dwell_times(points, interval=0.1, turn_dwell=0.02) == [0.1, 0.1, 0.1]
    assert dwell_times([], interval=0.1) == []
