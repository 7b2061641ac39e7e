"""The stand-in phone's `input` command: `tap`, `swipe`, `keyevent` and, where the profile has
it (Android 12+ style), `motionevent DOWN|UP|MOVE|CANCEL X Y`, each reaching the touch screen
(`Phone.touch`) after the process start its profile gives it. Without arguments, or with bad
ones, it prints the usage text, which lists `motionevent` only where it exists (the bot probes
that)."""

from __future__ import annotations

import time

from onestroke.practice.phone.cmdline import Call, Command
from onestroke.practice.phone.device import Phone

SOURCES = ("touchscreen", "touchpad", "mouse", "stylus", "keyboard")
ACTIONS = ("DOWN", "UP", "MOVE", "CANCEL")
USAGE = (
    "Usage: input [<source>] <command> [<arg>...]\n\n"
    "The commands and default sources are:\n"
    "      text <string> (Default: touchscreen)\n"
    "      keyevent [--longpress] <key code number or name> ... (Default: keyboard)\n"
    "      tap <x> <y> (Default: touchscreen)\n"
    "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      press (Default: trackball)\n"
    "      roll <dx> <dy> (Default: trackball)\n"
)
MOTION_USAGE = "      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n"
SWIPE_MS = 300.0  # `input swipe` without a duration
KEYS = {"3": "HOME", "26": "POWER", "223": "SLEEP", "224": "WAKEUP"}  # Android's key codes by number


def usage(phone: Phone) -> str:
    return USAGE + (MOTION_USAGE if phone.profile.motionevent else "")


def input_command(call: Call) -> int:
    phone, args = call.phone, call.args
    if args and args[0] in SOURCES:
        args = args[1:]
    if not args:
        call.err(usage(phone))
        return 1
    phone.wait(phone.profile.input_start)  # the process starts before it injects anything
    command, rest = args[0], args[1:]
    try:
        if command == "motionevent" and phone.profile.motionevent and len(rest) == 3:
            action = rest[0].upper()
            if action not in ACTIONS:
                raise ValueError(action)
            phone.touch(action, float(rest[1]), float(rest[2]))
            return 0
        if command == "tap" and len(rest) == 2:
            x, y = float(rest[0]), float(rest[1])
            phone.touch("DOWN", x, y)
            phone.touch("UP", x, y)
            return 0
        if command == "swipe" and len(rest) in (4, 5):
            swipe(phone, [float(v) for v in rest[:4]], float(rest[4]) if len(rest) == 5 else SWIPE_MS)
            return 0
        if command == "keyevent" and rest:
            for key in rest:  # POWER, HOME ... act (practice/phone/device.py); the others do nothing
                phone.press_key(KEYS.get(key.removeprefix("KEYCODE_"), key.removeprefix("KEYCODE_")))
            return 0
    except ValueError:
        pass
    call.err(f"Error: Invalid arguments for command: {command}\n" + usage(phone))
    return 1


def swipe(phone: Phone, box: list[float], ms: float) -> None:
    """A straight drag from (x0, y0) to (x1, y1) taking `ms` milliseconds, a move every 5 ms."""
    x0, y0, x1, y1 = box
    began = time.monotonic()
    phone.touch("DOWN", x0, y0)
    seconds = max(ms, 0.0) / 1000
    while (elapsed := time.monotonic() - began) < seconds:
        t = elapsed / seconds
        phone.touch("MOVE", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        time.sleep(0.005)
    phone.touch("MOVE", x1, y1)
    phone.touch("UP", x1, y1)


TOUCHSCREEN: dict[str, Command] = {"input": input_command}
