"""An Android phone or emulator over adb (`AdbDevice`, registered as `adb`).

- `connection.py`: the adb server's socket (adbutils), picking the device, what it says about
  itself, streams read into preallocated buffers;
- `screencap.py`: screenshots: raw (header found from the end), raw gzipped on the phone, PNG;
- `touch.py`: the touch methods by name (`TOUCH_METHODS`) and their sessions: `input
  motionevent` lines through one open shell, one request per event, MaaTouch (`maatouch.py`:
  the jar copied and started), uiautomator2;
- `timing.py`, `choose.py`: each method measured on the phone at start-up; the fastest that
  works is kept.

Capture, image and pointer coordinates are all screen pixels. The screen must be on, unlocked
and upright (portrait) at the start: a black screenshot or a landscape one stops the bot with one
line. While it plays, what a phone does to the game (`PhoneFault`: the screen turned off, it
turned, the game's app left the foreground, the device went offline) is named by the grab that
sees it, with its own line; the grab then waits (`wait_away` seconds, `--wait-covered`) for the
game to show again, lit, upright and in front, and hands back that screen, so the loop goes on
from what shows. Nothing is pressed meanwhile (the loop is inside the grab).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from onestroke.bot.device.adb.choose import (
    Measured,
    cell_dwell,
    close_all,
    fastest,
    measure_capture,
    measure_touch,
)
from onestroke.bot.device.adb.connection import AdbLinkError, Disconnected, Phone, attached
from onestroke.bot.device.adb.screencap import CAPTURE_METHODS, CaptureMethod, screenshot
from onestroke.bot.device.adb.touch import (
    TOUCH_METHODS,
    StrokeLost,
    TouchMethod,
    TouchUnusable,
    has_motionevent,
)
from onestroke.bot.device.base import (
    Capabilities,
    CaptureError,
    DeviceBase,
    DeviceError,
    TouchSession,
    register,
)
from onestroke.calibration.profile import ProfileError, load_profile, profile_path
from onestroke.coords import Rect

BLACK = 12  # no pixel brighter than this in any channel: the screen is off (or shows nothing)
Say = Callable[[str], None]
WAIT_AWAY = 30.0  # seconds a phone whose game went away is waited for, by default (`--wait-covered`)
BACK_POLL = 0.5  # seconds between looks meanwhile
FOCUS = re.compile(r"mCurrentFocus=Window\{\S+ \S+ ([^/\s}]+)")  # the package of the window in front

PhoneFault = Literal["screen-off", "rotated", "background", "offline"]
"""What a phone did to the game while the bot played: the screen turned off (or locked); it
turned (a screenshot of another shape); the game's app left the foreground (another app, or the
home screen, is in front); the device went offline (the cable, `adb reconnect`)."""

PHONE_LINES: dict[PhoneFault, str] = {
    "screen-off": "the screen turned off (the screenshot is black)",
    "rotated": "the screen rotated",
    "background": "the game's app left the foreground",
    "offline": "the device went offline",
}
STAYED_LINES: dict[PhoneFault, str] = {
    "screen-off": "the screen stayed off",
    "rotated": "the screen stayed rotated",
    "background": "the game's app stayed in the background",
    "offline": "the device stayed offline",
}

__all__ = [
    "CAPTURE_METHODS",
    "TOUCH_METHODS",
    "AdbDevice",
    "AdbLinkError",
    "Disconnected",
    "Measured",
    "Phone",
    "StrokeLost",
]


def device_profile_name(serial: str) -> str:
    """The profile where `onestroke devices` keeps a phone's measured methods: `adb-SERIAL`."""
    return "adb-" + re.sub(r"[^A-Za-z0-9_.-]", "-", serial)[:60]


def remembered_methods(serial: str) -> dict[str, str]:
    """The methods `onestroke devices` measured and saved for this phone ({} when none)."""
    name = device_profile_name(serial)
    if not profile_path(name).exists():
        return {}
    try:
        return dict(load_profile(name).methods)
    except ProfileError:
        return {}


def parse_touch(text: str) -> tuple[str, Path | None]:
    """`auto`, a method name, or `maatouch:PATH`; a one-line error for anything else."""
    name, _, path = text.partition(":")
    if name == "maatouch":
        if not path:
            raise DeviceError("--touch maatouch needs the jar's path: --touch maatouch:PATH")
        return name, Path(path).expanduser()
    if text != "auto" and text not in TOUCH_METHODS:
        raise DeviceError(
            f"unknown touch method {text!r}; known: auto, {', '.join(TOUCH_METHODS)} (maatouch:PATH)"
        )
    return text, None


def parse_capture(text: str) -> str:
    """`auto` or a screenshot method's name; a one-line error for anything else."""
    if text != "auto" and text not in CAPTURE_METHODS:
        raise DeviceError(f"unknown capture method {text!r}; known: auto, {', '.join(CAPTURE_METHODS)}")
    return text


@dataclass(frozen=True)
class Asked:
    """The methods to use on a phone: names (`auto`: measure them), MaaTouch's jar, seconds per cell
    (None: from the phone's refresh rate)."""

    capture: str = "auto"
    touch: str = "auto"
    jar: Path | None = None
    dwell: float | None = None


def asked_methods(capture: str, touch: str, dwell: float | None) -> Asked:
    """The caller's choices, checked before anything is asked of the phone."""
    touch_name, jar = parse_touch(touch)
    return Asked(parse_capture(capture), touch_name, jar, dwell)


def with_saved_methods(asked: Asked, serial: str, say: Say) -> Asked:
    """`asked` with what `onestroke devices` saved for this phone where it says `auto` (the
    saved dwell too, when nothing else gave one); unchanged when nothing is `auto` or saved."""
    saved = remembered_methods(serial) if "auto" in (asked.capture, asked.touch) else {}
    if not saved:
        return asked
    say(f"adb: using the methods saved by `onestroke devices` (profile {device_profile_name(serial)})")
    capture = parse_capture(saved.get("capture", "auto")) if asked.capture == "auto" else asked.capture
    touch, jar = asked.touch, asked.jar
    if touch == "auto" and saved.get("touch"):
        touch, jar = parse_touch(saved["touch"])
    dwell = float(saved["dwell"]) if asked.dwell is None and saved.get("dwell") else asked.dwell
    return Asked(capture, touch, jar, dwell)


def _nowhere(_line: str) -> None:
    pass


@register("adb")
class AdbDevice(DeviceBase):
    """A phone or emulator over adb.

    - `serial`: which device (None: the only one attached);
    - `capture`: `auto` (measure and keep the fastest), `raw`, `raw-gzip` or `png`;
    - `touch`: `auto`, `input-session`, `input-each`, `maatouch:PATH` or `uiautomator2`;
    - `dwell`: seconds per cell (default: two of the phone's frames);
    - `say`: where the lines about the phone and the chosen methods go (None: nowhere).

    `measured` keeps every figure taken at start-up, in order.
    """

    def __init__(
        self,
        serial: str | None = None,
        *,
        capture: str = "auto",
        touch: str = "auto",
        dwell: float | None = None,
        say: Say | None = None,
        wait_away: float = WAIT_AWAY,
    ) -> None:
        asked = asked_methods(capture, touch, dwell)
        self.wait_away = wait_away
        self.phone = Phone(serial)
        self._say = say or _nowhere
        asked = with_saved_methods(asked, self.phone.serial, self._say)
        self.measured: list[Measured] = []
        self.touch_method: TouchMethod | None = None
        try:
            self.capture_method = self._chosen_capture(asked.capture)
            self.screen = self._upright_screen()
            self.touch_method, self.touch_latency = self._chosen_touch(asked.touch, asked.jar)
        except BaseException:
            self.close()
            raise
        self.scale = 1.0
        self.windows = None
        self.cell_dwell = asked.dwell if asked.dwell is not None else cell_dwell(self.phone)
        self.capabilities = self._capabilities()
        self.app = self._app_in_front()  # the game's package (None: the phone does not say)
        self._last: np.ndarray | None = None  # the latest screenshot (is the next one new?)
        self._say(f"adb: {self.phone.describe()}")
        self._say(self._chosen_line())

    # -- choosing ----------------------------------------------------------------------------

    def _chosen_capture(self, name: str) -> CaptureMethod:
        """The screenshot method `name`; for `auto`, the fastest measured now."""
        if name == "auto":
            found = measure_capture(self.phone)
            self.measured += found
            name = fastest(found).method
            self._say(f"adb: screenshots measured: {', '.join(f'{m.method} {m.cell()}' for m in found)}")
        return CAPTURE_METHODS[name]

    def _upright_screen(self) -> Rect:
        """The whole screen, from a first screenshot; a one-line error when it is in landscape."""
        height, width = self._lit_screenshot().shape[:2]
        if width > height:
            raise DeviceError(
                f"device {self.phone.serial}: the screen is in landscape ({width}x{height}); the game"
                " plays upright: turn the phone to portrait (or lock the rotation) and start again"
            )
        return Rect(0, 0, width, height)

    def _chosen_touch(self, name: str, jar: Path | None) -> tuple[TouchMethod, float]:
        """The touch method `name`, started, and its seconds per event; for `auto`, the fastest."""
        if name == "auto":
            return self._fastest_touch(jar)
        method_class = TOUCH_METHODS[name]
        if method_class.needs_motionevent and not has_motionevent(self.phone):
            raise DeviceError(
                f"device {self.phone.serial}: Android {self.phone.facts.release}'s input has no motionevent:"
                " give MaaTouch's jar with --touch maatouch:PATH"
            )
        try:
            method = method_class.start(self.phone, jar)
        except TouchUnusable as error:
            raise DeviceError(
                f"device {self.phone.serial}: {method_class.title} cannot be used: {error}"
            ) from None
        if not method_class.timed:
            return method, 0.0
        try:  # named (or saved): only its own latency is timed
            measured = Measured("touch", name, method.latency(), method.note)
        except BaseException:
            method.close()
            raise
        self.measured.append(measured)
        self._say(f"adb: touch measured: {name} {measured.cell()}")
        return method, measured.seconds or 0.0

    def _fastest_touch(self, jar: Path | None) -> tuple[TouchMethod, float]:
        """Every timed touch method measured; the fastest that works, started, and its seconds."""
        found, ready = measure_touch(self.phone, jar)
        self.measured += found
        self._say(f"adb: touch measured: {', '.join(f'{m.method} {m.cell()}' for m in found)}")
        usable = [m for m in found if m.works]
        if not usable:
            raise DeviceError(
                f"device {self.phone.serial}: no touch method works on Android {self.phone.facts.release}"
                " (its input has no motionevent): give MaaTouch's jar with --touch maatouch:PATH"
            )
        chosen = min(usable, key=lambda m: m.seconds or 0.0)
        close_all(method for name, method in ready.items() if name != chosen.method)
        return ready[chosen.method], chosen.seconds or 0.0

    def _capabilities(self) -> Capabilities:
        assert self.touch_method is not None
        return Capabilities(
            name="adb",
            capture=self.capture_method.name,
            touch=self.touch_method.name,
            fast_capture=False,
            window_stack=False,
            cell_dwell=self.cell_dwell,
        )

    def _chosen_line(self) -> str:
        """What was chosen, for people: `adb: capture raw-gzip, touch input-session (31 ms per event), …`"""
        return (
            f"adb: capture {self.capabilities.capture}, touch {self.capabilities.touch}"
            f" ({self.touch_latency * 1e3:.0f} ms per event), {self.cell_dwell * 1e3:.0f} ms per cell"
        )

    # -- the device --------------------------------------------------------------------------

    def _lit_screenshot(self) -> np.ndarray:
        """The whole screen; a one-line error when it is black (off, locked, or screenshots refused)."""
        image = screenshot(self.phone, self.capture_method)
        if int(image.max()) <= BLACK:
            raise CaptureError(
                f"device {self.phone.serial}: the screenshot is black: the screen is off or locked"
                " (wake and unlock the phone, keep it awake while playing), or the app forbids screenshots"
            )
        return image

    def _app_in_front(self) -> str | None:
        """The package of the window in front (`dumpsys window`); None when the phone does not say."""
        found = FOCUS.search(self.phone.shell("dumpsys window | grep mCurrentFocus"))
        return found.group(1) if found else None

    def _screen_now(self, ask_app: bool) -> tuple[np.ndarray | None, PhoneFault | None]:
        """A screenshot and what keeps it from showing the game (None: nothing). The app in front
        is asked whenever the screen shows something else than the last screenshot (another app
        comes with new pixels: the first screenshot of it is never taken for the game's), and
        `ask_app`: now."""
        try:
            image = screenshot(self.phone, self.capture_method)
        except (AdbLinkError, CaptureError) as error:
            return self._after_failed_screenshot(error)
        if int(image.max()) <= BLACK:
            return image, "screen-off"
        if (image.shape[1], image.shape[0]) != (self.screen.width, self.screen.height):
            return image, "rotated"
        last, self._last = self._last, image
        new = last is None or last.shape != image.shape or not np.array_equal(last, image)
        if self.app is not None and (ask_app or new):
            try:
                in_front = self._app_in_front()
            except Disconnected:
                return None, "offline"
            if in_front != self.app:
                self._last = None  # ask again on the next screenshot, whatever it shows
                return image, "background"
        return image, None

    def _after_failed_screenshot(self, error: DeviceError) -> tuple[np.ndarray | None, PhoneFault]:
        """A screenshot failed (its stream broke, or gave nothing): "offline" when the device is not
        in the server's list as a device now, or when a second try works (the link dropped a
        moment); the error itself when the server went away or the second try fails too."""
        if isinstance(error, Disconnected) and "adb server" in str(error):
            raise error  # the server itself went away: nothing to wait for
        try:
            states = {d.serial: d.state for d in attached(self.phone.client)}
        except AdbLinkError:
            raise error from None
        if states.get(self.phone.serial) != "device":
            return None, "offline"
        time.sleep(BACK_POLL)
        try:
            return screenshot(self.phone, self.capture_method), "offline"
        except (AdbLinkError, CaptureError):
            raise error from None

    def _wait_back(self, fault: PhoneFault) -> np.ndarray:
        """Say what happened, wait until the game shows again (lit, upright, its app in front) and
        return that screen; a one-line error after `wait_away` seconds."""
        serial = self.phone.serial
        self._say(f"device {serial}: {PHONE_LINES[fault]}; waiting up to {self.wait_away:g} s for the game")
        deadline = time.monotonic() + self.wait_away
        while time.monotonic() < deadline:
            time.sleep(BACK_POLL)
            image, now = self._screen_now(ask_app=True)
            if now is None and image is not None:
                self._say(f"device {serial}: the game is back; going on")
                return image
        raise CaptureError(
            f"device {serial}: {STAYED_LINES[fault]} for {self.wait_away:g} s: not pressing anything"
        )

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image, fault = self._screen_now(ask_app=False)
        if fault is not None or image is None:
            image = self._wait_back(fault or "offline")
        if region is not None:
            image = image[region.slices()]
        return np.ascontiguousarray(image)

    def after_lost_stroke(self, lost: StrokeLost) -> None:
        """The link dropped in the middle of a stroke (a loose cable, `adb reconnect`): wait up to
        `wait_away` seconds for the game to show again, then lift the finger where it was (the
        phone may still hold the touch: its UP never came), so the loop looks again and goes on
        from what the game took. A phone that does not come back stops the run with `lost`'s
        line and how long it was waited for."""
        serial = self.phone.serial
        self._say(
            f"device {serial}: the link dropped in the middle of a stroke; the touch was ended on this side"
        )
        try:
            self._wait_back("offline")
        except CaptureError:
            raise StrokeLost(
                f"{lost} (it did not come back within {self.wait_away:g} s)", lost.position
            ) from None
        assert self.touch_method is not None, "the device is closed"
        if lost.position is not None:
            try:
                self.touch_method.lift(lost.position)
            except AdbLinkError as error:
                raise StrokeLost(f"{lost} (lifting the finger after it came back failed: {error})") from None
            self._say(
                f"device {serial}: the finger lifted at ({lost.position[0]:.0f}, {lost.position[1]:.0f})"
            )

    def touch(self, area: Rect, window: int | None = None) -> TouchSession:
        """A touch stream inside `area`; `window` is ignored (a phone shows one app: no window stack)."""
        assert self.touch_method is not None, "the device is closed"
        return self.touch_method.session(area, self.cell_dwell)

    def close(self) -> None:
        if self.touch_method is not None:
            method, self.touch_method = self.touch_method, None
            with contextlib.suppress(OSError, AdbLinkError):
                method.close()
