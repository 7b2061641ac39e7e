"""The X11 window stack: which window a person sees at a screen point (`X11WindowStack`).

The desktop device offers it where there is one, so the play loop can refuse to drag over a
window that covers the game, and (`WindowGate`) the touch session presses and moves only where
the game's window is on top, asked under a server grab at the moment of the event. python-xlib
is imported only when the stack is asked: importing it needs a usable Xauthority (see
`quiet_xlib`), and most commands never ask.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import select
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from typing import Any

from onestroke.bot.device.base import WindowState
from onestroke.coords import Point, Rect


@contextmanager
def quiet_xlib() -> Iterator[None]:
    """Around opening a python-xlib connection (pyautogui's import, the window stack).

    python-xlib prints "Xlib.xauth: warning, no xauthority details available" on stdout when the
    Xauthority file has no entry for the display (an empty file, ssh -X), which would land among
    the bot's own output; and it refuses to connect at all when there is no Xauthority file
    (`Xvfb :99 & export DISPLAY=:99` on a server), though such a server asks for no cookie.
    Libxcb, which mss uses, connects without one; so does python-xlib, given an empty file.

    Both changes are process-wide (sys.stdout, the environment), so one thread at a time: the
    window watch's thread connects (to release the button) while the main thread asks the stack,
    and two interleaved redirects once left sys.stdout on a StringIO for the rest of the run
    (every later progress line lost).
    """
    with _QUIET:
        no_file = not os.environ.get("XAUTHORITY") and not os.path.exists(os.path.expanduser("~/.Xauthority"))
        if no_file:
            os.environ["XAUTHORITY"] = os.devnull
        try:
            with redirect_stdout(io.StringIO()):
                yield
        finally:
            if no_file:
                del os.environ["XAUTHORITY"]


_QUIET = threading.RLock()  # see quiet_xlib


def is_x11() -> bool:
    """True where the X11 window stack can be asked (Linux with a DISPLAY)."""
    return platform.system() == "Linux" and bool(os.environ.get("DISPLAY"))


def display_answers() -> bool:
    """True when the X server named by DISPLAY still takes a new connection.

    Asked only after a pointer call failed: a server that ended (its session closed, a demo's
    Xvfb stopped) took the pressed button with it, which is no reason for a traceback.
    """
    try:  # lazy: see window_boxes
        from Xlib import display
    except ImportError:
        return True  # cannot tell: assume it does, so the real error is shown
    try:
        with quiet_xlib():
            display.Display().close()
    except Exception:  # python-xlib raises several unrelated types for "cannot connect"
        return False
    return True


def window_boxes() -> list[tuple[int, Rect]] | None:
    """The viewable top-level X windows, bottom to top, as (id, rectangle in root coordinates).

    None when the question cannot be asked here (not X11, no python-xlib, no connection).
    """
    if not is_x11():
        return None
    try:  # lazy: python-xlib reads the Xauthority at import (see quiet_xlib)
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


def _top_at(boxes: list[tuple[int, Rect]], point: Point) -> tuple[int | None, Rect | None]:
    found: tuple[int | None, Rect | None] = (None, None)
    for wid, box in boxes:
        if box.contains(point):
            found = (wid, box)
    return found


def _connect() -> Any | None:
    """A python-xlib connection of our own, or None where there is none (see window_boxes)."""
    if not is_x11():
        return None
    try:  # lazy: python-xlib reads the Xauthority at import (see quiet_xlib)
        from Xlib import display

        with quiet_xlib():
            return display.Display()
    except Exception:  # python-xlib raises several unrelated types for "cannot connect"
        return None


def _state(connection: Any, wid: int, area: Rect) -> WindowState:
    """Window `wid` as `connection`'s server shows it now; `covered`: a shown window above it
    (later among the root's children: the stacking order) overlaps `area`."""
    from Xlib import X
    from Xlib.error import XError

    window = connection.create_resource_object("window", wid)
    try:
        attributes = window.get_attributes()
        g = window.get_geometry()
        children = connection.screen().root.query_tree().children  # bottom-to-top stacking order
    except XError:  # BadWindow: it is gone
        return WindowState(exists=False, mapped=False)
    border = 2 * g.border_width
    box = Rect(g.x, g.y, g.width + border, g.height + border)
    mapped = attributes.map_state == X.IsViewable
    ids = [child.id for child in children]
    covered = False
    for above in children[ids.index(wid) + 1 :] if wid in ids else []:
        try:
            a = above.get_attributes()
            if a.map_state != X.IsViewable or a.win_class == X.InputOnly:
                continue
            ag = above.get_geometry()
        except XError:  # went away while we looked
            continue
        other = Rect(ag.x, ag.y, ag.width + 2 * ag.border_width, ag.height + 2 * ag.border_width)
        if other.intersection(area) is not None:
            covered = True
            break
    return WindowState(exists=True, mapped=mapped, box=box, covered=covered)


class X11WindowStack:
    """The `WindowStack` of an X11 desktop, in root-window (= pointer) coordinates."""

    def topmost(self, points: Sequence[Point]) -> list[int | None] | None:
        """The id of the top-level X window a person sees at each screen point (None: bare root).

        Returns None when the question cannot be asked (no connection). Used before a press:
        when the points of one board do not all show the same window, something covers the game.
        """
        boxes = window_boxes()
        if boxes is None:
            return None
        return [_top_at(boxes, point)[0] for point in points]

    def window_at(self, point: Point) -> Rect | None:
        """The rectangle of the top-level window a person sees at screen `point`, if known."""
        boxes = window_boxes()
        return None if boxes is None else _top_at(boxes, point)[1]

    def window_id_at(self, point: Point) -> int | None:
        """The id of the top-level window a person sees at screen `point`, if known."""
        boxes = window_boxes()
        return None if boxes is None else _top_at(boxes, point)[0]

    def state(self, window: int, area: Rect) -> WindowState | None:
        """Top-level `window` now: does it exist, is it mapped, where, is anything above it over `area`."""
        connection = _connect()
        if connection is None:
            return None
        try:
            return _state(connection, window, area)
        except Exception:  # the connection broke: cannot tell
            return None
        finally:
            with contextlib.suppress(Exception):
                connection.close()

    def watch(self, window: int, area: Rect, on_gone: Callable[[], None]) -> WindowWatch:
        """A `WindowWatch` on top-level `window` over `area` (close it when done)."""
        return WindowWatch(window, area, on_gone)


class WindowWatch:
    """Tells at once, from a thread of its own, when the game's window stops showing the board.

    The X server sends an event the moment it happens, no grab or polling of the screen needed:
    on the window itself DestroyNotify (its program died), UnmapNotify (hidden, minimised) and
    ConfigureNotify (moved or resized); on the root window MapNotify, ConfigureNotify and
    CirculateNotify of the others (a window shown, moved or raised), after which the stacking
    order says whether one of them now lies over `area`. `on_gone` is called from the watching
    thread (it must be safe there: the release sends its own XTEST event on its own connection).
    What happened is not decided here: the caller asks the stack afterwards (`state`). Does
    nothing where the question cannot be asked.
    """

    def __init__(self, wid: int, area: Rect, on_gone: Callable[[], None]) -> None:
        self.gone = threading.Event()
        self._stop = threading.Event()
        self._on_gone = on_gone
        self._thread: threading.Thread | None = None
        connection = _connect()
        if connection is None:
            return
        try:
            from Xlib import X

            # listen first, then look: a window mapped in between is in the first state or in the
            # events, never in neither (looking first left an instant in which a cover was missed)
            window = connection.create_resource_object("window", wid)
            window.change_attributes(event_mask=X.StructureNotifyMask)
            connection.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
            connection.sync()
            first = _state(connection, wid, area)
        except Exception:  # the window went away already
            connection.close()
            return
        self._thread = threading.Thread(target=self._watch, args=(connection, wid, area, first), daemon=True)
        self._thread.start()

    def _watch(self, connection: Any, wid: int, area: Rect, first: WindowState) -> None:
        """Wait for the window's end (the one connection is used by this thread alone)."""
        from Xlib import X

        # a window that came over the board between the caller's last look and this watch's
        # first one sent its event before we listened: the first state says so instead
        gone = not first.exists or not first.mapped or first.covered
        others = (X.MapNotify, X.ConfigureNotify, X.CirculateNotify)
        try:
            while not self._stop.is_set() and not gone:
                ready, _, _ = select.select([connection.fileno()], [], [], 0.05)
                restacked = False
                while ready and connection.pending_events():  # raises once the server has ended
                    event = connection.next_event()
                    mine = getattr(event, "window", None) is not None and event.window.id == wid
                    if mine and event.type in (X.DestroyNotify, X.UnmapNotify):
                        gone = True
                        break
                    restacked = restacked or event.type in others
                if not gone and restacked:
                    now = _state(connection, wid, area)
                    gone = (now.exists, now.mapped, now.box, now.covered) != (True, True, first.box, False)
        except Exception:  # the X server ended: the window with it
            gone = True
        finally:
            with contextlib.suppress(Exception):
                connection.close()
        if gone and not self._stop.is_set():
            self.gone.set()
            self._on_gone()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(1.0)

    def __enter__(self) -> WindowWatch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class ButtonReleaser:
    """An X connection opened ahead of time, kept to release the left button from any thread.

    Opening a python-xlib connection is pure Python (the setup reply, the extension list): 5-10 ms
    on an idle machine, a median 182 ms (max 402) at load 44, measured; the release on a connection
    already open takes 0.1 ms there. A watcher that hears the game's window go must not pay the
    opening then, so the drag opens this before its press."""

    def __init__(self) -> None:
        from Xlib import display

        self._lock = threading.Lock()
        with quiet_xlib():
            self._display: Any = display.Display()

    @classmethod
    def opened(cls) -> ButtonReleaser | None:
        """A releaser, or None when no connection could be opened (then `release_button_now`)."""
        try:
            return cls()
        except Exception:
            return None

    def release(self) -> None:
        """Button up (harmless when it is up already); falls back to a connection of its own."""
        with self._lock:
            if self._display is not None:
                try:
                    send_release(self._display)
                    return
                except Exception:  # the connection broke: try a fresh one
                    pass
        release_button_now()

    def close(self) -> None:
        with self._lock:
            display, self._display = self._display, None
        if display is not None:
            with contextlib.suppress(Exception):
                display.close()


def release_button_now() -> None:
    """Release the left button through XTEST on a connection of our own (safe from any thread;
    harmless when the button is already up)."""
    try:
        from Xlib import display

        with quiet_xlib():
            d = display.Display()
        try:
            send_release(d)
        finally:
            d.close()
    except Exception:  # no connection: the display (and the button with it) is gone
        pass


def send_release(connection: Any) -> None:
    """The left button's XTEST release on `connection`, waited for by the server."""
    from Xlib import X
    from Xlib.ext import xtest

    xtest.fake_input(connection, X.ButtonRelease, 1)
    connection.sync()


class WindowGate:
    """Presses and held-button moves that land only on one top-level window, `wid`.

    The question (is `wid` the window a person sees at the point?) and the XTEST event are sent
    on one connection of the gate's own under a server grab: while the server is grabbed it
    serves no other client, so no window can be mapped, moved or raised between the answer and
    the event. A window watch (`WindowWatch`) hears of a cover only after the server has shown
    it, and a busy machine may run the bot's press before the watch's thread; the gate has no
    such gap. The answer is the server's own (TranslateCoordinates: the child of the root that
    holds the point, as input is delivered), so it also holds for an input-only window.
    """

    def __init__(self, wid: int) -> None:
        self.wid = wid
        self._connection = _connect()

    @property
    def works(self) -> bool:
        """False where there is no X connection to ask (then nothing is gated)."""
        return self._connection is not None

    def press(self, x: int, y: int) -> bool:
        """Move to (x, y) and press the left button there, only when `wid` is on top at (x, y);
        False (nothing sent) when it is not."""
        return self._send(x, y, press=True)

    def move(self, x: int, y: int) -> bool:
        """Move to (x, y) only when `wid` is on top there; False (nothing sent) when it is not."""
        return self._send(x, y, press=False)

    def _top_at(self, x: int, y: int) -> int | None:
        """The id of the root's child that holds (x, y) (None: the bare root)."""
        root = self._connection.screen().root
        child = root.translate_coords(root, x, y).child
        return child.id if child else None

    def _send(self, x: int, y: int, *, press: bool) -> bool:
        from Xlib import X
        from Xlib.ext import xtest

        connection = self._connection
        assert connection is not None, "the gate has no X connection (check `works`)"
        connection.grab_server()
        try:
            if self._top_at(x, y) != self.wid:
                return False
            xtest.fake_input(connection, X.MotionNotify, x=x, y=y)
            if press:
                xtest.fake_input(connection, X.ButtonPress, 1)
            return True
        finally:
            connection.ungrab_server()
            connection.sync()

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None
