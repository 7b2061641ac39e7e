"""Ending child processes politely: shared by the private Xvfb and the practice game's process.

A leaf module (standard library only) so that every layer may use it.
"""

from __future__ import annotations

import subprocess
from typing import Any


def stop_process(process: subprocess.Popen[Any], grace: float = 5.0) -> None:
    """Ask a child process to end; kill it if it has not within `grace` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
