"""Ctrl-C while the `onestroke` command starts: one line and exit status 130, at once.

A leaf module (standard library only, nothing imported but `os` and `signal`, both already loaded
by the interpreter) so that the entry points (`onestroke/__main__.py`, the console script) can
install the handler as their very first statement, before the command's own modules import.

Until `main` has read its arguments, a SIGINT leaves at once: nothing needs cleaning up yet, and a
KeyboardInterrupt raised inside the import machinery either prints its traceback or is swallowed
("Exception ignored in ... _get_module_lock"), after which the command ran on as if Ctrl-C had
not been pressed. What stays uncovered is Python's own start-up before the entry module's first
line (site-packages and its .pth files: docs/solver.md, "Hard limits").
"""

from __future__ import annotations

import os
import signal

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C


def interrupted_at_start(signum: int, frame: object) -> None:
    """SIGINT before the command runs: the usual line and status, without a Python exception."""
    os.write(2, b"onestroke: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


def guard_start() -> None:
    """Install `interrupted_at_start` where Python's own SIGINT handler is in place (the main
    thread of a plain interpreter, not a host with a handler of its own, not an ignored SIGINT)."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, interrupted_at_start)
    except ValueError:  # not the main thread: the host decides
        pass
