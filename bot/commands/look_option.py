"""The `--look LOOK` option of `detect`, `solve-image`, `fixtures check`, `play` and `calibrate`:
read boards with a look taught by `onestroke teach`, the built-in reading beside it
(bot/vision/with_look.py: a screen either reads, both agreeing where both read a board)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import numpy as np

from onestroke.bot.vision import Detection, detect
from onestroke.bot.vision.with_look import read_with_look
from onestroke.calibration.looks import checked_name, load_look
from onestroke.solver.errors import OnestrokeError

Reader = Callable[[np.ndarray], Detection]


def look_name(text: str) -> str:
    try:
        return checked_name(text)
    except OnestrokeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_look_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--look",
        type=look_name,
        default=None,
        metavar="LOOK",
        help="read boards with the look taught by `onestroke teach --name LOOK`, the built-in reading"
        " beside it (default: the built-in reading alone)",
    )


def reader_for(look: str | None, *, read_text: bool = True) -> Reader:
    """The reading to use: the built-in one, or the saved look `look` with the built-in one beside
    it (loaded now, so a missing or bad look is one line before any work); `read_text=False` for
    the play loop, which reads a screen's words itself once it holds still."""
    if look is None:
        return detect if read_text else lambda image: detect(image, read_text=False)
    taught = load_look(look)
    return lambda image: read_with_look(image, taught, read_text=read_text)
