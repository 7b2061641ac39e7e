"""A progress bar for long work (many images, many boards, the benchmarks), on terminals only.

The bar goes to stderr and only when stderr is a terminal: redirected or piped output, and
`--json`, get nothing extra. Lines printed while it shows go through `Bar.print`, which puts them
above the bar instead of through it. tqdm draws it (one small package, no dependencies of its
own; it clears and redraws its line around our prints).

`status_line` is the same line without a bar, for a run that counts nothing but has a state to
show (`play`'s pause and stop keys): drawn on the stream the run's lines go to (stdout), when
that is a terminal, with those lines printed above it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:  # imported when a bar is drawn: most runs (pipes, --json) never draw one
    from tqdm import tqdm


def on_terminal(stream: IO[str] | None = None) -> bool:
    """Whether `stream` (stderr by default) is a terminal a bar may be drawn on."""
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced by an object without a descriptor, or closed
        return False


class Bar:
    """One bar (or none: `print` then just prints)."""

    def __init__(self, bar: tqdm | None, out: IO[str] | None = None) -> None:
        self._bar = bar
        self._out = out  # where `print` writes by default (None: stdout at the time)

    @property
    def shown(self) -> bool:
        return self._bar is not None

    def advance(self, steps: int = 1, note: str | None = None) -> None:
        """Count `steps` done; `note` (e.g. the current item) shows after the bar."""
        if self._bar is not None:
            if note is not None:
                self._bar.set_postfix_str(note, refresh=False)
            self._bar.update(steps)

    def show(self, text: str) -> None:
        """Make `text` the whole of the line (a status line's state); drawn at once."""
        if self._bar is not None:
            self._bar.set_description_str(text, refresh=True)

    @contextmanager
    def above(self) -> Iterator[None]:
        """Whatever the block writes to the line's stream goes above the line (taken away while
        the block runs, drawn again after): for a `say` function that prints by itself."""
        if self._bar is None:
            yield
            return
        from tqdm import tqdm

        with tqdm.external_write_mode(file=self._bar.fp):
            yield

    def print(self, text: str, file: IO[str] | None = None, end: str = "\n") -> None:
        """Print `text` to `file` (stdout) above the bar."""
        out = file if file is not None else self._out if self._out is not None else sys.stdout
        if self._bar is None:
            print(text, end=end, file=out, flush=True)
        else:
            self._bar.write(text, file=out, end=end)


@contextmanager
def progress(total: int, what: str, *, enabled: bool = True, unit: str = "it") -> Iterator[Bar]:
    """A bar counting to `total` while the block runs, when `enabled`, stderr is a terminal and
    there is more than one thing to do; removed again at the end (the output keeps only its lines)."""
    if not (enabled and total > 1 and on_terminal()):
        yield Bar(None)
        return
    from tqdm import tqdm

    bar = tqdm(
        total=total, desc=what, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True, mininterval=0.2
    )
    try:
        yield Bar(bar)
    finally:
        bar.close()


@contextmanager
def status_line(text: str, *, stream: IO[str] | None = None) -> Iterator[Bar]:
    """`text` on the last line of `stream` (stdout) while the block runs, when `stream` is a
    terminal (`Bar.show` changes it, `Bar.print` and `Bar.above` write above it); removed at the
    end. Elsewhere (a pipe, a file) nothing is drawn and prints are plain lines."""
    out = sys.stdout if stream is None else stream
    if not on_terminal(out):
        yield Bar(None, out)
        return
    from tqdm import tqdm

    line = tqdm(total=None, bar_format="{desc}", desc=text, file=out, leave=False, dynamic_ncols=True)
    try:
        yield Bar(line, out)
    finally:
        line.close()
