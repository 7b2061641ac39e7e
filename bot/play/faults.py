"""What a desktop did to the game's window, named from evidence (`Fault`, `window_fault`), and the
one line the bot says for each (`fault_line`).

A board that stops answering, or vanishes, mid-drag can mean six different things, and each asks
for something else: a closed window ends the run; a moved or resized one (or a game restarted at
another size) is searched for on the whole screen and played on; a covered or minimised one is
let go of and waited for; a frozen game (nothing on the screen changes whatever the bot does,
bot/play/frozen.py) is waited for until it answers again. The evidence is the window's own
state as the window stack tells it (X11: does the window exist, is it mapped, where is it, is
another window above it over the board) compared with what it was when the board was found.

Pure: rectangles and flags in, a name out.
"""

from __future__ import annotations

from typing import Literal

from onestroke.bot.device import WindowState
from onestroke.coords import Rect

Fault = Literal["closed", "moved", "covered", "unmapped", "resized", "frozen", "blank"]
"""What happened to the game's window: its window is gone; the board is elsewhere on the screen
(the window moved); another window is on top of part of the board; the window was minimised
(unmapped); the window is back at another size (resized, or the game restarted at another
scale); the game stopped answering while its window stayed where it was, uncovered (frozen);
the window shows nothing drawn (blank: before its first paint, between two pages, closing)."""

WAITED: frozenset[Fault] = frozenset({"covered", "unmapped"})  # let go, wait for the board to come back
SEARCHED: frozenset[Fault] = frozenset({"moved", "resized"})  # find the board again on the whole screen


def window_fault(found: Rect, now: WindowState) -> Fault | None:
    """What happened to the window that was at `found` when the board was found, from `now`; None:
    nothing (the same window at the same place, shown and uncovered).

    Order matters: a destroyed window is also unmapped, and a moved window may also be covered.
    """
    if not now.exists:
        return "closed"
    if not now.mapped:
        return "unmapped"
    if now.box is not None and (now.box.width, now.box.height) != (found.width, found.height):
        return "resized"
    if now.box is not None and (now.box.left, now.box.top) != (found.left, found.top):
        return "moved"
    if now.covered:
        return "covered"
    return None


def fault_line(fault: Fault, *, wait: float | None = None) -> str:
    """The one line the bot says for `fault` (`wait`: seconds it will wait for the board, for the
    faults it waits on)."""
    waiting = f"; waiting up to {wait:g} s for the board to come back" if wait is not None else ""
    answer = f"; waiting up to {wait:g} s for it to answer" if wait is not None else ""
    drawn = f"; waiting up to {wait:g} s for it to draw" if wait is not None else ""
    looking = f"; looking for the game for up to {wait:g} s" if wait is not None else ""
    lines: dict[Fault, str] = {
        "closed": f"the game window closed{looking}",
        "moved": "the game window moved; finding the board again on the whole screen",
        "covered": f"another window covers the board; let go{waiting}",
        "unmapped": f"the game window was minimised (unmapped); let go{waiting}",
        "resized": "the game window changed size (resized or restarted); finding the board again",
        "frozen": f"the game froze (nothing on the screen changed after the drag stopped){answer}",
        "blank": f"the game shows a blank screen (nothing drawn){drawn}",
    }
    return lines[fault]


def stayed_line(fault: Fault, wait: float) -> str:
    """The stop line when a covered or minimised board did not come back, a frozen game did not
    answer again, a closed game did not show again (a restart) or a blank one drew nothing,
    within `wait` seconds."""
    if fault == "closed":
        return f"the game window closed and no game showed within {wait:g} s: not pressing anything"
    if fault == "blank":
        return f"the game showed a blank screen (nothing drawn) for {wait:g} s: not pressing anything"
    if fault == "frozen":
        return f"the game stayed frozen for {wait:g} s (nothing on the screen changed): not pressing anything"
    what = "covered by another window" if fault == "covered" else "minimised (unmapped)"
    return f"the game window stayed {what} for {wait:g} s: not pressing anything"
