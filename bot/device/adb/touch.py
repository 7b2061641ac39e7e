"""Touching a phone's screen: one continuous touch stream per stroke, never one process per event.

Methods (`TOUCH_METHODS`: name → `TouchMethod` class, as `CAPTURE_METHODS` is for screenshots),
each opening `TouchSession`s (bot/device/base.py) that always lift the finger:

- `input-session` (the default): one shell session kept open for the whole stroke, fed one
  `input motionevent DOWN|MOVE|UP X Y` line per event. From Android 12 on, `input` is a thin
  call into the running system server; up to Android 11 each line still starts a Java process
  (about 0.3 s), so there the phone's own pace is one event per process start.
  Each line answers with a number once its event is injected; the next line goes only after
  that answer and after the event's dwell, so events reach the screen at least one dwell apart
  (the game sees every cell) and never pile up behind a slow `input` (which would bunch them
  into one frame, or leave the finger resting long enough to read as a long press).
- `input-each`: one `input motionevent` request per event (what onestroke did before; kept for
  comparison and for phones whose shell cannot stay open).
- `maatouch`: MaaTouch (`maatouch.py`), when the user gives its jar (`--touch maatouch:PATH`),
  started once per device and kept running; events cost the link's latency only.
- `uiautomator2`: the uiautomator2 package's touch down/move/up, when it is installed (an
  optional extra: `pip install uiautomator2`); used only when named, never measured.

A new method is a `TouchMethod` subclass (how it starts, how one event is timed without
touching anything, its session) and a line in `TOUCH_METHODS`. Coordinates are screen pixels,
rounded.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, ClassVar

from onestroke.bot.device.adb.connection import AdbLinkError, Disconnected, Phone, ShellStream
from onestroke.bot.device.adb.maatouch import ANSWER_TIMEOUT, MaaTouch
from onestroke.bot.device.adb.timing import link_round_trip, median_seconds, session_round_trip
from onestroke.bot.device.base import DeviceError, InputError, StrokeLost, TouchSession
from onestroke.coords import Point, Rect
from onestroke.plural import counted


def _xy(point: Point) -> str:
    x, y = Point(*point).rounded()
    return f"{x} {y}"


def stroke_lost(cause: object, position: Point | None, events: int | None = None) -> StrokeLost:
    """The one line for a stroke the link broke (`cause`: what the link said), `events` touch
    events in (None: not counted), the finger last at `position`."""
    after = f", after {counted(events, 'touch event')}" if events is not None else ""
    return StrokeLost(
        f"{cause} in the middle of a stroke{after}: the touch was ended on this side;"
        " check the phone before playing on",
        position,
    )


class TouchUnusable(InputError):
    """A touch method cannot start on this phone; the message is the short reason (for a table)."""


def has_motionevent(phone: Phone) -> bool:
    """Whether this phone's `input` has `motionevent` (its usage text lists it; nothing is injected)."""
    status, out, err = phone.shell_status("input")
    return "motionevent" in out + err


class InputSession(TouchSession):
    """`input motionevent` lines through one open shell session (see the module's docstring)."""

    def __init__(self, phone: Phone, area: Rect) -> None:
        super().__init__(area)
        self.phone = phone
        self.latencies: list[float] = []  # seconds from sending a line to its answer
        self._stream: ShellStream | None = None
        self._context: Any = None
        self._sent = 0
        self._answered = 0
        self._sent_at = 0.0
        self.lost = False

    def _open(self) -> ShellStream:
        if self._stream is None:
            v2 = self.phone.facts.shell_v2
            self._context = self.phone.open("shell,v2,raw:" if v2 else "shell,raw:", timeout=ANSWER_TIMEOUT)
            conn = self._context.__enter__()
            self._stream = ShellStream(conn, v2)
        return self._stream

    def _wait_answer(self) -> None:
        """Block until the last line sent was answered (its event injected)."""
        stream = self._stream
        while stream is not None and self._answered < self._sent:
            line = stream.readline()
            if not line:
                why = bytes(stream.stderr).decode(errors="replace").strip()
                raise Disconnected(why or "the shell session ended")
            text = line.strip().decode(errors="replace")
            if text.startswith("E"):
                raise InputError(
                    f"device {self.phone.serial}: input motionevent failed:"
                    f" {bytes(stream.stderr).decode(errors='replace').strip() or text}"
                )
            if text.isdigit():
                self._answered = int(text)
                self.latencies.append(time.monotonic() - self._sent_at)

    def _send(self, action: str, point: Point) -> None:
        try:
            stream = self._open()
            self._wait_answer()
            self._sent += 1
            self._sent_at = time.monotonic()
            number = self._sent
            line = f"input motionevent {action} {_xy(point)} && echo {number} || echo E{number}\n"
            stream.send(line.encode())
        except (OSError, AdbLinkError) as error:
            raise self._lost(error) from None

    def _lost(self, error: BaseException) -> StrokeLost:
        self.lost = True
        cause = self.phone.lost(error)  # asks the server whether the device is still there
        return stroke_lost(cause, self.position, self._answered)

    def _press(self, point: Point) -> None:
        self._send("DOWN", point)

    def _move(self, point: Point) -> None:
        self._send("MOVE", point)

    def _release(self) -> None:
        assert self.position is not None
        try:
            if not self.lost and self._stream is not None:
                self._send("UP", self.position)
                self._wait_answer()
                self._stream.close_input()
        except (OSError, AdbLinkError) as error:
            raise self._lost(error) from None
        finally:
            self._close()

    def _close(self) -> None:
        if self._context is not None:
            context, self._context, self._stream = self._context, None, None
            context.__exit__(None, None, None)


class EachSession(TouchSession):
    """One `input motionevent` request per event: a new shell each time (the old way)."""

    def __init__(self, phone: Phone, area: Rect) -> None:
        super().__init__(area)
        self.phone = phone

    def _event(self, action: str, point: Point) -> None:
        try:
            status, out, err = self.phone.shell_status(f"input motionevent {action} {_xy(point)}")
        except AdbLinkError as error:
            raise stroke_lost(error, self.position) from None
        if status != 0:
            raise InputError(f"device {self.phone.serial}: input motionevent {action} failed: {err or out}")

    def _press(self, point: Point) -> None:
        self._event("DOWN", point)

    def _move(self, point: Point) -> None:
        self._event("MOVE", point)

    def _release(self) -> None:
        assert self.position is not None
        self._event("UP", self.position)


class MaaTouchSession(TouchSession):
    """One stroke through a running MaaTouch: each event is a line and a commit.

    MaaTouch answers nothing, so lines that reach the phone late (a busy phone, a USB hiccup)
    would be injected together and the game would see a jump. Each event is therefore followed
    by a wait of `spacing` seconds inside its commit (`w MS`): the phone itself keeps the events
    that far apart, whatever the link does.
    """

    def __init__(self, maatouch: MaaTouch, area: Rect, spacing: float = 0.0) -> None:
        super().__init__(area)
        self.maatouch = maatouch
        self.events = 0
        self.lost = False
        self._wait = f"\nw {round(spacing * 1000)}" if spacing > 0 else ""

    def _line(self, text: str) -> None:
        try:
            self.maatouch.send(text + "\nc\n")
        except AdbLinkError as error:
            self.lost = True
            raise stroke_lost(error, self.position, self.events) from None
        self.events += 1

    def _press(self, point: Point) -> None:
        self._line(f"d 0 {_xy(point)} 50{self._wait}")

    def _move(self, point: Point) -> None:
        self._line(f"m 0 {_xy(point)} 50{self._wait}")

    def _release(self) -> None:
        if not self.lost:
            self._line("u 0")


class Uiautomator2Session(TouchSession):
    """uiautomator2's touch down/move/up (its own agent on the phone, over HTTP)."""

    def __init__(self, driver: Any, area: Rect) -> None:
        super().__init__(area)
        self.driver = driver

    def _press(self, point: Point) -> None:
        self.driver.touch.down(round(point[0]), round(point[1]))

    def _move(self, point: Point) -> None:
        self.driver.touch.move(round(point[0]), round(point[1]))

    def _release(self) -> None:
        assert self.position is not None
        self.driver.touch.up(round(self.position[0]), round(self.position[1]))


def uiautomator2_driver(phone: Phone) -> Any:
    try:
        import uiautomator2  # an optional extra
    except ImportError:
        raise InputError(
            "--touch uiautomator2 needs the uiautomator2 package: pip install uiautomator2"
        ) from None
    try:
        return uiautomator2.connect(phone.serial)
    except Exception as error:  # uiautomator2 raises many unrelated types for "cannot start"
        raise InputError(f"device {phone.serial}: uiautomator2 did not start: {error}") from None


# -- the methods --------------------------------------------------------------------------------


class TouchMethod(ABC):
    """One way to touch a phone, ready on it; `session(area, dwell)` opens one stroke.

    - `start(phone, jar)` makes it ready, or raises `TouchUnusable` saying why not;
    - `latency()`: seconds per touch event on this phone, timed without touching anything
      (`input keyevent 0`, the unknown key every app ignores, costs what `input motionevent`
      costs);
    - `close()` stops what `start` started.
    """

    name: ClassVar[str]
    title: ClassVar[str]  # for people: "MaaTouch cannot be used: ..."
    needs_motionevent: ClassVar[bool] = (
        False  # it sends `input motionevent`: the phone's `input` must know it
    )
    timed: ClassVar[bool] = True  # measured by `auto` and `onestroke devices`; False: used only when named
    note: str = ""  # said beside its figure (what starting it took)

    def __init__(self, phone: Phone) -> None:
        self.phone = phone

    @classmethod
    def start(cls, phone: Phone, jar: Path | None = None) -> TouchMethod:
        return cls(phone)

    @abstractmethod
    def latency(self) -> float: ...

    @abstractmethod
    def session(self, area: Rect, dwell: float) -> TouchSession: ...

    def lift(self, point: Point) -> None:
        """One finger-up at `point`, outside any stroke: the end of a touch the phone may still
        hold after the link dropped mid-stroke (`input motionevent UP`; MaaTouch overrides)."""
        status, out, err = self.phone.shell_status(f"input motionevent UP {_xy(point)}")
        if status != 0:
            raise InputError(f"device {self.phone.serial}: input motionevent UP failed: {err or out}")

    def close(self) -> None:  # noqa: B027  (a default, not a hole: most methods start nothing)
        """Nothing to stop by default."""


class InputSessionMethod(TouchMethod):
    name = "input-session"
    title = "input motionevent in one shell"
    needs_motionevent = True

    def latency(self) -> float:
        return session_round_trip(self.phone, "input keyevent 0; ")

    def session(self, area: Rect, dwell: float) -> TouchSession:
        return InputSession(self.phone, area)


class InputEachMethod(TouchMethod):
    name = "input-each"
    title = "input motionevent per request"
    needs_motionevent = True

    def latency(self) -> float:
        return median_seconds(lambda: self.phone.shell_status("input keyevent 0"))

    def session(self, area: Rect, dwell: float) -> TouchSession:
        return EachSession(self.phone, area)


class MaaTouchMethod(TouchMethod):
    """MaaTouch, started from the user's jar; events cost the link's round trip (it answers nothing)."""

    name = "maatouch"
    title = "MaaTouch"

    def __init__(self, phone: Phone, running: MaaTouch) -> None:
        super().__init__(phone)
        self.running = running
        self.note = f"start {running.started_in:.2f} s"

    @classmethod
    def start(cls, phone: Phone, jar: Path | None = None) -> TouchMethod:
        if jar is None:
            raise TouchUnusable("no jar: --touch maatouch:PATH")
        try:
            return cls(phone, MaaTouch(phone, jar))
        except AdbLinkError:
            raise
        except DeviceError as error:
            raise TouchUnusable(str(error)) from None

    def latency(self) -> float:
        return link_round_trip(self.phone)

    def session(self, area: Rect, dwell: float) -> TouchSession:
        # the phone keeps events 3/4 of a cell's dwell apart whatever the link does
        return MaaTouchSession(self.running, area, spacing=0.75 * dwell)

    def lift(self, point: Point) -> None:
        """MaaTouch's own process went with the link: it is not started again within a run."""
        raise InputError(
            f"device {self.phone.serial}: MaaTouch stopped when the link dropped; start onestroke again"
            " (check the phone first: its last touch may still be held)"
        )

    def close(self) -> None:
        self.running.close()


class Uiautomator2Method(TouchMethod):
    """uiautomator2's agent on the phone (over HTTP); not timed: used only when named."""

    name = "uiautomator2"
    title = "uiautomator2"
    timed = False

    def __init__(self, phone: Phone, driver: Any) -> None:
        super().__init__(phone)
        self.driver = driver

    @classmethod
    def start(cls, phone: Phone, jar: Path | None = None) -> TouchMethod:
        return cls(phone, uiautomator2_driver(phone))

    def latency(self) -> float:
        return 0.0  # not timed

    def session(self, area: Rect, dwell: float) -> TouchSession:
        return Uiautomator2Session(self.driver, area)


TOUCH_METHODS: dict[str, type[TouchMethod]] = {
    method.name: method
    for method in (InputSessionMethod, InputEachMethod, MaaTouchMethod, Uiautomator2Method)
}
"""The touch methods by name, in the order they are measured."""
