"""Capture: where screen pixels come from (a desktop monitor through mss, or a phone through adb).

Every backend returns a numpy BGR image of the `Rect` it was asked for (capture units), so that
a pixel found in the image can be turned back into a place on the screen. This module (with `bot/pointer.py`
and `practice/game.py`) is one of the few that touch a display or a device; mss and python-xlib
are imported only when a capture really happens.

It also owns the two display helpers the bot and its tests need: `virtual_display()` starts a
private Xvfb when there is no screen, and `topmost_windows()` tells which window a person sees
at given screen points, so the bot can refuse to drag over a window that covers the game.
"""

from __future__ import annotations

import io
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from typing import Any

import numpy as np

from onestroke.bot.coords import Point, Rect
from onestroke.solver.errors import OnestrokeError


class CaptureError(OnestrokeError):
    """The screen or device cannot be read (no display, Wayland, adb missing, device offline)."""


def no_display_reason() -> str | None:
    """Why a desktop capture cannot work here, in words a user can act on; None when it can."""
    system = platform.system()
    if system != "Linux":
        return None
    if os.environ.get("DISPLAY"):
        return None
    if os.environ.get("WAYLAND_DISPLAY"):
        return (
            "this is a Wayland session without XWayland's DISPLAY: screen capture and pointer input"
            " need X11 (log in with an 'on Xorg' session, or run the game under XWayland with DISPLAY set)"
        )
    return (
        "no display: DISPLAY is not set (run on a desktop, use `onestroke demo` which starts Xvfb"
        " by itself, or start one: Xvfb :99 & export DISPLAY=:99)"
    )


class ScreenCapture:
    """Grabs a monitor (1 = the first, 0 = all of them) or a region of the desktop through mss.

    One `mss.MSS` instance is kept and reused: creating one opens a display connection, which
    costs more than the grab itself.
    """

    def __init__(self, monitor: int = 1, region: Rect | None = None) -> None:
        reason = no_display_reason()
        if reason:
            raise CaptureError(reason)
        import mss

        try:
            self._mss: Any = mss.MSS()
        except mss.ScreenShotError as error:
            where = f"display {os.environ['DISPLAY']!r}" if os.environ.get("DISPLAY") else "the screen"
            raise CaptureError(
                f"cannot open {where} for capture (is an X server running there?): {error}"
            ) from None
        monitors = self._mss.monitors
        if not 0 <= monitor < len(monitors):
            self._mss.close()
            raise CaptureError(
                f"monitor {monitor} does not exist: this screen has {len(monitors) - 1} monitor(s)"
                " (0 = all of them together)"
            )
        m = monitors[monitor]
        self.monitor = Rect(m["left"], m["top"], m["width"], m["height"])
        self.region = region or self.monitor

    def grab(self, region: Rect | None = None) -> np.ndarray:
        """The pixels of `region` (default: the configured one) as a contiguous BGR image."""
        import mss

        box = region or self.region
        try:
            shot = self._mss.grab(as_monitor(box))
        except mss.ScreenShotError as error:
            raise CaptureError(f"screen capture of {box} failed: {error}") from None
        bgra = np.frombuffer(shot.raw, dtype=np.uint8).reshape(shot.height, shot.width, 4)
        return np.ascontiguousarray(bgra[:, :, :3])

    def close(self) -> None:
        self._mss.close()

    def __enter__(self) -> ScreenCapture:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def as_monitor(rect: Rect) -> dict[str, int]:
    """mss's monitor dictionary for `rect` (whole capture units: mss grabs whole pixels)."""
    box = rect.rounded()
    return {"left": int(box.left), "top": int(box.top), "width": int(box.width), "height": int(box.height)}


def adb_command(serial: str | None, error: type[OnestrokeError] = CaptureError) -> list[str]:
    """The adb invocation for one device, with a clear `error` when adb is not installed."""
    adb = shutil.which("adb")
    if adb is None:
        raise error(
            "adb not found: install Android platform-tools (e.g. apt-get install adb) and enable"
            " USB debugging on the phone, or play on the desktop instead"
        )
    return [adb, "-s", serial] if serial else [adb]


class AdbCapture:
    """Screenshots of an Android phone or emulator through `adb exec-out screencap -p`."""

    def __init__(self, serial: str | None = None) -> None:
        self._adb = adb_command(serial)

    def grab(self, region: Rect | None = None) -> np.ndarray:
        import cv2

        try:
            done = subprocess.run(
                [*self._adb, "exec-out", "screencap", "-p"], capture_output=True, timeout=15, check=False
            )
        except subprocess.TimeoutExpired:
            raise CaptureError("adb screencap gave no answer in 15 s (device asleep or offline?)") from None
        if done.returncode != 0 or not done.stdout:
            message = done.stderr.decode(errors="replace").strip().splitlines()
            raise CaptureError(f"adb screencap failed: {message[-1] if message else 'no output'}")
        image = cv2.imdecode(np.frombuffer(done.stdout, dtype=np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            raise CaptureError("adb screencap returned data that is not a PNG image")
        if region is not None:
            box = region.rounded()
            image = image[int(box.top) : int(box.bottom), int(box.left) : int(box.right)]
        return np.ascontiguousarray(image)

    def close(self) -> None:
        """Nothing to release: every grab is its own adb process."""


# -- the X11 window stack ----------------------------------------------------------------


def window_boxes() -> list[tuple[int, Rect]] | None:
    """The viewable top-level X windows, bottom to top, as (id, rectangle in root coordinates).

    None when the question cannot be asked here (not X11, no python-xlib, no connection).
    """
    if platform.system() != "Linux" or not os.environ.get("DISPLAY"):
        return None
    try:
        from Xlib import X, display
        from Xlib.error import XError
    except ImportError:
        return None
    try:
        with quiet_xlib():
            d = display.Display()
    except Exception:  # python-xlib raises several unrelated types for "cannot connect"
        return None
    boxes: list[tuple[int, Rect]] = []
    try:
        for window in d.screen().root.query_tree().children:  # bottom-to-top stacking order
            try:
                attributes = window.get_attributes()
                if attributes.map_state != X.IsViewable or attributes.win_class == X.InputOnly:
                    continue
                g = window.get_geometry()
            except XError:  # the window went away while we looked
                continue
            border = 2 * g.border_width
            boxes.append((window.id, Rect(g.x, g.y, g.width + border, g.height + border)))
    finally:
        d.close()
    return boxes


def topmost_windows(points: Sequence[Point]) -> list[int | None] | None:
    """The id of the top-level X window a person sees at each screen point (None: bare root).

    Returns None when the question cannot be asked here (not X11). Used before a press: when
    the points of one board do not all show the same window, something covers the game.
    """
    boxes = window_boxes()
    if boxes is None:
        return None
    return [_top_at(boxes, point)[0] for point in points]


def window_at(point: Point) -> Rect | None:
    """The rectangle of the top-level window a person sees at screen `point`, if known."""
    boxes = window_boxes()
    return None if boxes is None else _top_at(boxes, point)[1]


def _top_at(boxes: list[tuple[int, Rect]], point: Point) -> tuple[int | None, Rect | None]:
    found: tuple[int | None, Rect | None] = (None, None)
    for wid, box in boxes:
        if box.contains(point):
            found = (wid, box)
    return found


@contextmanager
def quiet_xlib() -> Iterator[None]:
    """Around opening a python-xlib connection (pyautogui's import, the window stack).

    python-xlib prints "Xlib.xauth: warning, no xauthority details available" on stdout when the
    Xauthority file has no entry for the display (an empty file, ssh -X), which would land among
    the bot's own output; and it refuses to connect at all when there is no Xauthority file
    (`Xvfb :99 & export DISPLAY=:99` on a server), though such a server asks for no cookie.
    Libxcb, which mss uses, connects without one; so does python-xlib, given an empty file.
    """
    no_file = not os.environ.get("XAUTHORITY") and not os.path.exists(os.path.expanduser("~/.Xauthority"))
    if no_file:
        os.environ["XAUTHORITY"] = os.devnull
    try:
        with redirect_stdout(io.StringIO()):
            yield
    finally:
        if no_file:
            del os.environ["XAUTHORITY"]


# -- a private X display -----------------------------------------------------------------


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
        process = subprocess.Popen(
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
    import socket
    import struct

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
    import select

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


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Ask a child process (Xvfb, the practice game) to end; kill it if it has not within 5 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
