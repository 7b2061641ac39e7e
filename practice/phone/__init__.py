"""A stand-in phone for the adb backend: a fake adb server on 127.0.0.1 that speaks adb's host
protocol well enough for the real `adb` client and for adbutils, with the practice game as the
phone's screen and touch screen.

    python -m onestroke.practice.phone --profile android14 --levels 5 --log game.jsonl

prints one JSON line (`{"ready": true, "port": ..., "phones": [...]}`) once it listens; point a
client at it with `ANDROID_ADB_SERVER_PORT=PORT` (or `adb -P PORT`). `start_stand_in` runs the
same server inside a test's own process.
"""

from __future__ import annotations

from onestroke.practice.phone.device import (
    PROFILES,
    Phone,
    PhoneError,
    PhoneOptions,
    PhoneProfile,
    profile_named,
)
from onestroke.practice.phone.server import StandInServer, start_stand_in

__all__ = [
    "PROFILES",
    "Phone",
    "PhoneError",
    "PhoneOptions",
    "PhoneProfile",
    "StandInServer",
    "profile_named",
    "start_stand_in",
]
