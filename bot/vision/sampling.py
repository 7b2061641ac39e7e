"""Colours measured at lattice positions: the squares inside cells and the gaps' corners.

Every function takes a box of lattice positions (rows r0..r1-1, cols c0..c1-1, half-open) and
returns arrays indexed by position, so a style reader looks at a whole ring or grid at once.
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import Lattice

COLOUR_TOLERANCE = 28  # two samples are "the same colour" within this (max over channels)
SAMPLES = 9  # per side of the sampling square at each lattice position
SAMPLE_HALF = 0.28  # sampling square half-side, in pitches (the cell's half-side is ~0.44)
UNIFORM_FRACTION = 0.85  # share of samples that must match for a uniform square

Box = tuple[int, int, int, int]
"""Lattice positions rows r0..r1-1 and cols c0..c1-1, as (r0, r1, c0, c1)."""


def same(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """True where two colours (last axis) match within COLOUR_TOLERANCE."""
    return np.abs(a - b).max(axis=-1) <= COLOUR_TOLERANCE


def sample_squares(image: np.ndarray, lattice: Lattice, box: Box) -> np.ndarray:
    """Colours sampled on a square grid inside each position of `box`: (R, C, k*k, 3) int16."""
    r0, r1, c0, c1 = box
    h, w = image.shape[:2]
    offsets = np.linspace(-SAMPLE_HALF, SAMPLE_HALF, SAMPLES)
    cx = lattice.origin[0] + lattice.pitch[0] * np.arange(c0, c1)
    cy = lattice.origin[1] + lattice.pitch[1] * np.arange(r0, r1)
    xs = np.clip(np.round(cx[:, None] + offsets[None, :] * lattice.pitch[0]), 0, w - 1).astype(int)  # (C, k)
    ys = np.clip(np.round(cy[:, None] + offsets[None, :] * lattice.pitch[1]), 0, h - 1).astype(int)  # (R, k)
    samples = image[ys[:, None, :, None], xs[None, :, None, :]]  # (R, C, k, k, 3)
    return samples.reshape(len(cy), len(cx), SAMPLES * SAMPLES, 3).astype(np.int16)


def outside(image: np.ndarray, lattice: Lattice, box: Box) -> np.ndarray:
    """True for lattice positions whose sampling square leaves the image."""
    r0, r1, c0, c1 = box
    h, w = image.shape[:2]
    cx = lattice.origin[0] + lattice.pitch[0] * np.arange(c0, c1)
    cy = lattice.origin[1] + lattice.pitch[1] * np.arange(r0, r1)
    half_x, half_y = SAMPLE_HALF * lattice.pitch[0], SAMPLE_HALF * lattice.pitch[1]
    bad_x = (cx - half_x < 0) | (cx + half_x > w - 1)
    bad_y = (cy - half_y < 0) | (cy + half_y > h - 1)
    return bad_y[:, None] | bad_x[None, :]


def corner_colours(image: np.ndarray, lattice: Lattice, box: Box) -> np.ndarray:
    """Colours at the lattice corners (the gaps) around the positions of `box`: (R+1, C+1, 3)."""
    r0, r1, c0, c1 = box
    h, w = image.shape[:2]
    ox, oy = lattice.origin
    px, py = lattice.pitch
    xs = np.clip(np.round(ox + px * (np.arange(c0, c1 + 1) - 0.5)), 0, w - 1).astype(int)
    ys = np.clip(np.round(oy + py * (np.arange(r0, r1 + 1) - 0.5)), 0, h - 1).astype(int)
    return image[ys[:, None], xs[None, :]].astype(np.int16)
