"""The Device seam: what the play loop needs from a screen and a touch surface, and nothing more.

A device (`Device`) grabs a region of its screen as a BGR numpy image, opens touch sessions
(`TouchSession`: down, move, up — the finger is ALWAYS lifted when the session ends, also on
errors and Ctrl-C), has a context-managed lifecycle (`with open_device(...) as device:`), and
says what it can do (`Capabilities`). Backends register by name (`register`, `open_device`),
one module each: desktop (mss + pyautogui), xvfb (a private virtual display), adb (a phone);
x11 adds the window stack (`WindowStack`) to the desktop.

Backend modules load only when their device is opened (`register_module`): listing the names
imports none of them.

Gestures (bot/gesture.py) are neutral timed events; `perform` plays one on any device, after
checking that every point lies inside the area allowed for it — before anything is pressed.
A caller that wants to watch the screen between events (the closed-loop drag) opens the session
itself and feeds it events one at a time.

Safety rules (docs/CONTRIBUTING.md), enforced here for every backend:
- every point is checked to lie inside the session's area: all of a gesture's points before the
  press (`perform`), and each point again as it is sent;
- a session told the game's window (`touch(area, window=...)`, a desktop with a window stack)
  presses and moves only where that window is the one a person sees, asked at the moment of
  the event (X11: under a server grab, so no window can come between the check and the press);
- the finger (mouse button) is released on every exit path, with SIGINT/SIGTERM held back
  during the release (`signals_deferred`).
"""

from __future__ import annotations

import importlib
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from onestroke.bot.gesture import Gesture
from onestroke.coords import Point, Rect
from onestroke.signals import signals_deferred
from onestroke.solver.errors import OnestrokeError, UserStop


class DeviceError(OnestrokeError):
    """A device cannot be opened or driven (no display, Wayland, adb missing, device offline)."""


class CaptureError(DeviceError):
    """The screen or device cannot be read."""


class InputError(DeviceError):
    """The pointer or the touch screen cannot be driven."""


class StrokeLost(InputError):
    """The link to the device went away in the middle of a stroke; the message says how far it
    got. `position` is where the finger was at the last event sent (None: not known), so a
    device that comes back can lift it there (`Device.after_lost_stroke`)."""

    def __init__(self, message: str, position: Point | None = None) -> None:
        super().__init__(message)
        self.position = position


class FailSafeStop(InputError, UserStop):
    """The mouse went into a screen corner (pyautogui's fail-safe): the user stops the bot."""


class UnsafeDragError(OnestrokeError):
    """A touch was refused before it happened: a point lies outside the allowed area."""


class NotOnWindow(UnsafeDragError):
    """A press or a held-button move was refused at the moment it would have happened: the window
    a person sees at its point is not the game's (another window came over it, or the game's went)."""


@dataclass(frozen=True)
class Capabilities:
    """What a device can do, for the loop's choices (and the methods a profile records).

    - `name`: the registry name (`desktop`, `xvfb`, `adb`);
    - `capture`, `touch`: the methods in use (`mss`, `screencap-png`; `pyautogui`, `input-motionevent`);
    - `fast_capture`: a board-sized grab takes milliseconds, so the screen can be watched while
      dragging (a desktop: yes; adb screencap: no);
    - `window_stack`: the device can tell which window a person sees at a point (X11), so a
      window covering the game can be noticed;
    - `cell_dwell`: for a device that cannot be watched while dragging (a phone), the seconds
      per cell it measured: routes are drawn one event per cell at this pace (None: no advice).
    """

    name: str
    capture: str
    touch: str
    fast_capture: bool
    window_stack: bool
    cell_dwell: float | None = None


@dataclass(frozen=True)
class WindowState:
    """One window as the window stack shows it now (pointer units): the evidence a fault is named from."""

    exists: bool  # the window is still there (not destroyed)
    mapped: bool = True  # it is shown (not minimised / unmapped)
    box: Rect | None = None  # its rectangle on the screen, when it exists
    covered: bool = False  # another shown window above it overlaps the area asked about


class WindowGoneWatch(Protocol):
    """A watch on one window, from the moment it is made until it is closed (a context manager):
    `gone` is set the moment the window is destroyed, hidden, moved or resized, or another window
    comes over the area watched."""

    gone: threading.Event

    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> None: ...


@runtime_checkable
class WindowStack(Protocol):
    """The desktop's window stack (X11): who is on top where. Every answer may be None: cannot tell."""

    def topmost(self, points: Sequence[Point]) -> list[int | None] | None:
        """The id of the window a person sees at each point (None: bare root)."""
        ...

    def window_at(self, point: Point) -> Rect | None:
        """The rectangle of the window a person sees at `point`."""
        ...

    def window_id_at(self, point: Point) -> int | None:
        """The id of the window a person sees at `point` (None: bare root, or cannot tell)."""
        ...

    def state(self, window: int, area: Rect) -> WindowState | None:
        """`window` now, and whether another window above it overlaps `area`; None: cannot tell."""
        ...

    def watch(self, window: int, area: Rect, on_gone: Callable[[], None]) -> WindowGoneWatch:
        """A watch on `window` over `area`; `on_gone` is called (from any thread) the moment the
        window goes, moves or changes size, or another window comes over `area`. Where the
        question cannot be asked the watch never fires."""
        ...


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


Session = TypeVar("Session", bound="TouchSession")


class TouchSession(ABC):
    """One touch, from `down` to `up`, inside `area` (pointer coordinates); a context manager.

    Leaving the `with` block lifts the finger whatever happened (an error, Ctrl-C, the
    fail-safe corner). Backends implement `_press`, `_move` and `_release`; the checks and the
    release guarantee live here, once.
    """

    def __init__(self, area: Rect) -> None:
        self.area = area
        self.position: Point | None = None  # where the finger is while down
        self._pressed = False

    def down(self, point: Point) -> None:
        """Put the finger (press the button) at `point`."""
        check_inside([point], self.area)
        if self._pressed:
            raise InputError("touch session: down() while already down")
        self._pressed = True  # before the call: a press that fails halfway is still released
        self.position = point
        try:
            self._press(point)
        except NotOnWindow:  # refused before anything was sent: nothing to release
            self._pressed = False
            self.position = None
            raise

    def move(self, point: Point) -> None:
        """Move the finger, still down, to `point`."""
        check_inside([point], self.area)
        if not self._pressed:
            raise InputError("touch session: move() before down()")
        self._move(point)
        self.position = point

    def up(self) -> None:
        """Lift the finger (release the button); harmless when it is not down."""
        if not self._pressed:
            return
        with signals_deferred():
            try:
                self._release()
            finally:
                self._pressed = False

    def release_now(self) -> None:
        """Lift the finger at once from any thread (a watcher that saw the game's window go),
        where the backend can; the session's own `up` still follows. By default it cannot, and
        does nothing: the drag's next look sees the board gone and lifts the finger then."""
        return  # a backend that can (the desktop's XTEST release) overrides this

    @property
    def is_down(self) -> bool:
        return self._pressed

    def __enter__(self: Session) -> Session:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.up()

    @abstractmethod
    def _press(self, point: Point) -> None: ...

    @abstractmethod
    def _move(self, point: Point) -> None: ...

    @abstractmethod
    def _release(self) -> None: ...


@runtime_checkable
class Device(Protocol):
    """A screen to look at and a surface to touch: what the play loop talks to.

    - `screen`: the whole screen (or monitor) in capture units;
    - `scale`: image pixels of a whole-screen grab per pointer unit (2 on Retina/HiDPI);
    - `windows`: the window stack when the device has one (X11), else None;
    - `grab(region)`: the pixels of `region` (default: the whole screen) as a BGR image;
    - `touch(area, window)`: a new `TouchSession` whose points must lie inside `area` (pointer
      units) and, with `window` (an id of the window stack), land on that window: a press or held
      move where another window is on top raises `NotOnWindow` instead (a device without a
      window stack has no windows to tell apart and ignores it);
    - `after_lost_stroke(lost)`: a stroke broke off because the link dropped (`StrokeLost`):
      wait for the device to come back and lift the finger where it was, so the loop can look
      again and go on; raises (the stop line) when it does not come back;
    - `close()`: release what the device holds; devices are context managers too.
    """

    capabilities: Capabilities
    screen: Rect
    scale: float
    windows: WindowStack | None

    def grab(self, region: Rect | None = None) -> np.ndarray: ...

    def touch(self, area: Rect, window: int | None = None) -> TouchSession: ...

    def after_lost_stroke(self, lost: StrokeLost) -> None: ...

    def close(self) -> None: ...

    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> None: ...


class DeviceBase:
    """The lifecycle every backend shares: a context manager whose exit calls `close`; a lost
    stroke is the end of the run unless the backend can wait for its device."""

    def after_lost_stroke(self, lost: StrokeLost) -> None:
        """No link to come back: the stroke's loss stops the run."""
        raise lost

    def close(self) -> None:
        """Nothing to release by default."""

    def __enter__(self: Any) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def perform(
    device: Device,
    gesture: Gesture,
    area: Rect,
    *,
    window: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Play `gesture` on `device`: every point checked inside `area` first, the finger always lifted.

    `window` (the game's, in the device's window stack): each press and held move lands only
    where that window is on top, else `NotOnWindow` is raised (`Device.touch`)."""
    check_inside(gesture.points, area)
    with device.touch(area) if window is None else device.touch(area, window) as session:
        for event in gesture.events:
            if event.kind == "down":
                session.down(event.point)
            elif event.kind == "move":
                session.move(event.point)
            else:
                session.up()
            if event.dwell:
                sleep(event.dwell)


# -- the registry --------------------------------------------------------------------------

Opener = Callable[..., Device]
_OPENERS: dict[str, Opener] = {}
_MODULES: dict[str, str] = {}  # backends known by name, imported on first use: name -> module
F = TypeVar("F", bound=Callable[..., Any])


def register(name: str) -> Callable[[F], F]:
    """Class or function decorator: `open_device(name, **options)` calls it with the options."""

    def add(opener: F) -> F:
        if name in _OPENERS:
            raise ValueError(f"device backend {name!r} is registered twice")
        _OPENERS[name] = opener
        return opener

    return add


def register_module(name: str, module: str) -> None:
    """Name a backend whose `module` registers it when imported: it is imported only when
    `open_device(name)` first needs it (adbutils, mss, pyautogui load for their own device)."""
    _MODULES[name] = module


def device_names() -> list[str]:
    """The registered backends, sorted (imported or not)."""
    return sorted(_OPENERS.keys() | _MODULES.keys())


def open_device(name: str, **options: Any) -> Device:
    """Open the backend called `name` (see `device_names()`); close it, or use it in `with`."""
    if name not in _OPENERS and name in _MODULES:
        importlib.import_module(_MODULES[name])  # registers it
    try:
        opener = _OPENERS[name]
    except KeyError:
        raise DeviceError(f"unknown device {name!r}; known: {', '.join(device_names())}") from None
    return opener(**options)
