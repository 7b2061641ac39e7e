"""Gestures: a route (cells + geometry) or a tap turned into timed touch events, for any device.

One neutral builder, so that no backend has a drag loop of its own: `route_gesture` gives
`down` at the start cell's centre, `move`s through every cell centre with evenly spaced points
in between, and `up`; each event carries how long to rest after it (`dwell`) and, at a cell
centre, which cell it reaches (`cell`), so a player that watches the screen can check the game
took it. `onestroke.bot.device.perform` plays a gesture on any device.

Pure: no display, no device, no numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from onestroke.coords import Geometry, Point
from onestroke.solver.board import Cell

TURN_DWELL = 0.03  # seconds the pointer rests where the route turns: about two 60 Hz frames
TAP_HOLD = 0.05  # seconds a tap holds the finger down
DEFAULT_SPEED = 40.0  # cells per second
DEFAULT_SUBSTEPS = 4  # points per cell step


@dataclass(frozen=True)
class TouchEvent:
    """One step of a gesture: `down`, `move` or `up` at `point`, then rest `dwell` seconds.

    `cell` is the route cell whose centre `point` is (None between cells and for taps).
    """

    kind: Literal["down", "move", "up"]
    point: Point
    dwell: float = 0.0
    cell: Cell | None = None


@dataclass(frozen=True)
class Gesture:
    """Timed touch events, from the first `down` to the last `up`."""

    events: tuple[TouchEvent, ...]

    @property
    def points(self) -> list[Point]:
        """Every point the finger goes to (the `up` adds none)."""
        return [event.point for event in self.events if event.kind != "up"]

    @property
    def duration(self) -> float:
        """Seconds of rest in the gesture (the time of the events themselves not counted)."""
        return sum(event.dwell for event in self.events)


@dataclass(frozen=True)
class StrokePace:
    """How fast a route is drawn: `speed` cells per second (0: no pauses) with `substeps` points
    per cell step, resting at least `turn_dwell` where the route turns and before the release."""

    speed: float = DEFAULT_SPEED
    substeps: int = DEFAULT_SUBSTEPS
    turn_dwell: float = TURN_DWELL

    def __post_init__(self) -> None:
        if self.substeps < 1:
            raise ValueError(f"substeps must be at least 1, not {self.substeps}")
        step_interval(self.speed, self.substeps)  # validates the speed

    @property
    def interval(self) -> float:
        """Seconds between two points."""
        return step_interval(self.speed, self.substeps)


def route_points(path: Sequence[Cell], centre: Callable[[Cell], Point], substeps: int = 4) -> list[Point]:
    """Every cell centre of the route, with `substeps - 1` evenly spaced points between neighbours.

    The in-between points make the game see the pointer inside every cell even when it
    samples the pointer slower than the bot moves it.
    """
    if substeps < 1:
        raise ValueError(f"substeps must be at least 1, not {substeps}")
    if not path:
        return []
    centres = [centre(cell) for cell in path]
    points = [centres[0]]
    for (x0, y0), (x1, y1) in zip(centres, centres[1:], strict=False):
        for k in range(1, substeps + 1):
            t = k / substeps
            points.append(Point(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return points


def dwell_times(points: Sequence[Point], interval: float, turn_dwell: float = TURN_DWELL) -> list[float]:
    """How long to rest after reaching each point: `interval`, but at least `turn_dwell` where
    the route turns and at the end.

    A game samples the pointer (a touch screen at 60-120 Hz, a desktop toolkit whenever it is
    free) and joins samples with straight lines. On a straight run that line passes the same
    cells as the route; across a turn it would cut the corner into the wrong cell, so the
    pointer waits at every turn until the game has surely seen it there.
    """
    times = [interval] * len(points)
    for i in range(1, len(points) - 1):
        (x0, y0), (x1, y1), (x2, y2) = points[i - 1], points[i], points[i + 1]
        if abs((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)) > 1e-9:  # not collinear: a turn
            times[i] = max(interval, turn_dwell)
    if times:
        times[-1] = max(interval, turn_dwell)
    return times


def parse_speed(text: str) -> float:
    """Cells per second as people type it: a number above 0, or `max` (0: no pauses between points)."""
    if text == "max":
        return 0.0
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise ValueError(f"speed must be more than 0 cells per second, or 'max', not {text!r}")
    return value


def step_interval(speed: float, substeps: int) -> float:
    """Seconds between two points for `speed` cells per second (0 = as fast as possible)."""
    if speed < 0:
        raise ValueError(f"speed must be >= 0 cells per second, not {speed}")
    return 0.0 if speed == 0 else 1.0 / (speed * substeps)


DEFAULT_STROKE_PACE = StrokePace()


def stroke(
    points: Sequence[Point],
    *,
    interval: float = 0.0,
    turn_dwell: float = TURN_DWELL,
    cells: Sequence[Cell | None] | None = None,
) -> Gesture:
    """Down at the first point, a move to every other point, up at the last; rests from `dwell_times`.

    The press itself gets no rest: the first move follows at once, as a finger does.
    """
    if not points:
        return Gesture(())
    rests = dwell_times(points, interval, turn_dwell)
    tags = list(cells) if cells is not None else [None] * len(points)
    events = [TouchEvent("down", points[0], 0.0, tags[0])]
    events += [
        TouchEvent("move", p, rest, cell)
        for p, rest, cell in zip(points[1:], rests[1:], tags[1:], strict=True)
    ]
    events.append(TouchEvent("up", points[-1]))
    return Gesture(tuple(events))


def route_gesture(
    path: Sequence[Cell], geometry: Geometry, pace: StrokePace = DEFAULT_STROKE_PACE
) -> Gesture:
    """The gesture that draws `path` on a board laid out as `geometry` (pointer coordinates)."""
    points = route_points(path, geometry.centre, pace.substeps)
    cells: list[Cell | None] = [None] * len(points)
    for i, cell in enumerate(path):
        cells[i * pace.substeps] = cell
    return stroke(points, interval=pace.interval, turn_dwell=pace.turn_dwell, cells=cells)


def tap(point: Point, hold: float = TAP_HOLD) -> Gesture:
    """Press at `point`, hold `hold` seconds, release: a click on a button."""
    return Gesture((TouchEvent("down", point, hold), TouchEvent("up", point)))
