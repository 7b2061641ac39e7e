"""Measuring a phone's screenshot and touch methods, and keeping the fastest that works.

Nothing here touches the screen: each touch method times itself (`TouchMethod.latency`, in
`touch.py`: `input keyevent 0` for the `input` methods, the link's round trip for MaaTouch,
whose start-up is timed when it starts).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from onestroke.bot.device.adb.connection import AdbLinkError, Phone
from onestroke.bot.device.adb.screencap import CAPTURE_METHODS, screenshot
from onestroke.bot.device.adb.timing import PROBES
from onestroke.bot.device.adb.touch import TOUCH_METHODS, TouchMethod, TouchUnusable, has_motionevent
from onestroke.bot.device.base import DeviceError

MethodKind = Literal["capture", "touch"]
CLEARLY_SLOWER = 1.5  # a screenshot method this many times slower than the best after one probe is left
MIN_DWELL = 0.025  # seconds per cell, never less: a 60 Hz screen's frame and a half
FRAMES_PER_CELL = 2  # the finger stays this many of the phone's frames in each cell


@dataclass(frozen=True)
class Measured:
    """One method's figure on one phone: seconds per screenshot or per touch event, or why not."""

    kind: MethodKind
    method: str
    seconds: float | None
    note: str = ""

    @property
    def works(self) -> bool:
        return self.seconds is not None

    def cell(self) -> str:
        if self.seconds is None:
            return f"-- ({self.note})" if self.note else "--"
        figure = f"{self.seconds * 1e3:.0f} ms"
        return f"{figure} ({self.note})" if self.note else figure


def measure_capture(phone: Phone, names: tuple[str, ...] = tuple(CAPTURE_METHODS)) -> list[Measured]:
    """Each screenshot method timed on the phone; a method whose picture differs from the others'
    (a phone that mangles raw output) or that fails is reported, not kept.

    A method whose first screenshot already takes `CLEARLY_SLOWER` times the best median so far
    is not probed again (start-up time is the user's: 0.6-1.1 s less on the stand-in phones)."""
    found: list[Measured] = []
    pictures: dict[str, np.ndarray] = {}
    best: float | None = None
    for name in names:
        method = CAPTURE_METHODS[name]
        times: list[float] = []
        try:
            while len(times) < PROBES and not (
                best is not None and times and times[0] > CLEARLY_SLOWER * best
            ):
                began = time.perf_counter()
                pictures[name] = screenshot(phone, method)
                times.append(time.perf_counter() - began)
        except AdbLinkError:
            raise
        except DeviceError as error:
            found.append(Measured("capture", name, None, str(error).split(":")[-1].strip()[:60]))
            continue
        seconds = statistics.median(times)
        found.append(Measured("capture", name, seconds, "" if len(times) == PROBES else "1 probe: slower"))
        best = seconds if best is None else min(best, seconds)
    reference = pictures.get("png")
    if reference is not None:
        for i, measured in enumerate(found):
            picture = pictures.get(measured.method)
            if measured.works and picture is not None and picture.shape != reference.shape:
                found[i] = Measured(
                    "capture", measured.method, None, f"{picture.shape[1]}x{picture.shape[0]}?"
                )
    return found


def fastest(measured: list[Measured]) -> Measured:
    usable = [m for m in measured if m.works]
    if not usable:
        notes = "; ".join(f"{m.method}: {m.note}" for m in measured)
        raise DeviceError(
            f"no {measured[0].kind if measured else 'capture'} method works on this phone ({notes})"
        )
    return min(usable, key=lambda m: m.seconds or 0.0)


def measure_touch(phone: Phone, jar: Path | None = None) -> tuple[list[Measured], dict[str, TouchMethod]]:
    """Each timed touch method's seconds per event, in `TOUCH_METHODS` order, or why it cannot be
    used; the methods started for it, by name, are handed back (close those you do not keep)."""
    found: list[Measured] = []
    ready: dict[str, TouchMethod] = {}
    motion: bool | None = None  # asked of the phone once, when a method needs it
    try:
        for name, method_class in TOUCH_METHODS.items():
            if not method_class.timed:
                continue
            if method_class.needs_motionevent:
                motion = has_motionevent(phone) if motion is None else motion
                if not motion:
                    note = f"no motionevent in Android {phone.facts.release}'s input"
                    found.append(Measured("touch", name, None, note))
                    continue
            try:
                method = method_class.start(phone, jar)
            except TouchUnusable as error:
                found.append(Measured("touch", name, None, str(error)[-60:]))
                continue
            ready[name] = method
            found.append(Measured("touch", name, method.latency(), method.note))
    except BaseException:
        close_all(ready.values())
        raise
    return found, ready


def close_all(methods: Iterable[TouchMethod]) -> None:
    for method in methods:
        method.close()


def cell_dwell(phone: Phone) -> float:
    """Seconds the finger stays in each cell: two of the phone's frames (its refresh rate, as the
    phone reports it), so that a game looking once per frame sees the finger in every cell.
    Events still come no faster than the touch method injects them (a slow `input` sets its own,
    slower pace)."""
    return max(MIN_DWELL, FRAMES_PER_CELL / max(phone.facts.refresh_hz, 1.0))
