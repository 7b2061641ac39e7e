"""The pause and stop keys, pressed for real on the session's Xvfb (xdotool sends X key events;
pynput's listener reads them through the RECORD extension)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from onestroke.bot.device.keys import KeyControl

pytestmark = pytest.mark.e2e


def press(key: str) -> None:
    subprocess.run(["xdotool", "key", key], check=True, timeout=10)


def until(condition, timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def test_f8_pauses_and_resumes_and_f9_stops() -> None:
    with KeyControl() as keys:
        assert keys.start() is None
        press("F8")
        assert until(keys.paused.is_set), "F8 did not pause"
        said: list[str] = []
        waiting = threading.Thread(target=keys.wait_while_paused, args=(said.append,))
        waiting.start()
        time.sleep(0.2)
        assert waiting.is_alive(), "a paused bot must wait"
        press("F8")
        waiting.join(timeout=3)
        assert not waiting.is_alive() and not keys.paused.is_set()
        assert said == ["paused (F8 resumes, F9 stops)", "resumed"]
        press("a")  # other keys are the user's own business
        time.sleep(0.2)
        assert not keys.paused.is_set() and not keys.stop_requested.is_set()
        press("F8")
        assert until(keys.paused.is_set)
        press("F9")
        assert until(keys.stop_requested.is_set), "F9 did not ask to stop"
        assert not keys.paused.is_set(), "a stop ends the pause"


def test_without_a_display_the_keys_are_off_with_a_reason() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    code = "from onestroke.bot.device.keys import KeyControl; print(KeyControl().start())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("the pause and stop keys are off: "), done.stdout
