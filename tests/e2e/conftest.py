"""End-to-end harness: a private Xvfb per test session, the practice game in its own process.

Nothing here is simulated: the X server is real (Xvfb), the game is a real Tk window, mss
really captures it and pyautogui really moves the (virtual) pointer. Each test sees DISPLAY
and XAUTHORITY pointing at the session's Xvfb (set before anything imports pyautogui), so the
tests never touch a developer's own screen and mouse.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import StandIns, Windows, left_behind

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


@pytest.fixture(autouse=True)
def nothing_left_running(xvfb: VirtualDisplay) -> Iterator[None]:
    """No test leaves a process of its own behind (a game, a browser, a bot): one left on the
    session's display shows a board of its own beside the next tests' games, and those tests'
    bots may read it for theirs. Whatever is left after a short grace is killed, and the test
    that left it fails in its teardown, naming it."""
    yield
    deadline = time.monotonic() + 5
    while (left := left_behind({xvfb.process.pid})) and time.monotonic() < deadline:
        time.sleep(0.1)
    for process in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGKILL)
    if left:
        named = ", ".join(f"{p.pid} {b' '.join(p.command[:4]).decode(errors='replace')}" for p in left)
        pytest.fail(f"the test left processes running (killed now): {named}")


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
