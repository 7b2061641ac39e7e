"""Devices: where screens come from and where touches go (see `base` for the seam).

The backends (`desktop`, `xvfb`, `adb`) are known by name here and imported only when one is
opened (`open_device(name)`) or its module is asked for (`onestroke.bot.device.adb`): importing
this package loads no adbutils, mss, pyautogui or OpenCV.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from onestroke.bot.device.base import (
    Capabilities,
    CaptureError,
    Device,
    DeviceBase,
    DeviceError,
    InputError,
    NotOnWindow,
    StrokeLost,
    TouchSession,
    UnsafeDragError,
    WindowStack,
    WindowState,
    check_inside,
    device_names,
    open_device,
    perform,
    register,
    register_module,
    signals_deferred,
)

BACKENDS = {
    "desktop": "onestroke.bot.device.desktop",
    "xvfb": "onestroke.bot.device.xvfb",
    "adb": "onestroke.bot.device.adb",
}
"""Every backend by its registry name, and the module that registers it."""

for _name, _module in BACKENDS.items():
    register_module(_name, _module)


def __getattr__(name: str) -> ModuleType:
    """`onestroke.bot.device.adb` and the other backends as attributes, imported on first use."""
    if name in BACKENDS:
        return importlib.import_module(BACKENDS[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BACKENDS",
    "Capabilities",
    "CaptureError",
    "Device",
    "DeviceBase",
    "DeviceError",
    "InputError",
    "NotOnWindow",
    "StrokeLost",
    "TouchSession",
    "UnsafeDragError",
    "WindowStack",
    "WindowState",
    "check_inside",
    "device_names",
    "open_device",
    "perform",
    "register",
    "register_module",
    "signals_deferred",
]
