"""Gestures without a display: route points, pacing, the timed events every device plays, the
board-area check, held signals, and the touch session's promise to lift the finger.

The drags themselves (press, release on Ctrl-C, fail-safe) run against a real X server in
tests/e2e/test_pointer_release.py; adb's commands in tests/test_device_adb.py.
"""

from __future__ import annotations

import os
import signal

import pytest

from onestroke.bot.device import TouchSession, UnsafeDragError, check_inside, perform, signals_deferred
from onestroke.bot.device.base import Capabilities, DeviceBase
from onestroke.bot.gesture import (
    StrokePace,
    dwell_times,
    route_gesture,
    route_points,
    step_interval,
    stroke,
    tap,
)
from onestroke.coords import Geometry, Point, Rect

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
        check_inside([Point(100, 200), Point(150, 200), Point(230, 200)], area)
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
    with pytest.raises(ValueError, match="speed"):
        StrokePace(speed=-1)


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


def test_a_route_gesture_is_down_moves_up_with_each_cell_tagged_at_its_centre() -> None:
    path = [(0, 0), (0, 1), (1, 1)]
    gesture = route_gesture(path, GEOMETRY, StrokePace(speed=10, substeps=2, turn_dwell=0.2))
    kinds = [event.kind for event in gesture.events]
    assert kinds == ["down", "move", "move", "move", "move", "up"]
    assert gesture.points == route_points(path, GEOMETRY.centre, 2)
    tagged = [(event.cell, event.point) for event in gesture.events if event.cell is not None]
    assert tagged == [(cell, GEOMETRY.centre(cell)) for cell in path]
    assert [event.dwell for event in gesture.events] == [0.0, 0.05, 0.2, 0.05, 0.2, 0.0]
    assert gesture.duration == pytest.approx(0.5)


def test_a_tap_holds_then_lifts_at_the_same_point() -> None:
    gesture = tap(Point(5, 6), hold=0.07)
    assert [(e.kind, e.point, e.dwell) for e in gesture.events] == [
        ("down", (5, 6), 0.07),
        ("up", (5, 6), 0.0),
    ]


class Recording(TouchSession):
    """A touch session that writes down what a backend would have sent."""

    def __init__(self, area: Rect, log: list[tuple[str, Point | None]], fail_at: int | None = None) -> None:
        super().__init__(area)
        self.log, self.fail_at = log, fail_at

    def _send(self, kind: str, point: Point | None) -> None:
        if self.fail_at is not None and len(self.log) == self.fail_at:
            raise KeyboardInterrupt  # Ctrl-C in the middle of a drag
        self.log.append((kind, point))

    def _press(self, point: Point) -> None:
        self._send("down", point)

    def _move(self, point: Point) -> None:
        self._send("move", point)

    def _release(self) -> None:
        self.log.append(("up", self.position))


class Sketch(DeviceBase):
    """A device whose sessions record: enough to check `perform`, which every backend shares."""

    capabilities = Capabilities("sketch", "none", "recording", fast_capture=False, window_stack=False)
    screen = Rect(0, 0, 400, 400)
    scale = 1.0
    windows = None

    def __init__(self, fail_at: int | None = None) -> None:
        self.log: list[tuple[str, Point | None]] = []
        self.fail_at = fail_at

    def grab(self, region: Rect | None = None):  # noqa: ANN201 - never called here
        raise NotImplementedError

    def touch(self, area: Rect) -> Recording:
        return Recording(area, self.log, self.fail_at)


def test_perform_plays_every_event_in_order_and_sleeps_the_dwells() -> None:
    device, slept = Sketch(), []
    gesture = route_gesture([(0, 0), (0, 1)], GEOMETRY, StrokePace(speed=10, substeps=1))
    perform(device, gesture, GEOMETRY.bounds(), sleep=slept.append)
    assert device.log == [("down", (100, 200)), ("move", (150, 200)), ("up", (150, 200))]
    assert slept == [0.1]


def test_perform_refuses_a_gesture_leaving_the_area_before_pressing() -> None:
    device = Sketch()
    with pytest.raises(UnsafeDragError, match="point 2"):
        perform(device, stroke([Point(100, 200), Point(150, 200), Point(400, 200)]), GEOMETRY.bounds())
    assert device.log == []


def test_the_finger_is_lifted_when_the_drag_is_interrupted() -> None:
    device = Sketch(fail_at=3)
    points = route_points([(0, 0), (0, 1), (0, 2)], GEOMETRY.centre, 2)
    with pytest.raises(KeyboardInterrupt):
        perform(device, stroke(points), GEOMETRY.bounds(), sleep=lambda _: None)
    assert device.log == [("down", points[0]), ("move", points[1]), ("move", points[2]), ("up", points[2])]


def test_a_session_checks_each_point_and_lifts_the_finger_on_the_way_out() -> None:
    log: list[tuple[str, Point | None]] = []
    with pytest.raises(UnsafeDragError), Recording(Rect(0, 0, 10, 10), log) as session:
        session.down(Point(1, 1))
        session.move(Point(50, 1))  # outside: refused, never sent
    assert log == [("down", (1, 1)), ("up", (1, 1))]
    assert not session.is_down
