"""Nodes: a dot per cell on one continuous field; holes hatched (or empty); start and goal framed.

The field's colour is the median of the lattice corners between the member dots, the dots'
colour their centres'. Each position is sampled at its centre, on a ring at 0.2 pitch (inside a
big head marker, outside a dot), a ring at 0.3 pitch (field around a cell) and its rim at 0.39
pitch (where a frame is drawn). A position is

- a CELL when the field surrounds a dot: plain and walked dots alike (`roles.py` tells them
  apart by the path's band);
- a FIGURE when a big disc covers it (the path's head marker);
- a MARK when a frame surrounds it (the start and the goal, labelled S and E);
- a HOLE when it is no field: hatched, another colour, nothing at all;
- FOREIGN otherwise (a field position without a dot, text, an icon).
"""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, FIGURE, FOREIGN, HOLE, MARK, Reading
from onestroke.bot.vision.sampling import (
    Box,
    outside,
    ring_offsets,
    same,
    sample,
    square_offsets,
)
from onestroke.bot.vision.styles import read_grid

CENTRE = square_offsets(0.05, 3)
INNER = ring_offsets(0.24, 0.08, 3)  # inside a head marker (0.31 pitch), outside a dot (0.17)
AROUND = ring_offsets(0.34, 0.3, 5)  # outside a head marker (0.31), inside a frame (0.36)
RIM = ring_offsets(0.39, 0.25, 5)
HATCH = square_offsets(0.4, 15)  # finer than any stripe a hole is hatched with
FIELD_AROUND = 0.6  # a cell's ring at 0.3 pitch is mostly field (a band may cross it twice)
BAND_ACROSS = 0.05  # a band between dots is ~0.2 pitch wide


def read_nodes(image: np.ndarray, lattice: Lattice) -> Reading:
    # a mark (a frame) lies around the dot: its middle is still the dot's colour
    return read_grid(
        "nodes", image, lattice, _classify, INNER, BAND_ACROSS, CENTRE, figure_in_path_colour=True
    )


def _classify(
    image: np.ndarray, lattice: Lattice, field: np.ndarray, box: Box
) -> tuple[np.ndarray, np.ndarray]:
    centre = np.median(sample(image, lattice, box, CENTRE), axis=2)
    inner_field = same(sample(image, lattice, box, INNER), field).mean(axis=2)
    around_field = same(sample(image, lattice, box, AROUND), field).mean(axis=2)
    rim = sample(image, lattice, box, RIM)
    rim_median = np.median(rim, axis=2)
    rim_framed = (same(rim, rim_median[:, :, None, :]).mean(axis=2) >= 0.6) & ~same(rim_median, field)

    kinds = np.full(centre.shape[:2], FOREIGN)
    on_field = around_field >= FIELD_AROUND
    dot = ~same(centre, field)
    kinds[on_field & dot & (inner_field > 0.25)] = CELL
    kinds[on_field & (inner_field <= 0.25)] = FIGURE  # its middle may be any colour, even the field's
    kinds[on_field & rim_framed] = MARK
    # inside the grid, whatever is not field is a hole: hatched, another flat colour, nothing at
    # all (the grid never grows into such positions, so they can only lie between cells)
    kinds[(around_field < 0.4) | (~on_field & _hatched(sample(image, lattice, box, HATCH)))] = HOLE
    kinds[outside(image, lattice, box, 0.35)] = HOLE
    return kinds, centre


def _hatched(texture: np.ndarray) -> np.ndarray:
    """True where the samples form diagonal stripes: steady along one diagonal, changing along the other."""
    rows, cols = texture.shape[:2]
    side = int(round(np.sqrt(texture.shape[2])))
    grey = texture.mean(axis=3).reshape(rows, cols, side, side)
    down_right = np.abs(grey[:, :, 1:, 1:] - grey[:, :, :-1, :-1]).mean(axis=(2, 3))
    down_left = np.abs(grey[:, :, 1:, :-1] - grey[:, :, :-1, 1:]).mean(axis=(2, 3))
    strong, weak = np.maximum(down_right, down_left), np.minimum(down_right, down_left)
    return (strong > 8) & (weak < 0.6 * strong)
