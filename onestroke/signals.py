"""Ctrl-C held back while something must not be split: a release that must reach the X server
(bot/device), a third-party library that swallows an interrupt into an error of its own (the OCR
engine's start-up, bot/vision/text.py). Shared vocabulary: every floor may use it."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["signals_deferred"]


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold back SIGINT/SIGTERM while the block runs, deliver them afterwards.

    Without this a second Ctrl-C could land inside a release call and leave the button down.
    The Python-level handlers are swapped (they only ever run in the main thread), rather than
    masking the signals: with other threads alive, the kernel hands a masked signal to one of
    them and Python would still raise in the main thread.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, _frame: object) -> None:
        held.append(signum)

    previous = {number: signal.signal(number, hold) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():  # None: a handler installed outside Python
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for number in held:
            signal.raise_signal(number)
