"""The device registry names every backend without importing one; `open_device(name)` imports
the one it needs (adbutils loads for a phone, never for the desktop).

Each check runs in a fresh interpreter: the test process itself has imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace

import pytest

from onestroke.bot.device import BACKENDS, DeviceError, device_names, open_device
from onestroke.practice.phone import Phone, PhoneOptions, start_stand_in
from onestroke.practice.phone.device import INSTANT, PROFILES

HEAVY = ("adbutils", "cv2", "mss", "pyautogui", "Xlib")


def loaded_after(code: str, **env: str) -> dict[str, object]:
    """Run `code` after `import onestroke.bot.device` in a new interpreter; it sets `answer`.
    Returns the answer and which heavy modules were loaded by then."""
    script = (
        "import json, sys\nimport onestroke.bot.device as devices\nanswer = None\n"
        + code
        + f"\nprint(json.dumps({{'answer': answer, 'loaded': [m for m in {HEAVY!r} if m in sys.modules]}}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_listing_the_devices_imports_no_backend() -> None:
    seen = loaded_after("answer = devices.device_names()")
    assert seen == {"answer": ["adb", "desktop", "xvfb"], "loaded": []}


def test_opening_the_desktop_never_loads_adbutils() -> None:
    code = "try:\n    devices.open_device('desktop')\n"
    code += "except devices.DeviceError as error:\n    answer = str(error)"
    seen = loaded_after(code, DISPLAY="", WAYLAND_DISPLAY="")
    assert "display" in str(seen["answer"]).lower()  # no screen here: refused with one line
    assert "adbutils" not in seen["loaded"] and "cv2" not in seen["loaded"]


def test_opening_a_phone_loads_adbutils_and_nothing_of_the_desktop() -> None:
    fast = replace(PROFILES["android14"], width=270, height=480, **INSTANT)
    with start_stand_in([Phone("phone-1", fast, PhoneOptions())]) as server:
        code = "with devices.open_device('adb', capture='raw', touch='input-session') as d:\n"
        code += "    answer = d.capabilities.name"
        seen = loaded_after(code, ANDROID_ADB_SERVER_PORT=str(server.port))
    assert seen["answer"] == "adb"
    assert "adbutils" in seen["loaded"] and "mss" not in seen["loaded"] and "pyautogui" not in seen["loaded"]


def test_each_backend_module_registers_the_name_it_is_listed_under() -> None:
    code = "import importlib\nfrom onestroke.bot.device import base\nanswer = {}\n"
    code += "for name, module in devices.BACKENDS.items():\n    before = set(base._OPENERS)\n"
    code += "    importlib.import_module(module)\n    answer[name] = sorted(set(base._OPENERS) - before)"
    seen = loaded_after(code)
    assert seen["answer"] == {name: [name] for name in BACKENDS}


def test_an_unknown_device_is_refused_with_every_name() -> None:
    assert device_names() == sorted(BACKENDS)
    with pytest.raises(DeviceError, match="unknown device 'phone'; known: adb, desktop, xvfb"):
        open_device("phone")
