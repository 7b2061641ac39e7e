"""Narrow exception types shared by every package (solver imports nothing else)."""


class OnestrokeError(Exception):
    """Base of the errors that the CLI reports as one line with exit status 2."""


class BoardFormatError(OnestrokeError, ValueError):
    """Board text or board values that do not describe a valid board."""
