"""Naming what happened to the game's window from the window stack's evidence (bot/play/faults.py)."""

from __future__ import annotations

import pytest

from onestroke.bot.device import WindowState
from onestroke.bot.play.faults import Fault, fault_line, stayed_line, window_fault
from onestroke.coords import Rect

FOUND = Rect(200, 100, 450, 800)  # where the window was when the board was found


@pytest.mark.parametrize(
    ("now", "fault"),
    [
        (WindowState(exists=True, mapped=True, box=FOUND), None),
        (WindowState(exists=False, mapped=False), "closed"),
        (WindowState(exists=True, mapped=False, box=FOUND), "unmapped"),
        (WindowState(exists=True, mapped=True, box=Rect(900, 200, 450, 800)), "moved"),
        (WindowState(exists=True, mapped=True, box=Rect(200, 100, 360, 640)), "resized"),
        (WindowState(exists=True, mapped=True, box=Rect(50, 60, 562, 1000)), "resized"),
        (WindowState(exists=True, mapped=True, box=FOUND, covered=True), "covered"),
        # a minimised window may also be covered, a moved one too: the stronger evidence wins
        (WindowState(exists=True, mapped=False, box=FOUND, covered=True), "unmapped"),
        (WindowState(exists=True, mapped=True, box=Rect(900, 200, 450, 800), covered=True), "moved"),
    ],
)
def test_each_fault_is_named_from_the_window_state(now: WindowState, fault: Fault | None) -> None:
    assert window_fault(FOUND, now) == fault


def test_each_fault_has_its_own_line_and_the_waited_ones_say_how_long() -> None:
    faults: list[Fault] = ["closed", "moved", "covered", "unmapped", "resized", "frozen"]
    lines = [fault_line(fault) for fault in faults]
    assert len(set(lines)) == len(faults)
    assert fault_line("closed") == "the game window closed"  # the line users and tests know
    assert fault_line("closed", wait=30) == "the game window closed; looking for the game for up to 30 s"
    closed = stayed_line("closed", 2)
    assert closed == "the game window closed and no game showed within 2 s: not pressing anything"
    assert fault_line("covered", wait=30).endswith("let go; waiting up to 30 s for the board to come back")
    assert "12.5 s" in stayed_line("unmapped", 12.5) and "minimised" in stayed_line("unmapped", 12.5)
    assert fault_line("frozen", wait=30).endswith("waiting up to 30 s for it to answer")
    assert stayed_line("frozen", 30).startswith("the game stayed frozen for 30 s")
