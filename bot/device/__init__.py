"""Devices: where screens come from and where touches go (see `base` for the seam).

Importing this package registers every backend: `desktop`, `xvfb`, `adb`.
"""

from onestroke.bot.device import adb, desktop, xvfb
from onestroke.bot.device.base import (
    Capabilities,
    CaptureError,
    Device,
    DeviceBase,
    DeviceError,
    InputError,
    TouchSession,
    UnsafeDragError,
    WindowStack,
    check_inside,
    device_names,
    open_device,
    perform,
    register,
    signals_deferred,
)
from onestroke.bot.device.choose import device_for

__all__ = [
    "Capabilities",
    "CaptureError",
    "Device",
    "DeviceBase",
    "DeviceError",
    "InputError",
    "TouchSession",
    "UnsafeDragError",
    "WindowStack",
    "adb",
    "check_inside",
    "desktop",
    "device_for",
    "device_names",
    "open_device",
    "perform",
    "register",
    "signals_deferred",
    "xvfb",
]
