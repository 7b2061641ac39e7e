"""Time limits shared by the searches: deadlines, stoppable linear passes, the collector pause.

A deadline is a `time.perf_counter()` value (None: no limit). Hot loops read the clock every
few hundred steps themselves; the linear passes over a board (building the grid, the
certificates, a breadth-first fill) go through `pieces`, which reads it every CHECK_EVERY
cells, so that no stretch between two readings takes more than a few milliseconds.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from onestroke.solver.errors import SearchTimeout

T = TypeVar("T")

CHECK_EVERY = 1 << 13
"""Cells a linear pass handles between two looks at the clock (about 1 us each: a few ms)."""


def deadline_after(timeout: float | None) -> float | None:
    """The perf_counter time at which `timeout` seconds from now are up (None: never)."""
    if timeout is None or math.isinf(timeout):
        return None
    return time.perf_counter() + timeout


def passed(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def check(deadline: float | None) -> None:
    """Raise SearchTimeout once `deadline` has passed."""
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchTimeout()


def pieces(items: Sequence[T], deadline: float | None) -> Iterator[Sequence[T]]:
    """`items` in slices of CHECK_EVERY, the clock read before each: a long pass stays stoppable."""
    for k in range(0, len(items), CHECK_EVERY):
        check(deadline)
        yield items[k : k + CHECK_EVERY]


class Deadline:
    """A time limit that a recursive search polls on every node but that reads the clock rarely."""

    __slots__ = ("seconds", "_until", "_countdown")
    EVERY = 1024

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._until = deadline_after(seconds)
        self._countdown = self.EVERY

    @property
    def until(self) -> float | None:
        """The perf_counter time of the limit, for passes that take a plain deadline."""
        return self._until

    def tick(self) -> None:
        """Raise `SearchTimeout` once the limit has passed (checked every `EVERY` calls)."""
        self._countdown -= 1
        if self._countdown:
            return
        self._countdown = self.EVERY
        self.check()

    def check(self) -> None:
        """Raise `SearchTimeout` now if the limit has passed."""
        if self._until is not None and time.perf_counter() > self._until:
            raise SearchTimeout.after(self.seconds or 0.0)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector off while a board is read, set up and solved; back on after.

    Building a large board makes millions of tuples and lists, and every collection pass walks
    them all again: on a million-cell board the cut-cell certificate took 14 s instead of 2.6 s
    with it on (docs/solver.md, "Hard limits"). The solvers make no reference cycles, so
    reference counting frees everything they drop.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
