"""Touching a phone's screen: one continuous touch stream per stroke, never one process per event.

Methods (`TOUCH_METHODS`), each a `TouchSession` (bot/device/base.py) that always lifts the finger:

- `input-session` (the default): one shell session kept open for the whole stroke, fed one
  `input motionevent DOWN|MOVE|UP X Y` line per event. From Android 12 on, `input` is a thin
  call into the running system server; up to Android 11 each line still starts a Java process
  (about 0.3 s), so there the phone's own pace is one event per process start.
  Each line answers with a number once its event is injected; the next line goes only after
  that answer and after the event's dwell, so events reach the screen at least one dwell apart
  (the game sees every cell) and never pile up behind a slow `input` (which would bunch them
  into one frame, or leave the finger resting long enough to read as a long press).
- `maatouch`: MaaTouch (Apache-2.0; a small Java program started through app_process, which
  reads minitouch-style lines from the shell's stdin: `d 0 X Y P`, `m 0 X Y P`, `u 0`, `c`),
  when the user gives its jar (`--touch maatouch:PATH`; nothing is ever downloaded). The jar is
  copied through a shell (`cat > FILE`; adb's sync service is not needed), started once per
  device and kept running; events cost the link's latency only.
- `input-each`: one `input motionevent` request per event (what onestroke did before; kept for
  comparison and for phones whose shell cannot stay open).
- `uiautomator2`: the uiautomator2 package's touch down/move/up, when it is installed (an
  optional extra: `pip install uiautomator2`).

Coordinates are screen pixels, rounded.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from pathlib import Path
from typing import Any

from onestroke.bot.coords import Point, Rect
from onestroke.bot.device.adb.connection import AdbLinkError, Disconnected, Phone, ShellStream
from onestroke.bot.device.base import InputError, TouchSession

MAATOUCH_REMOTE = "/data/local/tmp/onestroke-maatouch.jar"
MAATOUCH_CLASS = "com.shxyke.MaaTouch.App"
ANSWER_TIMEOUT = 10.0  # seconds an injected event may take before the phone counts as gone


def _xy(point: Point) -> str:
    x, y = Point(*point).rounded()
    return f"{x} {y}"


class StrokeLost(InputError):
    """The phone went away in the middle of a stroke; the message says how far it got."""


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
        return StrokeLost(
            f"{cause} in the middle of a stroke, after {self._answered} touch event(s):"
            " the touch was ended on this side; check the phone before playing on"
        )

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
            raise StrokeLost(f"{error} in the middle of a stroke: the touch was ended on this side") from None
        if status != 0:
            raise InputError(f"device {self.phone.serial}: input motionevent {action} failed: {err or out}")

    def _press(self, point: Point) -> None:
        self._event("DOWN", point)

    def _move(self, point: Point) -> None:
        self._event("MOVE", point)

    def _release(self) -> None:
        assert self.position is not None
        self._event("UP", self.position)


class MaaTouch:
    """A running MaaTouch on one phone: its shell stream, kept open between strokes."""

    def __init__(self, phone: Phone, jar: Path) -> None:
        self.phone, self.jar = phone, jar
        try:
            data = jar.read_bytes()
        except OSError as error:
            raise InputError(f"cannot read the MaaTouch jar {jar}: {error.strerror}") from None
        if not data.startswith(b"PK"):
            raise InputError(f"{jar} is not a jar (a zip file): give MaaTouch's release file")
        self._install(data)
        began = time.monotonic()
        self._context = phone.open(
            f"shell,v2,raw:CLASSPATH={MAATOUCH_REMOTE} app_process /data/local/tmp {MAATOUCH_CLASS}",
            timeout=ANSWER_TIMEOUT,
        )
        self.stream = ShellStream(self._context.__enter__(), v2=phone.facts.shell_v2)
        self.max_x, self.max_y = self._greeting()
        self.started_in = time.monotonic() - began

    def _install(self, data: bytes) -> None:
        """Copy the jar to the phone through a shell (`cat > FILE`) unless the same one is there."""
        digest = hashlib.md5(data).hexdigest()
        status, out, _ = self.phone.shell_status(f"md5sum {MAATOUCH_REMOTE}")
        if status == 0 and out.split()[:1] == [digest]:
            return
        if not self.phone.facts.shell_v2:
            raise InputError(
                f"device {self.phone.serial} has no shell v2 (Android 7 or older): copying MaaTouch needs it"
            )
        with self.phone.open(f"shell,v2,raw:cat > {MAATOUCH_REMOTE}") as conn:
            stream = ShellStream(conn, v2=True)
            for start in range(0, len(data), 65536):
                stream.send(data[start : start + 65536])
            stream.close_input()
            _, err = stream.read_all()
        if stream.status != 0:
            raise InputError(f"device {self.phone.serial}: copying MaaTouch failed: {err.strip()}")

    def _greeting(self) -> tuple[int, int]:
        """`^ CONTACTS MAX_X MAX_Y MAX_PRESSURE` then `$ PID`; anything else means it did not start."""
        size: tuple[int, int] | None = None
        for _ in range(8):
            line = self.stream.readline().decode(errors="replace").strip()
            if not line:
                break
            words = line.split()
            if words[0] == "^" and len(words) >= 4:
                size = (int(words[2]), int(words[3]))
            elif words[0] == "$":
                if size is None:
                    break
                return size
        said = bytes(self.stream.stderr).decode(errors="replace").strip()
        raise InputError(
            f"device {self.phone.serial}: MaaTouch did not start from {self.jar}: {said or 'no greeting'}"
        )

    def send(self, text: str) -> None:
        try:
            self.stream.send(text.encode())
        except OSError as error:
            raise self.phone.lost(error) from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.stream.close_input()
        self._context.__exit__(None, None, None)


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
            raise StrokeLost(
                f"{error} in the middle of a stroke, after {self.events} touch event(s):"
                " the touch was ended on this side; check the phone before playing on"
            ) from None
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


TOUCH_METHODS = ("input-session", "maatouch", "input-each", "uiautomator2")
