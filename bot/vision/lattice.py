"""Stage 2: the lattice. Blobs of one size that sit a whole number of pitches apart.

Square blobs of similar size that sit an integer number of pitches apart (along both axes,
pitch measured from each blob's nearest aligned neighbour) are linked; the largest linked
groups are the candidate grids. A least-squares fit gives origin and pitch.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from onestroke.bot.vision.blobs import Blobs


@dataclass(frozen=True)
class Lattice:
    """A fitted lattice: centre of index (0, 0), pitch, and each member blob's index."""

    origin: tuple[float, float]  # centre of lattice index (0, 0)
    pitch: tuple[float, float]
    rows: np.ndarray  # lattice row of each member
    cols: np.ndarray
    worst: float  # largest distance of a member from its lattice point, in pitches
    sizes: np.ndarray  # each member blob's size


def lattice_groups(blobs: Blobs) -> list[np.ndarray]:
    """Indices of blobs linked into lattices, largest group first (groups of 3 or more)."""
    n = len(blobs.x)
    if n < 2:
        return []
    dx = blobs.x[None, :] - blobs.x[:, None]
    dy = blobs.y[None, :] - blobs.y[:, None]
    s = blobs.size
    ratio = s[None, :] / s[:, None]
    similar = (ratio > 0.85) & (ratio < 1 / 0.85)
    # each blob's pitch: distance to its nearest similar neighbour on the same row or column
    aligned = similar & (
        ((np.abs(dy) < 0.2 * s[:, None]) & (np.abs(dx) > 1.0 * s[:, None]) & (np.abs(dx) < 1.8 * s[:, None]))
        | (
            (np.abs(dx) < 0.2 * s[:, None])
            & (np.abs(dy) > 1.0 * s[:, None])
            & (np.abs(dy) < 1.8 * s[:, None])
        )
    )
    distance = np.where(aligned, np.hypot(dx, dy), np.inf)
    own_pitch = distance.min(axis=1)
    has_pitch = np.isfinite(own_pitch)
    if not has_pitch.any():
        return []
    # a pair is linked when, measured in the pitch of one that has a pitch, it is a lattice step
    pitch = np.where(
        has_pitch[:, None], own_pitch[:, None], np.where(has_pitch[None, :], own_pitch[None, :], np.nan)
    )
    both = has_pitch[:, None] & has_pitch[None, :]
    agree = ~both | (
        np.abs(own_pitch[:, None] - np.where(has_pitch, own_pitch, 0)[None, :]) < 0.08 * own_pitch[:, None]
    )
    with np.errstate(invalid="ignore"):
        a, b = dx / pitch, dy / pitch
        on_lattice = (np.abs(a - np.round(a)) < 0.15) & (np.abs(b - np.round(b)) < 0.15)
        near = (np.abs(a) < 4.5) & (np.abs(b) < 4.5)
    linked = similar & agree & on_lattice & near & np.isfinite(pitch)
    np.fill_diagonal(linked, False)
    labels = components(linked | linked.T)
    sizes = np.bincount(labels)
    order = [k for k in np.argsort(-sizes, kind="stable") if sizes[k] >= 3]
    return [np.flatnonzero(labels == k) for k in order]


def components(adjacency: np.ndarray) -> np.ndarray:
    """Connected-component label of every node of a small boolean adjacency matrix."""
    n = len(adjacency)
    labels = np.full(n, -1)
    current = 0
    for seed in range(n):
        if labels[seed] >= 0:
            continue
        stack = [seed]
        labels[seed] = current
        while stack:
            node = stack.pop()
            for other in np.flatnonzero(adjacency[node] & (labels < 0)):
                labels[other] = current
                stack.append(other)
        current += 1
    return labels


def fit_lattice(blobs: Blobs, members: np.ndarray) -> Lattice:
    """Origin and pitch (x and y separately) of a linked group, by least squares."""
    x, y = blobs.x[members], blobs.y[members]
    dx = np.abs(x[None, :] - x[:, None])
    dy = np.abs(y[None, :] - y[:, None])
    s = blobs.size[members]
    # one lattice step, as in lattice_groups: nearest aligned neighbour 1.0-1.8 blob widths away
    # (every linked group has at least one such pair)
    step = np.hypot(dx, dy)
    aligned = (
        ((dy < 0.2 * s[:, None]) | (dx < 0.2 * s[:, None])) & (step > s[:, None]) & (step < 1.8 * s[:, None])
    )
    steps = np.where(aligned, step, np.inf).min(axis=1)
    rough = float(np.median(steps[np.isfinite(steps)]))
    ref = int(np.argmin(x + y))
    cols = np.round((x - x[ref]) / rough).astype(int)
    rows = np.round((y - y[ref]) / rough).astype(int)
    px, ox = _line_fit(cols, x, rough)
    py, oy = _line_fit(rows, y, rough)
    if len(set(cols.tolist())) < 2:
        px = py
    if len(set(rows.tolist())) < 2:
        py = px
    cols -= cols.min()
    rows -= rows.min()
    ox, oy = _line_fit_origin(cols, x, px), _line_fit_origin(rows, y, py)
    off = np.hypot(x - (ox + px * cols), y - (oy + py * rows)) / ((px + py) / 2)
    return Lattice((ox, oy), (px, py), rows, cols, float(off.max()), s)


def _line_fit(index: np.ndarray, value: np.ndarray, fallback: float) -> tuple[float, float]:
    """Least-squares slope and intercept of value = intercept + slope * index."""
    if len(set(index.tolist())) < 2:
        return fallback, float(np.mean(value - fallback * index))
    slope, intercept = np.polyfit(index.astype(np.float64), value, 1)
    return float(slope), float(intercept)


def _line_fit_origin(index: np.ndarray, value: np.ndarray, slope: float) -> float:
    return float(np.mean(value - slope * index))
