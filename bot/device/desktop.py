"""The desktop device: the screen through mss, the mouse through pyautogui (`DesktopDevice`).

On X11 it also offers the window stack (bot/device/x11.py). mss and pyautogui are imported
when the device opens, not at module import: pyautogui opens the X display at import (and
fails without one), and commands that never touch the screen should not pay for either.

pyautogui's fail-safe stays on: throwing the mouse into a screen corner stops the bot.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from onestroke.bot.device.base import (
    Capabilities,
    CaptureError,
    DeviceBase,
    FailSafeStop,
    InputError,
    NotOnWindow,
    TouchSession,
    register,
    signals_deferred,
)
from onestroke.bot.device.x11 import (
    ButtonReleaser,
    WindowGate,
    X11WindowStack,
    display_answers,
    is_x11,
    quiet_xlib,
    release_button_now,
)
from onestroke.coords import Point, Rect
from onestroke.locate import pointer_scale
from onestroke.plural import counted


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


def display_gone() -> str:
    """The one line for a pointer call on an X server that has ended."""
    display = os.environ.get("DISPLAY", "")
    return f"the display {display!r} went away (its X server ended) while the bot used it"


def as_monitor(rect: Rect) -> dict[str, int]:
    """mss's monitor dictionary for `rect` (whole capture units: mss grabs whole pixels)."""
    box = rect.rounded()
    return {"left": int(box.left), "top": int(box.top), "width": int(box.width), "height": int(box.height)}


class ScreenCapture:
    """Grabs a monitor (1 = the first, 0 = all of them) or a region of the desktop through mss.

    One `mss.MSS` instance is kept and reused: creating one opens a display connection, which
    costs more than the grab itself.
    """

    def __init__(self, monitor: int = 1, region: Rect | None = None) -> None:
        reason = no_display_reason()
        if reason:
            raise CaptureError(reason)
        import mss  # lazy: see the module docstring

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
                f"monitor {monitor} does not exist: this screen has {counted(len(monitors) - 1, 'monitor')}"
                " (0 = all of them together)"
            )
        m = monitors[monitor]
        self.monitor = Rect(m["left"], m["top"], m["width"], m["height"])
        self.region = region or self.monitor

    def grab(self, region: Rect | None = None) -> np.ndarray:
        """The pixels of `region` (default: the configured one) as a contiguous BGR image."""
        import mss  # already imported by __init__; here for its exception type

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


def load_pyautogui() -> Any:
    """pyautogui with the fail-safe on and its per-call pause off (gestures carry their own pace)."""
    reason = no_display_reason()
    if reason:
        raise InputError(reason)
    try:
        with quiet_xlib():  # pyautogui opens its X connection at import
            import pyautogui  # lazy: see the module docstring
    except Exception as error:  # pyautogui raises bare Exceptions when the display is unusable
        raise InputError(f"cannot drive the mouse: {error}") from None
    pyautogui.FAILSAFE = True
    pyautogui.PAUSE = 0.0
    return pyautogui


def instant_move(gui: Any) -> Callable[[int, int], None] | None:
    """pyautogui's instant move on X11 with its fail-safe check once, not its four round trips.

    `moveTo(x, y)` asks the X server where the pointer is three times (its fail-safe check
    before the call and before the step, and the start of a tween that an instant move does not
    need) and then sends the XTEST motion: 0.21 ms where this takes 0.05 ms on an idle Xvfb, and
    each round trip waits behind the game's redraw on a busy one. The watched drag sends a move
    per cell and has a few ms of a 60 fps frame left to do it in. The fail-safe is checked
    before every move, as pyautogui does (a pointer in a screen corner raises FailSafeException).
    None where pyautogui's X11 backend does not have the call (then `moveTo` is used).
    """
    move = getattr(getattr(gui, "platformModule", None), "_moveTo", None)
    check = getattr(gui, "failSafeCheck", None)
    if move is None or check is None:
        return None

    def moved(x: int, y: int) -> None:
        check()
        move(x, y)

    return moved


Touched = Literal["press", "move"]  # what a gated session sends: the press, or a move with the button held


class MouseSession(TouchSession):
    """The left mouse button as a finger, in pointer coordinates (logical points on HiDPI).

    With `window` (an X11 top-level window id: the game's) every press and held move goes
    through a `WindowGate`: it happens only where that window is the one on top, else
    `NotOnWindow` is raised and nothing is sent.
    """

    def __init__(self, gui: Any, area: Rect, window: int | None = None) -> None:
        super().__init__(area)
        self._gui = gui
        # macOS treats moves with the button down as plain moves unless they are drag events.
        self._drag_events = platform.system() == "Darwin"
        self._instant_move = instant_move(gui) if is_x11() else None
        self._display_gone = False  # python-xlib hangs on any request after its connection broke
        gate = WindowGate(window) if window is not None and is_x11() else None
        self._gate = gate if gate is not None and gate.works else None
        # a watched drag's watcher may need the button up at once: its connection is open already
        self._releaser = ButtonReleaser.opened() if self._gate is not None else None

    def _send(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """One pyautogui call that Ctrl-C cannot split.

        pyautogui talks to the X server over one python-xlib connection; an interrupt raised
        halfway through a request leaves that connection out of step, and the release that
        follows would then never reach the server. Signals wait until the call is done.
        """
        with signals_deferred():
            try:
                call(*args, **kwargs)
            except self._gui.FailSafeException:
                raise FailSafeStop(
                    "stopped: the mouse went into a screen corner (the fail-safe); the button is released"
                ) from None
            except Exception:  # python-xlib's errors for a dead connection are of many types
                if is_x11() and not display_answers():
                    self._display_gone = True
                    raise InputError(display_gone()) from None
                raise

    def _press(self, point: Point) -> None:
        x, y = Point(*point).rounded()
        if self._gate is not None:
            self._send(self._gui.failSafeCheck)
            self._gated(self._gate.press, x, y, "press")
            return
        self._send(self._gui.moveTo, x, y)
        self._send(self._gui.mouseDown, x, y, button="left")

    def _move(self, point: Point) -> None:
        x, y = Point(*point).rounded()
        if self._gate is not None:
            self._send(self._gui.failSafeCheck)
            self._gated(self._gate.move, x, y, "move")
            return
        if self._drag_events:
            self._send(self._gui.dragTo, x, y, duration=0, button="left", mouseDownUp=False)
        elif self._instant_move is not None:
            self._send(self._instant_move, x, y)
        else:
            self._send(self._gui.moveTo, x, y)

    def _gated(self, send: Callable[[int, int], bool], x: int, y: int, what: Touched) -> None:
        """`send` through the gate (the fail-safe already checked); `NotOnWindow` when refused."""
        sent: list[bool] = []
        self._send(lambda: sent.append(send(x, y)))
        if not sent[0]:
            said = "not pressing" if what == "press" else "let go, not moving there"
            raise NotOnWindow(f"{said}: the window on top at ({x}, {y}) is not the game's")

    def release_now(self) -> None:
        """Button up from any thread (a watcher that saw the game's window go): XTEST on a
        connection of its own, as pyautogui's is not to be shared between threads. The session's
        own release still follows on its way out (harmless twice)."""
        if self._releaser is not None:
            self._releaser.release()
        elif is_x11():
            release_button_now()

    def _release(self) -> None:
        """Button up, even when the fail-safe corner is what stopped us (releasing is always safe)."""
        if self._display_gone:
            return  # the button went with the display
        gui = self._gui
        failsafe, gui.FAILSAFE = gui.FAILSAFE, False
        try:
            gui.mouseUp(button="left")
        except Exception:
            if not (is_x11() and not display_answers()):
                raise  # the display went away: the button went with it, nothing is held down
        finally:
            gui.FAILSAFE = failsafe

    def close(self) -> None:
        """The gate's X connection closed (the finger is lifted first)."""
        try:
            self.up()
        finally:
            if self._gate is not None:
                self._gate.close()
            if self._releaser is not None:
                self._releaser.close()

    def __exit__(self, *exc: Any) -> None:
        self.close()


@register("desktop")
class DesktopDevice(DeviceBase):
    """This computer's screen (mss) and mouse (pyautogui); the X11 window stack where there is one.

    `monitor`: the mss monitor (1 = first, 0 = all); `scale`: image pixels per pointer unit, or
    None to measure it (a whole-monitor grab against `pyautogui.size()`).
    """

    def __init__(self, monitor: int = 1, scale: float | None = None) -> None:
        self._capture = ScreenCapture(monitor)
        try:
            self._gui = load_pyautogui()
        except BaseException:
            self._capture.close()
            raise
        self.screen = self._capture.monitor
        if scale is None:  # image pixels of a whole-monitor grab per pointer unit (HiDPI, Retina)
            width = self.grab(self.screen).shape[1]
            scale = (
                pointer_scale(width, self.pointer_size()[0]) if monitor == 1 else width / self.screen.width
            )
        self.scale = scale
        self.windows = X11WindowStack() if is_x11() else None
        self.capabilities = Capabilities(
            name="desktop",
            capture="mss",
            touch="pyautogui",
            fast_capture=True,
            window_stack=self.windows is not None,
        )

    def grab(self, region: Rect | None = None) -> np.ndarray:
        return self._capture.grab(region or self.screen)

    def touch(self, area: Rect, window: int | None = None) -> MouseSession:
        return MouseSession(self._gui, area, window)

    def pointer_size(self) -> tuple[int, int]:
        """The screen's size in pointer units (pyautogui's)."""
        width, height = self._gui.size()
        return int(width), int(height)

    def close(self) -> None:
        self._capture.close()
