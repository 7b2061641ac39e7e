"""The progress line of a run with the pause and stop keys: on a terminal, the keys' state stays
on the last line (which keys do what, "paused" while paused) and every line the loop says goes
above it; anywhere else the output is the plain lines it always was.

The terminal is a stream that says it is one; `screen` plays its output back as a terminal
shows it (a carriage return goes back to the start of the line, the next text overwrites it).
"""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

from fakes import RenderedPhone

from onestroke.bot.device.keys import KeyControl
from onestroke.bot.play.loop import LevelLoop
from onestroke.bot.play.pace import StrokePace
from onestroke.bot.play.session import keys_line
from onestroke.progressbar import status_line

HINT = "F8 pause · F9 stop"
PAUSED = "paused (F8 resumes, F9 stops)"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def screen(output: str) -> list[str]:
    """The lines a terminal shows after `output` (the last one is where the cursor is)."""
    lines = [""]
    column = 0
    for char in output:
        if char == "\n":
            lines.append("")
            column = 0
        elif char == "\r":
            column = 0
        else:
            line = lines[-1]
            lines[-1] = line[:column] + char + line[column + 1 :]
            column += 1
    return [line.rstrip() for line in lines]


def test_a_status_line_stays_below_the_lines_printed_and_shows_its_new_state() -> None:
    out = Terminal()
    with status_line("first state", stream=out) as line:
        assert line.shown
        assert screen(out.getvalue())[-1] == "first state"
        line.print("a line")
        with line.above():
            print("a line printed by itself", file=out)
        assert screen(out.getvalue()) == ["a line", "a line printed by itself", "first state"]
        line.show("second")
        assert screen(out.getvalue())[-1] == "second", "a shorter state must not keep the old one's end"
    assert screen(out.getvalue()) == ["a line", "a line printed by itself", ""], "the line goes at the end"


def test_off_a_terminal_the_status_line_draws_nothing() -> None:
    out = io.StringIO()
    with status_line("state", stream=out) as line:
        assert not line.shown
        line.print("a line")
        line.show("another state")
        with line.above():
            print("printed by itself", file=out)
    assert out.getvalue() == "a line\nprinted by itself\n"


def test_the_keys_state_in_words() -> None:
    keys = KeyControl()
    assert keys.status() == HINT
    keys.toggle_pause()  # asked mid-stroke: the bot is not waiting yet
    assert keys.status().startswith("F8: pausing before the next stroke")
    keys.toggle_pause()
    assert keys.status() == HINT
    keys.request_stop()
    assert keys.status() == "F9: stopping after this stroke"


def playing(out: io.StringIO, keys: KeyControl | None, tmp_path: Path, levels: int = 2):
    """A loop on the practice game (drawn by its renderer) whose lines go to `out`, run in a
    thread inside `keys_line`."""
    phone = RenderedPhone(seed=3, levels=levels)
    loop = LevelLoop(
        phone, log_dir=tmp_path, pace=StrokePace(speed=0), say=lambda text: print(text, file=out)
    )
    loop.keys = keys

    def run() -> None:
        with keys_line(loop, keys, stream=out):
            loop.run(levels)

    return loop, threading.Thread(target=run)


def until(condition, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def test_on_a_terminal_the_progress_line_shows_the_keys_and_the_pause(tmp_path: Path) -> None:
    out = Terminal()
    keys = KeyControl()
    keys.toggle_pause()  # F8 before the first stroke: the loop waits there
    loop, run = playing(out, keys, tmp_path)
    run.start()
    try:
        assert until(lambda: screen(out.getvalue())[-1] == PAUSED), screen(out.getvalue())
        assert screen(out.getvalue())[-2] == PAUSED, "the loop's own line above, the state below"
        keys.toggle_pause()  # F8 again
        run.join(timeout=60)
    finally:
        if keys.paused.is_set():
            keys.request_stop()
        run.join(timeout=60)
    assert not run.is_alive()
    shown = screen(out.getvalue())
    assert shown[0] == PAUSED and shown[1] == "resumed", shown
    assert [line.split(":")[0] for line in shown[2:-1]] == ["level 1", "level 2"], shown
    assert shown[-1] == "", "the progress line is gone when the run ends"
    assert HINT in out.getvalue(), "while it played, the line said which keys do what"
    assert loop.log.say is not None and keys.on_change is None, "the loop's own say is back"


def test_without_keys_or_off_a_terminal_the_lines_are_as_before(tmp_path: Path) -> None:
    for out, keys in ((Terminal(), None), (io.StringIO(), KeyControl())):
        loop, run = playing(out, keys, tmp_path, levels=1)
        run.start()
        run.join(timeout=60)
        assert not run.is_alive()
        text = out.getvalue()
        assert "\r" not in text and HINT not in text, repr(text)
        assert text.startswith("level 1: ") and text.count("\n") == 1, repr(text)
