"""An Android phone or emulator over adb (`AdbDevice`, registered as `adb`).

Screenshots through `adb exec-out screencap -p`, touches through `adb shell input motionevent
DOWN/MOVE/UP` — one adb process per call (slow: the phone issue replaces both with faster
methods chosen per device). Capture, image and pointer coordinates are all screen pixels.
"""

from __future__ import annotations

import shutil
import subprocess

import cv2
import numpy as np

from onestroke.bot.coords import Point, Rect
from onestroke.bot.device.base import (
    Capabilities,
    CaptureError,
    DeviceBase,
    DeviceError,
    InputError,
    TouchSession,
    register,
)


def adb_command(serial: str | None) -> list[str]:
    """The adb invocation for one device, with a clear error when adb is not installed."""
    adb = shutil.which("adb")
    if adb is None:
        raise DeviceError(
            "adb not found: install Android platform-tools (e.g. apt-get install adb) and enable"
            " USB debugging on the phone, or play on the desktop instead"
        )
    return [adb, "-s", serial] if serial else [adb]


def screencap(adb: list[str]) -> np.ndarray:
    """The whole phone screen as a BGR image (`adb exec-out screencap -p`)."""
    try:
        done = subprocess.run(
            [*adb, "exec-out", "screencap", "-p"], capture_output=True, timeout=15, check=False
        )
    except subprocess.TimeoutExpired:
        raise CaptureError("adb screencap gave no answer in 15 s (device asleep or offline?)") from None
    if done.returncode != 0 or not done.stdout:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise CaptureError(f"adb screencap failed: {message[-1] if message else 'no output'}")
    image = cv2.imdecode(np.frombuffer(done.stdout, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise CaptureError("adb screencap returned data that is not a PNG image")
    return image


class AdbSession(TouchSession):
    """One finger on the touch screen: each event is one `adb shell input motionevent` process."""

    def __init__(self, adb: list[str], area: Rect) -> None:
        super().__init__(area)
        self._adb = adb

    def _motion(self, action: str, point: Point) -> None:
        x, y = Point(*point).rounded()
        done = subprocess.run(
            [*self._adb, "shell", "input", "motionevent", action, str(x), str(y)],
            capture_output=True,
            timeout=10,
            check=False,
        )
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip() or "no message"
            raise InputError(f"adb input motionevent {action} failed: {message}")

    def _press(self, point: Point) -> None:
        self._motion("DOWN", point)

    def _move(self, point: Point) -> None:
        self._motion("MOVE", point)

    def _release(self) -> None:
        assert self.position is not None
        self._motion("UP", self.position)


@register("adb")
class AdbDevice(DeviceBase):
    """A phone or emulator over adb (`serial`: which one; None: the only one attached)."""

    def __init__(self, serial: str | None = None) -> None:
        self._adb = adb_command(serial)
        first = screencap(self._adb)
        self.screen = Rect(0, 0, first.shape[1], first.shape[0])
        self.scale = 1.0
        self.windows = None
        self.capabilities = Capabilities(
            name="adb",
            capture="screencap-png",
            touch="input-motionevent",
            fast_capture=False,
            window_stack=False,
        )

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = screencap(self._adb)
        if region is not None:
            image = image[region.slices()]
        return np.ascontiguousarray(image)

    def touch(self, area: Rect) -> AdbSession:
        return AdbSession(self._adb, area)
