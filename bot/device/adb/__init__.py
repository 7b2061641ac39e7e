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
and upright (portrait): a black screenshot or a landscape one stops the bot with one line.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from onestroke.bot.coords import Rect
from onestroke.bot.device.adb.choose import (
    Measured,
    cell_dwell,
    close_all,
    fastest,
    measure_capture,
    measure_touch,
)
from onestroke.bot.device.adb.connection import AdbLinkError, Disconnected, Phone
from onestroke.bot.device.adb.screencap import CAPTURE_METHODS, screenshot
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

BLACK = 12  # no pixel brighter than this in any channel: the screen is off (or shows nothing)

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


@register("adb")
class AdbDevice(DeviceBase):
    """A phone or emulator over adb.

    - `serial`: which device (None: the only one attached);
    - `capture`: `auto` (measure and keep the fastest), `raw`, `raw-gzip` or `png`;
    - `touch`: `auto`, `input-session`, `input-each`, `maatouch:PATH` or `uiautomator2`;
    - `dwell`: seconds per cell (default: two of the phone's frames);
    - `say`: where the lines about the phone and the chosen methods go (None: nowhere).
    """

    def __init__(
        self,
        serial: str | None = None,
        *,
        capture: str = "auto",
        touch: str = "auto",
        dwell: float | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        touch_name, jar = parse_touch(touch)
        if capture != "auto" and capture not in CAPTURE_METHODS:
            raise DeviceError(
                f"unknown capture method {capture!r}; known: auto, {', '.join(CAPTURE_METHODS)}"
            )
        self.phone = Phone(serial)
        self._say = say or (lambda _line: None)
        saved = remembered_methods(self.phone.serial) if "auto" in (capture, touch) else {}
        if saved:
            name = device_profile_name(self.phone.serial)
            self._say(f"adb: using the methods saved by `onestroke devices` (profile {name})")
            capture = saved.get("capture", capture) if capture == "auto" else capture
            if touch == "auto" and saved.get("touch"):
                touch_name, jar = parse_touch(saved["touch"])
            if dwell is None and saved.get("dwell"):
                dwell = float(saved["dwell"])
        self.touch_method: TouchMethod | None = None
        self.measured: list[Measured] = []
        try:
            self._choose_capture(capture)
            first = self.grab()
            height, width = first.shape[:2]
            if width > height:
                raise DeviceError(
                    f"device {self.phone.serial}: the screen is in landscape ({width}x{height}); the game"
                    " plays upright: turn the phone to portrait (or lock the rotation) and start again"
                )
            self.screen = Rect(0, 0, width, height)
            self.touch_method, self.touch_latency = self._choose_touch(touch_name, jar)
            touch_name = self.touch_method.name
        except BaseException:
            self.close()
            raise
        self.scale = 1.0
        self.windows = None
        self.cell_dwell = dwell if dwell is not None else cell_dwell(self.phone)
        self.capabilities = Capabilities(
            name="adb",
            capture=self.capture_method.name,
            touch=touch_name,
            fast_capture=False,
            window_stack=False,
            cell_dwell=self.cell_dwell,
        )
        self._say(f"adb: {self.phone.describe()}")
        self._say(
            f"adb: capture {self.capture_method.name}, touch {touch_name}"
            f" ({self.touch_latency * 1e3:.0f} ms per event), {self.cell_dwell * 1e3:.0f} ms per cell"
        )

    # -- choosing ----------------------------------------------------------------------------

    def _choose_capture(self, name: str) -> None:
        if name == "auto":
            found = measure_capture(self.phone)
            self.measured += found
            best = fastest(found)
            name = best.method
            self._say(f"adb: screenshots measured: {', '.join(f'{m.method} {m.cell()}' for m in found)}")
        self.capture_method = CAPTURE_METHODS[name]

    def _choose_touch(self, name: str, jar: Path | None) -> tuple[TouchMethod, float]:
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

    # -- the device --------------------------------------------------------------------------

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = screenshot(self.phone, self.capture_method)
        if int(image.max()) <= BLACK:
            raise CaptureError(
                f"device {self.phone.serial}: the screenshot is black: the screen is off or locked"
                " (wake and unlock the phone, keep it awake while playing), or the app forbids screenshots"
            )
        screen = getattr(self, "screen", None)
        if screen is not None and (image.shape[1], image.shape[0]) != (screen.width, screen.height):
            raise CaptureError(
                f"device {self.phone.serial}: the screen turned or changed size (now"
                f" {image.shape[1]}x{image.shape[0]}, was {screen.width:.0f}x{screen.height:.0f});"
                " turn it upright and start again"
            )
        if region is not None:
            image = image[region.slices()]
        return np.ascontiguousarray(image)

    def touch(self, area: Rect) -> TouchSession:
        assert self.touch_method is not None, "the device is closed"
        return self.touch_method.session(area, self.cell_dwell)

    def close(self) -> None:
        if self.touch_method is not None:
            method, self.touch_method = self.touch_method, None
            with contextlib.suppress(OSError, AdbLinkError):
                method.close()
