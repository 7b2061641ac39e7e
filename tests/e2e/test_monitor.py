"""The press monitor (tests/e2e/monitor.py) on the test's own Xvfb: what xdotool does, it reads back."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import pytest
from faults import CoverWindow
from harness import Windows, button_is_down
from monitor import (
    Box,
    PointerEvent,
    PressMonitor,
    button_left_down,
    pointer_only,
    seconds_to_release,
    strays,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
def monitor() -> Iterator[PressMonitor]:
    with PressMonitor() as running:
        yield running


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def pointer_window() -> int:
    """The top-level window under the pointer, asked of the X server (QueryPointer's child)."""
    from Xlib import display

    d = display.Display()
    try:
        child = d.screen().root.query_pointer().child
        return child.id if child else 0
    finally:
        d.close()


def settled(monitor: PressMonitor, kind: str, count: int = 1, timeout: float = 5.0) -> list[PointerEvent]:
    """The pointer events once `count` of `kind` have come through the stream."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        events = pointer_only(monitor.events())
        if sum(1 for e in events if e.kind == kind) >= count:
            return events
        time.sleep(0.02)
    raise AssertionError(f"fewer than {count} {kind} event(s) recorded: {pointer_only(monitor.events())}")


def test_a_click_reads_back_with_its_place_and_window(monitor: PressMonitor, windows: Windows) -> None:
    cover = CoverWindow(windows)
    box = Box(300, 200, 150, 150)
    start = len(monitor.events())
    cover.show(box)
    mapped = cover.shown(monitor, box, start)
    xdotool("mousemove", "333", "244", "click", "1")
    events = settled(monitor, "release")
    press = next(e for e in events if e.kind == "press")
    release = next(e for e in events if e.kind == "release")
    assert (press.x, press.y, press.button, press.held) == (333, 244, 1, True)
    assert (release.x, release.y, release.held) == (333, 244, False)
    assert press.window == mapped.window and press.index < release.index
    assert press.time <= release.time
    assert not button_left_down(monitor.events()) and not button_is_down()
    assert pointer_window() == mapped.window  # X's own answer agrees with the stream's
    assert cover.pressed() == ["press 333 244"]


def test_a_held_button_motion_is_held_and_a_free_one_is_not(monitor: PressMonitor) -> None:
    xdotool("mousemove", "100", "100", "mousedown", "1", "mousemove", "140", "120")
    events = settled(monitor, "press")
    deadline = time.monotonic() + 5
    while not any(e.kind == "motion" and e.x == 140 for e in events) and time.monotonic() < deadline:
        time.sleep(0.02)
        events = pointer_only(monitor.events())
    assert button_left_down(monitor.events()) and button_is_down()
    xdotool("mouseup", "1", "mousemove", "160", "130")
    events = settled(monitor, "release")
    moves = [(e.x, e.y, e.held) for e in events if e.kind == "motion" and e.x in (140, 160)]
    assert (140, 120, True) in moves, events
    deadline = time.monotonic() + 5
    while (160, 130, False) not in moves and time.monotonic() < deadline:
        time.sleep(0.02)
        moves = [(e.x, e.y, e.held) for e in pointer_only(monitor.events()) if e.kind == "motion"]
    assert (160, 130, False) in moves
    assert not button_left_down(monitor.events())


def test_a_press_outside_the_rectangle_is_a_stray_and_inside_is_not(monitor: PressMonitor) -> None:
    game = Box(500, 300, 200, 200)
    xdotool("mousemove", "600", "400", "click", "1", "mousemove", "720", "400", "click", "1")
    events = settled(monitor, "release", 2)
    found = strays(events, inside=game)
    assert [(e.kind, e.x, e.y) for e in found] == [("press", 720, 400)]
    assert strays(events, inside=Box(0, 0, 1920, 1080)) == []


def test_a_held_motion_off_the_game_window_is_a_stray(monitor: PressMonitor, windows: Windows) -> None:
    """A drag that begins on a window and slides onto the bare root: the slide is counted."""
    cover = CoverWindow(windows)
    box = Box(800, 500, 150, 150)
    start = len(monitor.events())
    cover.show(box)
    window = cover.shown(monitor, box, start).window
    xdotool("mousemove", "850", "550", "mousedown", "1", "mousemove", "870", "560")
    xdotool("mousemove", "1000", "560", "mouseup", "1")
    events = settled(monitor, "release")
    found = strays(events, allowed={window})
    assert found and all(e.kind == "motion" and e.held and e.window != window for e in found)
    assert (1000, 560) in [(e.x, e.y) for e in found]


def test_the_time_from_a_cover_to_the_release(monitor: PressMonitor, windows: Windows) -> None:
    cover = CoverWindow(windows)
    xdotool("mousemove", "200", "700", "mousedown", "1")
    settled(monitor, "press")
    box = Box(150, 650, 150, 150)
    start = len(monitor.events())
    cover.show(box)
    mapped = cover.shown(monitor, box, start)
    time.sleep(0.25)
    xdotool("mouseup", "1")
    settled(monitor, "release")
    held = seconds_to_release(monitor.events(), mapped)
    assert held is not None and 0.2 <= held < 5, held
