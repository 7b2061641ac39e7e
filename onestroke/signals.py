"""Ctrl-C held back while something must not be split: a release that must reach the X server
(bot/device), a third-party library that swallows an interrupt into an error of its own (the OCR
engine's start-up, bot/vision/text.py), a run's wind-down that must end with its summary
(bot/play/demo.py, bot/commands/play.py). Shared vocabulary: every floor may use it."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["signals_deferred", "signals_held"]


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold back SIGINT/SIGTERM while the block runs, deliver them afterwards.

    Without this a second Ctrl-C could land inside a release call and leave the button down.
    """
    held: list[int] = []
    try:
        with signals_held(held):
            yield
    finally:
        for number in held:
            signal.raise_signal(number)


@contextmanager
def signals_held(held: list[int] | None = None) -> Iterator[list[int]]:
    """Hold back SIGINT/SIGTERM while the block runs and hand them to the caller (the list it
    gets: the signals that came), never raised: a run's wind-down (stopping the game, closing the
    device, printing the summary) finishes, and then says it was interrupted.

    The Python-level handlers are swapped (they only ever run in the main thread), rather than
    masking the signals: with other threads alive, the kernel hands a masked signal to one of
    them and Python would still raise in the main thread. Outside the main thread nothing is held.
    """
    held = [] if held is None else held
    if threading.current_thread() is not threading.main_thread():
        yield held
        return

    def hold(signum: int, _frame: object) -> None:
        held.append(signum)

    previous = {number: signal.signal(number, hold) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield held
    finally:
        for number, handler in previous.items():  # None: a handler installed outside Python
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
