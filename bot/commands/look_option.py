"""The `--look LOOK` option of `detect`, `solve-image`, `fixtures check`, `play` and `calibrate`:
read boards with a look taught by `onestroke teach` instead of the built-in reading."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import numpy as np

from onestroke.bot.vision import Detection, detect
from onestroke.bot.vision.taught import read
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
        help="read boards with the look taught by `onestroke teach --name LOOK`"
        " (default: the built-in reading)",
    )


def reader_for(look: str | None) -> Reader:
    """The reading to use: the built-in one, or the saved look `look` (loaded now, so a missing or
    bad look is one line before any work)."""
    if look is None:
        return detect
    taught = load_look(look)
    return lambda image: read(image, taught)
