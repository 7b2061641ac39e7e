"""Which device to open for a command: a phone when asked (`--adb`), else what the profile names.

The one place that turns a saved profile plus command-line choices into `open_device` options.
It lives in the play layer, the first one above both parts it composes: calibration's saved
profiles and the devices' registry.
"""

from __future__ import annotations

from onestroke.bot.device import Device, open_device
from onestroke.calibration.profile import Profile
from onestroke.solver.errors import OnestrokeError


class PhoneOnlyOption(OnestrokeError):
    """A phone's option (`--capture`, `--touch`) for a run on another device, where it would do
    nothing: refused (a usage error) before the device is opened."""


def refuse_phone_options(device: str, *, capture: str, touch: str) -> None:
    """`--capture` and `--touch` pick a phone's screenshot and touch methods; on `device` (not a
    phone) they are refused instead of silently ignored."""
    for option, value in (("--capture", capture), ("--touch", touch)):
        if value != "auto":
            raise PhoneOnlyOption(
                f"{option} applies to --adb only (a phone, or a profile of one), not to the {device}:"
                f" got {option} {value}"
            )


def device_for(
    profile: Profile | None = None,
    *,
    adb: str | None = None,
    monitor: int | None = None,
    capture: str = "auto",
    touch: str = "auto",
    wait_away: float | None = None,
) -> Device:
    """Open the device to play on.

    - `adb`: a serial ("" for the only phone attached) picks the adb backend whatever the profile says;
      `capture` and `touch` pick the phone's methods (`auto`: measured on it); `wait_away`: seconds
      a phone whose game went away (screen off, turned, app in the back, offline) is waited for;
    - otherwise the profile's backend (its serial, monitor and measured scale);
    - otherwise the desktop, on `monitor` (default 1), with the scale measured now.

    On a device that is not a phone, `capture` and `touch` other than `auto` are refused
    (`PhoneOnlyOption`) before it is opened.
    """
    if adb is None and profile is not None and profile.backend == "adb":
        adb = profile.serial or ""
    if adb is not None:  # a phone: its screenshot and touch methods (auto: measured, fastest kept)
        waits = {"wait_away": wait_away} if wait_away is not None else {}
        return open_device("adb", serial=adb or None, capture=capture, touch=touch, say=print, **waits)
    name = profile.backend if profile is not None else "desktop"
    refuse_phone_options(name, capture=capture, touch=touch)
    if name == "desktop":
        chosen = monitor if monitor is not None else (profile.monitor if profile is not None else 1)
        return open_device("desktop", monitor=chosen, scale=profile.scale if profile is not None else None)
    return open_device(name)
