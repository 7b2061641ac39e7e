"""The X11 window stack: which window a person sees at a screen point (`X11WindowStack`).

The desktop device offers it where there is one, so the play loop can refuse to drag over a
window that covers the game. python-xlib is imported only when the stack is asked: importing it
needs a usable Xauthority (see `quiet_xlib`), and most commands never ask.
"""

from __future__ import annotations

import io
import os
import platform
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout

from onestroke.bot.coords import Point, Rect


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
