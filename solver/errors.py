"""Narrow exception types shared by every package (solver imports nothing else)."""

from __future__ import annotations


def quote(text: str, limit: int = 60) -> str:
    """`text` as repr, cut short so that a huge input line cannot flood a one-line error."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class OnestrokeError(Exception):
    """Base of the errors that the CLI reports as one line with exit status 2."""


class UserStop(OnestrokeError):
    """The person at the computer stopped the run through the device (the fail-safe corner):
    reported like Ctrl-C, exit status 130, with the summary of what was done."""


class BoardFormatError(OnestrokeError, ValueError):
    """Board text or board values that do not describe a valid board."""


class SearchTimeout(TimeoutError):
    """A search ran past its deadline (or its step budget) before it finished.

    Not an input error, so not an `OnestrokeError`: callers turn it into an undecided answer
    (`solve`'s status "timeout", the puzzle commands' null answer with exit status 1).
    `seconds` is the time limit that was exceeded, when the search knew it.
    """

    def __init__(self, message: str = "deadline passed", seconds: float | None = None) -> None:
        super().__init__(message)
        self.seconds = seconds

    @classmethod
    def after(cls, seconds: float) -> SearchTimeout:
        """The timeout of a search that was given `seconds`."""
        return cls(f"timeout after {seconds:g} s", seconds)
