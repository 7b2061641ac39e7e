"""Measuring a phone's screenshot and touch methods, and keeping the fastest that works.

Nothing here touches the screen: a touch method's latency is measured with `input keyevent 0`
(the unknown key, ignored by every app), which costs the same process start or system-server
call as `input motionevent`; MaaTouch's per-event cost is the link's round trip (it answers
nothing), and its start-up is timed when it starts.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from onestroke.bot.device.adb.connection import AdbLinkError, Phone, ShellStream
from onestroke.bot.device.adb.screencap import CAPTURE_METHODS, screenshot
from onestroke.bot.device.adb.touch import MaaTouch, has_motionevent
from onestroke.bot.device.base import DeviceError

PROBES = 3  # measurements per method; the median counts
CLEARLY_SLOWER = 1.5  # a screenshot method this many times slower than the best after one probe is left
MIN_DWELL = 0.025  # seconds per cell, never less: a 60 Hz screen's frame and a half
FRAMES_PER_CELL = 2  # the finger stays this many of the phone's frames in each cell


@dataclass(frozen=True)
class Measured:
    """One method's figure on one phone: seconds per screenshot or per touch event, or why not."""

    kind: str  # "capture" or "touch"
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


def _median_time(action: Callable[[], object], probes: int = PROBES) -> float:
    times = []
    for _ in range(probes):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


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


def _session_round_trip(phone: Phone, command: str, probes: int = PROBES) -> float:
    """Median seconds for `command` (then an echo) to run in one open shell session and answer."""
    v2 = phone.facts.shell_v2
    with phone.open("shell,v2,raw:" if v2 else "shell,raw:") as conn:
        stream = ShellStream(conn, v2)
        times = []
        for k in range(probes):
            began = time.perf_counter()
            stream.send(f"{command}echo {k}\n".encode())
            while stream.readline().strip() != str(k).encode():
                pass
            times.append(time.perf_counter() - began)
        stream.close_input()
    return statistics.median(times)


def input_session_latency(phone: Phone, probes: int = PROBES) -> float:
    """Seconds per `input` call fed to one open shell session (answered by an echo)."""
    return _session_round_trip(phone, "input keyevent 0; ", probes)


def input_each_latency(phone: Phone, probes: int = PROBES) -> float:
    return _median_time(lambda: phone.shell_status("input keyevent 0"), probes)


def link_round_trip(phone: Phone, probes: int = PROBES) -> float:
    """Seconds for a line to reach a running program on the phone and an answer to come back."""
    return _session_round_trip(phone, "", probes)


def measure_touch(phone: Phone, maatouch: Path | None = None) -> tuple[list[Measured], MaaTouch | None]:
    """Each touch method's seconds per event; a started MaaTouch is handed back to be used."""
    found: list[Measured] = []
    motion = has_motionevent(phone)
    if motion:
        found.append(Measured("touch", "input-session", input_session_latency(phone)))
        found.append(Measured("touch", "input-each", input_each_latency(phone)))
    else:
        note = f"no motionevent in Android {phone.facts.release}'s input"
        found += [Measured("touch", "input-session", None, note), Measured("touch", "input-each", None, note)]
    running: MaaTouch | None = None
    if maatouch is not None:
        try:
            running = MaaTouch(phone, maatouch)
        except AdbLinkError:
            raise
        except DeviceError as error:
            found.append(Measured("touch", "maatouch", None, str(error)[-60:]))
        else:
            note = f"start {running.started_in:.2f} s"
            found.append(Measured("touch", "maatouch", link_round_trip(phone), note))
    else:
        found.append(Measured("touch", "maatouch", None, "no jar: --touch maatouch:PATH"))
    return found, running


def cell_dwell(phone: Phone) -> float:
    """Seconds the finger stays in each cell: two of the phone's frames (its refresh rate, as the
    phone reports it), so that a game looking once per frame sees the finger in every cell.
    Events still come no faster than the touch method injects them (a slow `input` sets its own,
    slower pace)."""
    return max(MIN_DWELL, FRAMES_PER_CELL / max(phone.facts.refresh_hz, 1.0))
