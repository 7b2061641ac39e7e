"""An independent press monitor: every pointer event the X server handles, from its RECORD extension.

The fault tests count what the bot really did to the desktop, so the counting must not trust the
bot: this module uses python-xlib alone (none of onestroke's code). A RECORD context on all
clients gets every ButtonPress, ButtonRelease and MotionNotify the server processes (the bot's
XTEST input included) and, in the same stream and so in the server's own order, the top-level
windows' CreateNotify, MapNotify, UnmapNotify, ConfigureNotify and DestroyNotify. From those the
monitor keeps its own copy of the stacking order, so "which window was under this press" is
answered as the server saw it at that moment, not a moment later when a query would be answered
(under load that moment can be tens of milliseconds, long enough for a cover to appear).

Use it as a context manager on the display named by DISPLAY:

    with PressMonitor() as monitor:
        ...                       # the bot plays, the test injects faults
    strays(monitor.events(), allowed={game_window})
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from Xlib import X, display
from Xlib.error import ConnectionClosedError, XError
from Xlib.ext import record
from Xlib.protocol import rq

BUTTONS_HELD = X.Button1Mask | X.Button2Mask | X.Button3Mask
START_TIMEOUT = 10.0  # seconds for the RECORD context to be enabled (a loaded machine)


@dataclass(frozen=True)
class Box:
    """A rectangle in root-window (= pointer) coordinates; its own type so nothing of the project is used."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def centre(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2


PointerKind = Literal["press", "release", "motion"]
WindowKind = Literal["create", "map", "unmap", "configure", "destroy"]


@dataclass(frozen=True)
class PointerEvent:
    """One ButtonPress, ButtonRelease or MotionNotify as the server processed it."""

    index: int  # its place in the monitor's stream (pointer and window events together)
    kind: PointerKind
    x: int
    y: int
    button: int  # the button pressed or released; 0 for motion
    held: bool  # a button is down during this event (for motion: held while moving)
    time: float  # time.monotonic() when the monitor got it
    server_time: int  # the server's timestamp, milliseconds
    window: int | None  # the top-level window under (x, y) at that moment; None: the bare root


@dataclass(frozen=True)
class WindowEvent:
    """A top-level window created, mapped, unmapped, moved/resized/restacked or destroyed."""

    index: int
    kind: WindowKind
    window: int
    time: float
    box: Box | None = None  # its rectangle, for create and configure


Event = PointerEvent | WindowEvent


class Stack:
    """The top-level windows, bottom to top, with their rectangles and whether each is mapped."""

    def __init__(self) -> None:
        self.order: list[int] = []
        self.boxes: dict[int, Box] = {}
        self.mapped: set[int] = set()
        self.input_only: set[int] = set()

    def top_at(self, x: int, y: int) -> int | None:
        for window in reversed(self.order):
            if window in self.mapped and window not in self.input_only and self.boxes[window].contains(x, y):
                return window
        return None

    def add(self, window: int, box: Box, mapped: bool = False, input_only: bool = False) -> None:
        if window in self.boxes:  # the same notify delivered to two clients is recorded twice
            return
        self.order.append(window)
        self.boxes[window] = box
        if mapped:
            self.mapped.add(window)
        if input_only:
            self.input_only.add(window)

    def remove(self, window: int) -> None:
        if window in self.boxes:
            self.order.remove(window)
            del self.boxes[window]
            self.mapped.discard(window)
            self.input_only.discard(window)

    def configure(self, window: int, box: Box, above: int) -> None:
        """A ConfigureNotify: the new rectangle, and the sibling it now sits just above (0: the bottom)."""
        if window not in self.boxes:
            return
        self.boxes[window] = box
        self.order.remove(window)
        place = self.order.index(above) + 1 if above in self.boxes else 0
        self.order.insert(place, window)


def connect(name: str | None, tries: int = 10) -> Any:
    """A connection to the X server, tried again while it resets: Xvfb regenerates when its last
    client leaves (between two tests), and a connection made meanwhile is reset by the server."""
    for _ in range(tries - 1):
        try:
            return display.Display(name)
        except (ConnectionResetError, ConnectionClosedError):
            time.sleep(0.2)
    return display.Display(name)


def outer_box(x: int, y: int, width: int, height: int, border: int) -> Box:
    return Box(x, y, width + 2 * border, height + 2 * border)


class PressMonitor:
    """Records the server's pointer and top-level window events from a thread of its own."""

    def __init__(self, name: str | None = None) -> None:
        self._name = name
        self._lock = threading.Condition()
        self._events: list[Event] = []
        self._stack = Stack()
        self._root = 0
        self._context: int | None = None
        self._threads: list[threading.Thread] = []
        self._connections: dict[str, Any] = {}
        self._enabled = threading.Event()

    # --- starting and stopping -------------------------------------------------------------

    def start(self) -> PressMonitor:
        # three connections, each used by one thread: control (this one: create, disable),
        # recording (blocked in record_enable_context), and one that only asks the server for
        # every top-level window's notifies (SubstructureNotify on the root) so that they exist to be
        # recorded even on a desktop without a window manager; its own queue is drained and dropped
        control = connect(self._name)
        if not control.has_extension("RECORD"):
            control.close()
            raise RuntimeError(f"the X server {control.get_display_name()!r} has no RECORD extension")
        recording = connect(self._name)
        watching = connect(self._name)
        self._connections = {"control": control, "recording": recording, "watching": watching}
        root = watching.screen().root
        self._root = root.id
        root.change_attributes(event_mask=X.SubstructureNotifyMask)
        watching.sync()
        self._snapshot(control)
        self._context = control.record_create_context(
            0,
            [record.AllClients],
            [
                {
                    "core_requests": (0, 0),
                    "core_replies": (0, 0),
                    "ext_requests": (0, 0, 0, 0),
                    "ext_replies": (0, 0, 0, 0),
                    "delivered_events": (X.CreateNotify, X.ConfigureNotify),
                    "device_events": (X.ButtonPress, X.MotionNotify),
                    "errors": (0, 0),
                    "client_started": False,
                    "client_died": False,
                }
            ],
        )
        control.sync()  # the context must exist before the other connection enables it
        self._threads = [
            threading.Thread(target=self._record, args=(recording,), daemon=True, name="press-monitor"),
            threading.Thread(target=self._drain, args=(watching,), daemon=True, name="press-monitor-drain"),
        ]
        for thread in self._threads:
            thread.start()
        if not self._enabled.wait(START_TIMEOUT):  # the server's StartOfData reply
            self.stop()
            raise RuntimeError(f"the RECORD context was not enabled within {START_TIMEOUT:g} s")
        return self

    def stop(self) -> None:
        control = self._connections.get("control")
        if control is None:
            return
        if self._context is not None:
            control.record_disable_context(self._context)
            control.sync()
        self._threads[0].join(5)
        if self._context is not None:
            control.record_free_context(self._context)
            self._context = None
        self._connections["watching"].close()  # ends the drain thread's blocking read
        self._threads[1].join(5)
        self._connections["recording"].close()
        control.close()
        self._connections = {}

    def __enter__(self) -> PressMonitor:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def _snapshot(self, connection: Any) -> None:
        """The stacking order as it is before recording starts (windows made later come as CreateNotify)."""
        for window in connection.screen().root.query_tree().children:  # bottom to top
            try:
                attributes = window.get_attributes()
                g = window.get_geometry()
            except XError:  # gone while we looked
                continue
            self._stack.add(
                window.id,
                outer_box(g.x, g.y, g.width, g.height, g.border_width),
                mapped=attributes.map_state != X.IsUnmapped,
                input_only=attributes.win_class == X.InputOnly,
            )

    def _record(self, connection: Any) -> None:
        connection.record_enable_context(self._context, lambda reply: self._on_data(connection, reply))

    @staticmethod
    def _drain(connection: Any) -> None:
        try:
            while True:
                connection.next_event()
        except Exception:  # closed by stop(): python-xlib raises its connection error types
            return

    # --- the stream ------------------------------------------------------------------------

    def _on_data(self, connection: Any, reply: Any) -> None:
        if reply.category == record.StartOfData:
            self._enabled.set()
        if reply.category != record.FromServer or reply.client_swapped:
            return
        now = time.monotonic()
        data = reply.data
        while data:
            event, data = rq.EventField(None).parse_binary_value(data, connection.display, None, None)
            with self._lock:
                taken = self._take(event, now)
                if taken is not None:
                    self._events.append(taken)
                    self._lock.notify_all()

    def _take(self, event: Any, now: float) -> Event | None:
        kind = event.type & 0x7F
        index = len(self._events)
        if kind in (X.ButtonPress, X.ButtonRelease, X.MotionNotify):
            x, y = event.root_x, event.root_y
            if kind == X.MotionNotify:
                name: PointerKind = "motion"
                held = bool(event.state & BUTTONS_HELD)
            else:
                name = "press" if kind == X.ButtonPress else "release"
                # state is the mask before this event: a release leaves the buttons other than its own
                own = 1 << (7 + event.detail) if 1 <= event.detail <= 5 else 0
                held = kind == X.ButtonPress or bool(event.state & BUTTONS_HELD & ~own)
            button = 0 if kind == X.MotionNotify else event.detail
            top = self._stack.top_at(x, y)
            return PointerEvent(index, name, x, y, button, held, now, event.time, top)
        return self._take_window(kind, event, index, now)

    def _take_window(self, kind: int, event: Any, index: int, now: float) -> WindowEvent | None:
        window = event.window.id
        if kind == X.CreateNotify:
            if event.parent.id != self._root:
                return None
            box = outer_box(event.x, event.y, event.width, event.height, event.border_width)
            known = window in self._stack.boxes
            self._stack.add(window, box)
            return None if known else WindowEvent(index, "create", window, now, box)
        if window not in self._stack.boxes:  # not a top-level window (or one we never saw made)
            return None
        if kind == X.MapNotify:
            if window in self._stack.mapped:
                return None
            self._stack.mapped.add(window)
            return WindowEvent(index, "map", window, now)
        if kind == X.UnmapNotify:
            if window not in self._stack.mapped:
                return None
            self._stack.mapped.discard(window)
            return WindowEvent(index, "unmap", window, now)
        if kind == X.DestroyNotify:
            self._stack.remove(window)
            return WindowEvent(index, "destroy", window, now)
        if kind == X.ConfigureNotify:
            box = outer_box(event.x, event.y, event.width, event.height, event.border_width)
            above = event.above_sibling.id if event.above_sibling else 0
            before = (self._stack.boxes[window], self._stack.order.index(window))
            self._stack.configure(window, box, above)
            if (self._stack.boxes[window], self._stack.order.index(window)) == before:
                return None  # the same notify delivered to another client
            return WindowEvent(index, "configure", window, now, box)
        return None

    # --- asking ----------------------------------------------------------------------------

    def events(self) -> list[Event]:
        with self._lock:
            return list(self._events)

    def pointer_events(self) -> list[PointerEvent]:
        return [e for e in self.events() if isinstance(e, PointerEvent)]

    def window_at(self, x: int, y: int) -> int | None:
        """The top-level window under (x, y) now, as far as the recorded stream has got."""
        with self._lock:
            return self._stack.top_at(x, y)

    def box_of(self, window: int) -> Box | None:
        with self._lock:
            return self._stack.boxes.get(window)

    def wait_for(self, wanted: Callable[[Event], bool], timeout: float, after: int = 0) -> Event | None:
        """The first event from stream index `after` on for which `wanted` is true (None: not in time)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                for event in self._events[after:]:
                    if wanted(event):
                        return event
                after = max(after, len(self._events))
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._lock.wait(min(left, 0.1))

    def wait_in_drag(self, motions: int, timeout: float) -> PointerEvent | None:
        """The `motions`-th motion with the button held after the next press (None: no such drag in time)."""
        start = len(self.events())
        pressed = self.wait_for(lambda e: isinstance(e, PointerEvent) and e.kind == "press", timeout, start)
        if pressed is None:
            return None
        deadline = time.monotonic() + timeout
        after, seen = pressed.index + 1, 0
        while seen < motions:
            moved = self.wait_for(is_held_motion_or_release, max(0.0, deadline - time.monotonic()), after)
            if not isinstance(moved, PointerEvent) or moved.kind == "release":
                return None  # the drag ended before it got that far
            seen, after = seen + 1, moved.index + 1
        return moved if motions else pressed


def is_held_motion_or_release(event: Event) -> bool:
    return isinstance(event, PointerEvent) and (
        event.kind == "release" or (event.kind == "motion" and event.held)
    )


def pointer_only(events: Sequence[Event]) -> list[PointerEvent]:
    return [e for e in events if isinstance(e, PointerEvent)]


def strays(
    events: Sequence[Event], allowed: Collection[int] | None = None, inside: Box | None = None
) -> list[PointerEvent]:
    """The presses and held-button motions that landed where they must not: on a window not in
    `allowed` (the game's windows; a cover, another program, the bare root) or outside `inside`.

    A motion counts when it moves the pointer: XTEST reports a move to where the pointer already
    is (pyautogui's mouseUp(x, y) moves to x, y first) as a MotionNotify, but nothing is dragged
    across anything; a button held still under a window that moved away or covered it is
    measured as time to the release (`seconds_to_release`), not as a stray."""
    found = []
    before: PointerEvent | None = None
    for event in pointer_only(events):
        moved = before is None or (event.x, event.y) != (before.x, before.y)
        before = event
        if not (event.kind == "press" or (event.kind == "motion" and event.held and moved)):
            continue
        off_window = allowed is not None and event.window not in allowed
        off_box = inside is not None and not inside.contains(event.x, event.y)
        if off_window or off_box:
            found.append(event)
    return found


def button_left_down(events: Sequence[Event]) -> bool:
    """True when the stream ends with a button still held (its last press has no release after it)."""
    down: set[int] = set()
    for event in pointer_only(events):
        if event.kind == "press":
            down.add(event.button)
        elif event.kind == "release":
            down.discard(event.button)
    return bool(down)


def release_after(events: Sequence[Event], index: int) -> PointerEvent | None:
    """The first ButtonRelease after stream index `index`."""
    return next((e for e in pointer_only(events) if e.index > index and e.kind == "release"), None)


def seconds_to_release(events: Sequence[Event], since: Event) -> float | None:
    """Seconds from `since` (a cover mapped, say) to the next ButtonRelease; 0 when no button was
    down at `since`; None when the button is never released after it."""
    before = [e for e in events if e.index <= since.index]
    if not button_left_down(before):
        return 0.0
    released = release_after(events, since.index)
    return None if released is None else released.time - since.time
