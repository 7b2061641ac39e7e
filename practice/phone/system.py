"""What the stand-in phone says about itself: `getprop`, `wm size|density`, `dumpsys
power|window|display` (awake, rotation, lock screen, the window in front, viewport, refresh
rate), from its profile and options; and what a person does to it from adb: `settings put system
user_rotation N` (turn the screen), `am start` / `monkey -p` (the game's app to the front)."""

from __future__ import annotations

from onestroke.practice.phone.cmdline import Call, Command
from onestroke.practice.phone.device import Phone


def properties(phone: Phone) -> dict[str, str]:
    """The system properties a bot asks for, as `getprop` prints them."""
    p = phone.profile
    return {
        "ro.build.version.sdk": str(p.sdk),
        "ro.build.version.release": p.release,
        "ro.product.model": p.model,
        "ro.product.name": p.product,
        "ro.product.device": p.product,
        "ro.product.manufacturer": "Google",
        "ro.serialno": phone.serial,
        "ro.sf.lcd_density": str(p.density),
    }


def getprop(call: Call) -> int:
    props = properties(call.phone)
    if not call.args:
        call.out.out("".join(f"[{k}]: [{v}]\n" for k, v in props.items()))
    else:
        call.out.out(props.get(call.args[0], "") + "\n")
    return 0


def wm(call: Call) -> int:
    p = call.phone.profile
    if call.args[:1] == ["size"]:
        call.out.out(f"Physical size: {p.width}x{p.height}\n")
        return 0
    if call.args[:1] == ["density"]:
        call.out.out(f"Physical density: {p.density}\n")
        return 0
    call.err("usage: wm [size|density]\n")
    return 1


def dumpsys_lines(phone: Phone, service: str) -> list[str]:
    """The lines of `dumpsys SERVICE` a bot greps for ([] for a service not modelled)."""
    awake = phone.options.screen != "off"
    rotation = 1 if phone.options.orientation == "landscape" else 0
    locked = phone.options.screen == "locked"
    w, h = phone.size
    return {
        "power": [
            f"mWakefulness={'Awake' if awake else 'Asleep'}",
            f"mHoldingDisplaySuspendBlocker={str(awake).lower()}",
        ],
        "window": [
            f"mCurrentRotation={rotation}",
            f"mDreamingLockscreen={str(locked).lower()}",
            f"isKeyguardShowing={str(locked).lower()}",
            f"mCurrentFocus={phone.focused}",
        ],
        "display": [
            f"mViewports=[DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0,"
            f" orientation={rotation}, logicalFrame=Rect(0, 0 - {w}, {h})}}]",
            f"mRefreshRate={phone.profile.refresh_hz:.1f}",
        ],
    }.get(service, [])


def dumpsys(call: Call) -> int:
    lines = dumpsys_lines(call.phone, call.args[0] if call.args else "")
    call.out.out("".join(f"  {line}\n" for line in lines))
    return 0


def settings(call: Call) -> int:
    """`settings put system user_rotation N` turns the screen (the only setting modelled)."""
    args = call.args
    if args[:3] == ["put", "system", "user_rotation"] and len(args) == 4 and args[3].isdigit():
        call.phone.rotate(int(args[3]))
        return 0
    if args[:3] == ["put", "system", "accelerometer_rotation"]:
        return 0
    call.err("usage: settings put system user_rotation 0|1|2|3\n")
    return 1


def am(call: Call) -> int:
    """`am start ...`: the game's app comes to the front (whatever activity is named)."""
    if call.args[:1] != ["start"]:
        call.err("usage: am start [-n COMPONENT]\n")
        return 1
    call.phone.bring_to_front()
    call.out.out("Starting: Intent { cmp=com.onestroke.practice/.GameActivity }\n")
    return 0


def monkey(call: Call) -> int:
    """`monkey -p PACKAGE 1`, the usual way to bring an app to the front from adb."""
    call.phone.bring_to_front()
    call.out.out("Events injected: 1\n")
    return 0


SYSTEM: dict[str, Command] = {
    "getprop": getprop,
    "wm": wm,
    "dumpsys": dumpsys,
    "settings": settings,
    "am": am,
    "monkey": monkey,
}
