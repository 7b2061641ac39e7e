"""End-to-end harness: a private Xvfb per test session, the practice game in its own process.

Nothing here is simulated: the X server is real (Xvfb), the game is a real Tk window, mss
really captures it and pyautogui really moves the (virtual) pointer. Each test sees DISPLAY
and XAUTHORITY pointing at the session's Xvfb (set before anything imports pyautogui), so the
tests never touch a developer's own screen and mouse.
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import StandIns, Windows

from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.device.xvfb import VirtualDisplay, virtual_display


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches the tests however pytest was started. A script that starts it in the
    background (`cmd &`, nohup) leaves SIGINT ignored, and every process a test starts inherits
    that: the Ctrl-C tests then see no KeyboardInterrupt ("DID NOT RAISE"), in this process or in
    the bot's. Python's own handler, put back, is reset to the default in each child it starts."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def xvfb() -> Iterator[VirtualDisplay]:
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb; `bash run.sh test` installs it)")
    with virtual_display(1920, 1080) as display:
        yield display


@pytest.fixture(autouse=True)
def on_xvfb(xvfb: VirtualDisplay, monkeypatch: pytest.MonkeyPatch) -> VirtualDisplay:
    """Every e2e test runs with DISPLAY/XAUTHORITY on the session's Xvfb (restored afterwards)."""
    for key, value in xvfb.env().items():
        if os.environ.get(key) != value:
            monkeypatch.setenv(key, value)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return xvfb


@pytest.fixture
def desktop(on_xvfb: VirtualDisplay) -> Iterator[DesktopDevice]:
    """The desktop device (mss + pyautogui) on the session's Xvfb."""
    with DesktopDevice() as device:
        yield device


@pytest.fixture
def windows(tmp_path: Path) -> Iterator[Windows]:
    opened = Windows(tmp_path)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def stand_ins() -> Iterator[list[StandIns]]:
    """Stand-in phones a test starts (append them); stopped at its end."""
    started: list[StandIns] = []
    yield started
    for running in started:
        running.stop()
