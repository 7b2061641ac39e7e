"""Child processes of ours (the private Xvfb, the practice game): started apart, ended politely.

A leaf module (standard library only) so that every layer may use it.

Ctrl-C in a terminal sends SIGINT to the terminal's whole foreground process group. Children
started plainly are in that group, so they all die at once with the bot: the Xvfb goes before
the bot has released the button (a 57-90 line Xlib traceback), the practice game prints its own.
`detached` starts a child in a process group of its own, so only the bot hears the Ctrl-C and
ends its children itself, in order (button up, then the game, then the display); on Linux the
child also gets SIGTERM when the bot dies without cleaning up (SIGKILL), so none is left behind.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def stop_process(process: subprocess.Popen[Any], grace: float = 5.0) -> None:
    """Ask a child process to end; kill it if it has not within `grace` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def detached(command: Sequence[str], **options: Any) -> subprocess.Popen[Any]:
    """`subprocess.Popen(command, **options)` in a process group of its own that dies with us.

    The terminal's Ctrl-C reaches only our own process group; the caller stops the child
    (`stop_process`) on its way out. SIGINT and SIGTERM are held back from the fork until the
    child has left our group: one sent to the group in between would otherwise raise inside
    the Python code that runs in the child before exec (a traceback on our stderr).
    """
    if os.name != "posix":
        return subprocess.Popen(list(command), **options)
    held = {signal.SIGINT, signal.SIGTERM}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        return subprocess.Popen(list(command), preexec_fn=_leave_group(os.getpid(), mask), **options)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _leave_group(parent: int, mask: Any) -> Any:
    libc = _libc() if sys.platform.startswith("linux") else None

    def in_child() -> None:  # between fork and exec, SIGINT and SIGTERM still held back
        os.setpgid(0, 0)
        if libc is not None:
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
            if os.getppid() != parent:  # the parent died before prctl: nobody will stop us
                os._exit(1)
        for number in (signal.SIGINT, signal.SIGTERM):  # drop one sent to our old group meanwhile
            signal.signal(number, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for number in (signal.SIGINT, signal.SIGTERM):  # the program we start gets the usual ones
            signal.signal(number, signal.SIG_DFL)

    return in_child


def _libc() -> Any:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name, use_errno=True) if name else None
    except OSError:
        return None
