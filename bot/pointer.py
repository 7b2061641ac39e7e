"""Input: drag a route with the desktop mouse (pyautogui) or a phone's touch screen (adb).

Safety rules (docs/CONTRIBUTING.md), enforced here for every backend:
- every point of a drag is checked to lie inside the game's board area *before* the press;
- the button (or finger) is released on every exit path: normal end, error, Ctrl-C, SIGTERM;
- pyautogui's fail-safe stays on: throwing the mouse into a screen corner stops the bot.

pyautogui is imported on first use only: it opens the X display at import time.
"""

from __future__ import annotations

import platform
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from onestroke.bot.coords import Point, Rect
from onestroke.solver.board import Cell
from onestroke.solver.errors import OnestrokeError


class UnsafeDragError(OnestrokeError):
    """A drag was refused before the press: a point lies outside the board area."""


class InputError(OnestrokeError):
    """The pointer or the device cannot be driven (no display, adb missing, device offline)."""


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


def check_inside(points: Sequence[Point], area: Rect) -> None:
    """Raise `UnsafeDragError` naming the first point outside `area`; nothing pressed yet."""
    if not points:
        raise UnsafeDragError("refusing to drag: the route has no points")
    for i, point in enumerate(points):
        if not area.contains(point):
            raise UnsafeDragError(
                f"refusing to drag: point {i} ({point[0]:.0f}, {point[1]:.0f}) lies outside the board area"
                f" x {area.left:.0f}..{area.right:.0f}, y {area.top:.0f}..{area.bottom:.0f}"
            )


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold back SIGINT/SIGTERM while the button is being released, deliver them afterwards.

    Without this a second Ctrl-C could land inside the release call and leave the button down.
    The Python-level handlers are swapped (they only ever run in the main thread), rather than
    masking the signals: with other threads alive, the kernel hands a masked signal to one of
    them and Python would still raise in the main thread.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, _frame: object) -> None:
        held.append(signum)

    previous = {number: signal.signal(number, hold) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():  # None: a handler installed outside Python
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for number in held:
            signal.raise_signal(number)


class Pointer(Protocol):
    """What the level loop needs from an input backend."""

    def drag(self, points: Sequence[Point], area: Rect) -> None: ...

    def click(self, point: Point, area: Rect) -> None: ...


TURN_DWELL = 0.03  # seconds the pointer rests where the route turns: about two 60 Hz frames


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


def step_interval(speed: float, substeps: int) -> float:
    """Seconds between two points for `speed` cells per second (0 = as fast as possible)."""
    if speed < 0:
        raise ValueError(f"speed must be >= 0 cells per second, not {speed}")
    return 0.0 if speed == 0 else 1.0 / (speed * substeps)


def load_pyautogui() -> Any:
    """pyautogui with the fail-safe on and its per-call pause off (we pace the drag ourselves)."""
    from onestroke.bot.capture import no_display_reason, quiet_xlib

    reason = no_display_reason()
    if reason:
        raise InputError(reason)
    try:
        with quiet_xlib():  # pyautogui opens its X connection at import
            import pyautogui
    except Exception as error:  # pyautogui raises bare Exceptions when the display is unusable
        raise InputError(f"cannot drive the mouse: {error}") from None
    pyautogui.FAILSAFE = True
    pyautogui.PAUSE = 0.0
    return pyautogui


class Mouse:
    """The desktop mouse through pyautogui, in pointer coordinates (logical points on HiDPI)."""

    def __init__(self, speed: float = 30.0, substeps: int = 4) -> None:
        self.substeps = substeps
        self.interval = step_interval(speed, substeps)
        self._gui = load_pyautogui()
        # macOS treats moves with the button down as plain moves unless they are drag events.
        self._drag_events = platform.system() == "Darwin"

    def size(self) -> tuple[int, int]:
        width, height = self._gui.size()
        return int(width), int(height)

    def position(self) -> tuple[int, int]:
        x, y = self._gui.position()
        return int(x), int(y)

    def _send(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """One pyautogui call that Ctrl-C cannot split.

        pyautogui talks to the X server over one python-xlib connection; an interrupt raised
        halfway through a request leaves that connection out of step, and the release that
        follows would then never reach the server. Signals wait until the call is done.
        """
        with signals_deferred():
            call(*args, **kwargs)

    def drag(self, points: Sequence[Point], area: Rect) -> None:
        """Press at the first point, pass every other point, release — always release."""
        check_inside(points, area)
        gui = self._gui
        first = _rounded(points[0])
        self._send(gui.moveTo, *first)
        rests = dwell_times(points, self.interval)
        try:
            self._send(gui.mouseDown, *first, button="left")
            for point, rest in zip(points[1:], rests[1:], strict=True):
                x, y = _rounded(point)
                if self._drag_events:
                    self._send(gui.dragTo, x, y, duration=0, button="left", mouseDownUp=False)
                else:
                    self._send(gui.moveTo, x, y)
                if rest:
                    time.sleep(rest)
        finally:
            self.release()

    def click(self, point: Point, area: Rect) -> None:
        check_inside([point], area)
        x, y = _rounded(point)
        self._send(self._gui.moveTo, x, y)
        try:
            self._send(self._gui.mouseDown, x, y, button="left")
            time.sleep(0.05)
        finally:
            self.release()

    def release(self) -> None:
        """Button up, even when the fail-safe corner is what stopped us and while Ctrl-C is held."""
        gui = self._gui
        with signals_deferred():
            failsafe, gui.FAILSAFE = gui.FAILSAFE, False  # releasing is always safe
            try:
                gui.mouseUp(button="left")
            finally:
                gui.FAILSAFE = failsafe


def _rounded(point: Point) -> tuple[int, int]:
    return round(point[0]), round(point[1])


class AdbTouch:
    """A phone's touch screen through `adb shell input motionevent DOWN/MOVE/UP` (screen pixels)."""

    def __init__(self, serial: str | None = None, speed: float = 30.0, substeps: int = 2) -> None:
        from onestroke.bot.capture import adb_command

        self._adb = adb_command(serial, InputError)
        self.substeps = substeps
        self.interval = step_interval(speed, substeps)

    def _motion(self, action: str, point: Point) -> None:
        x, y = _rounded(point)
        done = subprocess.run(
            [*self._adb, "shell", "input", "motionevent", action, str(x), str(y)],
            capture_output=True,
            timeout=10,
            check=False,
        )
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip() or "no message"
            raise InputError(f"adb input motionevent {action} failed: {message}")

    def drag(self, points: Sequence[Point], area: Rect) -> None:
        check_inside(points, area)
        last = points[0]
        rests = dwell_times(points, self.interval)
        try:
            self._motion("DOWN", last)
            for point, rest in zip(points[1:], rests[1:], strict=True):
                self._motion("MOVE", point)
                last = point
                if rest:
                    time.sleep(rest)
        finally:
            with signals_deferred():
                self._motion("UP", last)

    def click(self, point: Point, area: Rect) -> None:
        self.drag([point], area)
