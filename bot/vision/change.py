"""What changed between two looks: one difference of two images, the questions the bot asks of
it, and every threshold they use, named here once.

A grab of the same screen twice is the same pixels on X11 and over adb (lossless), but a game
redraws now and then (a caret, a clock, antialiasing of an animation), so each question puts its
threshold above what that redraw changes and below what it looks for:

- `board_changed`: has the board's part of the screen changed between the look a drag was
  planned on and the moment before the drag (another window, a new screen)?
- `screen_changed`: does a screen show something else than one saved before (`play --record`:
  a caret is no change, one cell of the board is)?
- `identical`: are two grabs (or one part of each) the same pixels exactly (a new board that has
  finished appearing: a fade's last steps are small changes, so no threshold; a look kept to be
  reused for the very same screen)?
- `held_still`: does one part of the screen (the board's, a control's) show the same on two looks,
  whatever moves elsewhere (a banner sliding across the top)?
- `changed_share`: the share of (sampled) pixels that changed, e.g. around the board since the
  look before a stroke (is it still that level?);
- `off_colour_share`: the share of a patch not in a colour (a cell centre off the plain cell
  colour: the path or the cat on it), and `points_changed`, the share of sampled background
  points that changed (the board is gone), for the watched drag (bot/vision/watch.py).

Pure: numpy images (BGR, as every device grabs them) in, numbers out.
"""

from __future__ import annotations

import numpy as np

BOARD_NOISE = 2.0  # mean channel difference over the board above capture noise: the board changed
PIXEL_CHANGED = 20  # a pixel whose largest channel difference is above this changed (a cell, the chrome)
POINT_CHANGED = 14.0  # a background point whose mean channel difference is above this changed
SCREEN_PIXEL_CHANGED = 24  # `screen_changed`: a pixel whose largest channel difference is above this...
SCREEN_SHARE = 0.0005
"""...and a screen whose share of such pixels is above this, changed: a blinking caret or a clock
stays below, one cell of the board (about 0.15 % of a 1920x1080 desktop with the game in a 450x800
window) does not."""


def difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """|a - b| per pixel and channel, of integer images (uint8 grabs, int16 colours) as int16; `b`
    may be a colour, broadcast over `a`."""
    return np.abs(np.subtract(a, b, dtype=np.int16))


def board_changed(a: np.ndarray, b: np.ndarray, board: tuple[slice, slice]) -> bool:
    """True when the `board` part (image slices) of two frames differs by more than capture noise."""
    return float(np.mean(difference(a[board], b[board]))) > BOARD_NOISE


def screen_changed(before: np.ndarray | None, now: np.ndarray) -> bool:
    """Whether `now` shows something else than `before` (see `SCREEN_SHARE`; no `before`: it does)."""
    if before is None or before.shape != now.shape:
        return True
    differ = difference(before, now) > SCREEN_PIXEL_CHANGED
    if differ.ndim == 3:
        differ = differ.any(axis=2)
    return bool(differ.mean() > SCREEN_SHARE)


def identical(a: np.ndarray, b: np.ndarray, box: tuple[slice, slice] | None = None) -> bool:
    """Whether two grabs, or their `box` parts (image slices), are the same pixels exactly."""
    if a.shape != b.shape:
        return False
    return bool(np.array_equal(a, b)) if box is None else bool(np.array_equal(a[box], b[box]))


def held_still(a: np.ndarray, b: np.ndarray, box: tuple[slice, slice]) -> bool:
    """Whether the `box` part (image slices) of two frames shows the same thing (`screen_changed`'s
    measure): what the loop judges between levels (the board's part, a control's), while a banner
    elsewhere on the screen keeps moving."""
    return a.shape == b.shape and not screen_changed(a[box], b[box])


def changed_share(image: np.ndarray, reference: np.ndarray, where: np.ndarray | None = None) -> float:
    """The share of the pixels (of those `where` is True) whose largest channel difference from
    `reference` is above `PIXEL_CHANGED`; 0 when `where` selects none."""
    changed = difference(image[..., :3], reference[..., :3]).max(axis=-1) > PIXEL_CHANGED
    if where is not None:
        changed = changed[where]
    return float(np.mean(changed)) if changed.size else 0.0


def off_colour_share(patch: np.ndarray, colour: np.ndarray) -> float:
    """The share of `patch`'s pixels whose largest channel difference from `colour` is above
    `PIXEL_CHANGED` (a share, not a mean: the cat's fur, face and eyes average out close to
    grey on a grey cell, but hardly any of its pixels are the plain grey)."""
    return float(np.mean(difference(patch[..., :3], colour).max(axis=-1) > PIXEL_CHANGED))


def points_changed(samples: np.ndarray, reference: np.ndarray) -> float:
    """The share of sampled points (rows of colours) whose mean channel difference from the same
    points in `reference` is above `POINT_CHANGED`; 0 for no points."""
    if not len(samples):
        return 0.0
    return float(np.mean(difference(samples, reference).mean(axis=1) > POINT_CHANGED))
