"""Timing things on a phone without touching it: the median of a few probes, and the round trip
of a line through one open shell session (what an `input` line or a MaaTouch line costs)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from onestroke.bot.device.adb.connection import Phone, ShellStream

PROBES = 3  # measurements per method; the median counts


def median_seconds(action: Callable[[], object], probes: int = PROBES) -> float:
    """The median time of `probes` runs of `action`."""
    times = []
    for _ in range(probes):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def session_round_trip(phone: Phone, command: str, probes: int = PROBES) -> float:
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


def link_round_trip(phone: Phone, probes: int = PROBES) -> float:
    """Seconds for a line to reach a running program on the phone and an answer to come back."""
    return session_round_trip(phone, "", probes)
