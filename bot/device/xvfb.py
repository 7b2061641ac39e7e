"""A private X display (Xvfb), and the desktop device on it (`XvfbDevice`, registered as `xvfb`).

`virtual_display()` starts Xvfb on a free display number and stops it on exit; the demo and the
end-to-end tests use it so that the bot never touches a person's own screen and mouse.
"""

from __future__ import annotations

import os
import select
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace

import numpy as np

from onestroke._process import detached, stop_process
from onestroke.bot.device.base import CaptureError, DeviceBase, register
from onestroke.bot.device.desktop import DesktopDevice, MouseSession
from onestroke.coords import Rect


@dataclass(frozen=True)
class VirtualDisplay:
    """A running Xvfb: its DISPLAY name, Xauthority file and screen size."""

    name: str
    xauthority: str
    width: int
    height: int
    process: subprocess.Popen[bytes]

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """An environment for child processes that points them at this display."""
        env = dict(os.environ if base is None else base)
        env.update(DISPLAY=self.name, XAUTHORITY=self.xauthority)
        env.pop("WAYLAND_DISPLAY", None)
        return env


@contextmanager
def virtual_display(width: int = 1920, height: int = 1080) -> Iterator[VirtualDisplay]:
    """Start Xvfb on a free display number (Xvfb picks it: -displayfd), stop it on exit.

    XAUTHORITY points at a file of our own: python-xlib (used by pyautogui) insists on an
    Xauthority file existing and prints a warning on stdout when it holds no entry for the
    display. Xvfb runs without -auth, so it accepts local clients whatever cookie they send.
    """
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise CaptureError(
            "no display and Xvfb is not installed: install it (apt-get install xvfb) or run on a desktop"
        )
    folder = tempfile.mkdtemp(prefix="onestroke-xvfb-")
    xauthority = os.path.join(folder, "Xauthority")
    open(xauthority, "wb").close()
    log_path = os.path.join(folder, "Xvfb.log")
    read_fd, write_fd = os.pipe()
    with open(log_path, "wb") as log:  # a file, not a pipe: nobody drains Xvfb's chatter
        process = detached(  # its own process group: a Ctrl-C must not end it before the button is up
            [xvfb, "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=(write_fd,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    os.close(write_fd)
    try:
        number = _read_display_number(read_fd, process, log_path)
        _write_xauthority(xauthority, number)
        yield VirtualDisplay(f":{number}", xauthority, width, height, process)
    finally:
        os.close(read_fd)
        stop_process(process)
        shutil.rmtree(folder, ignore_errors=True)


def _write_xauthority(path: str, number: int) -> None:
    """One MIT-MAGIC-COOKIE-1 entry for this host and display, in the Xauthority file format."""

    def field(data: bytes) -> bytes:
        return struct.pack(">H", len(data)) + data

    family_local = 256
    parts = (socket.gethostname().encode(), str(number).encode(), b"MIT-MAGIC-COOKIE-1", os.urandom(16))
    entry = struct.pack(">H", family_local) + b"".join(field(part) for part in parts)
    with open(path, "wb") as file:
        file.write(entry)


def _read_display_number(
    fd: int, process: subprocess.Popen[bytes], log_path: str, timeout: float = 15.0
) -> int:
    deadline = time.monotonic() + timeout
    text = b""
    while not text.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(remaining, 0))
        if not ready:
            process.kill()
            raise CaptureError(f"Xvfb did not start within {timeout:.0f} s")
        chunk = os.read(fd, 64)
        if not chunk:
            with open(log_path, errors="replace") as log:
                err = log.read().strip()
            raise CaptureError(f"Xvfb exited at start-up: {err.splitlines()[-1] if err else 'no message'}")
        text += chunk
    return int(text)


@register("xvfb")
class XvfbDevice(DeviceBase):
    """A desktop device on a private Xvfb of its own (started on open, stopped on close).

    Opening it points this process's DISPLAY and XAUTHORITY at the new display (pyautogui reads
    them when it is imported), so child processes started afterwards — the practice game — show
    their windows there too; `display` names it.
    """

    def __init__(self, width: int = 1920, height: int = 1080) -> None:
        with ExitStack() as stack:
            self.display = stack.enter_context(virtual_display(width, height))
            os.environ.update(self.display.env())  # before anything imports pyautogui
            os.environ.pop("WAYLAND_DISPLAY", None)
            self._desktop = stack.enter_context(DesktopDevice())
            self._stack = stack.pop_all()
        self.screen = self._desktop.screen
        self.scale = self._desktop.scale
        self.windows = self._desktop.windows
        self.capabilities = replace(self._desktop.capabilities, name="xvfb")

    def grab(self, region: Rect | None = None) -> np.ndarray:
        return self._desktop.grab(region)

    def touch(self, area: Rect, window: int | None = None) -> MouseSession:
        return self._desktop.touch(area, window)

    def close(self) -> None:
        self._stack.close()
