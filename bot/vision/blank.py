"""A screen with nothing drawn on it: a window before its first paint, a browser between two pages,
a game closing. It is no level and no screen with a control; it is waited on, never pressed.

Pure: a numpy image (BGR) in, a yes or no out.
"""

from __future__ import annotations

import numpy as np

BLANK_SPREAD = 12
"""A screen whose every sampled pixel lies within this many levels of one colour, in each channel,
has nothing drawn: capture noise and a window's flat fill stay within it; a board, words, a
button or a picture (tens to hundreds of levels of contrast) never do."""
BLANK_STEP = 4  # every 4th pixel in each direction is looked at: a cell or a word spans many more


def nothing_drawn(image: np.ndarray) -> bool:
    """True when `image` is one flat colour (`BLANK_SPREAD`): nothing to read, nothing to press."""
    sampled = image[::BLANK_STEP, ::BLANK_STEP]
    if sampled.size == 0:
        return True
    pixels = sampled.reshape(-1, sampled.shape[-1] if sampled.ndim == 3 else 1)
    spread = pixels.max(axis=0).astype(np.int16) - pixels.min(axis=0)
    return bool(spread.max() <= BLANK_SPREAD)
